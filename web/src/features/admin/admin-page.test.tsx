import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_JOB_SERVICES,
  MESSAGES,
  URGENCY_LABELS,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { aBooking, aContactMessage, aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { ADMIN_TEXT, ADMIN_TOASTS } from './admin-text';
import { AdminPage } from './admin-page';

const YEAR = businessYear();
const FIRST_JOB = `JOB-${YEAR}-P1`;
const NOW = new Date().toISOString();

function job(overrides: Partial<Job> & Pick<Job, 'id'>): Job {
  return aJob({ createdAt: NOW, updatedAt: NOW, assignedTo: 'Sam Taylor', ...overrides });
}

function booking(overrides: Partial<Booking> & Pick<Booking, 'id'>): Booking {
  return aBooking({ createdAt: NOW, updatedAt: NOW, ...overrides });
}

function renderPanel(props: Parameters<typeof AdminPage>[0] = {}) {
  return renderScreen(<AdminPage {...props} />, { route: '/admin' });
}

function tile(testId: string): string {
  return screen.getByTestId(`${testId}-value`).textContent ?? '';
}

async function jobCard(id: string): Promise<HTMLElement> {
  return waitFor(() => {
    const card = screen.getAllByTestId('job-card').find((element) => element.dataset.jobId === id);
    if (!card) throw new Error(`no card for ${id}`);
    return card;
  });
}

async function outboxNames(): Promise<string[]> {
  return (await db.outbox.toArray()).map((item) => item.name);
}

beforeEach(async () => {
  await resetDevice();
  fakeApi({
    'GET /api/drivers': json({
      drivers: [
        { id: 2, name: 'Sam Taylor' },
        { id: 3, name: 'Alex Brown' },
      ],
    }),
  });
});

describe('the admin panel’s figures', () => {
  it('counts active, total, emergency jobs and pending bookings from this device', async () => {
    await db.jobs.bulkPut([
      job({ id: 'JOB-2026-1', status: 'Assigned' }),
      job({ id: 'JOB-2026-2', status: 'Emergency' }),
      job({ id: 'JOB-2026-3', status: 'Completed', progress: 100 }),
      job({ id: 'JOB-2026-4', status: 'In Progress', progress: 50 }),
    ]);
    await db.bookings.bulkPut([
      booking({ id: 'BKG-2026-1' }),
      booking({ id: 'BKG-2026-2', status: 'approved' }),
    ]);
    renderPanel();
    await waitFor(() => expect(tile('tile-total-jobs')).toBe('4'));
    expect(tile('tile-active-jobs')).toBe('3');
    expect(tile('tile-emergency-jobs')).toBe('1');
    expect(tile('tile-pending-bookings')).toBe('1');
    // The Bookings tab carries the same count, so it is seen without opening the tab.
    const tab = screen.getByRole('tab', { name: new RegExp(ADMIN_TEXT.tabs.bookings) });
    expect(tab.textContent).toContain('1');
  });

  it('follows a change the sync writes to the device, with no reload', async () => {
    renderPanel();
    await waitFor(() => expect(tile('tile-total-jobs')).toBe('0'));
    await db.jobs.put(job({ id: 'JOB-2026-9', status: 'Emergency' }));
    await waitFor(() => expect(tile('tile-emergency-jobs')).toBe('1'));
    expect(tile('tile-total-jobs')).toBe('1');
  });

  it('hands the live-status widget the jobs and the number of drivers on shift', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1' }));
    const seen: { jobs: number; drivers: number }[] = [];
    renderPanel({
      liveStatus: ({ jobs, availableDrivers }) => {
        seen.push({ jobs: jobs.length, drivers: availableDrivers });
        return <p>{`live: ${jobs.length} jobs, ${availableDrivers} drivers`}</p>;
      },
    });
    expect(await screen.findByText(/^live: 1 jobs, \d+ drivers$/)).toBeTruthy();
    expect(seen.at(-1)?.jobs).toBe(1);
  });
});

describe('Pending Bookings', () => {
  it('says so when no booking waits', async () => {
    await db.bookings.put(booking({ id: 'BKG-2026-1', status: 'approved' }));
    renderPanel();
    expect(await screen.findByText(ADMIN_TEXT.noBookings)).toBeTruthy();
  });

  it('puts the emergency first, with its urgency, a call link and the customer’s details', async () => {
    await db.bookings.bulkPut([
      booking({ id: 'BKG-2026-1', customerName: 'Kim Lee', urgency: 'scheduled' }),
      booking({
        id: 'BKG-2026-2',
        customerName: 'Dana Reid',
        urgency: 'emergency',
        phone: '0412 345 678',
        vehicleDetails: 'Ford Ranger',
      }),
      booking({ id: 'BKG-2026-3', customerName: 'Pat Moss', urgency: 'same-day' }),
    ]);
    renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('booking-card')).toHaveLength(3));
    const cards = screen.getAllByTestId('booking-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Dana Reid',
      'Pat Moss',
      'Kim Lee',
    ]);
    const first = cards[0]!;
    expect(within(first).getByTestId('urgency').textContent).toBe(URGENCY_LABELS.emergency.label);
    expect(within(first).getByText('0412 345 678').getAttribute('href')).toBe('tel:0412345678');
    expect(within(first).getByText('Vehicle: Ford Ranger')).toBeTruthy();
    expect(within(first).getByText(`Preferred: 2026-11-22 08:30 AM`)).toBeTruthy();
  });

  it('approves a booking into a job on this device, says which, and keeps it to send', async () => {
    await db.bookings.put(booking({ id: 'BKG-2026-5', customerName: 'Kim Lee' }));
    const { user } = renderPanel();
    const card = await screen.findByTestId('booking-card');
    await user.click(within(card).getByRole('button', { name: ADMIN_TEXT.approve }));

    expect(await screen.findByText(MESSAGES.BOOKING_APPROVED_TITLE)).toBeTruthy();
    expect(
      screen.getByText(ADMIN_TOASTS.bookingApproved(`${FIRST_JOB} (provisional)`)),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('booking-card')).toBeNull());
    expect(screen.getByText(ADMIN_TEXT.noBookings)).toBeTruthy();
    expect((await db.bookings.get('BKG-2026-5'))?.status).not.toBe('pending');
    expect((await db.jobs.get(FIRST_JOB))?.customerName).toBe('Kim Lee');
    expect(await outboxNames()).toEqual(['booking.approve']);
  });
});

describe('Job Management', () => {
  async function openJobs(user: ReturnType<typeof renderPanel>['user']) {
    await user.click(screen.getByRole('tab', { name: ADMIN_TEXT.tabs.jobs }));
  }

  it('says so when there are no jobs', async () => {
    const { user } = renderPanel();
    await openJobs(user);
    expect(await screen.findByText(ADMIN_TEXT.noJobs)).toBeTruthy();
    expect(screen.getByRole('heading', { name: ADMIN_TEXT.jobsTitle(0) })).toBeTruthy();
  });

  it('moves a job En Route, says so, and marks it as not synced yet', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1', customerName: 'Kim Lee' }));
    const { user } = renderPanel();
    await openJobs(user);
    const card = await jobCard('JOB-2026-1');
    await user.click(within(card).getByRole('button', { name: ADMIN_TEXT.markEnRoute }));

    expect(await screen.findByText(ADMIN_TOASTS.jobUpdated('JOB-2026-1', 'En Route'))).toBeTruthy();
    await waitFor(async () =>
      expect((await jobCard('JOB-2026-1')).dataset.status).toBe('En Route'),
    );
    const updated = await jobCard('JOB-2026-1');
    expect(within(updated).getByTestId('job-status').textContent).toBe('En Route');
    expect(await within(updated).findByTestId('pending-marker')).toBeTruthy();
    expect(within(updated).getByRole('button', { name: ADMIN_TEXT.startService })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(updated).getByRole('button', { name: ADMIN_TEXT.markEnRoute })).toHaveProperty(
      'disabled',
      true,
    );
    expect(await db.outbox.count()).toBe(1);
  });

  it('completes a job only after asking, and names the draft quote it wrote', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1', status: 'In Progress', progress: 50 }));
    const { user } = renderPanel();
    await openJobs(user);
    await user.click(
      within(await jobCard('JOB-2026-1')).getByRole('button', { name: ADMIN_TEXT.completeJob }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Complete JOB-2026-1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete job' }));
    expect(
      await screen.findByText(
        ADMIN_TOASTS.jobCompleted('JOB-2026-1', `Q-${YEAR}-P1 (provisional)`),
      ),
    ).toBeTruthy();
    await waitFor(async () => expect((await db.jobs.get('JOB-2026-1'))?.status).toBe('Completed'));
    expect(await db.quotes.get(`Q-${YEAR}-P1`)).toMatchObject({ status: 'draft' });
  });

  it('gives a job to another driver from the picker', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1' }));
    const { user } = renderPanel();
    await openJobs(user);
    const card = await jobCard('JOB-2026-1');
    const picker = within(card).getByLabelText(`${ADMIN_TEXT.reassign} for JOB-2026-1`);
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Sam Taylor'));
    await choose(user, picker, 'Alex Brown');
    expect(
      await screen.findByText(ADMIN_TOASTS.jobReassigned('JOB-2026-1', 'Alex Brown')),
    ).toBeTruthy();
    await waitFor(async () =>
      expect((await db.jobs.get('JOB-2026-1'))?.assignedTo).toBe('Alex Brown'),
    );
  });

  it('archives a completed job after asking, and Undo brings it back', async () => {
    await db.jobs.bulkPut([
      job({ id: 'JOB-2026-1', status: 'Completed', progress: 100 }),
      job({ id: 'JOB-2026-2', createdAt: new Date(Date.now() - 60_000).toISOString() }),
    ]);
    const { user } = renderPanel();
    await openJobs(user);
    const open = await jobCard('JOB-2026-2');
    expect(within(open).getByRole('button', { name: ADMIN_TEXT.deleteJob })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(
      within(await jobCard('JOB-2026-1')).getByRole('button', { name: ADMIN_TEXT.deleteJob }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: ADMIN_TEXT.archiveTitle('JOB-2026-1'),
    });
    expect(within(dialog).getByText(ADMIN_TEXT.archiveBody)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.archiveConfirm }));

    expect(await screen.findByText(ADMIN_TOASTS.jobDeleted('JOB-2026-1'))).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: ADMIN_TEXT.jobsTitle(1) })).toBeTruthy();
    expect(await db.jobs.get('JOB-2026-1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.undo }));
    expect(await screen.findByText(ADMIN_TOASTS.jobRestored('JOB-2026-1'))).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(2));
    expect(await outboxNames()).toEqual(['job.delete', 'job.restore']);
  });

  it('keeps the job when the owner cancels the archive', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1', status: 'Cancelled' }));
    const { user } = renderPanel();
    await openJobs(user);
    await user.click(
      within(await jobCard('JOB-2026-1')).getByRole('button', { name: ADMIN_TEXT.deleteJob }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('job-card')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows the job’s history newest first when asked', async () => {
    await db.jobs.put(job({ id: 'JOB-2026-1' }));
    await db.job_updates.bulkPut([
      {
        id: 1,
        jobId: 'JOB-2026-1',
        status: 'Assigned',
        message: 'Job created',
        createdAt: '2026-11-20T08:00:00.000Z',
      },
      {
        id: 2,
        jobId: 'JOB-2026-1',
        status: 'En Route',
        message: 'Driver on the way',
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ]);
    const { user } = renderPanel();
    await openJobs(user);
    const card = await jobCard('JOB-2026-1');
    const toggle = within(card).getByRole('button', { name: ADMIN_TEXT.history });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const history = await within(card).findByTestId('job-history');
    const titles = within(history).getAllByText(/Job created|Driver on the way/);
    expect(titles.map((title) => title.textContent)).toEqual(['Driver on the way', 'Job created']);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('the new-job form', () => {
  async function openForm(user: ReturnType<typeof renderPanel>['user']) {
    await user.click(screen.getByRole('tab', { name: ADMIN_TEXT.tabs.jobs }));
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.newJob }));
    return screen.findByRole('form', { name: ADMIN_TEXT.createJob });
  }

  it('names each missing field with the schema’s message and creates nothing', async () => {
    const { user } = renderPanel();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: ADMIN_TEXT.createJob }));
    expect(await within(form).findByText(MESSAGES.CUSTOMER_NAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PHONE_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.SERVICE_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.LOCATION_REQUIRED)).toBeTruthy();
    expect(await db.jobs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a phone number that is not one', async () => {
    const { user } = renderPanel();
    const form = await openForm(user);
    await fill(user, within(form).getByLabelText(/^Phone/), '12');
    await user.click(within(form).getByRole('button', { name: ADMIN_TEXT.createJob }));
    expect(await within(form).findByText(MESSAGES.PHONE_INVALID)).toBeTruthy();
  });

  it('creates a job offline with its own tracking link, lists it, and empties the form', async () => {
    const { user } = renderPanel();
    const form = await openForm(user);
    // Staff type a customer's details: the browser must not offer the owner's own.
    expect(
      within(form)
        .getByLabelText(/^Customer Name/)
        .getAttribute('autocomplete'),
    ).toBeNull();
    await fill(user, within(form).getByLabelText(/^Customer Name/), 'Jo Bell');
    await fill(user, within(form).getByLabelText(/^Phone/), '0400 123 456');
    await choose(user, selectInput(form, /^Service/), ADMIN_JOB_SERVICES[1]);
    await fill(user, within(form).getByLabelText(/^Location/), 'Millstream Rd');
    await choose(user, selectInput(form, /^Assign To/), 'Sam Taylor');
    await choose(user, selectInput(form, /^Status/), 'Emergency');
    await user.click(within(form).getByRole('button', { name: ADMIN_TEXT.createJob }));

    expect(
      await screen.findByText(ADMIN_TOASTS.jobCreated(`${FIRST_JOB} (provisional)`)),
    ).toBeTruthy();
    const card = await jobCard(FIRST_JOB);
    expect(card.dataset.status).toBe('Emergency');
    expect(within(card).getByText(`Jo Bell · ${ADMIN_JOB_SERVICES[1]}`)).toBeTruthy();
    const stored = await db.jobs.get(FIRST_JOB);
    expect(stored).toMatchObject({
      customerName: 'Jo Bell',
      location: 'Millstream Rd',
      assignedTo: 'Sam Taylor',
    });
    expect(String(stored?.trackingToken)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await outboxNames()).toEqual(['job.create']);
    await waitFor(() =>
      expect((within(form).getByLabelText(/^Customer Name/) as HTMLInputElement).value).toBe(''),
    );
  });
});

describe('Contact Messages', () => {
  it('says so when none came in', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('tab', { name: ADMIN_TEXT.tabs.messages }));
    expect(await screen.findByText(ADMIN_TEXT.noMessages)).toBeTruthy();
  });

  it('lists the newest first, with whether it was sent and whether it is urgent', async () => {
    await db.emails.bulkPut([
      aContactMessage({ id: 1, sent: true, timestamp: '2026-11-20T08:00:00.000Z' }),
      aContactMessage({
        id: 2,
        sent: false,
        subject: 'URGENT: stuck on the Millstream road',
        timestamp: '2026-11-20T09:00:00.000Z',
        customerInfo: {
          name: 'Pat Moss',
          phone: '0499888777',
          email: 'pat@example.com',
          service: '4x4 Recovery',
          message: 'Bogged to the axles',
        },
      }),
    ]);
    const { user } = renderPanel();
    await user.click(screen.getByRole('tab', { name: ADMIN_TEXT.tabs.messages }));
    await waitFor(() => expect(screen.getAllByTestId('contact-message')).toHaveLength(2));
    const [newest, older] = screen.getAllByTestId('contact-message');
    expect(within(newest!).getByText('Pat Moss')).toBeTruthy();
    expect(within(newest!).getByText('Service: 4x4 Recovery')).toBeTruthy();
    expect(within(newest!).getByText('Bogged to the axles')).toBeTruthy();
    expect(within(older!).getByText('Sent')).toBeTruthy();
    expect(within(newest!).getByText('Pending')).toBeTruthy();
  });
});

describe('the tabs the app hands in', () => {
  it('shows the quotes manager it is given, and says so when there is none', async () => {
    const { user, unmount } = renderPanel({ quotesTab: <p>the quotes manager</p> });
    await user.click(screen.getByRole('tab', { name: ADMIN_TEXT.tabs.quotes }));
    expect(await screen.findByText('the quotes manager')).toBeTruthy();
    unmount();
    const again = renderPanel();
    await again.user.click(screen.getByRole('tab', { name: ADMIN_TEXT.tabs.quotes }));
    expect(await screen.findByText(ADMIN_TEXT.quotesUnavailable)).toBeTruthy();
  });

  it('shows the sync status and the refused changes where staff look first', async () => {
    renderPanel({ syncStatus: <p>sync chip</p>, syncIssues: <p>refused list</p> });
    expect(await screen.findByText('sync chip')).toBeTruthy();
    expect(screen.getByText('refused list')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fleet' }).getAttribute('href')).toBe('/admin/fleet');
  });
});
