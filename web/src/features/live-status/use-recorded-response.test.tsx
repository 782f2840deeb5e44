import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  ARRIVED_STATUS,
  RESPONSE_WINDOW_DAYS,
  formatMinutes,
  responseBasisText,
} from '@pilbara/shared-schema';
import { aBooking, aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { db, resetDevice } from '../../sync/testing/device';
import { LiveStatusWidget } from './live-status-widget';

const DAY_MS = 24 * 3_600_000;

/** A job asked for `daysAgo` days ago whose truck arrived `minutes` later (its update `id`). */
async function attended(id: number, minutes: number, daysAgo = 2): Promise<string> {
  const askedAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  const jobId = `JOB-2026-${id}`;
  await db.jobs.put(aJob({ id: jobId, createdAt: askedAt, updatedAt: askedAt }));
  await db.job_updates.put({
    id,
    jobId,
    message: 'On site',
    status: ARRIVED_STATUS,
    createdAt: new Date(Date.parse(askedAt) + minutes * 60_000).toISOString(),
  });
  return jobId;
}

function figure(): HTMLElement {
  return screen.getByTestId('live-estimate');
}

function basis(jobs: number): string {
  return responseBasisText({ area: 'All areas', jobs, medianMinutes: null }, RESPONSE_WINDOW_DAYS);
}

beforeEach(async () => {
  await resetDevice();
});

describe('the response time measured on this device', () => {
  it('is the median from the call to the truck on site of the recorded jobs', async () => {
    await attended(1, 20);
    await attended(2, 75);
    await attended(3, 34);
    renderScreen(<LiveStatusWidget connected />);
    await waitFor(() => expect(figure().textContent).toBe(formatMinutes(34)));
    expect(figure().getAttribute('title')).toBe(basis(3));
  });

  it('leaves out scheduled bookings and help asked for before the window', async () => {
    await attended(1, 30);
    await attended(2, 40);
    await attended(3, 50);
    await attended(4, 5, RESPONSE_WINDOW_DAYS + 1);
    const booked = await attended(5, 600);
    await db.bookings.put(
      aBooking({
        id: 'BKG-2026-5',
        urgency: 'scheduled',
        status: 'approved',
        approvedJobId: booked,
      }),
    );
    renderScreen(<LiveStatusWidget connected />);
    await waitFor(() => expect(figure().getAttribute('title')).toBe(basis(3)));
    expect(figure().textContent).toBe(formatMinutes(40));
  });

  it('counts from the booking, not the job, when the job came from one', async () => {
    const jobs = [await attended(1, 20), await attended(2, 30), await attended(3, 40)];
    // The customer booked an hour before the first job was opened from the booking.
    const asked = new Date(Date.now() - 2 * DAY_MS - 3_600_000).toISOString();
    await db.bookings.put(
      aBooking({
        id: 'BKG-2026-1',
        urgency: 'emergency',
        status: 'approved',
        approvedJobId: jobs[0],
        createdAt: asked,
      }),
    );
    renderScreen(<LiveStatusWidget connected />);
    await waitFor(() => expect(figure().getAttribute('title')).toBe(basis(3)));
    // 80, 30 and 40 minutes: counted from the job alone it would be 20, 30 and 40.
    expect(figure().textContent).toBe(formatMinutes(40));
  });

  it('gives no figure below the minimum of jobs, and one once an arrival syncs in', async () => {
    await attended(1, 25);
    await attended(2, 45);
    renderScreen(<LiveStatusWidget connected />);
    await waitFor(() => expect(figure().getAttribute('title')).toBe(basis(2)));
    expect(figure().textContent).not.toMatch(/\d/);

    await attended(3, 35);
    await waitFor(() => expect(figure().textContent).toBe(formatMinutes(35)));
    expect(figure().getAttribute('title')).toBe(basis(3));
  });
});
