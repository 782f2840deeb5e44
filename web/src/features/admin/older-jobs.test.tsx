import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { ADMIN_TEXT } from './admin-text';
import { OlderJobs } from './older-jobs';

const SINCE = '2026-09-07T10:00:00.000Z';

describe('older jobs than the device keeps', () => {
  it('come from the server a page at a time, leaving out those on the device', async () => {
    setOnline(true);
    const api = fakeApi({
      'GET /api/jobs': json({
        jobs: [
          aJob({ id: 'JOB-2026-7', customerName: 'Already here', createdAt: SINCE }),
          aJob({
            id: 'JOB-2026-3',
            customerName: 'Pat Older',
            createdAt: '2026-08-01T00:00:00.000Z',
          }),
        ],
      }),
    });
    renderScreen(<OlderJobs before={SINCE} held={new Set(['JOB-2026-7'])} />);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.olderJobsButton }));
    expect(await screen.findByText(/Pat Older/)).toBeTruthy();
    expect(screen.queryByText(/Already here/)).toBeNull();
    expect(api.callsTo('GET /api/jobs')[0]?.query).toBe(
      `before=${encodeURIComponent(SINCE)}&limit=50`,
    );
    // Fewer than a page: nothing older.
    expect(screen.getByText(ADMIN_TEXT.olderJobsEnd)).toBeTruthy();
  });

  it('says offline that older jobs are not on this device', async () => {
    fakeApi({});
    renderScreen(<OlderJobs before={SINCE} held={new Set()} />);
    act(() => setOnline(false));
    expect(await screen.findByText(ADMIN_TEXT.olderJobsOffline)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.olderJobsButton })).toBeNull();
    act(() => setOnline(true));
  });
});
