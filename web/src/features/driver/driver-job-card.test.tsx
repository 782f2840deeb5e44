import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DRIVER_STEP_LABELS, type Job } from '@pilbara/shared-schema';
import { SAM_DRIVER_ID, aJobOfToday } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { DriverPage } from './driver-page';
import { DRIVER_TEXT } from './driver-text';

const NOW = new Date().toISOString();
const YEAR = businessYear();

const job = (overrides: Partial<Job> & Pick<Job, 'id'>) => aJobOfToday(overrides, NOW);

function renderDriver() {
  return renderScreen(<DriverPage driverId={SAM_DRIVER_ID} driverName="Sam" />, {
    route: '/driver',
  });
}

async function card(id: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByTestId('driver-job')
      .find((element) => element.dataset.jobId === id);
    if (!found) throw new Error(`no card for ${id}`);
    return found;
  });
}

async function outboxNames(): Promise<string[]> {
  return (await db.outbox.toArray()).map((entry) => entry.name);
}

/** A phone's GPS as the browser hands it to the page: one fix, or a refusal. */
function gps(answer: 'fix' | 'denied') {
  const geolocation = {
    watchPosition: vi.fn(
      (onFix: PositionCallback, onError?: PositionErrorCallback | null): number => {
        if (answer === 'fix')
          onFix({
            coords: {
              latitude: -20.7381,
              longitude: 116.8463,
              accuracy: 12,
              altitude: null,
              altitudeAccuracy: null,
              heading: null,
              speed: null,
            },
            timestamp: Date.now(),
          } as GeolocationPosition);
        else
          onError?.({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
            message: 'User denied Geolocation',
          } as GeolocationPositionError);
        return 7;
      },
    ),
    getCurrentPosition: vi.fn(),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
  return geolocation;
}

beforeEach(async () => {
  await resetDevice();
});

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

describe('a job on the driver’s screen', () => {
  it('goes through the whole job one big step at a time, ending in Completed today', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1', customerName: 'Kim Lee' }));
    const { user } = renderDriver();

    await user.click(
      within(await card('JOB-2026-1')).getByRole('button', {
        name: DRIVER_STEP_LABELS.markEnRoute,
      }),
    );
    await waitFor(async () => expect((await card('JOB-2026-1')).dataset.status).toBe('En Route'));
    await user.click(
      within(await card('JOB-2026-1')).getByRole('button', {
        name: DRIVER_STEP_LABELS.startService,
      }),
    );
    await waitFor(async () =>
      expect((await card('JOB-2026-1')).dataset.status).toBe('In Progress'),
    );
    await user.click(
      within(await card('JOB-2026-1')).getByRole('button', { name: DRIVER_STEP_LABELS.complete }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Complete JOB-2026-1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete job' }));

    await waitFor(async () => expect((await card('JOB-2026-1')).dataset.status).toBe('Completed'));
    const done = await card('JOB-2026-1');
    expect(within(done).getByText(DRIVER_TEXT.done)).toBeTruthy();
    expect(within(done).queryByRole('button', { name: DRIVER_STEP_LABELS.complete })).toBeNull();
    expect(await outboxNames()).toEqual(['job.markEnRoute', 'job.startService', 'job.complete']);
    // Completing wrote the job's draft quote on the phone, for the office to send.
    expect(await db.quotes.get(`Q-${YEAR}-P1`)).toMatchObject({ status: 'draft' });
  });

  it('says each step in a toast naming the job and its new status', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-2', customerName: 'Kim Lee', status: 'En Route' }));
    const { user } = renderDriver();
    await user.click(
      within(await card('JOB-2026-2')).getByRole('button', {
        name: DRIVER_STEP_LABELS.startService,
      }),
    );
    expect(
      await screen.findByText(DRIVER_TEXT.stepTaken('JOB-2026-2', 'In Progress')),
    ).toBeTruthy();
  });

  it('shows the estimated arrival and the office’s notes on the card', async () => {
    await db.jobs.put(
      job({
        id: 'JOB-2026-3',
        customerName: 'Kim Lee',
        estimatedArrival: '30 minutes',
        notes: 'Gate code 4411',
      }),
    );
    renderDriver();
    const element = await card('JOB-2026-3');
    expect(within(element).getByText('Emergency Towing · ETA 30 minutes')).toBeTruthy();
    expect(within(element).getByText('Gate code 4411')).toBeTruthy();
  });

  it('adds a note for the office under the driver’s name, and a cancelled note adds nothing', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-4', customerName: 'Kim Lee' }));
    const { user } = renderDriver();
    await user.click(
      within(await card('JOB-2026-4')).getByRole('button', { name: DRIVER_TEXT.addNote }),
    );
    let dialog = await screen.findByRole('dialog', { name: DRIVER_TEXT.noteTitle('JOB-2026-4') });
    await fill(user, within(dialog).getByLabelText(DRIVER_TEXT.noteLabel), 'Not this one');
    await user.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);

    await user.click(
      within(await card('JOB-2026-4')).getByRole('button', { name: DRIVER_TEXT.addNote }),
    );
    dialog = await screen.findByRole('dialog', { name: DRIVER_TEXT.noteTitle('JOB-2026-4') });
    expect(
      (within(dialog).getByLabelText(DRIVER_TEXT.noteLabel) as HTMLTextAreaElement).value,
    ).toBe('');
    await fill(
      user,
      within(dialog).getByLabelText(DRIVER_TEXT.noteLabel),
      'Customer waiting at the servo',
    );
    await user.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.saveNote }));
    expect(await screen.findByText(DRIVER_TEXT.noteSaved('JOB-2026-4'))).toBeTruthy();
    await waitFor(async () =>
      expect(String((await db.jobs.get('JOB-2026-4'))?.notes)).toContain(
        'Customer waiting at the servo',
      ),
    );
    expect(String((await db.jobs.get('JOB-2026-4'))?.notes)).toContain('Sam');
    expect(await outboxNames()).toEqual(['job.addNote']);
    await waitFor(async () =>
      expect(
        within(await card('JOB-2026-4')).getByText(/Customer waiting at the servo/),
      ).toBeTruthy(),
    );
  });

  it('opens the job’s photos and signatures under the card', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-5', customerName: 'Kim Lee' }));
    const { user } = renderDriver();
    const toggle = within(await card('JOB-2026-5')).getByRole('button', {
      name: DRIVER_TEXT.fieldRecord(0),
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
  });
});

describe('sharing the truck’s position', () => {
  it('shares nothing and says nothing while no job is En Route', async () => {
    const phone = gps('fix');
    await db.jobs.put(job({ id: 'JOB-2026-6', customerName: 'Kim Lee' }));
    renderDriver();
    await card('JOB-2026-6');
    expect(screen.queryByTestId('position-sharing')).toBeNull();
    expect(screen.queryByTestId('position-sharing-off')).toBeNull();
    expect(phone.watchPosition).not.toHaveBeenCalled();
  });

  it('shares the phone’s fix for the job En Route and says the customer sees the truck', async () => {
    gps('fix');
    await db.jobs.put(job({ id: 'JOB-2026-7', customerName: 'Kim Lee', status: 'En Route' }));
    renderDriver();
    expect((await screen.findByTestId('position-sharing')).textContent).toBe(DRIVER_TEXT.sharing);
    await waitFor(async () => expect(await outboxNames()).toEqual(['position.report']));
    const [report] = await db.outbox.toArray();
    expect(report?.args).toMatchObject({
      jobId: 'JOB-2026-7',
      latitude: -20.7381,
      longitude: 116.8463,
    });
  });

  it('says the customer sees no truck when location is refused', async () => {
    gps('denied');
    await db.jobs.put(job({ id: 'JOB-2026-8', customerName: 'Kim Lee', status: 'En Route' }));
    renderDriver();
    expect((await screen.findByTestId('position-sharing-off')).textContent).toBe(
      DRIVER_TEXT.sharingOff,
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the same on a phone with no location at all', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-9', customerName: 'Kim Lee', status: 'En Route' }));
    renderDriver();
    expect((await screen.findByTestId('position-sharing-off')).textContent).toBe(
      DRIVER_TEXT.sharingOff,
    );
  });
});
