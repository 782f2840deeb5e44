import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, login, type TestApp, syncCall } from '../helper';
import { seedStaffData } from './fixtures';
import { PROTOCOL_VERSION } from '@pilbara/shared-schema';

const mutation = (seq: number, name: string, args: unknown) => ({
  seq,
  mutationId: `m-${seq}`,
  name,
  args,
  createdAt: '2026-11-21T03:00:00.000Z',
});

async function staffApp(): Promise<{ app: TestApp; cookie: string }> {
  const app = await buildTestApp({ now: () => new Date('2026-11-21T10:00:00.000Z') });
  seedStaffData(app);
  return { app, cookie: await login(app) };
}

/** A device's first contact (a GET pull never registers a device). */
const HELLO = { protocolVersion: 1, schemaVersion: 1, cursor: 0, ackedSeq: 0 };

describe('HTTP sync fallback', () => {
  it('pushes mutations exactly once, stores rejections, and pulls the changes with the results', async () => {
    const { app, cookie } = await staffApp();
    const lease = await syncCall(app, cookie, 'lease', {
      clientId: 'tablet-1',
      series: 'job_updates',
    });
    expect(lease.statusCode).toBe(200);
    const { start } = lease.json() as { start: number; end: number };
    expect(lease.json()).toMatchObject({
      type: 'lease-grant',
      series: 'job_updates',
      end: start + 49,
    });

    const batch = {
      clientId: 'tablet-1',
      mutations: [
        mutation(1, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: start }),
        mutation(2, 'job.markEnRoute', { id: 'JOB-2026-3', updateId: start + 1 }),
        mutation(3, 'booking.approve', {
          bookingId: 'BKG-2026-1',
          jobId: 'JOB-2026-50',
          updateId: start + 2,
        }),
      ],
    };
    const pushed = await syncCall(app, cookie, 'push', batch);
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toMatchObject({
      type: 'results',
      lastSeq: 3,
      results: [
        { seq: 1, status: 'applied' },
        {
          seq: 2,
          status: 'rejected',
          code: 'invalid_state',
          message: 'That action is not available for this job status',
        },
        { seq: 3, status: 'applied' },
      ],
    });

    // The answer was lost; the device sends the same batch again.
    const resent = await syncCall(app, cookie, 'push', batch);
    expect(resent.json().results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'rejected',
      'applied',
    ]);
    const updates = app.db
      .prepare("SELECT count(*) AS n FROM job_updates WHERE jobId = 'JOB-2026-1'")
      .get();
    expect(updates).toEqual({ n: 1 });

    const pulled = await app.inject({
      method: 'GET',
      url: '/api/sync/pull?clientId=tablet-1&cursor=0',
      headers: { cookie },
    });
    const page = pulled.json();
    expect(page).toMatchObject({ type: 'changes', hasMore: false, reset: false, lastSeq: 3 });
    expect(page.results).toHaveLength(3);
    expect(page.changes.find((c: { rowId: string }) => c.rowId === 'JOB-2026-50')).toMatchObject({
      entity: 'jobs',
      op: 'put',
    });
    expect(
      page.changes.find((c: { rowId: string }) => c.rowId === 'JOB-2026-1').data,
    ).toMatchObject({ status: 'En Route' });

    const next = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?clientId=tablet-1&cursor=${page.cursor}&ackedSeq=3`,
      headers: { cookie },
    });
    expect(next.json()).toMatchObject({ changes: [], results: [], cursor: page.cursor });
  });

  it('opens a session over HTTP, telling the device which of its blocks are not its own', async () => {
    const { app, cookie } = await staffApp();
    const hello = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/sync/hello',
        headers: { cookie },
        payload: {
          protocolVersion: PROTOCOL_VERSION,
          schemaVersion: 1,
          clientId: 'tablet-9',
          cursor: 0,
          ackedSeq: 0,
          ...body,
        },
      });
    const granted = await syncCall(app, cookie, 'lease', {
      clientId: 'tablet-9',
      series: 'Q-2026',
      size: 10,
    });
    const block = { series: 'Q-2026', start: granted.json().start, end: granted.json().end };
    const claimed = { series: 'Q-2026', start: 400, end: 449 };
    const opened = await hello({ leases: [block, claimed] });
    expect(opened.statusCode).toBe(200);
    // The granted block is the device's; the other is not, and moves nothing.
    expect(opened.json()).toMatchObject({
      type: 'changes',
      reset: false,
      refusedLeases: [claimed],
      leaseKinds: expect.arrayContaining(['Q', 'JOB', 'job_updates']),
    });
    const lease = await syncCall(app, cookie, 'lease', {
      clientId: 'tablet-8',
      series: 'Q-2026',
      size: 10,
    });
    expect(lease.json()).toMatchObject({ start: block.end + 1, end: block.end + 10 });

    const bad = await hello({ leases: [{ series: 'Q-2026', start: 20, end: 10 }] });
    expect(bad.statusCode).toBe(400);
    const old = await hello({ protocolVersion: 0 });
    expect(old.json()).toMatchObject({ type: 'update-required' });
  });

  it('stops a batch at a gap and reports where the device stands', async () => {
    const { app, cookie } = await staffApp();
    const pushed = await syncCall(app, cookie, 'push', {
      clientId: 'tablet-2',
      mutations: [mutation(2, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 500 })],
    });
    expect(pushed.json()).toMatchObject({ results: [], lastSeq: 0, stopped: 'gap' });
  });

  it('sees REST writes in the change log', async () => {
    const { app, cookie } = await staffApp();
    const cursor = (
      await app.inject({
        method: 'POST',
        url: '/api/sync/hello',
        headers: { cookie },
        payload: { ...HELLO, clientId: 'tablet-3' },
      })
    ).json().cursor;
    await app.inject({
      method: 'PATCH',
      url: '/api/jobs/JOB-2026-1',
      headers: { cookie },
      payload: { assignedTo: 'Both' },
    });
    const page = (
      await app.inject({
        method: 'GET',
        url: `/api/sync/pull?clientId=tablet-3&cursor=${cursor}`,
        headers: { cookie },
      })
    ).json();
    expect(page.changes.map((c: { entity: string }) => c.entity).sort()).toEqual([
      'job_updates',
      'jobs',
    ]);
  });

  it('refuses a client id that another admin already uses', async () => {
    const { app, cookie } = await staffApp();
    await app.inject({
      method: 'POST',
      url: '/api/sync/hello',
      headers: { cookie },
      payload: { ...HELLO, clientId: 'shared' },
    });
    app.db.prepare("UPDATE sync_clients SET userId = userId + 100 WHERE clientId = 'shared'").run();
    const stolen = await app.inject({
      method: 'GET',
      url: '/api/sync/pull?clientId=shared&cursor=0',
      headers: { cookie },
    });
    expect(stolen.statusCode).toBe(403);
  });
});

describe('WebSocket sync', () => {
  function open(
    url: string,
    cookie: string,
  ): Promise<{
    socket: WebSocket;
    messages: unknown[];
    next: () => Promise<Record<string, unknown>>;
  }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { cookie } });
      const messages: Record<string, unknown>[] = [];
      const waiters: ((message: Record<string, unknown>) => void)[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as Record<string, unknown>;
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else messages.push(message);
      });
      const next = () =>
        new Promise<Record<string, unknown>>((done) => {
          const queued = messages.shift();
          if (queued) done(queued);
          else waiters.push(done);
        });
      socket.on('open', () => resolve({ socket, messages, next }));
      socket.on('error', reject);
    });
  }

  it('catches a device up on hello, answers pushes, and pokes the other devices', async () => {
    const { app, cookie } = await staffApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `ws://127.0.0.1:${address.port}/api/sync/ws`;
    const a = await open(url, cookie);
    const b = await open(url, cookie);
    try {
      a.socket.send(
        JSON.stringify({
          type: 'hello',
          protocolVersion: 1,
          schemaVersion: 1,
          clientId: 'ws-a',
          cursor: 0,
          ackedSeq: 0,
        }),
      );
      const snapshot = await a.next();
      expect(snapshot).toMatchObject({ type: 'changes', hasMore: false });
      expect((snapshot.changes as unknown[]).length).toBeGreaterThan(5);

      b.socket.send(
        JSON.stringify({
          type: 'hello',
          protocolVersion: 1,
          schemaVersion: 1,
          clientId: 'ws-b',
          cursor: snapshot.cursor,
          ackedSeq: 0,
        }),
      );
      expect(await b.next()).toMatchObject({ type: 'changes', changes: [] });

      a.socket.send(
        JSON.stringify({
          type: 'push',
          clientId: 'ws-a',
          mutations: [mutation(1, 'job.startService', { id: 'JOB-2026-1', updateId: 700 })],
        }),
      );
      const answers = [await a.next(), await a.next()];
      expect(answers).toContainEqual(expect.objectContaining({ type: 'results', lastSeq: 1 }));
      const poke = await b.next();
      expect(poke).toMatchObject({ type: 'poke' });
      expect(poke.cursor as number).toBeGreaterThan(snapshot.cursor as number);

      b.socket.send(
        JSON.stringify({ type: 'pull', clientId: 'ws-b', cursor: snapshot.cursor, ackedSeq: 0 }),
      );
      const page = await b.next();
      expect((page.changes as { entity: string }[]).map((c) => c.entity).sort()).toEqual([
        'job_updates',
        'jobs',
      ]);

      b.socket.send('not json');
      expect(await b.next()).toMatchObject({
        type: 'error',
        code: 'bad_message',
        retryable: false,
      });
      b.socket.send(
        JSON.stringify({
          type: 'hello',
          protocolVersion: 0,
          schemaVersion: 1,
          clientId: 'ws-b',
          cursor: 0,
          ackedSeq: 0,
        }),
      );
      expect(await b.next()).toMatchObject({ type: 'update-required' });

      // An admin demoted while connected is no longer served, from the next message on.
      app.db.prepare("UPDATE users SET role = 'driver' WHERE username = 'admin'").run();
      a.socket.send(JSON.stringify({ type: 'pull', clientId: 'ws-a', cursor: 0, ackedSeq: 0 }));
      expect(await a.next()).toMatchObject({ type: 'error', code: 'session_ended' });
      app.db.prepare("UPDATE users SET role = 'admin' WHERE username = 'admin'").run();

      // Logging out ends the session; the open socket stops serving it.
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      b.socket.send(JSON.stringify({ type: 'pull', clientId: 'ws-b', cursor: 0, ackedSeq: 0 }));
      expect(await b.next()).toMatchObject({ type: 'error', code: 'session_ended' });
    } finally {
      a.socket.close();
      b.socket.close();
    }
  });

  it('answers pushes sent back to back in order, each once, with what came between them', async () => {
    const { app, cookie } = await staffApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const a = await open(`ws://127.0.0.1:${address.port}/api/sync/ws`, cookie);
    try {
      a.socket.send(JSON.stringify({ type: 'hello', clientId: 'ws-a', ...HELLO }));
      const snapshot = await a.next();
      expect(snapshot).toMatchObject({ type: 'changes', hasMore: false });
      const push = (...mutations: ReturnType<typeof mutation>[]) =>
        JSON.stringify({ type: 'push', clientId: 'ws-a', mutations });
      // Sent without waiting, as the engine's push window does: the server commits the pushes
      // that wait together, and still answers each one, in order.
      a.socket.send(push(mutation(1, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 801 })));
      a.socket.send(push(mutation(2, 'job.startService', { id: 'JOB-2026-1', updateId: 802 })));
      // A resend of seq 1 in the same breath is answered from its verdict, not applied again.
      a.socket.send(push(mutation(1, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 801 })));
      a.socket.send('not json');
      a.socket.send(
        push(mutation(4, 'job.update', { id: 'JOB-2026-2', patch: { notes: 'four' } })),
      );
      a.socket.send(
        push(mutation(3, 'job.update', { id: 'JOB-2026-2', patch: { notes: 'three' } })),
      );
      a.socket.send(
        JSON.stringify({ type: 'pull', clientId: 'ws-a', cursor: snapshot.cursor, ackedSeq: 0 }),
      );
      const answers: Record<string, unknown>[] = [];
      while (answers.length < 7) {
        const next = await a.next();
        if (next.type !== 'poke') answers.push(next);
      }
      expect(answers.map((m) => [m.type, m.lastSeq ?? m.code])).toEqual([
        ['results', 1],
        ['results', 2],
        ['results', 2],
        ['error', 'bad_message'],
        ['results', 2],
        ['results', 3],
        ['changes', 3],
      ]);
      expect(answers[4]).toMatchObject({ stopped: 'gap', results: [] });
      expect(
        (answers[6]?.results as { seq: number; status: string }[]).map((r) => [r.seq, r.status]),
      ).toEqual([
        [1, 'applied'],
        [2, 'applied'],
        [3, 'applied'],
      ]);
      const updates = app.db
        .prepare('SELECT id FROM job_updates WHERE id IN (801, 802) ORDER BY id')
        .all() as { id: number }[];
      expect(updates.map((row) => row.id)).toEqual([801, 802]);
      expect(app.db.prepare("SELECT notes FROM jobs WHERE id = 'JOB-2026-2'").get()).toEqual({
        notes: 'three',
      });
    } finally {
      a.socket.close();
    }
  });
});

describe('rows written outside the change log', () => {
  it('are logged at start and before a pull, so devices still receive them', async () => {
    const { app, cookie } = await staffApp();
    const start = (
      await app.inject({
        method: 'POST',
        url: '/api/sync/hello',
        headers: { cookie },
        payload: { ...HELLO, clientId: 't' },
      })
    ).json();
    const posted = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        customerName: 'Lee Park',
        phone: '0400123456',
        email: 'lee@example.com',
        service: 'Roadside Assistance',
        location: 'Dampier Road near the roundabout',
        preferredDate: '2026-11-25',
        preferredTime: '09:00 AM',
        urgency: 'scheduled',
        description: 'Flat battery, needs a jump start in the car park',
      },
    });
    expect(posted.statusCode).toBe(201);
    const page = (
      await app.inject({
        method: 'GET',
        url: `/api/sync/pull?clientId=t&cursor=${start.cursor}`,
        headers: { cookie },
      })
    ).json();
    expect(page.changes).toEqual([
      expect.objectContaining({
        entity: 'bookings',
        op: 'put',
        data: expect.objectContaining({ customerName: 'Lee Park' }),
      }),
    ]);
  });
});
