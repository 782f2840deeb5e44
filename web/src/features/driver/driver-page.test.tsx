import '../../sync/testing/node-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { DRIVER_STEP_LABELS } from '@pilbara/shared-schema';
import { db } from '../../sync';
import { META, setMeta } from '../../sync/local-store';
import { businessYear } from '../../sync/leases';
import { holdDriverPreview } from '../../lib/driver-preview';
import { DriverPage } from './driver-page';
import { DRIVER_TEXT } from './driver-text';
import { OTHER_DRIVER_ID, SAM_DRIVER_ID, aJobOfToday } from '@pilbara/shared-schema/testing';

// IndexedDB in Node (fake-indexeddb) and Mantine in jsdom are slow on a small machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

const NOW = new Date().toISOString();
const YESTERDAY = new Date(Date.now() - 36 * 3600_000).toISOString();

const job = (overrides: Parameters<typeof aJobOfToday>[0]) => aJobOfToday(overrides, NOW);

function renderPage() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <DriverPage driverId={SAM_DRIVER_ID} driverName="Sam" />
    </MantineProvider>,
  );
}

function cardOf(customer: string): HTMLElement {
  const card = screen
    .getAllByTestId('driver-job')
    .find((element) => within(element).queryByText(customer));
  if (!card) throw new Error(`no card for ${customer}`);
  return card;
}

beforeEach(async () => {
  await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear()]);
  await setMeta(db, META.leases, {
    job_updates: [{ start: 500, end: 550, next: 500 }],
    [`Q-${businessYear()}`]: [{ start: 1, end: 50, next: 1 }],
  });
});

afterEach(() => {
  notifications.clean();
  holdDriverPreview(null);
});

describe('the driver’s screen', () => {
  it('says so when nothing is assigned to the driver', async () => {
    await db.jobs.put(
      job({
        id: 'JOB-2026-3',
        customerName: 'Alex’s customer',
        assignedTo: 'Alex',
        assignedDriverId: OTHER_DRIVER_ID,
      }),
    );
    renderPage();
    expect((await screen.findByTestId('driver-empty')).textContent).toContain(DRIVER_TEXT.empty);
    expect(screen.queryByText('Alex’s customer')).toBeNull();
  });

  it('lists the driver’s jobs of today, the emergency first, with one tap to call or map', async () => {
    await db.jobs.bulkPut([
      job({ id: 'JOB-2026-1', customerName: 'Kim Lee', status: 'Scheduled' }),
      job({ id: 'JOB-2026-2', customerName: 'Dana Reid', status: 'Emergency' }),
      job({
        id: 'JOB-2026-3',
        customerName: 'Pat Moss',
        assignedTo: 'Alex',
        assignedDriverId: OTHER_DRIVER_ID,
      }),
      job({
        id: 'JOB-2026-4',
        customerName: 'Jo Bell',
        status: 'Completed',
        updatedAt: YESTERDAY,
        createdAt: YESTERDAY,
      }),
    ]);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('driver-job')).toHaveLength(2));
    const cards = screen.getAllByTestId('driver-job');
    expect(within(cards[0]!).getByText('Dana Reid')).toBeTruthy();
    expect(within(cards[1]!).getByText('Kim Lee')).toBeTruthy();
    expect(screen.queryByText('Pat Moss')).toBeNull();
    expect(screen.queryByText('Jo Bell')).toBeNull();

    const call = within(cardOf('Dana Reid')).getByRole('link', {
      name: DRIVER_TEXT.call('Dana Reid'),
    });
    expect(call.getAttribute('href')).toBe('tel:0412345678');
    expect(call.textContent).toContain('0412 345 678');
    const map = within(cardOf('Dana Reid')).getByRole('link', {
      name: `${DRIVER_TEXT.map}: Dampier Highway, Karratha`,
    });
    expect(map.getAttribute('href')).toContain(encodeURIComponent('Dampier Highway, Karratha'));
    expect(map.getAttribute('target')).toBe('_blank');
  });

  it('On my way puts the job En Route on this phone and keeps it to send', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-5', customerName: 'Kim Lee' }));
    renderPage();
    const card = await waitFor(() => cardOf('Kim Lee'));
    expect(card.getAttribute('data-status')).toBe('Assigned');
    fireEvent.click(within(card).getByRole('button', { name: DRIVER_STEP_LABELS.markEnRoute }));

    await waitFor(() => expect(cardOf('Kim Lee').getAttribute('data-status')).toBe('En Route'));
    expect(within(cardOf('Kim Lee')).getByTestId('job-status').textContent).toBe('En Route');
    await waitFor(() =>
      expect(within(cardOf('Kim Lee')).getByTitle(DRIVER_TEXT.pending)).toBeTruthy(),
    );
    // The next step is offered at once, and the change waits in the outbox for signal.
    expect(
      within(cardOf('Kim Lee')).getByRole('button', { name: DRIVER_STEP_LABELS.startService }),
    ).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
    expect((await db.jobs.get('JOB-2026-5'))?.status).toBe('En Route');
  });

  it('names the job in its toasts and note as its card does: by its number, not its key', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-P7', number: 'JOB-2026-31', customerName: 'Kim Lee' }));
    renderPage();
    const card = await waitFor(() => cardOf('Kim Lee'));
    expect(within(card).getByTestId('document-ref').textContent).toBe('JOB-2026-31');
    fireEvent.click(within(card).getByRole('button', { name: DRIVER_STEP_LABELS.markEnRoute }));
    expect(await screen.findByText(DRIVER_TEXT.stepTaken('JOB-2026-31', 'En Route'))).toBeTruthy();

    fireEvent.click(within(cardOf('Kim Lee')).getByRole('button', { name: DRIVER_TEXT.addNote }));
    const dialog = await screen.findByRole('dialog', {
      name: DRIVER_TEXT.noteTitle('JOB-2026-31'),
    });
    fireEvent.change(within(dialog).getByLabelText(DRIVER_TEXT.noteLabel), {
      target: { value: 'Gate code 4411' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.saveNote }));
    expect(await screen.findByText(DRIVER_TEXT.noteSaved('JOB-2026-31'))).toBeTruthy();
    expect(screen.queryByText(/JOB-2026-P7/)).toBeNull();
  });

  it('asks before completing, and completes nothing when the driver goes back', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-6', customerName: 'Kim Lee', status: 'In Progress' }));
    renderPage();
    const card = await waitFor(() => cardOf('Kim Lee'));
    fireEvent.click(within(card).getByRole('button', { name: DRIVER_STEP_LABELS.complete }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete JOB-2026-6?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cardOf('Kim Lee').getAttribute('data-status')).toBe('In Progress');
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows the sign-in’s jobs before any sync, acting only on the synced row', async () => {
    // The answer of the sign-in, read at log position 40; the device has synced nothing.
    holdDriverPreview({
      cursor: 40,
      jobs: [
        job({ id: 'JOB-2026-7', customerName: 'Kim Lee' }),
        job({ id: 'JOB-2026-8', customerName: 'Dana Reid', status: 'En Route' }),
      ],
    });
    renderPage();
    const early = await waitFor(() => cardOf('Kim Lee'));
    expect(early.getAttribute('data-waiting')).toBe('true');
    expect(within(early).getByTestId('driver-job-waiting').textContent).toBe(DRIVER_TEXT.waiting);
    const step = within(early).getByRole('button', { name: DRIVER_STEP_LABELS.markEnRoute });
    expect(step).toHaveProperty('disabled', true);
    fireEvent.click(step);
    expect(await db.outbox.count()).toBe(0);
    expect(cardOf('Dana Reid').getAttribute('data-waiting')).toBe('true');

    // A first page up to 25: Kim's synced row (moved on since) replaces the early card and acts.
    await db.transaction('rw', db.jobs, db.meta, async () => {
      await db.jobs.put(job({ id: 'JOB-2026-7', customerName: 'Kim Lee', status: 'En Route' }));
      await setMeta(db, META.cursor, 25);
    });
    await waitFor(() => expect(cardOf('Kim Lee').getAttribute('data-status')).toBe('En Route'));
    expect(cardOf('Kim Lee').getAttribute('data-waiting')).toBeNull();
    expect(cardOf('Dana Reid').getAttribute('data-waiting')).toBe('true');

    // Synced through 40 without Dana's job (handed to another driver meanwhile): it goes.
    await setMeta(db, META.cursor, 40);
    await waitFor(() => expect(screen.getAllByTestId('driver-job')).toHaveLength(1));
    expect(screen.queryByText('Dana Reid')).toBeNull();
    // The answer is dropped once caught up: a resync from 0 later does not bring it back.
    await db.transaction('rw', db.jobs, db.meta, async () => {
      await db.jobs.put(job({ id: 'JOB-2026-9', customerName: 'Lee Park' }));
      await setMeta(db, META.cursor, 0);
    });
    await waitFor(() => cardOf('Lee Park'));
    expect(screen.queryByText('Dana Reid')).toBeNull();
    await db.transaction('rw', db.jobs, db.meta, async () => {
      await db.jobs.delete('JOB-2026-9');
      await setMeta(db, META.cursor, 40);
    });
    await waitFor(() => expect(screen.getAllByTestId('driver-job')).toHaveLength(1));
    fireEvent.click(
      within(cardOf('Kim Lee')).getByRole('button', { name: DRIVER_STEP_LABELS.startService }),
    );
    await waitFor(() => expect(cardOf('Kim Lee').getAttribute('data-status')).toBe('In Progress'));
    expect(await db.outbox.count()).toBe(1);
  });
});
