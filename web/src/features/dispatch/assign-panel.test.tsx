import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  EQUIPMENT_NEED_TEXT,
  FATIGUE_RULE_TEXT,
  MESSAGES,
  dispatchEstimate,
  estimateText,
  type Booking,
  type DriverShiftEvent,
  type Job,
} from '@pilbara/shared-schema';
import { aBooking } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { AssignPanel, type InductionCheck } from './assign-panel';
import { ALEX, BIG_RED, LITTLE_BLUE, NOW, SAM, shiftEvent, waitingJob } from './board-fixture';
import { boardDrivers, boardTrucks, truckCandidates, waitingWork } from './board-model';

interface Setup {
  job?: Job;
  booking?: Booking;
  events?: DriverShiftEvent[];
  inductionCheck?: InductionCheck;
}

/** The panel as the board opens it for the one waiting item, with both trucks and both drivers. */
function renderPanel({ job, booking, events = [], inductionCheck }: Setup) {
  const jobs = job ? [job] : [];
  const [item] = waitingWork(jobs, booking ? [booking] : []);
  if (!item) throw new Error('nothing waits');
  const onDone = vi.fn();
  const view = renderScreen(
    <AssignPanel
      item={item}
      trucks={truckCandidates(boardTrucks([LITTLE_BLUE, BIG_RED], [], jobs), item)}
      drivers={boardDrivers([SAM, ALEX], events, jobs, NOW)}
      inductionCheck={inductionCheck}
      onDone={onDone}
    />,
  );
  return { ...view, onDone, panel: screen.getByTestId('assign-panel') };
}

type View = ReturnType<typeof renderPanel>;

async function pick({ user, panel }: View, ...testIds: string[]): Promise<void> {
  for (const testId of testIds) await user.click(within(panel).getByTestId(testId));
}

function sendButton({ panel }: View): HTMLButtonElement {
  return within(panel).getByTestId('dispatch-send') as HTMLButtonElement;
}

function warnings({ panel }: View): string | null {
  return within(panel).queryByTestId('assign-warnings')?.textContent ?? null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await resetDevice();
  fakeApi();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('choosing the truck and the driver', () => {
  it('offers the truck with the gear first, and warns before sending one without it', async () => {
    const view = renderPanel({ job: waitingJob() });
    const { panel } = view;
    expect(within(panel).getByText(`Needs ${EQUIPMENT_NEED_TEXT.winch}`)).toBeTruthy();
    const candidates = within(panel).getAllByTestId(/^truck-candidate-/);
    expect(candidates.map((element) => element.dataset.testid)).toEqual([
      'truck-candidate-1',
      'truck-candidate-2',
    ]);
    expect(within(candidates[1]!).getByText(`Lacks ${EQUIPMENT_NEED_TEXT.winch}`)).toBeTruthy();
    // No position known for either: the estimate counts from the depot.
    expect(within(candidates[1]!).getByTestId('truck-estimate').textContent).toBe(
      estimateText(dispatchEstimate(null, 'Roebourne')),
    );
    expect(sendButton(view).textContent).toBe('Choose a truck and a driver');
    expect(sendButton(view).disabled).toBe(true);

    await pick(view, 'truck-candidate-2');
    expect(within(panel).getByTestId('truck-candidate-2').getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(warnings(view)).toContain(
      `Little Blue lacks ${EQUIPMENT_NEED_TEXT.winch}, which this job needs`,
    );
    expect(sendButton(view).disabled).toBe(true);

    await pick(view, 'truck-candidate-1', 'driver-candidate-2');
    expect(within(panel).getByTestId('truck-candidate-2').getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(warnings(view)).toBeNull();
    expect(sendButton(view).textContent).toBe('Send Sam Taylor in Big Red');
    expect(sendButton(view).disabled).toBe(false);
  });

  it('says when a job needs no special equipment', () => {
    const { panel } = renderPanel({ job: waitingJob({ service: 'Battery Jump Start' }) });
    expect(within(panel).getByText('No special equipment')).toBeTruthy();
    expect(within(panel).queryByText(/^Lacks /)).toBeNull();
  });

  it('shows each driver’s shift, hours and jobs, and warns of a fatigue limit the job would pass', async () => {
    // Sixteen and a half hours on shift: half an hour short of the 17 h between major rests.
    const view = renderPanel({
      job: waitingJob({ assignedTo: SAM.name, assignedDriverId: SAM.id }),
      events: [shiftEvent(SAM, 'shift_start', 16.5)],
    });
    const sam = within(view.panel).getByTestId('driver-candidate-2');
    expect(sam.textContent).toContain('On shift · today 10 h · week 16 h 30 min · 1 job');
    expect(sam.textContent).toContain('30 min of work left before a fatigue limit');
    expect(within(view.panel).getByTestId('driver-candidate-3').textContent).toContain(
      'Off shift · today 0 min · week 0 min',
    );

    await pick(view, 'truck-candidate-1', 'driver-candidate-2');
    expect(warnings(view)).toContain('Sam Taylor would pass a fatigue limit on this job');
    expect(warnings(view)).toContain(FATIGUE_RULE_TEXT.betweenMajorRests);
    // The owner decides: a warning does not stop the send.
    expect(sendButton(view).disabled).toBe(false);
  });

  it('shows the site-induction gap of the chosen driver only', async () => {
    const gap = 'Alex Moore is not inducted for the Cape Lambert gate';
    const view = renderPanel({
      job: waitingJob(),
      inductionCheck: (driverId) => (driverId === ALEX.id ? gap : null),
    });
    await pick(view, 'driver-candidate-2');
    expect(warnings(view)).toBeNull();
    await pick(view, 'driver-candidate-3');
    expect(warnings(view)).toContain(gap);
  });

  it('asks for a booking to be approved first and offers no send', () => {
    const { panel } = renderPanel({ booking: aBooking() });
    expect(
      within(panel).getByText(
        'Approve the booking on the admin panel first; it then waits here as a job.',
      ),
    ).toBeTruthy();
    expect(within(panel).queryByTestId('dispatch-send')).toBeNull();
  });
});

describe('sending', () => {
  it('writes the driver and the truck on this device, says so and closes', async () => {
    await db.jobs.put(waitingJob());
    await db.vehicles.bulkPut([LITTLE_BLUE, BIG_RED]);
    const view = renderPanel({ job: waitingJob() });
    await pick(view, 'truck-candidate-1', 'driver-candidate-3');
    await view.user.click(sendButton(view));

    expect(await screen.findByText('Alex Moore is sent in Big Red')).toBeTruthy();
    await waitFor(() => expect(view.onDone).toHaveBeenCalledTimes(1));
    expect(await db.jobs.get('JOB-2026-7')).toMatchObject({
      assignedTo: ALEX.name,
      assignedDriverId: ALEX.id,
      vehicleId: BIG_RED.id,
    });
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['job.dispatch']);
  });

  it('says why, and stays open, when the job has left the device before it is sent', async () => {
    const view = renderPanel({ job: waitingJob() });
    await pick(view, 'truck-candidate-1', 'driver-candidate-2');
    await view.user.click(sendButton(view));

    expect(await screen.findByText(MESSAGES.JOB_NOT_FOUND)).toBeTruthy();
    await waitFor(() => expect(sendButton(view).disabled).toBe(false));
    expect(view.onDone).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });
});
