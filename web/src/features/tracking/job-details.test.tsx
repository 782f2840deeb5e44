import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { TRACKING_MESSAGES, type Job } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { JobDetails } from './job-details';

function renderDetails(job: Job, token: string | null = null) {
  fakeApi();
  return renderScreen(
    <JobDetails
      job={job}
      token={token}
      position={null}
      timeline={[
        { key: 'created', message: 'Booking received', at: '2026-11-20T08:00:00.000Z' },
        { key: 'en-route', message: 'Your driver is on the way', at: '2026-11-20T08:10:00.000Z' },
      ]}
    />,
    { route: '/customer-portal' },
  );
}

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

describe('a tracked job’s details', () => {
  it('copies the job ID at a tap and says so', async () => {
    const copied: string[] = [];
    const { user } = renderDetails(aJob({ status: 'En Route' }));
    // After the user is set up: user-event puts a clipboard of its own in place.
    clipboard(async (text) => {
      copied.push(text);
    });
    const copy = screen.getByRole('button', { name: 'Copy job ID' });
    await user.click(copy);
    expect(await screen.findByText('Job ID JOB-2026-1 copied to clipboard')).toBeTruthy();
    expect(copied).toEqual(['JOB-2026-1']);
    await waitFor(() => expect(copy.getAttribute('title')).toBe('Copied'));
  });

  it('shows and copies the number the server gave a job made offline, never its key', async () => {
    const copied: string[] = [];
    const { user } = renderDetails(
      aJob({ id: 'JOB-2026-P3', number: 'JOB-2026-13', status: 'En Route' }),
    );
    clipboard(async (text) => {
      copied.push(text);
    });
    expect(screen.getByTestId('job-id').textContent).toBe('JOB-2026-13');
    await user.click(screen.getByRole('button', { name: 'Copy job ID' }));
    expect(await screen.findByText('Job ID JOB-2026-13 copied to clipboard')).toBeTruthy();
    expect(copied).toEqual(['JOB-2026-13']);
    expect(document.body.textContent).not.toContain('JOB-2026-P3');
  });

  it('asks to copy by hand when the browser refuses', async () => {
    const { user } = renderDetails(aJob({ status: 'En Route' }));
    clipboard(() => Promise.reject(new Error('denied')));
    await user.click(screen.getByRole('button', { name: 'Copy job ID' }));
    expect(await screen.findByText(TRACKING_MESSAGES.COPY_FAILED_TITLE)).toBeTruthy();
    expect(screen.getByText(TRACKING_MESSAGES.COPY_FAILED_DESCRIPTION)).toBeTruthy();
  });

  it('shows the progress and the live updates in the order they happened', () => {
    renderDetails(aJob({ status: 'En Route', progress: 25 }));
    const details = screen.getByTestId('job-details');
    expect(within(details).getByRole('progressbar', { name: 'Job progress 25%' })).toBeTruthy();
    const updates = within(details).getAllByText(/Booking received|Your driver is on the way/);
    expect(updates.map((entry) => entry.textContent)).toEqual([
      'Booking received',
      'Your driver is on the way',
    ]);
  });

  it('says the job is complete instead of an estimate once it is', () => {
    renderDetails(aJob({ status: 'Completed', progress: 100, estimatedArrival: '30 minutes' }));
    expect(screen.getByTestId('arrival-estimate').textContent).toBe('Job complete');
  });
});
