import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PilbaraDatabase } from '../db/database';
import { flushPublicOutbox, OUTBOX_SAVED_OFFLINE, submitPublicForm } from './public-outbox';

const booking = { customerName: 'Jo Citizen', phone: '0891234567', service: 'Local Towing' };

type Call = { url: string; key: string | null; body: unknown };

/** A fetch stand-in that records each call and answers from a script of responses. */
function scriptedFetch(...answers: Array<'offline' | number>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url, key: headers.get('Idempotency-Key'), body: JSON.parse(String(init?.body)) });
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next === 'offline' || next === undefined) throw new TypeError('Failed to fetch');
    const body =
      next >= 400
        ? JSON.stringify({ error: 'Please select a service' })
        : JSON.stringify({ id: 'BKG-2026-1' });
    return new Response(body, { status: next, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

let dbName: string;
let db: PilbaraDatabase;

beforeEach(() => {
  dbName = `pilbara-test-${Math.random().toString(36).slice(2)}`;
  db = new PilbaraDatabase(dbName);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await new PilbaraDatabase(dbName).delete();
});

describe('public outbox', () => {
  it('keeps a submission made offline, even across a fresh database instance', async () => {
    scriptedFetch('offline');
    const outcome = await submitPublicForm('booking', booking, db);
    expect(outcome).toEqual({ status: 'queued', reason: 'offline', message: OUTBOX_SAVED_OFFLINE });
    db.close();

    const reopened = new PilbaraDatabase(dbName);
    const rows = await reopened.publicOutbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'booking', body: booking, attempts: 1 });
    expect(rows[0]?.lastError).toContain('Failed to fetch');
    reopened.close();
  });

  it('sends a queued submission once, with the same Idempotency-Key as the first attempt', async () => {
    const calls = scriptedFetch('offline', 201);
    await submitPublicForm('booking', booking, db);
    const [queued] = await db.publicOutbox.toArray();

    const result = await flushPublicOutbox(db);
    expect(result.delivered.map((item) => item.id)).toEqual([queued?.id]);
    expect(result.remaining).toBe(0);
    await flushPublicOutbox(db);

    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.key)).toEqual([queued?.id, queued?.id]);
    expect(calls[1]).toMatchObject({ url: '/api/bookings', body: booking });
    expect(await db.publicOutbox.count()).toBe(0);
  });

  it('keeps the submission when the server answers 5xx, and counts the attempt', async () => {
    scriptedFetch(503);
    const outcome = await submitPublicForm('contact', { message: 'hello there' }, db);
    expect(outcome).toMatchObject({ status: 'queued', reason: 'server' });
    await flushPublicOutbox(db);
    const rows = await db.publicOutbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      attempts: 2,
      lastError: '503: {"error":"Please select a service"}',
    });
  });

  it('removes a submission the server rejects with 400 and reports the rejection', async () => {
    scriptedFetch('offline', 400);
    await submitPublicForm('feedback', { jobId: 'JOB-2026-1' }, db);
    const result = await flushPublicOutbox(db);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]?.error.status).toBe(400);
    expect(result.rejected[0]?.item.kind).toBe('feedback');
    expect(await db.publicOutbox.count()).toBe(0);
  });

  it('reports a 400 at submit time and stores nothing', async () => {
    scriptedFetch(400);
    const outcome = await submitPublicForm('booking', booking, db);
    expect(outcome.status).toBe('rejected');
    expect(await db.publicOutbox.count()).toBe(0);
  });

  it('stops a flush at the first network failure and keeps every row', async () => {
    const calls = scriptedFetch('offline');
    await submitPublicForm('contact', { n: 1 }, db);
    await submitPublicForm('contact', { n: 2 }, db);
    const result = await flushPublicOutbox(db);
    expect(result).toMatchObject({ delivered: [], rejected: [], remaining: 2 });
    expect(calls).toHaveLength(3);
  });
});
