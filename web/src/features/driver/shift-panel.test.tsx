import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  FATIGUE_RULE_TEXT,
  MESSAGES,
  hoursText,
  type DriverShiftEvent,
  type DriverShiftEventKind,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { db, resetDevice } from '../../sync/testing/device';
import { ShiftPanel } from './shift-panel';

const MINUTE = 60_000;

let nextId = 1000;

/** A shift record `minutesAgo` before now, as the driver's phone keeps it. */
function event(kind: DriverShiftEventKind, minutesAgo: number, userName = 'Sam'): DriverShiftEvent {
  const at = new Date(Date.now() - minutesAgo * MINUTE).toISOString();
  nextId += 1;
  return { id: nextId, userId: 2, userName, kind, at, createdAt: at };
}

async function seed(...events: DriverShiftEvent[]): Promise<void> {
  await db.driver_shift_events.bulkPut(events);
}

function renderPanel() {
  return renderScreen(<ShiftPanel driverName="Sam" />, { route: '/driver' });
}

/** The panel once it has read the device's records into `state`. */
async function panelIn(state: 'off' | 'working' | 'break'): Promise<HTMLElement> {
  const panel = await screen.findByTestId('shift-panel');
  await waitFor(() => expect(panel.dataset.state).toBe(state));
  return panel;
}

function buttonNames(panel: HTMLElement): string[] {
  return within(panel)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function recorded(): Promise<Array<Pick<DriverShiftEvent, 'kind' | 'userName'>>> {
  return ((await db.driver_shift_events.toArray()) as DriverShiftEvent[])
    .filter((row) => row.id < 1000)
    .map(({ kind, userName }) => ({ kind, userName }));
}

beforeEach(async () => {
  await resetDevice();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the driver’s shift panel', () => {
  it('offers only Start shift to a driver who is off, with no hours yet', async () => {
    renderPanel();
    const panel = await panelIn('off');
    expect(within(panel).getByRole('heading').textContent).toBe('Off shift');
    expect(buttonNames(panel)).toEqual(['Start shift']);
    expect(within(panel).getByTestId('shift-hours').textContent).toBe(
      `Today ${hoursText(0)} · this week ${hoursText(0)}`,
    );
    expect(within(panel).queryByTestId('shift-fatigue-warning')).toBeNull();
  });

  it('starts the shift on this phone, keeps it to send, and offers a break or the end', async () => {
    const { user } = renderPanel();
    await user.click(within(await panelIn('off')).getByRole('button', { name: 'Start shift' }));
    expect(await screen.findByText('Shift started')).toBeTruthy();
    const panel = await panelIn('working');
    expect(within(panel).getByRole('heading').textContent).toBe('On shift');
    expect(buttonNames(panel)).toEqual(['Start break', 'End shift']);
    expect(await recorded()).toEqual([{ kind: 'shift_start', userName: 'Sam' }]);
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['shift.record']);
  });

  it('takes a break and comes back from it, one record each', async () => {
    await seed(event('shift_start', 90));
    const { user } = renderPanel();
    await user.click(within(await panelIn('working')).getByRole('button', { name: 'Start break' }));
    expect(await screen.findByText('Break started')).toBeTruthy();
    const onBreak = await panelIn('break');
    expect(within(onBreak).getByRole('heading').textContent).toBe('On a break');
    expect(buttonNames(onBreak)).toEqual(['End break', 'End shift']);

    await user.click(within(onBreak).getByRole('button', { name: 'End break' }));
    expect(await screen.findByText('Back at work')).toBeTruthy();
    await panelIn('working');
    expect(await recorded()).toEqual([
      { kind: 'break_start', userName: 'Sam' },
      { kind: 'break_end', userName: 'Sam' },
    ]);
  });

  it('ends the shift and is off again', async () => {
    await seed(event('shift_start', 60));
    const { user } = renderPanel();
    await user.click(within(await panelIn('working')).getByRole('button', { name: 'End shift' }));
    expect(await screen.findByText('Shift ended')).toBeTruthy();
    expect(buttonNames(await panelIn('off'))).toEqual(['Start shift']);
  });

  it('counts only this driver’s records in the hours worked', async () => {
    // Midday on a Wednesday in Perth, so the shift falls inside one day and one week whenever the
    // test runs (shortly after midnight, "today" would hold only its last minutes).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-09T04:00:00.000Z'));
    await seed(
      event('shift_start', 150),
      event('shift_end', 30),
      // Another driver's records on a shared phone are theirs, not Sam's.
      event('shift_start', 300, 'Alex'),
    );
    renderPanel();
    const panel = await panelIn('off');
    await waitFor(() =>
      expect(within(panel).getByTestId('shift-hours').textContent).toMatch(
        new RegExp(`^Today ${hoursText(120)} ·`),
      ),
    );
  });

  it('says how long until a break falls due', async () => {
    await seed(event('shift_start', 4 * 60 + 45));
    renderPanel();
    const soon = await screen.findByTestId('shift-break-due');
    expect(soon.textContent).toBe(`A break is due in ${hoursText(15)}`);
  });

  it('says a break is due now after 5 h without one', async () => {
    await seed(event('shift_start', 5 * 60 + 10));
    renderPanel();
    expect((await screen.findByTestId('shift-break-due')).textContent).toBe(
      `A break is due now: ${FATIGUE_RULE_TEXT.break}`,
    );
  });

  it('says nothing of a break to a driver on a break', async () => {
    await seed(event('shift_start', 5 * 60 + 10), event('break_start', 5));
    renderPanel();
    await panelIn('break');
    expect(screen.queryByTestId('shift-break-due')).toBeNull();
  });

  it('warns within the hour before the 17 h limit between rests', async () => {
    await seed(event('shift_start', 16 * 60 + 15));
    renderPanel();
    const warning = await screen.findByTestId('shift-fatigue-warning');
    expect(warning.textContent).toContain('Near a fatigue limit');
    expect(warning.textContent).toContain(
      `${hoursText(30)} of work left before: ${FATIGUE_RULE_TEXT.betweenMajorRests}`,
    );
  });

  it('tells a driver past the 17 h limit to stop and rest', async () => {
    await seed(event('shift_start', 17 * 60 + 20));
    renderPanel();
    const warning = await screen.findByTestId('shift-fatigue-warning');
    expect(warning.textContent).toContain('Fatigue limit reached: stop and rest');
    expect(warning.textContent).toContain(FATIGUE_RULE_TEXT.betweenMajorRests);
  });

  it('says why a record could not be kept, and keeps nothing', async () => {
    const { user } = renderScreen(<ShiftPanel driverName="   " />, { route: '/driver' });
    await user.click(within(await panelIn('off')).getByRole('button', { name: 'Start shift' }));
    expect(await screen.findByText(MESSAGES.ERROR_TITLE)).toBeTruthy();
    expect(await db.driver_shift_events.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByTestId('shift-panel').dataset.state).toBe('off');
  });
});
