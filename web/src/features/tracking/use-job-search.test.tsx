import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import {
  jobSearchResponseSchema,
  trackResponseSchema,
  type Job,
  type JobStatus,
} from '@pilbara/shared-schema';
import { aBooking, aJob } from '@pilbara/shared-schema/testing';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { trackedOf, useJobSearch, type JobSearchState } from './use-job-search';

const TOKEN = 'job-token-bbbbbbbbbbbbbb';
const TRACK = `GET /api/track/${TOKEN}`;
const SEARCH = 'GET /api/jobs/search';
/** Short enough to see several polls in a test, long enough not to crowd a busy machine. */
const POLL_MS = 40;

function job(status: JobStatus, overrides: Partial<Job> = {}): Job {
  return aJob({ id: 'JOB-2026-40', status, trackingToken: TOKEN, ...overrides });
}

/** The tracking link's answer, checked against the server's schema. */
function trackAnswer(status: JobStatus) {
  return trackResponseSchema.parse({
    job: job(status),
    position: null,
    timeline: [{ key: 'created', message: 'Booking received', at: '2026-11-20T08:00:00.000Z' }],
    reviewed: false,
  });
}

function statusOf(state: JobSearchState): string | null {
  return state.status === 'found' && 'job' in state.found ? state.found.job.status : null;
}

describe('looking up a job for the customer', () => {
  it('opens a tracking link’s job by its token, with its timeline', async () => {
    const api = fakeApi({ [TRACK]: json(trackAnswer('En Route')) });
    const { result } = renderHook(() => useJobSearch(60_000));
    expect(result.current.state).toEqual({ status: 'idle' });
    let answered: JobSearchState | undefined;
    await act(async () => {
      answered = await result.current.search({ token: TOKEN });
    });
    expect(answered).toEqual(result.current.state);
    expect(statusOf(result.current.state)).toBe('En Route');
    expect(result.current.state).toMatchObject({
      query: '',
      found: { timeline: [{ key: 'created' }], reviewed: false },
    });
    expect(api.callsTo(TRACK)).toHaveLength(1);
  });

  it('sends a typed job ID with the phone’s last digits, and finds its job', async () => {
    const api = fakeApi({
      [SEARCH]: json(jobSearchResponseSchema.parse({ job: job('Assigned'), timeline: [] })),
    });
    const { result } = renderHook(() => useJobSearch(60_000));
    await act(() => result.current.search({ query: 'JOB-2026-40', phone: '5678' }));
    expect(new URLSearchParams(api.callsTo(SEARCH)[0]?.query).get('query')).toBe('JOB-2026-40');
    expect(new URLSearchParams(api.callsTo(SEARCH)[0]?.query).get('phone')).toBe('5678');
    expect(result.current.state).toMatchObject({ status: 'found', query: 'JOB-2026-40' });
    // Only the tracking link says whether the job was reviewed.
    expect(
      result.current.state.status === 'found' && 'reviewed' in result.current.state.found,
    ).toBe(false);
  });

  it('finds a booking still waiting for approval', async () => {
    fakeApi({
      [SEARCH]: json(
        jobSearchResponseSchema.parse({
          booking: aBooking({ id: 'BKG-2026-4', trackingToken: TOKEN }),
        }),
      ),
    });
    const { result } = renderHook(() => useJobSearch(60_000));
    await act(() => result.current.search({ query: 'BKG-2026-4', phone: '5678' }));
    const { state } = result.current;
    expect(state.status === 'found' && 'booking' in state.found && state.found.booking.id).toBe(
      'BKG-2026-4',
    );
  });

  it('says nothing was found when the server answers 404 (wrong digits or no such job)', async () => {
    fakeApi({ [SEARCH]: json({ error: 'Not found' }, 404) });
    const { result } = renderHook(() => useJobSearch(60_000));
    await act(() => result.current.search({ query: 'JOB-2026-40', phone: '0000' }));
    expect(result.current.state).toEqual({ status: 'not-found', query: 'JOB-2026-40' });
  });

  it.each([
    ['the server errs', json({ error: 'Something went wrong' }, 500)],
    ['there is no signal', 'offline' as const],
  ])('keeps the error apart from not found when %s', async (_, answer) => {
    fakeApi({ [SEARCH]: answer });
    const { result } = renderHook(() => useJobSearch(60_000));
    await act(() => result.current.search({ query: 'Smith' }));
    expect(result.current.state).toMatchObject({ status: 'error', query: 'Smith' });
  });

  it('shows only the latest search when an earlier answer comes late', async () => {
    let releaseFirst: () => void = () => {};
    const api = fakeApi({
      [SEARCH]: (call) =>
        new URLSearchParams(call.query).get('query') === 'Smith'
          ? new Promise((resolve) => {
              releaseFirst = () => resolve(json({ error: 'Not found' }, 404));
            })
          : json(jobSearchResponseSchema.parse({ job: job('Assigned'), timeline: [] })),
    });
    const { result } = renderHook(() => useJobSearch(60_000));
    let first: Promise<JobSearchState> | undefined;
    act(() => {
      first = result.current.search({ query: 'Smith' });
    });
    await waitFor(() => expect(api.callsTo(SEARCH)).toHaveLength(1));
    await act(() => result.current.search({ query: 'JOB-2026-40', phone: '5678' }));
    releaseFirst();
    await act(async () => {
      await first;
    });
    expect(result.current.state).toMatchObject({ status: 'found', query: 'JOB-2026-40' });
  });

  it('starts again from nothing at Try Another Search', async () => {
    fakeApi({ [TRACK]: json(trackAnswer('En Route')) });
    const { result } = renderHook(() => useJobSearch(60_000));
    await act(() => result.current.search({ token: TOKEN }));
    act(() => result.current.reset());
    expect(result.current.state).toEqual({ status: 'idle' });
  });
});

describe('keeping a found job up to date', () => {
  it('fetches it again by its token, so the status moves without a reload', async () => {
    let status: JobStatus = 'En Route';
    const api = fakeApi({
      [SEARCH]: json(jobSearchResponseSchema.parse({ job: job('En Route'), timeline: [] })),
      [TRACK]: () => json(trackAnswer(status)),
    });
    const { result } = renderHook(() => useJobSearch(POLL_MS));
    await act(() => result.current.search({ query: 'JOB-2026-40', phone: '5678' }));
    await waitFor(() => expect(api.callsTo(TRACK).length).toBeGreaterThan(0));
    status = 'In Progress';
    await waitFor(() => expect(statusOf(result.current.state)).toBe('In Progress'));
    // The digits went once, with the search; the polls name the job by its token alone.
    expect(api.callsTo(SEARCH)).toHaveLength(1);
    expect(result.current.state).toMatchObject({ query: 'JOB-2026-40' });
  });

  it('keeps the last known state through a missed poll, and moves on at the next', async () => {
    let answer: 'offline' | ReturnType<typeof json> = 'offline';
    const api = fakeApi({ [TRACK]: json(trackAnswer('En Route')) });
    const { result } = renderHook(() => useJobSearch(POLL_MS));
    await act(() => result.current.search({ token: TOKEN }));
    api.on(TRACK, () => answer);
    const before = api.callsTo(TRACK).length;
    await waitFor(() => expect(api.callsTo(TRACK).length).toBeGreaterThan(before + 1));
    expect(statusOf(result.current.state)).toBe('En Route');
    answer = json(trackAnswer('Completed'));
    await waitFor(() => expect(statusOf(result.current.state)).toBe('Completed'));
  });

  it('polls a job the page was rendered with, from the first paint', async () => {
    const found = trackedOf(trackAnswer('Assigned'))!;
    fakeApi({ [TRACK]: json(trackAnswer('En Route')) });
    const { result } = renderHook(() =>
      useJobSearch(POLL_MS, { status: 'found', query: '', found }),
    );
    expect(statusOf(result.current.state)).toBe('Assigned');
    await waitFor(() => expect(statusOf(result.current.state)).toBe('En Route'));
  });
});

describe('reading an answer', () => {
  it('keeps who confirmed the booking and the truck’s fix from the tracking link', () => {
    const answer = trackResponseSchema.parse({
      ...trackAnswer('En Route'),
      position: { latitude: -20.73, longitude: 116.84, recordedAt: '2026-11-20T08:20:00.000Z' },
      confirmedBy: { name: 'Sam', at: '2026-11-20T08:05:00.000Z' },
    });
    expect(trackedOf(answer)).toMatchObject({
      position: { latitude: -20.73 },
      confirmedBy: { name: 'Sam' },
      reviewed: false,
    });
  });

  it('reads nothing from an empty answer', () => {
    expect(trackedOf(null)).toBeNull();
    expect(trackedOf({})).toBeNull();
  });
});
