/**
 * The sync engine's known-bug list, each run with the real web client against the real
 * server over a real WebSocket (or the HTTP fallback where it says so).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import {
  heldLeases,
  holdsEverySeries,
  lowSeries,
  wantedSeries,
} from '../../../web/src/sync/leases';
import { mutateLocal } from '../../../web/src/sync/local-store';
import { runAsLeader } from '../../../web/src/sync/leader';
import type { Connector } from '../../../web/src/sync/transport';
import type { ServerMessage } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import { onTestEnd, testConfig } from '../helper';
import {
  makeClient,
  newDbName,
  write,
  newJob,
  restoreFromBackup,
  serverRows,
  startServer,
  waitFor,
  waitSynced,
  type RunningServer,
} from './harness';

/** Wraps a connector so a test can see and tamper with what the server sends. */
function tap(
  connector: Connector,
  onMessage: (message: ServerMessage, deliver: () => void, close: () => void) => void,
): Connector {
  return (handlers) => {
    let closeConn: () => void = () => undefined;
    const conn = connector({
      ...handlers,
      onMessage: (message) =>
        onMessage(
          message,
          () => handlers.onMessage(message),
          () => closeConn(),
        ),
    });
    closeConn = () => conn.close();
    return conn;
  };
}

/**
 * A client whose socket holds back every message of `type` from the server until `release()`,
 * which delivers what it held and lets the rest through.
 */
function holdBack(server: RunningServer, type: ServerMessage['type']) {
  const held: (() => void)[] = [];
  let holding = true;
  const client = makeClient(server, {
    connectors: ({ socket }) => [
      tap(socket, (message, deliver) => {
        if (message.type === type && holding) held.push(deliver);
        else deliver();
      }),
    ],
  });
  const release = () => {
    holding = false;
    for (const deliver of held.splice(0)) deliver();
  };
  return { client, held, release };
}

export function mutationCount(server: RunningServer): number {
  return (
    server.app.db.prepare('SELECT count(*) AS n FROM mutation_results').get() as { n: number }
  ).n;
}

describe('sync engine against the real server', () => {
  it('pushes offline writes and ends with the confirmed rows and an empty outbox', async () => {
    const server = await startServer();
    const client = makeClient(server);
    await mutateLocal(client.db, 'job.create', newJob(1));
    await mutateLocal(client.db, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 2 });
    await client.engine.start();
    await waitSynced(client, server);
    expect(serverRows(server, 'jobs')).toMatchObject([{ id: 'JOB-2026-1', status: 'En Route' }]);
    const local = await client.db.jobs.get('JOB-2026-1');
    expect(local).toMatchObject({ status: 'En Route', progress: 25 });
    expect(local?.updatedAt).toBe(serverRows(server, 'jobs')[0]?.updatedAt);
    await waitFor(() => client.engine.state === 'online', 2000, 'the online state');
  });

  it('says Synced on a first sync only once the device holds ids of every series', async () => {
    const server = await startServer();
    const { client, held, release } = holdBack(server, 'lease-grant');
    await client.engine.start();
    await waitFor(() => held.length === wantedSeries().length, 5000, 'every series asked for');
    // Caught up with nothing to send, but holding no ids: a driver who read "Synced" now and
    // drove out of signal could not take a step (its job update needs an id).
    expect(client.engine.state).toBe('syncing');
    expect(await holdsEverySeries(client.db)).toBe(false);
    release();
    await waitFor(() => client.engine.state === 'online', 5000, 'the online state');
    expect(await holdsEverySeries(client.db)).toBe(true);
  });

  it('pushes a write made while a push is in flight', async () => {
    const server = await startServer();
    const { client, held, release } = holdBack(server, 'results');
    await mutateLocal(client.db, 'job.create', newJob(1));
    await client.engine.start();
    await waitFor(() => held.length === 1, 5000, 'the first push to be answered');
    // The server has applied the first push; its answer has not arrived yet.
    await mutateLocal(client.db, 'job.create', newJob(2));
    client.engine.kick();
    release();
    await waitSynced(client, server);
    expect(serverRows(server, 'jobs').map((j) => j.id)).toEqual(['JOB-2026-1', 'JOB-2026-2']);
    expect(mutationCount(server)).toBe(2);
  });

  it('puts a rule-breaking mutation in needs attention with its reason, rolls it back and applies the ones behind it', async () => {
    const server = await startServer();
    const office = makeClient(server);
    await mutateLocal(office.db, 'job.create', newJob(1));
    await office.engine.start();
    await waitSynced(office, server);
    const truck = makeClient(server);
    await truck.engine.start();
    await waitSynced(truck, server);
    await truck.engine.stop();

    // The office cancels the job while the truck, offline, marks it en route and opens another.
    expect(
      await mutateLocal(office.db, 'job.setStatus', {
        id: 'JOB-2026-1',
        updateId: 3,
        status: 'Cancelled',
      }),
    ).toMatchObject({ ok: true });
    office.engine.kick();
    await waitSynced(office, server);
    await mutateLocal(truck.db, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 5 });
    await mutateLocal(truck.db, 'job.create', newJob(2));
    expect(await truck.db.jobs.get('JOB-2026-1')).toMatchObject({ status: 'En Route' });

    await truck.engine.start();
    await waitSynced(truck, server);
    const issues = await truck.db.syncIssues.toArray();
    expect(issues).toMatchObject([
      { name: 'job.markEnRoute', code: 'invalid_state', args: { id: 'JOB-2026-1' } },
    ]);
    expect(issues[0]?.message).toBeTruthy();
    // The optimistic En Route is rolled back to the server's Cancelled.
    expect(await truck.db.jobs.get('JOB-2026-1')).toMatchObject({ status: 'Cancelled' });
    expect(await truck.db.jobs.get('JOB-2026-2')).toMatchObject({ customerName: 'Customer 2' });
    expect(serverRows(server, 'jobs').map((j) => [j.id, j.status])).toEqual([
      ['JOB-2026-1', 'Cancelled'],
      ['JOB-2026-2', 'Assigned'],
    ]);
  });

  it('stops the batch at a transient server error without losing or skipping, and retries by itself', async () => {
    const server = await startServer();
    // The history table refuses writes for a while, as a full disk or a locked file would.
    server.app.db.exec(
      "CREATE TEMP TRIGGER hiccup BEFORE INSERT ON job_updates WHEN NEW.jobId = 'JOB-2026-2' BEGIN SELECT RAISE(ABORT, 'disk hiccup'); END",
    );
    let transientAnswers = 0;
    const client = makeClient(server, {
      connectors: ({ socket }) => [
        tap(socket, (message, deliver) => {
          if (message.type === 'results' && message.stopped === 'transient') transientAnswers += 1;
          deliver();
        }),
      ],
    });
    for (let n = 1; n <= 3; n++) await mutateLocal(client.db, 'job.create', newJob(n));
    await client.engine.start();
    await waitFor(() => serverRows(server, 'jobs').length === 1, 5000, 'the first mutation');
    // Give the engine time to fail at least once more; nothing behind the failure may be applied.
    await waitFor(
      async () => (await client.db.outbox.count()) === 2 && transientAnswers >= 3,
      5000,
      'retries',
    );
    // It kept retrying, and nothing behind the failure was applied or dropped.
    expect(serverRows(server, 'jobs').map((j) => j.id)).toEqual(['JOB-2026-1']);
    expect((await client.db.outbox.toArray()).map((m) => m.seq)).toEqual([2, 3]);
    server.app.db.exec('DROP TRIGGER hiccup');
    // No local write happens now: the retry must come from the engine's own timer.
    await waitSynced(client, server);
    expect(serverRows(server, 'jobs').map((j) => j.id)).toEqual([
      'JOB-2026-1',
      'JOB-2026-2',
      'JOB-2026-3',
    ]);
    expect(mutationCount(server)).toBe(3);
    expect(await client.db.syncIssues.count()).toBe(0);
  });

  it('with several batches in flight, a transient failure resends from the settled seq: none applied twice, none skipped', async () => {
    const server = await startServer();
    server.app.db.exec(
      "CREATE TEMP TRIGGER hiccup BEFORE INSERT ON job_updates WHEN NEW.jobId = 'JOB-2026-4' BEGIN SELECT RAISE(ABORT, 'disk hiccup'); END",
    );
    const answers: ServerMessage[] = [];
    const client = makeClient(server, {
      // Five batches of two: the socket's window has several of them in flight at once.
      batchSize: 2,
      connectors: ({ socket }) => [
        tap(socket, (message, deliver) => {
          if (message.type === 'results') answers.push(message);
          deliver();
        }),
      ],
    });
    for (let n = 1; n <= 10; n++) await mutateLocal(client.db, 'job.create', newJob(n));
    await client.engine.start();
    await waitFor(
      () => answers.some((a) => a.type === 'results' && a.stopped === 'gap'),
      10_000,
      'a push in flight behind the failure answered as a gap',
    );
    // Behind the failed seq (4) nothing was applied, whatever was already on its way.
    expect(serverRows(server, 'jobs').map((j) => j.id)).toEqual([
      'JOB-2026-1',
      'JOB-2026-2',
      'JOB-2026-3',
    ]);
    expect(answers.find((a) => a.type === 'results' && a.stopped === 'transient')).toMatchObject({
      lastSeq: 3,
    });
    server.app.db.exec('DROP TRIGGER hiccup');
    await waitSynced(client, server);
    expect(
      serverRows(server, 'jobs')
        .map((j) => j.id)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `JOB-2026-${i + 1}`).sort());
    expect(mutationCount(server)).toBe(10);
    expect(await client.db.outbox.count()).toBe(0);
    expect(await client.db.syncIssues.count()).toBe(0);
  });

  it('applies a mutation once when the server committed it but the answer was lost', async () => {
    const server = await startServer();
    let dropped = 0;
    const client = makeClient(server, {
      connectors: ({ socket }) => [
        tap(socket, (message, deliver, close) => {
          if (message.type === 'results' && dropped === 0) {
            dropped += 1;
            close();
            return;
          }
          // Pokes and pages for the dropped connection are lost with it.
          if (dropped === 1 && message.type !== 'results') {
            deliver();
            return;
          }
          deliver();
        }),
      ],
    });
    await mutateLocal(client.db, 'job.create', newJob(1));
    await mutateLocal(client.db, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 2 });
    await client.engine.start();
    await waitSynced(client, server);
    expect(dropped).toBe(1);
    expect(mutationCount(server)).toBe(2);
    expect(serverRows(server, 'job_updates')).toHaveLength(2);
    expect(serverRows(server, 'jobs')).toMatchObject([{ status: 'En Route' }]);
  });

  it('does not clobber a pending edit when a pull runs before the push, and ends in the server order', async () => {
    const server = await startServer();
    const office = makeClient(server);
    await mutateLocal(office.db, 'job.create', newJob(1));
    await office.engine.start();
    await waitSynced(office, server);
    const order: string[] = [];
    const truck = makeClient(server, {
      connectors: ({ socket }) => [
        tap(socket, (message, deliver) => {
          order.push(message.type);
          deliver();
        }),
      ],
    });
    await truck.engine.start();
    await waitSynced(truck, server);
    await truck.engine.stop();

    await mutateLocal(truck.db, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 3 });
    await write(office, 'job.reassign', { id: 'JOB-2026-1', updateId: 4, assignedTo: 'Mick' });
    await waitSynced(office, server);

    // Hold the truck's push back so its pull is applied first.
    let releasePush: () => void = () => undefined;
    const pushGate = new Promise<void>((resolve) => {
      releasePush = resolve;
    });
    const seen: unknown[] = [];
    const truck2 = makeClient(server, {
      dbName: truck.db.name,
      connectors: ({ socket }) => [
        (handlers) => {
          const conn = socket({
            ...handlers,
            onMessage: (message) => {
              handlers.onMessage(message);
              if (message.type === 'changes') {
                void truck.db.jobs.get('JOB-2026-1').then((job) => seen.push(job));
              }
            },
          });
          return {
            kind: conn.kind,
            close: () => conn.close(),
            send: (message) => {
              if (message.type === 'push') void pushGate.then(() => conn.send(message));
              else conn.send(message);
            },
          };
        },
      ],
    });
    await truck2.engine.start();
    await waitFor(
      async () => (await truck2.db.confirmed('jobs').get('JOB-2026-1'))?.assignedTo === 'Mick',
      5000,
      'the pull',
    );
    await truck2.engine.idle();
    // The pulled reassignment shows, and the pending En Route is still there on top of it.
    expect(await truck2.db.jobs.get('JOB-2026-1')).toMatchObject({
      assignedTo: 'Mick',
      status: 'En Route',
    });
    releasePush();
    await waitSynced(truck2, server);
    const final = serverRows(server, 'jobs')[0];
    expect(final).toMatchObject({ assignedTo: 'Mick', status: 'En Route' });
    expect(await truck2.db.jobs.get('JOB-2026-1')).toMatchObject({
      assignedTo: 'Mick',
      status: 'En Route',
      updatedAt: final?.updatedAt,
    });
    await waitSynced(office, server);
    expect(await office.db.jobs.get('JOB-2026-1')).toMatchObject({
      assignedTo: 'Mick',
      status: 'En Route',
    });
  });

  it('keeps its cursor across a reload and does not pull from zero again', async () => {
    const server = await startServer();
    const first = makeClient(server);
    for (let n = 1; n <= 20; n++) await mutateLocal(first.db, 'job.create', newJob(n));
    await first.engine.start();
    await waitSynced(first, server);
    await first.engine.stop();
    first.db.close();

    let received = 0;
    const reloaded = makeClient(server, {
      dbName: first.db.name,
      connectors: ({ socket }) => [
        tap(socket, (message, deliver) => {
          if (message.type === 'changes') received += message.changes.length;
          deliver();
        }),
      ],
    });
    expect(await reloaded.db.jobs.count()).toBe(20);
    await reloaded.engine.start();
    await waitFor(() => reloaded.engine.state === 'online', 5000, 'online');
    expect(received).toBe(0);
  });

  it('detects a server restored from an older backup and resyncs, keeping its outbox and sending back what was acknowledged since', async () => {
    const config = testConfig();
    const server = await startServer({ config });
    const client = makeClient(server);
    await mutateLocal(client.db, 'job.create', newJob(1));
    await client.engine.start();
    await waitSynced(client, server);
    const backup = path.join(path.dirname(config.databaseFile), 'backup.sqlite');
    await server.app.db.backup(backup);
    for (let n = 2; n <= 4; n++) await write(client, 'job.create', newJob(n));
    await waitSynced(client, server);
    await client.engine.stop();
    await server.app.close();

    // The operator restores last night's backup.
    const restoredServer = await restoreFromBackup(config, backup, server.cookie);

    await mutateLocal(client.db, 'job.create', newJob(5));
    const again = makeClient(restoredServer, { dbName: client.db.name });
    await again.engine.start();
    await waitSynced(again, restoredServer);
    // The jobs acknowledged after the backup came back from the device, and the
    // write made meanwhile reached the server; the device shows the server's state.
    const all = ['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3', 'JOB-2026-4', 'JOB-2026-5'];
    expect(serverRows(restoredServer, 'jobs').map((j) => j.id)).toEqual(all);
    expect((await again.db.jobs.toArray()).map((j) => j.id).sort()).toEqual(all);
    expect(await again.db.confirmed('jobs').count()).toBe(5);
  });

  it('a server restored from an older backup never hands out numbers a device still holds', async () => {
    const config = testConfig();
    const server = await startServer({ config });
    // Last night's backup, taken before any device leased numbers.
    const backup = path.join(path.dirname(config.databaseFile), 'backup.sqlite');
    await server.app.db.backup(backup);
    const first = makeClient(server);
    await first.engine.start();
    await waitSynced(first, server);
    await waitFor(
      async () => (await lowSeries(first.db)).length === 0,
      10_000,
      'the device to hold leases',
    );
    const held = await heldLeases(first.db);
    expect(held.length).toBeGreaterThan(0);
    await first.engine.stop();
    await server.app.close();

    const restoredServer = await restoreFromBackup(config, backup, server.cookie);

    // The first device comes back and says what it holds; then a new device asks for numbers.
    const back = makeClient(restoredServer, { dbName: first.db.name });
    await back.engine.start();
    await waitSynced(back, restoredServer);
    const second = makeClient(restoredServer);
    await second.engine.start();
    await waitSynced(second, restoredServer);
    await waitFor(
      async () => (await lowSeries(second.db)).length === 0,
      10_000,
      'the new device to hold leases',
    );
    const theirs = await heldLeases(second.db);
    for (const mine of held) {
      for (const other of theirs.filter((lease) => lease.series === mine.series)) {
        expect(
          other.end < mine.start || other.start > mine.end,
          `${mine.series}: ${mine.start}-${mine.end} and ${other.start}-${other.end} overlap`,
        ).toBe(true);
      }
    }
    // And the ids the server mints itself (a job staff create on the server) skip them too.
    for (const mine of held) {
      const { next } = restoredServer.app.db
        .prepare('SELECT next FROM id_series WHERE series = ?')
        .get(mine.series) as { next: number };
      expect(next, mine.series).toBeGreaterThan(mine.end);
    }
  });

  it('drops a block the server never granted it, asks again, and moves no counter', async () => {
    const server = await startServer();
    const client = makeClient(server);
    // A block the device says it holds that no grant stands behind (a copy, a bug, a forgery).
    await client.db.meta.put({
      key: 'leases',
      value: { job_updates: [{ start: 999_999_950, end: 999_999_999, next: 999_999_950 }] },
    });
    await client.engine.start();
    await waitSynced(client, server);
    await waitFor(
      async () => (await lowSeries(client.db)).length === 0,
      10_000,
      'the device to hold leases',
    );
    const updates = (await heldLeases(client.db)).filter((lease) => lease.series === 'job_updates');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.end).toBeLessThan(1_000);
    const { next } = server.app.db
      .prepare("SELECT next FROM id_series WHERE series = 'job_updates'")
      .get() as { next: number };
    expect(next).toBe(updates[0]!.end + 1);
    await waitFor(() => client.engine.state === 'online', 10_000, 'Synced');
  });

  it('orders by the server, whatever the device clocks say', async () => {
    const server = await startServer();
    const hours = 3600_000;
    const ahead = makeClient(server, { now: () => new Date(Date.now() + 9 * hours) });
    const behind = makeClient(server, { now: () => new Date(Date.now() - 9 * hours) });
    await mutateLocal(ahead.db, 'job.create', newJob(1), () => new Date(Date.now() + 9 * hours));
    await ahead.engine.start();
    await waitSynced(ahead, server);
    await behind.engine.start();
    await waitSynced(behind, server);
    await write(
      ahead,
      'job.update',
      { id: 'JOB-2026-1', patch: { notes: 'first' } },
      () => new Date(Date.now() + 9 * hours),
    );
    await waitSynced(ahead, server);
    await write(
      behind,
      'job.update',
      { id: 'JOB-2026-1', patch: { notes: 'second' } },
      () => new Date(Date.now() - 9 * hours),
    );
    await waitSynced(behind, server);
    await waitSynced(ahead, server);
    const row = serverRows(server, 'jobs')[0];
    expect(row).toMatchObject({ notes: 'second' });
    // The server stamped the time, within this test's real run.
    expect(Math.abs(Date.parse(String(row?.updatedAt)) - Date.now())).toBeLessThan(60_000);
    expect(await ahead.db.jobs.get('JOB-2026-1')).toMatchObject({
      notes: 'second',
      updatedAt: row?.updatedAt,
    });
  });

  it('syncs over the HTTP fallback when the socket cannot open', async () => {
    const server = await startServer();
    let socketTries = 0;
    const client = makeClient(server, {
      httpPollMs: 50,
      connectors: ({ http }) => [
        (handlers) => {
          socketTries += 1;
          queueMicrotask(() => handlers.onClose({ opened: false, reason: 'blocked by a proxy' }));
          return { kind: 'socket', send() {}, close() {} };
        },
        http,
      ],
    });
    await mutateLocal(client.db, 'job.create', newJob(1));
    await client.engine.start();
    await waitSynced(client, server);
    expect(socketTries).toBeGreaterThan(0);
    expect(serverRows(server, 'jobs')).toHaveLength(1);
    // Changes from elsewhere arrive by polling.
    const other = makeClient(server);
    await mutateLocal(other.db, 'job.create', newJob(2));
    await other.engine.start();
    await waitSynced(other, server);
    await waitFor(async () => (await client.db.jobs.count()) === 2, 5000, 'the poll');
  });
});

describe('two tabs of one browser', () => {
  it('elects one leader; both tabs see every change and no push is duplicated', async () => {
    const server = await startServer();
    const name = newDbName();
    // Web Locks as the browser grants them: one holder per name, the rest queue in order.
    const queues = new Map<string, (() => void)[]>();
    const locks = {
      async request(
        lockName: string,
        options: { signal?: AbortSignal },
        callback: () => Promise<void>,
      ) {
        const queue = queues.get(lockName) ?? [];
        queues.set(lockName, queue);
        if (queue.length > 0) {
          await new Promise<void>((resolve, reject) => {
            queue.push(resolve);
            options.signal?.addEventListener('abort', () =>
              reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
            );
          });
        } else queue.push(() => undefined);
        try {
          await callback();
        } finally {
          queue.shift();
          queue[0]?.();
        }
      },
    };
    let pushes = 0;
    const pushedSeqs: number[] = [];
    const tabs = [0, 1].map(() => {
      const tab = makeClient(server, {
        dbName: name,
        connectors: ({ socket }) => [
          (handlers) => {
            const conn = socket(handlers);
            return {
              kind: conn.kind,
              close: () => conn.close(),
              send: (message) => {
                if (message.type === 'push') {
                  pushes += 1;
                  pushedSeqs.push(...message.mutations.map((m) => m.seq));
                }
                conn.send(message);
              },
            };
          },
        ],
      });
      const abort = new AbortController();
      let leading = false;
      const done = runAsLeader(
        'leader',
        async () => {
          leading = true;
          await tab.engine.start();
          return async () => {
            leading = false;
            await tab.engine.stop();
          };
        },
        abort.signal,
        locks,
      );
      onTestEnd(() => abort.abort());
      return { ...tab, abort, done, isLeader: () => leading };
    });
    const [first, second] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
    await waitFor(() => first.isLeader(), 2000, 'a leader');
    expect(second.isLeader()).toBe(false);

    // A write in the follower tab lands in the shared outbox; the leader pushes it.
    await mutateLocal(second.db, 'job.create', newJob(1));
    await mutateLocal(first.db, 'job.create', newJob(2));
    first.engine.kick();
    await waitSynced(first, server);
    expect(await second.db.jobs.count()).toBe(2);
    expect(new Set(pushedSeqs).size).toBe(pushedSeqs.length);

    // The leader's tab closes: the other one takes over and carries on.
    first.abort.abort();
    await first.done;
    await waitFor(() => second.isLeader(), 2000, 'the second tab to lead');
    await mutateLocal(second.db, 'job.create', newJob(3));
    second.engine.kick();
    await waitSynced(second, server);
    expect(serverRows(server, 'jobs')).toHaveLength(3);
    expect(mutationCount(server)).toBe(3);
    expect(pushes).toBeGreaterThan(0);
  });
});
