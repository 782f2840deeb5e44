import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type Job } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { ADMIN_TEXT } from './admin-text';
import { formatDateTime } from './format';
import { JobCard } from './job-card';

const DRIVERS = [
  { id: 2, name: 'Sam Taylor' },
  { id: 3, name: 'Alex Brown' },
];

function renderCard(job: Job, pending = false) {
  return renderScreen(<JobCard job={job} pending={pending} drivers={DRIVERS} />, {
    route: '/admin',
  });
}

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('a job’s card on the admin panel', () => {
  it('shows who, what, where, the email and the estimate at a glance', () => {
    renderCard(
      aJob({
        customerName: 'Kim Lee',
        service: '4x4 Recovery',
        location: 'Millstream Rd',
        email: 'kim@example.com',
        estimatedArrival: '45 minutes',
        notes: 'Bogged to the axles',
      }),
    );
    const card = screen.getByTestId('job-card');
    expect(within(card).getByText('Kim Lee · 4x4 Recovery')).toBeTruthy();
    expect(within(card).getByText('Millstream Rd')).toBeTruthy();
    expect(within(card).getByText('kim@example.com · ETA 45 minutes')).toBeTruthy();
    expect(within(card).getByText('Bogged to the axles')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Progress 0%' })).toBeTruthy();
  });

  it('marks an emergency so it stands out in the list', () => {
    renderCard(aJob({ status: 'Emergency' }));
    expect(screen.getByTestId('job-card').dataset.status).toBe('Emergency');
    expect(screen.getByTestId('job-status').textContent).toBe('Emergency');
  });

  it('says when the job last changed by the device that changed it, not the sync', async () => {
    const job = aJob({ updatedAt: '2026-11-20T10:00:00.000Z' });
    await db.job_updates.put({
      id: 7,
      jobId: job.id,
      status: 'En Route',
      message: 'Driver on the way',
      createdAt: '2026-11-20T09:20:00.000Z',
    });
    renderCard(job);
    await waitFor(() =>
      expect(screen.getByTestId('job-last-changed').textContent).toBe(
        formatDateTime('2026-11-20T09:20:00.000Z'),
      ),
    );
  });

  it('counts the photos and signatures still only on this phone', async () => {
    const job = aJob();
    await db.fieldFiles.put({
      id: '0b1c2d3e-0000-4000-8000-000000000001',
      kind: 'photo',
      jobId: job.id,
      contentHash: 'a'.repeat(64),
      mimeType: 'image/jpeg',
      full: new ArrayBuffer(16),
      thumb: new ArrayBuffer(8),
      size: 16,
      createdAt: '2026-11-20T08:30:00.000Z',
      uploadedAt: null,
      lastError: null,
    });
    renderCard(job);
    expect((await screen.findByTestId('job-files-on-phone')).textContent).toBe(
      ADMIN_TEXT.filesOnPhone(1),
    );
  });

  it('says no history yet for a job with none, and lists the messages to the customer', async () => {
    const { user } = renderCard(aJob());
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.history }));
    expect(await screen.findByText(ADMIN_TEXT.noHistory)).toBeTruthy();
    expect(await screen.findByTestId('job-messages')).toBeTruthy();
  });

  it('explains why a job still under way cannot be deleted', () => {
    renderCard(aJob({ status: 'In Progress' }));
    const remove = screen.getByRole('button', { name: ADMIN_TEXT.deleteJob });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(remove.getAttribute('title')).toBe(ADMIN_TEXT.deleteHint);
  });

  it('offers the drivers, with the job’s own driver chosen', () => {
    renderCard(aJob({ assignedTo: 'Alex Brown', assignedDriverId: 3 }));
    expect((screen.getByLabelText('Driver for JOB-2026-1') as HTMLInputElement).value).toBe(
      'Alex Brown',
    );
  });
});
