/**
 * A driver's reach (docs/security.md): over REST and over the sync socket a driver reads
 * and moves only their jobs and the unassigned ones, and their device never receives a quote,
 * an invoice, a booking, an email, a payment or another driver's job.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DRIVER_TABLES, MESSAGES, type ChangeEntry } from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import { buildTestApp, login, snapshotDatabase, type TestApp, syncCall, signedIn } from '../helper';
import { DRIVER, OTHER_DRIVER, seedDriverJobs, seedStaffData } from './fixtures';

type Message = Record<string, unknown>;

async function driverApp(): Promise<{ app: TestApp; admin: string; driver: string }> {
  const app = await buildTestApp({ now: () => new Date('2026-11-21T10:00:00.000Z') });
  seedStaffData(app);
  seedDriverJobs(app);
  return { app, admin: await login(app), driver: await login(app, DRIVER) };
}

/** A sync socket with its messages queued, read one at a time (or up to one of a type). */
async function openSocket(app: TestApp, cookie: string) {
  await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/sync/ws`, { headers: { cookie } });
  const queue: Message[] = [];
  const waiters: ((message: Message) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = () =>
    new Promise<Message>((resolve) => {
      const queued = queue.shift();
      if (queued) resolve(queued);
      else waiters.push(resolve);
    });
  const nextOf = async (type: string): Promise<Message> => {
    for (;;) {
      const message = await next();
      if (message.type === type) return message;
    }
  };
  /** Every change a hello (or pull) answers, page by page to the last one. */
  const changes = async (first: Message): Promise<{ changes: ChangeEntry[]; cursor: number }> => {
    socket.send(JSON.stringify(first));
    const all: ChangeEntry[] = [];
    for (;;) {
      const page = await nextOf('changes');
      all.push(...(page.changes as ChangeEntry[]));
      if (!page.hasMore) return { changes: all, cursor: page.cursor as number };
    }
  };
  /** What a device does when poked: waits for the poke, then pulls what came after `cursor`. */
  const changesAfterPoke = async (clientId: string, cursor: number) => {
    await nextOf('poke');
    return changes({ type: 'pull', clientId, cursor, ackedSeq: 0 });
  };
  return { socket, closed, next, nextOf, changes, changesAfterPoke };
}

const hello = (clientId: string) => ({
  type: 'hello',
  protocolVersion: 1,
  schemaVersion: 1,
  clientId,
  cursor: 0,
  ackedSeq: 0,
});

/** The ids of the jobs in a list of changes, and the job ids their history rows refer to. */
function jobIdsIn(changes: readonly ChangeEntry[], op: 'put' | 'delete' = 'put'): string[] {
  return changes
    .filter((change) => change.op === op)
    .flatMap((change) => {
      if (change.entity === 'jobs') return [String(change.rowId)];
      if (change.entity === 'job_updates' && change.data) return [String(change.data.jobId)];
      return [];
    });
}

describe('a driver', () => {
  it('lists and moves only their own and unassigned jobs over REST', async () => {
    const { app, driver } = await driverApp();
    const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie: driver } });

    const listed = await call('GET', '/api/jobs');
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json().jobs as { id: string }[]).map((job) => job.id).sort();
    expect(ids).toEqual(['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3', 'JOB-2026-4']);

    // Another driver's job is answered as if it did not exist, and stays as it was.
    const before = snapshotDatabase(app);
    for (const [method, url, payload] of [
      ['PATCH', '/api/jobs/JOB-2026-5', { status: 'En Route', progress: 25 }],
      ['PATCH', '/api/jobs/JOB-2026-5', { assignedTo: DRIVER.name }],
      ['GET', '/api/jobs/JOB-2026-5/updates', undefined],
    ] as const) {
      const refused = await call(method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(refused.json().error).toBe(MESSAGES.JOB_NOT_FOUND);
    }
    expect(snapshotDatabase(app)).toEqual(before);

    // Their own job goes through every step; completing it leaves the draft quote for the office.
    for (const [status, progress] of [
      ['En Route', 25],
      ['In Progress', 50],
      ['Completed', 100],
    ] as const) {
      const stepped = await call('PATCH', '/api/jobs/JOB-2026-4', { status, progress });
      expect(stepped.statusCode, `${status}: ${stepped.body}`).toBe(200);
      expect(stepped.json().job).toMatchObject({ status, assignedTo: DRIVER.name });
    }
    expect((await call('GET', '/api/quotes')).statusCode).toBe(403);

    // An unassigned job can be taken, not handed to someone else.
    const taken = await call('PATCH', '/api/jobs/JOB-2026-1', { assignedTo: DRIVER.name });
    expect(taken.json().job).toMatchObject({ assignedTo: DRIVER.name });
    const handed = await call('PATCH', '/api/jobs/JOB-2026-2', { assignedTo: OTHER_DRIVER });
    expect(handed.statusCode).toBe(403);
    expect(getRow<{ assignedTo: string | null }>(app.db, 'jobs', 'JOB-2026-2')?.assignedTo).toBe(
      null,
    );
  });

  it('has mutations on what the role may not touch rejected on the apply path', async () => {
    const { app, driver } = await driverApp();
    const job5 = getRow(app.db, 'jobs', 'JOB-2026-5');
    const quote = getRow(app.db, 'quotes', 'Q-2026-1');
    const pushed = await syncCall(app, driver, 'push', {
      clientId: 'sam-phone',
      mutations: [
        ['job.markEnRoute', { id: 'JOB-2026-5', updateId: 900 }],
        ['quote.setStatus', { id: 'Q-2026-1', status: 'sent' }],
        ['job.markEnRoute', { id: 'JOB-2026-4', updateId: 901 }],
      ].map(([name, args], index) => ({
        seq: index + 1,
        mutationId: `sam-${index + 1}`,
        name,
        args,
        createdAt: '2026-11-21T09:00:00.000Z',
      })),
    });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toMatchObject({
      lastSeq: 3,
      results: [
        { seq: 1, status: 'rejected', code: 'not_found', message: MESSAGES.JOB_NOT_FOUND },
        { seq: 2, status: 'rejected', code: 'forbidden', message: MESSAGES.ADMIN_REQUIRED },
        { seq: 3, status: 'applied' },
      ],
    });
    expect(getRow(app.db, 'jobs', 'JOB-2026-5')).toEqual(job5);
    expect(getRow(app.db, 'quotes', 'Q-2026-1')).toEqual(quote);
    expect(getRow(app.db, 'jobs', 'JOB-2026-4')).toMatchObject({ status: 'En Route' });
  });

  it('receives over the socket only their jobs and the fleet, and loses a job handed on', async () => {
    const { app, admin, driver } = await driverApp();
    const office = await openSocket(app, admin);
    const phone = await openSocket(app, driver);

    const everything = await office.changes(hello('office-1'));
    const entities = new Set(everything.changes.map((change) => change.entity));
    for (const table of ['quotes', 'invoices', 'bookings', 'emails']) {
      expect(entities.has(table as ChangeEntry['entity']), table).toBe(true);
    }

    const mine = await phone.changes(hello('sam-phone'));
    const allowed = new Set<string>(DRIVER_TABLES);
    expect(mine.changes.filter((change) => !allowed.has(change.entity))).toEqual([]);
    expect(new Set(jobIdsIn(mine.changes))).toEqual(
      new Set(['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3', 'JOB-2026-4']),
    );
    expect(mine.changes.some((change) => change.entity === 'vehicles')).toBe(true);
    // A device starting from nothing is told nothing of what it cannot see, not even an id.
    expect(JSON.stringify(mine.changes)).not.toContain('JOB-2026-5');

    // The office completes a job (a draft quote appears) and hands the driver's job to another.
    const completed = await signedIn(app, admin).patch('/api/jobs/JOB-2026-2', {
      status: 'Completed',
      progress: 100,
    });
    expect(completed.statusCode).toBe(200);
    const handed = await signedIn(app, admin).patch('/api/jobs/JOB-2026-4', {
      assignedTo: OTHER_DRIVER,
    });
    expect(handed.statusCode).toBe(200);

    const later = await phone.changesAfterPoke('sam-phone', mine.cursor);
    expect(later.changes.filter((change) => !allowed.has(change.entity))).toEqual([]);
    expect(jobIdsIn(later.changes)).toContain('JOB-2026-2');
    // The handed-on job and its history leave the device as deletes carrying no data.
    const removed = later.changes.filter((change) => change.op === 'delete');
    expect(removed.map((change) => [change.entity, change.rowId, change.data])).toEqual(
      expect.arrayContaining([
        ['jobs', 'JOB-2026-4', null],
        // Its history from before the last pull goes too, with the new history row.
        ['job_updates', 401, null],
      ]),
    );
    expect(
      later.changes.some(
        (change) => change.op === 'put' && JSON.stringify(change).includes('JOB-2026-4'),
      ),
    ).toBe(false);

    // The office's device still gets the quote the completion wrote.
    const officeLater = await office.changesAfterPoke('office-1', everything.cursor);
    expect(officeLater.changes.some((change) => change.entity === 'quotes')).toBe(true);
    office.socket.close();
    phone.socket.close();
  });
});
