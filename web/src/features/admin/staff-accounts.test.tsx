import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type PublicUser } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, setOnline, type ApiCall } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { STAFF_TEXT } from './admin-text';
import { StaffAccounts } from './staff-accounts';

const SAM = aStaffUser();
const KIM = aStaffUser({
  id: 3,
  username: 'kim',
  firstName: 'Kim',
  lastName: null,
  email: null,
  phone: null,
  role: 'admin',
});

/** A server that keeps its staff list and answers as GET/POST/PATCH /api/staff do. */
function staffServer(initial: PublicUser[]) {
  let staff = [...initial];
  const api = fakeApi({ 'GET /api/staff': () => json({ staff }) });
  api.on('POST /api/staff', (call: ApiCall) => {
    const body = call.body as Record<string, string>;
    const user = aStaffUser({
      id: 10 + staff.length,
      username: body.username,
      firstName: body.firstName,
      lastName: body.lastName || null,
      email: body.email || null,
      phone: body.phone || null,
      role: body.role,
    });
    staff = [...staff, user];
    return json({ user }, 201);
  });
  for (const user of initial) {
    api.on(`PATCH /api/staff/${user.id}`, (call: ApiCall) => {
      const change = call.body as { isActive: boolean };
      staff = staff.map((each) => (each.id === user.id ? { ...each, ...change } : each));
      return json({ user: staff.find((each) => each.id === user.id) });
    });
  }
  return api;
}

async function staffCard(username: string): Promise<HTMLElement> {
  const list = await screen.findByTestId('staff-list');
  const card = within(list)
    .getAllByTestId('staff-card')
    .find((element) => element.dataset.username === username);
  if (!card) throw new Error(`no card for ${username}`);
  return card;
}

describe('the Staff tab', () => {
  it('lists each account with its role, contact details and whether it is deactivated', async () => {
    staffServer([SAM, { ...KIM, isActive: false }]);
    renderScreen(<StaffAccounts />);
    const sam = await staffCard('sam');
    expect(within(sam).getByText('Sam Taylor')).toBeTruthy();
    expect(within(sam).getByText(STAFF_TEXT.roles.driver)).toBeTruthy();
    expect(within(sam).getByText('sam · 0400111222 · sam@pilbaratow.example')).toBeTruthy();
    expect(within(sam).queryByText(STAFF_TEXT.inactive)).toBeNull();
    const kim = await staffCard('kim');
    expect(within(kim).getByText(STAFF_TEXT.roles.admin)).toBeTruthy();
    expect(within(kim).getByText(STAFF_TEXT.inactive)).toBeTruthy();
    expect(within(kim).getByRole('button', { name: `${STAFF_TEXT.reactivate} Kim` })).toBeTruthy();
  });

  it('says managing staff needs a connection when it is offline', async () => {
    setOnline(false);
    try {
      const api = fakeApi();
      renderScreen(<StaffAccounts />);
      expect(await screen.findByText(MESSAGES.STAFF_NEEDS_CONNECTION)).toBeTruthy();
      expect(screen.queryByTestId('staff-list')).toBeNull();
      expect(api.calls).toHaveLength(0);
    } finally {
      setOnline(true);
    }
  });

  it('names each missing field of a new account and sends nothing', async () => {
    const api = staffServer([SAM]);
    const { user } = renderScreen(<StaffAccounts />);
    await staffCard('sam');
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.addTitle }));
    const form = await screen.findByRole('form', { name: STAFF_TEXT.addTitle });
    await user.click(within(form).getByRole('button', { name: STAFF_TEXT.addSubmit }));
    expect(await within(form).findByText(MESSAGES.FIRST_NAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.USERNAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PASSWORD_REQUIRED)).toBeTruthy();
    expect(api.callsTo('POST /api/staff')).toHaveLength(0);
  });

  it('refuses a username with spaces and a short password with the schema’s messages', async () => {
    const api = staffServer([SAM]);
    const { user } = renderScreen(<StaffAccounts />);
    await staffCard('sam');
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.addTitle }));
    const form = await screen.findByRole('form', { name: STAFF_TEXT.addTitle });
    await fill(user, within(form).getByLabelText(/^First Name/), 'Alex');
    await fill(user, within(form).getByLabelText(/^Username/), 'alex b');
    await fill(user, within(form).getByLabelText(/^Password/), 'short');
    await user.click(within(form).getByRole('button', { name: STAFF_TEXT.addSubmit }));
    expect(await within(form).findByText(MESSAGES.USERNAME_CHARACTERS)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PASSWORD_MIN)).toBeTruthy();
    expect(api.callsTo('POST /api/staff')).toHaveLength(0);
  });

  it('adds an admin, says who can now sign in, and lists them', async () => {
    const api = staffServer([SAM]);
    let driversRefreshed = 0;
    const { user } = renderScreen(
      <StaffAccounts onDriversChanged={() => (driversRefreshed += 1)} />,
    );
    await staffCard('sam');
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.addTitle }));
    const form = await screen.findByRole('form', { name: STAFF_TEXT.addTitle });
    await user.click(within(form).getByRole('radio', { name: STAFF_TEXT.roles.admin }));
    await fill(user, within(form).getByLabelText(/^First Name/), 'Alex');
    await fill(user, within(form).getByLabelText(/^Last Name/), 'Brown');
    await fill(user, within(form).getByLabelText(/^Username/), 'alex.b');
    await fill(user, within(form).getByLabelText(/^Password/), 'long enough 1');
    await user.click(within(form).getByRole('button', { name: STAFF_TEXT.addSubmit }));

    expect(await screen.findByText(STAFF_TEXT.added('Alex Brown', 'admin'))).toBeTruthy();
    expect(screen.getByText(MESSAGES.STAFF_ADDED_TITLE)).toBeTruthy();
    const alex = await staffCard('alex.b');
    expect(within(alex).getByText(STAFF_TEXT.roles.admin)).toBeTruthy();
    expect(api.callsTo('POST /api/staff')[0]?.body).toMatchObject({
      username: 'alex.b',
      firstName: 'Alex',
      lastName: 'Brown',
      role: 'admin',
      password: 'long enough 1',
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: STAFF_TEXT.addTitle })).toBeNull(),
    );
    expect(driversRefreshed).toBe(1);
  });

  it('shows the server’s message under the username it refused', async () => {
    const api = staffServer([SAM]);
    api.on(
      'POST /api/staff',
      json({ error: MESSAGES.USERNAME_TAKEN, fields: { username: MESSAGES.USERNAME_TAKEN } }, 409),
    );
    const { user } = renderScreen(<StaffAccounts />);
    await staffCard('sam');
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.addTitle }));
    const form = await screen.findByRole('form', { name: STAFF_TEXT.addTitle });
    await fill(user, within(form).getByLabelText(/^First Name/), 'Sam');
    await fill(user, within(form).getByLabelText(/^Username/), 'sam');
    await fill(user, within(form).getByLabelText(/^Password/), 'long enough 1');
    await user.click(within(form).getByRole('button', { name: STAFF_TEXT.addSubmit }));
    const username = within(form).getByLabelText(/^Username/);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(MESSAGES.USERNAME_TAKEN)).toBeTruthy();
    // The form stays open with what was typed, so the owner only changes the name.
    expect((username as HTMLInputElement).value).toBe('sam');
  });

  it('asks before deactivating, and deactivates nothing when the owner cancels', async () => {
    const api = staffServer([SAM]);
    const { user } = renderScreen(<StaffAccounts />);
    await user.click(
      within(await staffCard('sam')).getByRole('button', {
        name: `${STAFF_TEXT.deactivate} Sam Taylor`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: STAFF_TEXT.deactivateTitle });
    expect(within(dialog).getByText(STAFF_TEXT.deactivateHint('Sam Taylor'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: STAFF_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/staff/2')).toHaveLength(0);
    expect(within(await staffCard('sam')).queryByText(STAFF_TEXT.inactive)).toBeNull();
  });

  it('deactivates on confirmation and says the driver was signed out', async () => {
    const api = staffServer([SAM]);
    const { user } = renderScreen(<StaffAccounts />);
    await user.click(
      within(await staffCard('sam')).getByRole('button', {
        name: `${STAFF_TEXT.deactivate} Sam Taylor`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: STAFF_TEXT.deactivateTitle });
    await user.click(within(dialog).getByRole('button', { name: STAFF_TEXT.deactivate }));
    expect(await screen.findByText(STAFF_TEXT.deactivated('Sam Taylor'))).toBeTruthy();
    expect(api.callsTo('PATCH /api/staff/2')[0]?.body).toEqual({ isActive: false });
    await waitFor(async () =>
      expect(within(await staffCard('sam')).getByText(STAFF_TEXT.inactive)).toBeTruthy(),
    );
  });

  it('brings a deactivated account back at once, without asking', async () => {
    const api = staffServer([{ ...KIM, isActive: false }]);
    const { user } = renderScreen(<StaffAccounts />);
    await user.click(
      within(await staffCard('kim')).getByRole('button', { name: `${STAFF_TEXT.reactivate} Kim` }),
    );
    expect(await screen.findByText(STAFF_TEXT.reactivated('Kim'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PATCH /api/staff/3')[0]?.body).toEqual({ isActive: true });
  });

  it('resets a password, checking its length first', async () => {
    const api = staffServer([SAM]);
    api.on('POST /api/staff/2/password', json({ user: SAM }));
    const { user } = renderScreen(<StaffAccounts />);
    await user.click(
      within(await staffCard('sam')).getByRole('button', {
        name: `${STAFF_TEXT.resetPassword} for Sam Taylor`,
      }),
    );
    const form = await screen.findByRole('form', { name: STAFF_TEXT.passwordTitle });
    expect(within(form).getByText(STAFF_TEXT.passwordHint('Sam Taylor'))).toBeTruthy();
    await fill(user, within(form).getByLabelText(/^New password/), 'short');
    await user.click(within(form).getByRole('button', { name: STAFF_TEXT.passwordSubmit }));
    expect(await within(form).findByText(MESSAGES.PASSWORD_MIN)).toBeTruthy();
    expect(api.callsTo('POST /api/staff/2/password')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^New password/));
    await fill(user, within(form).getByLabelText(/^New password/), 'a much longer one');
    await user.click(within(form).getByRole('button', { name: STAFF_TEXT.passwordSubmit }));
    expect(await screen.findByText(STAFF_TEXT.passwordReset('Sam Taylor'))).toBeTruthy();
    expect(api.callsTo('POST /api/staff/2/password')[0]?.body).toEqual({
      password: 'a much longer one',
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: STAFF_TEXT.passwordTitle })).toBeNull(),
    );
  });

  it('says the change needs a connection when the server cannot be reached', async () => {
    const api = staffServer([SAM]);
    api.on('PATCH /api/staff/2', 'offline');
    const { user } = renderScreen(<StaffAccounts />);
    await user.click(
      within(await staffCard('sam')).getByRole('button', {
        name: `${STAFF_TEXT.deactivate} Sam Taylor`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: STAFF_TEXT.deactivateTitle });
    await user.click(within(dialog).getByRole('button', { name: STAFF_TEXT.deactivate }));
    expect(await screen.findByText(MESSAGES.STAFF_NEEDS_CONNECTION)).toBeTruthy();
    expect(screen.getByText(MESSAGES.ERROR_TITLE)).toBeTruthy();
    expect(within(await staffCard('sam')).queryByText(STAFF_TEXT.inactive)).toBeNull();
  });
});
