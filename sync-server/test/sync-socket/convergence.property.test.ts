/**
 * Property: three devices making random staff writes, going offline at random, over a network
 * that drops connections, loses answers after the server committed, duplicates messages, lets
 * answers overtake each other, and a server that restarts — all converge to the server's state,
 * and every mutation the devices made is settled exactly once.
 *
 * The devices run the real web client (Dexie on fake-indexeddb, the engine, the rebase, ids
 * minted from leases the server granted). The server is the real apply path, reached through
 * the in-process wire of sim-server.ts instead of a socket, so 200 runs fit in a test run; the
 * socket itself is covered by engine.test.ts.
 *
 * At the end of every run, beyond convergence: no mutationId twice in `mutation_results`; every
 * mutation a device made settled once; no id minted by two devices (job numbers and job-update
 * ids) and no mutation refused as a duplicate; every outbox empty and each device's
 * needs-attention list exactly its rejected mutations; the log's head never went back, every
 * page carried seqs in increasing order after the cursor it answered, and every row's newest
 * log version is the row as stored; no device broke the protocol (nothing before its hello).
 *
 * A failure prints fast-check's seed and path; replay it with
 * `PROP_SEED=<seed> PROP_PATH=<path> npx vitest run test/sync-socket/convergence.property.test.ts`
 * (PROP_RUNS changes the number of runs, PROP_DEBUG=1 logs every message).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import '../../../web/src/sync/testing/node-indexeddb';
import { PilbaraDatabase } from '../../../web/src/db/database';
import { SyncEngine } from '../../../web/src/sync/engine';
import { mutateLocal } from '../../../web/src/sync/local-store';
import { mintIdFrom, wantedSeries, type Leases } from '../../../web/src/sync/leases';
import { SYNCED_TABLES } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import { openDatabase } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { currentCursor, pullChanges } from '../../src/db/change-log';
import { grantLease } from '../../src/sync/leases';
import { tempDir } from '../helper';
import { SimServer, type Faults } from './sim-server';

/** A seeded PRNG, so a failing run replays from fast-check's seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

type Step =
  | {
      kind: 'write';
      client: number;
      op: 'create' | 'enRoute' | 'start' | 'reassign' | 'cancel' | 'note';
      pick: number;
    }
  | { kind: 'offline' | 'online'; client: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'restart' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      client: fc.nat(2),
      op: fc.constantFrom(
        'create',
        'enRoute',
        'start',
        'reassign',
        'cancel',
        'note',
      ) as fc.Arbitrary<'create'>,
      pick: fc.nat(20),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('offline' as const, 'online' as const),
      client: fc.nat(2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.integer({ min: 0, max: 15 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let template: string | undefined;

/** A migrated database file, made once and copied for every run. */
function migratedTemplate(dir: string): string {
  if (!template) {
    template = path.join(dir, 'template.sqlite');
    const db = openDatabase(template);
    migrate(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  return template;
}

let runCounter = 0;

async function runScenario(steps: Step[], seed: number, dir: string): Promise<void> {
  runCounter += 1;
  const random = prng(seed);
  const file = path.join(dir, `run-${runCounter}.sqlite`);
  fs.copyFileSync(migratedTemplate(dir), file);
  const server = new SimServer(file, debugLog);
  const online = [true, true, true];
  let faults: Faults = { drop: 0.05, loseAnswer: 0.05, duplicate: 0.05, delay: 0.05 };
  const heads: number[] = [];
  const clients = [0, 1, 2].map((index) => {
    const db = new PilbaraDatabase(`prop-${process.pid}-${runCounter}-${index}`);
    const engine = new SyncEngine({
      db,
      connectors: [
        server.connector({
          isOnline: () => online[index] ?? false,
          faults: () => faults,
          random,
        }),
      ],
      backoff: { baseMs: 1, maxMs: 8 },
      random,
    });
    return { db, engine, created: [] as string[], minted: [] as (string | number)[] };
  });
  try {
    // Each device starts with a block of every series the server granted it (50 numbers, more
    // than a run mints).
    const granted = server.db
      .transaction(() =>
        clients.map((_, index) => {
          const clientId = `device-${runCounter}-${index}`;
          const leases: Leases = {};
          for (const series of wantedSeries()) {
            const holder = { clientId, userId: 1, role: 'admin' } as const;
            const { start, end } = grantLease(server.db, holder, series);
            leases[series] = [{ start, end, next: start }];
          }
          return { clientId, leases };
        }),
      )
      .immediate();
    for (const [index, client] of clients.entries()) {
      const { clientId, leases } = granted[index] ?? { clientId: '', leases: {} };
      await client.db.meta.bulkPut([
        { key: 'clientId', value: clientId },
        { key: 'leases', value: leases },
      ]);
    }
    const started = Date.now();
    for (const client of clients) await client.engine.start();
    for (const step of steps) {
      if (step.kind === 'write') {
        const client = clients[step.client];
        if (!client) continue;
        const mint = async (series: 'JOB' | 'job_updates') => {
          const id = await mintIdFrom(client.db, series);
          client.minted.push(id);
          return id;
        };
        const jobs = await client.db.jobs.toArray();
        const target = jobs.length ? jobs[step.pick % jobs.length]?.id : undefined;
        let name: string;
        let args: unknown;
        if (step.op === 'create' || !target) {
          const id = await mint('JOB');
          name = 'job.create';
          args = {
            id,
            updateId: await mint('job_updates'),
            customerName: `C ${String(id)}`,
            phone: '0412345678',
            service: 'Emergency Towing',
            location: 'Karratha',
          };
        } else if (step.op === 'enRoute') {
          name = 'job.markEnRoute';
          args = { id: target, updateId: await mint('job_updates') };
        } else if (step.op === 'start') {
          name = 'job.startService';
          args = { id: target, updateId: await mint('job_updates') };
        } else if (step.op === 'reassign') {
          const updateId = await mint('job_updates');
          name = 'job.reassign';
          args = { id: target, updateId, assignedTo: `Driver ${Number(updateId) % 3}` };
        } else if (step.op === 'cancel') {
          name = 'job.setStatus';
          args = { id: target, updateId: await mint('job_updates'), status: 'Cancelled' };
        } else {
          name = 'job.update';
          args = { id: target, patch: { notes: `note ${client.created.length}` } };
        }
        const result = await mutateLocal(client.db, name, args);
        if (result.ok) client.created.push(result.mutationId);
        client.engine.kick();
      } else if (step.kind === 'offline' || step.kind === 'online') {
        online[step.client] = step.kind === 'online';
        if (step.kind === 'online') clients[step.client]?.engine.reconnectNow();
      } else if (step.kind === 'wait') {
        await sleep(step.ms);
      } else {
        server.restart();
      }
      heads.push(currentCursor(server.db));
    }

    // The network heals and every device comes back.
    faults = { drop: 0, loseAnswer: 0, duplicate: 0, delay: 0 };
    online.fill(true);
    const deadline = Date.now() + 20_000;
    for (;;) {
      for (const client of clients) client.engine.reconnectNow();
      await sleep(5);
      const head = currentCursor(server.db);
      let settled = true;
      for (const client of clients) {
        await client.engine.idle();
        const pending = await client.db.outbox.count();
        const cursor = (await client.db.meta.get('cursor'))?.value ?? 0;
        if (pending > 0 || cursor !== head) settled = false;
      }
      if (settled) break;
      if (Date.now() > deadline) {
        for (const client of clients)
          debugLog(
            'stuck',
            client.engine.state,
            await client.db.outbox.count(),
            (await client.db.meta.get('cursor'))?.value,
            head,
          );
        throw new Error('The devices did not settle');
      }
    }
    heads.push(currentCursor(server.db));

    debugLog('settled in', Date.now() - started, 'ms');
    // Convergence: every device's visible and confirmed rows equal the server's.
    const snapshot = pullChanges(server.db, 0, 1_000_000).changes.filter((c) => c.op === 'put');
    const byId = (a: { id?: unknown } | null, b: { id?: unknown } | null) =>
      String(a?.id).localeCompare(String(b?.id));
    for (const table of SYNCED_TABLES) {
      const expected = snapshot
        .filter((c) => c.entity === table)
        .map((c) => c.data)
        .sort(byId);
      // The newest log version of every row is the row as stored: no version lost.
      const stored = server.db.prepare(`SELECT id FROM "${table}"`).all() as { id: unknown }[];
      expect(stored.map((row) => row.id).sort(), table).toEqual(
        expected.map((row) => row?.id).sort(),
      );
      for (const client of clients) {
        expect((await client.db.visible(table).toArray()).sort(byId)).toEqual(expected);
        expect((await client.db.confirmed(table).toArray()).sort(byId)).toEqual(expected);
      }
    }

    // Exactly once: each mutation a device made is settled once, no mutationId twice, and the
    // rejected ones (only those) are in that device's needs-attention list.
    const rows = server.db
      .prepare('SELECT mutationId, status, code FROM mutation_results')
      .all() as {
      mutationId: string;
      status: string;
      code: string | null;
    }[];
    expect(
      server.db
        .prepare('SELECT mutationId FROM mutation_results GROUP BY mutationId HAVING count(*) > 1')
        .all(),
    ).toEqual([]);
    const made = clients.flatMap((client) => client.created);
    expect(rows.map((r) => r.mutationId).sort()).toEqual([...made].sort());
    const rejected = new Set(rows.filter((r) => r.status === 'rejected').map((r) => r.mutationId));
    for (const client of clients) {
      const issues = (await client.db.syncIssues.toArray()).map((i) => i.mutationId).sort();
      expect(issues).toEqual(client.created.filter((id) => rejected.has(id)).sort());
      expect(await client.db.outbox.count()).toBe(0);
    }

    // No id minted twice, and nothing refused as a duplicate.
    const minted = clients.flatMap((client) => client.minted.map(String));
    expect(new Set(minted).size).toBe(minted.length);
    expect(rows.filter((r) => r.code === 'conflict')).toEqual([]);

    // The log never went back, and every page was in order after its cursor.
    for (let i = 1; i < heads.length; i++)
      expect(heads[i]).toBeGreaterThanOrEqual(heads[i - 1] ?? 0);
    expect(server.violations).toEqual([]);
  } finally {
    for (const client of clients) {
      await client.engine.stop();
      client.db.close();
      await client.db.delete();
    }
    server.close();
  }
}

const DEBUG = process.env.PROP_DEBUG === '1';
export function debugLog(...parts: unknown[]): void {
  if (DEBUG) console.log(...parts);
}

describe('sync convergence (property)', () => {
  it('three devices with random writes, offline periods, drops, duplicates, reordering and restarts converge, each mutation settled once', async () => {
    const dir = tempDir('pilbara-prop-');
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 3, maxLength: 25 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (steps, seed) => runScenario(steps, seed, dir),
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 200) },
    );
  }, 1_200_000);
});
