import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DAY_NAMES, MESSAGES } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, setOnline } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { JO, SAM, WEEKDAYS, onCallServer as server, roster } from './on-call-fixture';
import { OnCallPanel } from './on-call-panel';
import { ON_CALL_TEXT } from './on-call-text';

async function entries(): Promise<HTMLElement[]> {
  return waitFor(() => {
    const found = screen.getAllByTestId('roster-entry');
    if (found.length === 0) throw new Error('no roster yet');
    return found;
  });
}

function field(entry: HTMLElement, label: string): HTMLInputElement {
  return within(entry).getByLabelText(label) as HTMLInputElement;
}

async function save(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(screen.getByRole('button', { name: ON_CALL_TEXT.save }));
}

beforeEach(() => {
  setOnline(true);
});

afterEach(() => {
  setOnline(true);
});

describe('who is on call', () => {
  it('names who is texted first and then, with their days and hours, and the escalation', async () => {
    server();
    renderScreen(<OnCallPanel />);
    const now = await screen.findByTestId('on-call-now');
    const lines = within(now).getAllByText(/\(04/);
    expect(lines[0]!.textContent).toMatch(
      new RegExp(`^${ON_CALL_TEXT.first} Jo Marsh \\(0412345678\\)`),
    );
    expect(lines[1]!.textContent).toBe(
      `${ON_CALL_TEXT.then} Sam Taylor (0423456789) · ${WEEKDAYS.map((day) => DAY_NAMES[day]).join(', ')}, 06:00–18:00`,
    );
    expect(within(now).getByText(ON_CALL_TEXT.escalation(10))).toBeTruthy();
    expect(screen.queryByText(ON_CALL_TEXT.defaultNote)).toBeNull();
    expect((await entries()).map((entry) => field(entry, ON_CALL_TEXT.name).value)).toEqual([
      'Jo Marsh',
      'Sam Taylor',
    ]);
  });

  it('says when nobody is on call, and when the roster is still the default', async () => {
    server(roster({ onCallNow: [], isDefault: true }));
    renderScreen(<OnCallPanel />);
    expect(await screen.findByText(ON_CALL_TEXT.nobody)).toBeTruthy();
    expect(screen.getByText(ON_CALL_TEXT.defaultNote)).toBeTruthy();
  });

  it.each([
    ['the browser is offline', () => setOnline(false), false],
    ['the server cannot be reached', () => undefined, true],
  ])('says a connection is needed when %s', async (_, cut, asked) => {
    const api = fakeApi();
    cut();
    renderScreen(<OnCallPanel />);
    await waitFor(() => expect(screen.getAllByText(ON_CALL_TEXT.needsConnection)).toHaveLength(2));
    expect(screen.queryByTestId('roster-entry')).toBeNull();
    expect(screen.queryByTestId('my-alert-channels')).toBeNull();
    // Offline, the screen does not even try.
    expect(api.calls.length > 0).toBe(asked);
  });
});

describe('changing the roster', () => {
  it('saves the people in their order, with their days and hours, and says so', async () => {
    const api = server();
    const { user } = renderScreen(<OnCallPanel />);
    const [, sam] = await entries();
    await user.click(within(sam!).getByLabelText(DAY_NAMES[5]));
    await user.click(screen.getByRole('button', { name: ON_CALL_TEXT.moveUp('Sam Taylor') }));
    await user.click(screen.getByRole('button', { name: ON_CALL_TEXT.add }));
    const added = (await entries())[2]!;
    await fill(user, field(added, ON_CALL_TEXT.name), 'Casey Driver');
    await fill(user, field(added, ON_CALL_TEXT.phone), '0434567890');
    await save(user);

    expect(await screen.findByText(MESSAGES.ROSTER_SAVED_TITLE)).toBeTruthy();
    const body = api.callsTo('PUT /api/on-call')[0]?.body as { entries: unknown[] };
    expect(body.entries).toEqual([
      { ...SAM, days: [1, 2, 3, 4] },
      JO,
      {
        name: 'Casey Driver',
        phone: '0434567890',
        days: [0, 1, 2, 3, 4, 5, 6],
        from: '00:00',
        to: '00:00',
      },
    ]);
    // The answer is what the screen shows now: Sam is first on call.
    await waitFor(() =>
      expect(within(screen.getByTestId('on-call-now')).getByText(/Sam Taylor/).textContent).toMatch(
        new RegExp(`^${ON_CALL_TEXT.first}`),
      ),
    );
  });

  it('shows the server’s message under each bad field and keeps the roster as typed', async () => {
    const api = server();
    const { user } = renderScreen(<OnCallPanel />);
    const [jo, sam] = await entries();
    await user.clear(field(jo!, ON_CALL_TEXT.phone));
    await fill(user, field(jo!, ON_CALL_TEXT.phone), '08 9185 1234');
    for (const day of WEEKDAYS) await user.click(within(sam!).getByLabelText(DAY_NAMES[day]!));
    await save(user);

    expect(await within(jo!).findByText(MESSAGES.ROSTER_PHONE_MOBILE)).toBeTruthy();
    expect(within(sam!).getByText(MESSAGES.ROSTER_DAYS_REQUIRED)).toBeTruthy();
    expect(screen.getByText(MESSAGES.ROSTER_SAVE_FAILED)).toBeTruthy();
    expect(api.callsTo('PUT /api/on-call')).toHaveLength(1);
    expect(field(jo!, ON_CALL_TEXT.phone).value).toBe('08 9185 1234');
  });

  it('keeps the first person from moving up, the last from moving down, and one from going', async () => {
    server(roster({ entries: [JO] }));
    const { user } = renderScreen(<OnCallPanel />);
    await entries();
    const up = screen.getByRole('button', { name: ON_CALL_TEXT.moveUp('Jo Marsh') });
    const down = screen.getByRole('button', { name: ON_CALL_TEXT.moveDown('Jo Marsh') });
    const remove = screen.getByRole('button', { name: ON_CALL_TEXT.remove('Jo Marsh') });
    for (const button of [up, down, remove]) expect(button.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: ON_CALL_TEXT.add }));
    await waitFor(() => expect(screen.getAllByTestId('roster-entry')).toHaveLength(2));
    expect(
      screen
        .getByRole('button', { name: ON_CALL_TEXT.moveDown('Jo Marsh') })
        .hasAttribute('disabled'),
    ).toBe(false);
    await user.click(screen.getByRole('button', { name: ON_CALL_TEXT.remove('') }));
    await waitFor(() => expect(screen.getAllByTestId('roster-entry')).toHaveLength(1));
  });

  it('says a connection is needed when the signal goes before saving, and sends nothing', async () => {
    const api = server();
    const { user } = renderScreen(<OnCallPanel />);
    await entries();
    setOnline(false);
    await save(user);
    expect(await screen.findByText(ON_CALL_TEXT.needsConnection)).toBeTruthy();
    expect(api.callsTo('PUT /api/on-call')).toEqual([]);
  });
});
