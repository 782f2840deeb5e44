import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EQUIPMENT_NEED_TEXT, FATIGUE_RULE_TEXT, minutesAgoText } from '@pilbara/shared-schema';
import { aBooking, aJob, aVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, setOnline } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import {
  ALEX,
  BIG_RED,
  LITTLE_BLUE,
  NOW,
  SAM,
  driversAre,
  shiftEvent,
  waitingJob,
} from './board-fixture';
import { DispatchPage } from './dispatch-page';

function renderBoard() {
  return renderScreen(<DispatchPage />, { route: '/admin/dispatch' });
}

function card(testId: string): Promise<HTMLElement> {
  return screen.findByTestId(testId);
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await resetDevice();
  localStorage.clear();
  setOnline(true);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the dispatch board', () => {
  it('says nothing waits, and that the drivers need a first connection, on an empty device', async () => {
    fakeApi();
    renderBoard();
    const waiting = await card('waiting-work');
    expect(within(waiting).getByText('Waiting (0)')).toBeTruthy();
    expect(within(waiting).getByText('Nothing waits for a driver or a truck.')).toBeTruthy();
    expect(
      within(await card('board-drivers')).getByText(
        'The drivers’ list loads once the app has had a connection.',
      ),
    ).toBeTruthy();
  });

  it('lists the jobs without a driver or a truck and the pending bookings, with what they need', async () => {
    fakeApi();
    await db.jobs.bulkPut([
      waitingJob(),
      aJob({ id: 'JOB-2026-8', assignedTo: 'Sam Taylor', vehicleId: 1 }),
      aJob({ id: 'JOB-2026-9', status: 'Completed' }),
      aJob({ id: 'JOB-2026-10', archivedAt: NOW.toISOString() }),
    ]);
    await db.bookings.bulkPut([
      aBooking({ id: 'BKG-2026-1' }),
      aBooking({ id: 'BKG-2026-2', status: 'approved' }),
    ]);
    renderBoard();
    const waiting = await card('waiting-work');
    await waitFor(() => expect(within(waiting).getByText('Waiting (2)')).toBeTruthy());

    const job = within(waiting).getByTestId('waiting-JOB-2026-7');
    expect(within(job).getByText('JOB-2026-7 · Dana Reid')).toBeTruthy();
    expect(within(job).getByText('Winch Recovery · Roebourne')).toBeTruthy();
    expect(within(job).getByText(EQUIPMENT_NEED_TEXT.winch)).toBeTruthy();
    expect(within(job).getByRole('button').textContent).toBe('Assign');

    const booking = within(waiting).getByTestId('waiting-BKG-2026-1');
    expect(within(booking).getByText('Booking · Sam Lee')).toBeTruthy();
    expect(within(booking).getByText('Pending booking')).toBeTruthy();
    expect(within(booking).getByText(EQUIPMENT_NEED_TEXT.fourWheelDrive)).toBeTruthy();
    expect(within(booking).getByRole('button').textContent).toBe('View');
  });

  it('shows each active truck as free or out on a job, where it was last seen, and its gear', async () => {
    fakeApi();
    await db.vehicles.bulkPut([
      BIG_RED,
      LITTLE_BLUE,
      aVehicle({ id: 3, name: 'Old Grey', registration: '1OLD000', isActive: false }),
    ]);
    await db.vehicle_positions.put({
      id: 1,
      vehicleId: 1,
      latitude: -20.74,
      longitude: 116.85,
      recordedAt: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
      jobId: 'JOB-2026-3',
      updatedAt: NOW.toISOString(),
    });
    await db.jobs.put(
      aJob({ id: 'JOB-2026-3', number: 'JOB-2026-3', status: 'En Route', vehicleId: 1 }),
    );
    renderBoard();
    const trucks = await card('board-trucks');
    await waitFor(() => expect(within(trucks).getAllByTestId(/^truck-\d+$/)).toHaveLength(2));

    const red = within(trucks).getByTestId('truck-1');
    expect(within(red).getByText('Out on JOB-2026-3')).toBeTruthy();
    await waitFor(() =>
      expect(within(red).getByTestId('truck-last-seen').textContent).toBe(
        `Seen ${minutesAgoText(5)} near Karratha`,
      ),
    );
    expect(within(red).getByText('Hydraulic Winch')).toBeTruthy();

    const blue = within(trucks).getByTestId('truck-2');
    expect(within(blue).getByText('Free')).toBeTruthy();
    expect(within(blue).getByTestId('truck-last-seen').textContent).toBe(
      'Position not known: estimates count from the depot',
    );
    expect(within(blue).getByText('No equipment recorded')).toBeTruthy();
  });

  it('keeps the last drivers’ list on the device and shows it again with no signal', async () => {
    driversAre(SAM, ALEX);
    await db.driver_shift_events.put(shiftEvent(SAM, 'shift_start', 2));
    await db.jobs.put(waitingJob({ assignedTo: SAM.name, assignedDriverId: SAM.id }));
    const first = renderBoard();
    const sam = await card('driver-2');
    expect(within(sam).getByText('On shift')).toBeTruthy();
    await waitFor(() => expect(within(sam).getByText('On 1 job')).toBeTruthy());
    expect(within(sam).getByText('Today 2 h · this week 2 h')).toBeTruthy();
    expect(within(await card('driver-3')).getByText('Off shift')).toBeTruthy();
    first.unmount();

    const offline = fakeApi();
    renderBoard();
    expect(within(await card('driver-2')).getByText(SAM.name)).toBeTruthy();
    expect(within(await card('driver-3')).getByText(ALEX.name)).toBeTruthy();
    await waitFor(() => expect(offline.callsTo('GET /api/drivers')).toHaveLength(1));
  });

  it('marks a driver near a fatigue limit and names the limit', async () => {
    driversAre(SAM);
    // Sixteen and a half hours on shift: half an hour short of the 17 h between major rests.
    await db.driver_shift_events.put(shiftEvent(SAM, 'shift_start', 16.5));
    renderBoard();
    const sam = await card('driver-2');
    await waitFor(() =>
      expect(within(sam).getByTestId('driver-fatigue').textContent).toBe('Near a fatigue limit'),
    );
    expect(within(sam).getByText(FATIGUE_RULE_TEXT.betweenMajorRests)).toBeTruthy();
  });

  it('marks a driver past a fatigue limit and names the limit broken', async () => {
    driversAre(SAM);
    // Eighteen hours on shift: past the 17 h between major rests.
    await db.driver_shift_events.put(shiftEvent(SAM, 'shift_start', 18));
    renderBoard();
    const sam = await card('driver-2');
    await waitFor(() =>
      expect(within(sam).getByTestId('driver-fatigue').textContent).toBe('Past a fatigue limit'),
    );
    expect(within(sam).getByTestId('driver-fatigue-rule').textContent).toBe(
      FATIGUE_RULE_TEXT.betweenMajorRests,
    );
  });
});

describe('sending a driver in a truck from the board', () => {
  it('opens the job’s panel, sends on this device and takes the job off the list', async () => {
    driversAre(SAM);
    await db.vehicles.bulkPut([LITTLE_BLUE, BIG_RED]);
    await db.jobs.put(waitingJob());
    const { user } = renderBoard();
    await user.click(await screen.findByTestId('assign-JOB-2026-7'));
    const panel = await screen.findByTestId('assign-panel');
    expect(screen.getByText('Send a driver and a truck')).toBeTruthy();
    expect(within(panel).getByText('JOB-2026-7 · Dana Reid')).toBeTruthy();
    await user.click(await within(panel).findByTestId('truck-candidate-1'));
    await user.click(within(panel).getByTestId('driver-candidate-2'));
    await user.click(within(panel).getByTestId('dispatch-send'));

    expect(await screen.findByText('Sam Taylor is sent in Big Red')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('assign-panel')).toBeNull());
    expect(await db.jobs.get('JOB-2026-7')).toMatchObject({
      assignedTo: SAM.name,
      assignedDriverId: SAM.id,
      vehicleId: 1,
    });
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['job.dispatch']);
    const waiting = await card('waiting-work');
    await waitFor(() => expect(within(waiting).getByText('Waiting (0)')).toBeTruthy());
    expect(within(await card('truck-1')).getByText('Out on JOB-2026-7')).toBeTruthy();
  });
});

describe('a driver’s timesheet', () => {
  it('adds up the week’s work and breaks, links the payroll CSV, and pages by week', async () => {
    driversAre(SAM);
    await db.driver_shift_events.bulkPut([
      shiftEvent(SAM, 'shift_start', 3),
      shiftEvent(SAM, 'break_start', 2),
      shiftEvent(SAM, 'break_end', 1.5),
      shiftEvent(ALEX, 'shift_start', 8),
    ]);
    const { user } = renderBoard();
    await user.click(await screen.findByTestId('timesheet-2'));
    const sheet = await screen.findByTestId('timesheet');
    expect(screen.getByText('Timesheet: Sam Taylor')).toBeTruthy();
    expect(within(sheet).getByText('Week of Mon 7 December 2026')).toBeTruthy();
    expect(within(sheet).getByTestId('timesheet-total').textContent).toBe('2 h 30 min');
    expect(within(sheet).getByTestId('timesheet-csv').getAttribute('href')).toBe(
      '/api/timesheet.csv?userId=2&week=2026-12-07',
    );

    await user.click(within(sheet).getByRole('button', { name: 'Week before' }));
    expect(within(sheet).getByText('Week of Mon 30 November 2026')).toBeTruthy();
    expect(within(sheet).getByTestId('timesheet-total').textContent).toBe('0 min');
    expect(within(sheet).getByTestId('timesheet-csv').getAttribute('href')).toBe(
      '/api/timesheet.csv?userId=2&week=2026-11-30',
    );
  });
});
