import '../../sync/testing/node-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { DRIVER_STEP_LABELS, type Job } from '@pilbara/shared-schema';
import { db } from '../../sync';
import { META, setMeta } from '../../sync/local-store';
import { businessYear } from '../../sync/leases';
import { DriverPage } from './driver-page';
import { DRIVER_TEXT } from './driver-text';

// IndexedDB in Node (fake-indexeddb) and Mantine in jsdom are slow on a small machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

const NOW = new Date().toISOString();
const YESTERDAY = new Date(Date.now() - 36 * 3600_000).toISOString();

function job(overrides: Partial<Job> & Pick<Job, 'id' | 'customerName'>): Job {
  return {
    phone: '0412 345 678',
    email: null,
    status: 'Assigned',
    service: 'Emergency Towing',
    location: 'Dampier Highway, Karratha',
    estimatedArrival: null,
    progress: 0,
    assignedTo: 'Sam',
    notes: null,
    trackingToken: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function renderPage() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <DriverPage driverName="Sam" />
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
});

describe('the driver’s screen', () => {
  it('says so when nothing is assigned to the driver', async () => {
    await db.jobs.put(
      job({ id: 'JOB-2026-3', customerName: 'Alex’s customer', assignedTo: 'Alex' }),
    );
    renderPage();
    expect((await screen.findByTestId('driver-empty')).textContent).toContain(DRIVER_TEXT.empty);
    expect(screen.queryByText('Alex’s customer')).toBeNull();
  });

  it('lists the driver’s jobs of today, the emergency first, with one tap to call or map', async () => {
    await db.jobs.bulkPut([
      job({ id: 'JOB-2026-1', customerName: 'Kim Lee', status: 'Scheduled' }),
      job({ id: 'JOB-2026-2', customerName: 'Dana Reid', status: 'Emergency' }),
      job({ id: 'JOB-2026-3', customerName: 'Pat Moss', assignedTo: 'Alex' }),
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
});
