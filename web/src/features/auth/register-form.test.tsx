import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, publicUserSchema } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { RegisterForm } from './register-form';

const REGISTER = 'POST /api/auth/register';
const DANA = publicUserSchema.parse(
  aStaffUser({ id: 9, username: 'dana', firstName: 'Dana', role: 'customer' }),
);

let api: FakeApi;

function renderRegister() {
  const onRegistered = vi.fn();
  const view = renderScreen(
    <AuthProvider>
      <RegisterForm onRegistered={onRegistered} />
    </AuthProvider>,
    { route: '/register' },
  );
  const form = screen.getByRole('form', { name: 'Register' });
  const field = (label: RegExp) => within(form).getByLabelText(label) as HTMLInputElement;
  const submit = () =>
    view.user.click(within(form).getByRole('button', { name: 'Create Account' }));
  return { ...view, form, field, submit, onRegistered };
}

/** Fills the form as Dana does, `changes` typed over the fields named. */
async function fillIn(
  view: ReturnType<typeof renderRegister>,
  changes: Record<string, string> = {},
) {
  const values: Record<string, string> = {
    'First Name': 'Dana',
    'Last Name': 'Reid',
    Username: 'dana',
    Email: 'dana@example.com',
    Phone: '0412 345 678',
    Password: 'correct horse',
    ...changes,
  };
  for (const [label, text] of Object.entries(values))
    if (text) await fill(view.user, view.field(new RegExp(`^${label}`)), text);
}

beforeEach(() => {
  localStorage.clear();
  api = fakeApi({ 'GET /api/auth/me': json({ user: null }) });
});

describe('the register form', () => {
  it.each([
    ['a username with spaces', { Username: 'dana reid' }, MESSAGES.USERNAME_CHARACTERS],
    ['an email without its domain', { Email: 'dana@' }, MESSAGES.EMAIL_INVALID],
  ])(
    'refuses %s with the schema’s message and creates nothing',
    async (_case, changes, message) => {
      const view = renderRegister();
      await fillIn(view, changes);
      await view.submit();
      expect(await within(view.form).findByText(message)).toBeTruthy();
      expect(api.callsTo(REGISTER)).toHaveLength(0);
    },
  );

  it('sends every field as typed but trimmed, with no role, and starts afresh', async () => {
    api.on(REGISTER, json({ user: DANA }, 201));
    const view = renderRegister();
    await fillIn(view, { Username: ' dana ', Email: ' dana@example.com' });
    await view.submit();

    await waitFor(() => expect(view.onRegistered).toHaveBeenCalledWith('dana'));
    expect(api.callsTo(REGISTER).map((call) => call.body)).toEqual([
      {
        firstName: 'Dana',
        lastName: 'Reid',
        username: 'dana',
        email: 'dana@example.com',
        phone: '0412 345 678',
        password: 'correct horse',
      },
    ]);
    expect(await screen.findByText(MESSAGES.REGISTRATION_SUCCESS_TITLE)).toBeTruthy();
    await waitFor(() => expect(view.field(/^Username/).value).toBe(''));
    expect(view.field(/^First Name/).value).toBe('');
    expect(view.field(/^Password/).value).toBe('');
  });

  it('registers without a phone, which is optional', async () => {
    api.on(REGISTER, json({ user: DANA }, 201));
    const view = renderRegister();
    await fillIn(view, { Phone: '', 'Last Name': '' });
    await view.submit();
    await waitFor(() => expect(view.onRegistered).toHaveBeenCalledTimes(1));
    expect(api.callsTo(REGISTER)[0]?.body).toMatchObject({
      username: 'dana',
      lastName: null,
      phone: null,
    });
  });

  it('keeps everything typed when the server refuses, and says why', async () => {
    api.on(REGISTER, json({ error: MESSAGES.EMAIL_TAKEN }, 409));
    const view = renderRegister();
    await fillIn(view);
    await view.submit();
    expect(await screen.findByText(MESSAGES.EMAIL_TAKEN)).toBeTruthy();
    expect(view.onRegistered).not.toHaveBeenCalled();
    expect(view.field(/^Email/).value).toBe('dana@example.com');
    expect(view.field(/^Password/).value).toBe('correct horse');
  });
});
