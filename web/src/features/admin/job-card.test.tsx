import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, canDeleteJob, isJobActionAllowed, type Job } from '@pilbara/shared-schema';
import { JobCard } from './job-card';

function job(status: string): Job {
  return {
    id: 'JOB-2026-7',
    customerName: 'Dana Reid',
    phone: '0412345678',
    email: null,
    status: status as Job['status'],
    service: 'Emergency Towing',
    location: 'Karratha',
    estimatedArrival: null,
    progress: 0,
    assignedTo: null,
    notes: null,
    trackingToken: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
  };
}

describe('JobCard buttons follow the job-flow rule', () => {
  for (const status of JOB_STATUSES) {
    it(`for a job that is ${status}`, () => {
      const { unmount } = render(
        <MantineProvider>
          <JobCard
            job={job(status)}
            pending={false}
            drivers={['Sam', 'Alex', 'Both', 'Unassigned']}
          />
        </MantineProvider>,
      );
      const enabled = (name: string) =>
        !(screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
      expect(enabled('Mark En Route')).toBe(isJobActionAllowed(status, 'markEnRoute'));
      expect(enabled('Start Service')).toBe(isJobActionAllowed(status, 'startService'));
      expect(enabled('Complete Job')).toBe(isJobActionAllowed(status, 'complete'));
      expect(enabled('Delete')).toBe(canDeleteJob(status));
      expect(
        document.querySelector<HTMLInputElement>('input[aria-label="Driver for JOB-2026-7"]')
          ?.disabled,
      ).toBe(!isJobActionAllowed(status, 'reassign'));
      expect(screen.queryByTestId('pending-marker')).toBeNull();
      unmount();
    });
  }

  it('marks a job with unsynced changes', () => {
    render(
      <MantineProvider>
        <JobCard job={job('Assigned')} pending drivers={['Both', 'Unassigned']} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('pending-marker').textContent).toContain('Not synced yet');
  });
});
