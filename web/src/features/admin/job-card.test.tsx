import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, canDeleteJob, isJobActionAllowed, type Job } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { JobCard } from './job-card';
import { JobManagement } from './job-management';
import { useJobs } from './use-admin-data';
import { db } from '../../sync';

function job(status: string): Job {
  return aJob({
    id: 'JOB-2026-7',
    email: null,
    status: status as Job['status'],
    trackingToken: null,
  });
}

describe('JobCard buttons follow the job-flow rule', () => {
  for (const status of JOB_STATUSES) {
    it(`for a job that is ${status}`, () => {
      const { unmount } = render(
        <MantineProvider>
          <JobCard
            job={job(status)}
            pending={false}
            drivers={[
              { id: 2, name: 'Sam' },
              { id: 3, name: 'Alex' },
            ]}
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
        <JobCard job={job('Assigned')} pending drivers={[]} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('pending-marker').textContent).toContain('Not synced yet');
  });
});

describe('Complete asks before it completes', () => {
  it('asks first, naming what the field record still lacks, and changes nothing until confirmed', async () => {
    render(
      <MantineProvider env="test">
        <JobCard job={job('In Progress')} pending={false} drivers={[]} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete JOB-2026-7?' });
    expect(dialog.textContent).toContain('This cannot be undone');
    await waitFor(() =>
      expect(screen.getByTestId('completion-gaps').textContent).toContain(
        'Pickup photos: 0 of 4 corners',
      ),
    );
    expect(screen.getByTestId('completion-gaps').textContent).toContain(
      'Vehicle release: not signed',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('JobCard on a phone', () => {
  it('has a call link and a map link for the job', () => {
    render(
      <MantineProvider>
        <JobCard
          job={{ ...job('En Route'), location: 'GPS -20.77810, 117.14560 (in Roebourne)' }}
          pending={false}
          drivers={[]}
        />
      </MantineProvider>,
    );
    const call = screen.getByRole('link', { name: 'Call Dana Reid on 0412345678' });
    expect(call.getAttribute('href')).toBe('tel:0412345678');
    const map = screen.getByRole('link', { name: /^Map of GPS/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=-20.77810%2C117.14560',
    );
  });
});

describe('JobManagement', () => {
  it('lists the jobs first, with the new-job form behind a button', () => {
    render(
      <MantineProvider env="test">
        <JobManagement
          jobs={[job('Assigned')]}
          pendingKeys={new Set()}
          drivers={[{ id: 2, name: 'Sam Taylor' }]}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Jobs (1)' })).toBeTruthy();
    expect(screen.getAllByTestId('job-card')).toHaveLength(1);
    // The form is not even rendered until asked for (the e2e driver journey opens it).
    expect(document.querySelector('form')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'New Job' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('useJobs', () => {
  it('keeps a job in its place when it changes: newest created first', async () => {
    const older = { ...job('Assigned'), id: 'JOB-2026-1', createdAt: '2026-11-20T01:00:00.000Z' };
    const newer = { ...job('Assigned'), id: 'JOB-2026-2', createdAt: '2026-11-20T02:00:00.000Z' };
    // The older job was just changed (En Route a moment ago): it must not jump to the top.
    await db.jobs.bulkPut([
      { ...older, status: 'En Route', updatedAt: '2026-11-20T09:00:00.000Z' },
      { ...newer, updatedAt: '2026-11-20T02:00:00.000Z' },
    ]);
    try {
      const { result } = renderHook(() => useJobs());
      await waitFor(
        () => expect(result.current.map((j) => j.id)).toEqual(['JOB-2026-2', 'JOB-2026-1']),
        {
          timeout: 10_000,
        },
      );
    } finally {
      await db.jobs.clear();
    }
  });
});
