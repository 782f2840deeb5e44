/**
 * Property: three devices making random staff writes, going offline at random, over a network
 * that drops connections, loses answers after the server committed, duplicates messages, and a
 * server that restarts — all converge to the server's state, and every mutation the devices made
 * is settled exactly once.
 *
 * The devices run the real web client (Dexie on fake-indexeddb, the engine, the rebase). The
 * server is the real apply path — `handleClientMessage` (applyBatch with savepoints, pullChanges,
 * leases) on a temporary SQLite file — reached through an in-process connector instead of a
 * socket, so 200 runs fit in a test run; the socket itself is covered by engine.test.ts.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import '../../../web/src/sync/testing/node-indexeddb';
import { PilbaraDatabase } from '../../../web/src/db/database';
import { SyncEngine } from '../../../web/src/sync/engine';
import { mutateLocal } from '../../../web/src/sync/local-store';
import { wantedSeries } from '../../../web/src/sync/leases';
import type { Connector } from '../../../web/src/sync/transport';
import { SYNCED_TABLES, type ServerMessage } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import { openDatabase, type Db } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { currentCursor, onChanges, pullChanges } from '../../src/sync/change-log';
import { handleClientMessage } from '../../src/sync/session';
import { tempDir } from '../helper';

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

interface Faults {
  /** A client message is lost and the connection drops. */
  drop: number;
  /** The server commits but the answer is lost and the connection drops. */
  loseAnswer: number;
  /** A message is delivered twice. */
  duplicate: number;
}

/** The server process: a SQLite file, reopened on restart; connections die with it. */
class SimServer {
  db: Db;
  private readonly conns = new Set<{ close: () => void; poke: (cursor: number) => void }>();
  private unsubscribe: () => void;

  constructor(private readonly file: string) {
    this.db = this.open();
    this.unsubscribe = this.listen();
  }

  private open(): Db {
    const db = openDatabase(this.file);
    migrate(db);
    return db;
  }

  private listen(): () => void {
    return onChanges(this.db, () => {
      const head = currentCursor(this.db);
      for (const conn of this.conns) conn.poke(head);
    });
  }

  restart(): void {
    for (const conn of [...this.conns]) conn.close();
    this.unsubscribe();
    this.db.close();
    this.db = this.open();
    this.unsubscribe = this.listen();
  }

  close(): void {
    this.unsubscribe();
    this.db.close();
  }

  connector(isOnline: () => boolean, faults: () => Faults, random: () => number): Connector {
    return (handlers) => {
      let closed = false;
      const entry = {
        close: () => {
          if (closed) return;
          closed = true;
          this.conns.delete(entry);
          handlers.onClose({ opened: true, reason: 'dropped' });
        },
        poke: (cursor: number) => deliver([{ type: 'poke', cursor }]),
      };
      const deliver = (messages: ServerMessage[]) => {
        setTimeout(() => {
          for (const message of messages) {
            if (closed) return;
            debugLog('<<', JSON.stringify(message).slice(0, 160));
            handlers.onMessage(message);
            if (random() < faults().duplicate) handlers.onMessage(message);
          }
        }, 0);
      };
      if (!isOnline()) {
        setTimeout(() => handlers.onClose({ opened: false, reason: 'offline' }), 0);
        return { kind: 'socket', send() {}, close() {} };
      }
      this.conns.add(entry);
      setTimeout(() => {
        if (!closed) handlers.onOpen();
      }, 0);
      return {
        kind: 'socket',
        send: (message) => {
          if (closed) return;
          debugLog('>>', JSON.stringify(message).slice(0, 160));
          const f = faults();
          if (random() < f.drop) {
            setTimeout(() => entry.close(), 0);
            return;
          }
          const times = random() < f.duplicate ? 2 : 1;
          setTimeout(() => {
            for (let i = 0; i < times; i++) {
              if (closed) return;
              const answers = handleClientMessage(
                { db: this.db, userId: 1, now: () => new Date() },
                message,
              );
              if (random() < f.loseAnswer) {
                entry.close();
                return;
              }
              deliver(answers);
            }
          }, 0);
        },
        close: () => entry.close(),
      };
    };
  }
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

let runCounter = 0;

async function runScenario(steps: Step[], seed: number, dir: string): Promise<void> {
  runCounter += 1;
  const random = prng(seed);
  const server = new SimServer(path.join(dir, `run-${runCounter}.sqlite`));
  const online = [true, true, true];
  let faults: Faults = { drop: 0.05, loseAnswer: 0.05, duplicate: 0.05 };
  const clients = [0, 1, 2].map((index) => {
    const db = new PilbaraDatabase(`prop-${process.pid}-${runCounter}-${index}`);
    const engine = new SyncEngine({
      db,
      connectors: [
        server.connector(
          () => online[index] ?? false,
          () => faults,
          random,
        ),
      ],
      backoff: { baseMs: 1, maxMs: 8 },
      random,
    });
    return { db, engine, created: [] as string[], counter: 0 };
  });
  try {
    // Leases are covered elsewhere; big blocks here keep each run to the mutations themselves.
    const leases = Object.fromEntries(
      wantedSeries().map((series) => [series, [{ start: 1, end: 1_000_000, next: 1 }]]),
    );
    for (const client of clients) await client.db.meta.put({ key: 'leases', value: leases });
    const started = Date.now();
    for (const client of clients) await client.engine.start();
    for (const step of steps) {
      if (step.kind === 'write') {
        const client = clients[step.client];
        if (!client) continue;
        client.counter += 1;
        const n = (step.client + 1) * 10_000 + client.counter;
        const jobs = await client.db.jobs.toArray();
        const target = jobs.length ? jobs[step.pick % jobs.length]?.id : undefined;
        let name: string;
        let args: unknown;
        if (step.op === 'create' || !target) {
          name = 'job.create';
          args = {
            id: `JOB-2026-${n}`,
            updateId: n,
            customerName: `C${n}`,
            phone: '0412345678',
            service: 'Emergency Towing',
            location: 'Karratha',
          };
        } else if (step.op === 'enRoute') {
          name = 'job.markEnRoute';
          args = { id: target, updateId: n };
        } else if (step.op === 'start') {
          name = 'job.startService';
          args = { id: target, updateId: n };
        } else if (step.op === 'reassign') {
          name = 'job.reassign';
          args = { id: target, updateId: n, assignedTo: `Driver ${n % 3}` };
        } else if (step.op === 'cancel') {
          name = 'job.setStatus';
          args = { id: target, updateId: n, status: 'Cancelled' };
        } else {
          name = 'job.update';
          args = { id: target, patch: { notes: `note ${n}` } };
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
    }

    // The network heals and every device comes back.
    faults = { drop: 0, loseAnswer: 0, duplicate: 0 };
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

    debugLog('settled in', Date.now() - started, 'ms');
    // Convergence: every device's visible and confirmed rows equal the server's.
    const snapshot = pullChanges(server.db, 0, 1_000_000).changes.filter((c) => c.op === 'put');
    for (const client of clients) {
      for (const table of SYNCED_TABLES) {
        const expected = snapshot
          .filter((c) => c.entity === table)
          .map((c) => c.data)
          .sort((a, b) => String(a?.id).localeCompare(String(b?.id)));
        const visible = (await client.db.visible(table).toArray()).sort((a, b) =>
          String(a.id).localeCompare(String(b.id)),
        );
        const confirmed = (await client.db.confirmed(table).toArray()).sort((a, b) =>
          String(a.id).localeCompare(String(b.id)),
        );
        expect(visible).toEqual(expected);
        expect(confirmed).toEqual(expected);
      }
    }

    // Exactly once: each mutation a device made is settled once, and the rejected ones (only
    // those) are in that device's needs-attention list.
    const rows = server.db.prepare('SELECT mutationId, status FROM mutation_results').all() as {
      mutationId: string;
      status: string;
    }[];
    const made = clients.flatMap((client) => client.created);
    expect(rows.map((r) => r.mutationId).sort()).toEqual([...made].sort());
    const rejected = new Set(rows.filter((r) => r.status === 'rejected').map((r) => r.mutationId));
    for (const client of clients) {
      const issues = (await client.db.syncIssues.toArray()).map((i) => i.mutationId).sort();
      expect(issues).toEqual(client.created.filter((id) => rejected.has(id)).sort());
    }
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
  it('three devices with random writes, offline periods, drops, duplicates and restarts converge, each mutation settled once', async () => {
    const dir = tempDir('pilbara-prop-');
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 3, maxLength: 25 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (steps, seed) => runScenario(steps, seed, dir),
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 200) },
    );
  }, 600_000);
});
