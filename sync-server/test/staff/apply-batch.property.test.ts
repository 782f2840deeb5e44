/**
 * Exactly-once under a hostile network, at the apply path: three devices push their outboxes in
 * random batches that the network duplicates, reorders, truncates and fails transiently, and
 * each device keeps resending whatever the server has not settled. Now and then a device resets
 * its identity as if on false evidence: it takes a new client id and sends what it believes
 * unsettled (often including mutations the server did settle, whose answers it lost) renumbered
 * from 1, with their mutationIds. In the end every mutation is applied exactly once and has
 * exactly one verdict, whatever identities it travelled under, and every device's current
 * identity has a verdict for each of its seqs.
 */
import { seedRow } from '../helper';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';

import { applyBatch } from '../../src/sync/apply-mutation';
import type { ClientMutation } from '../../src/sync/device-batch';

const NOW = '2026-11-21T10:00:00.000Z';
const DEVICES = ['a', 'b', 'c'] as const;

type Outbox = Omit<ClientMutation, 'clientId' | 'userId'>[];

/** Device d's i-th mutation adds fuel record d*1000+i; every fifth one is a rejected reassignment. */
function outbox(device: number, length: number): Outbox {
  return Array.from({ length }, (_, index) => {
    const seq = index + 1;
    if (seq % 5 === 0) {
      return {
        seq,
        mutationId: `${device}-${seq}`,
        name: 'job.reassign',
        args: { id: 'JOB-2026-1', updateId: 90_000 + device * 1000 + seq, assignedTo: 'Both' },
      };
    }
    return {
      seq,
      mutationId: `${device}-${seq}`,
      name: 'fuel.add',
      args: {
        id: device * 1000 + seq,
        vehicleId: 1,
        location: 'Karratha',
        fuelType: 'Diesel',
        liters: 1000 + seq,
        pricePerLiter: 200,
        totalCost: 2000,
        odometerReading: seq,
      },
    };
  });
}

const step = fc.record({
  device: fc.integer({ min: 0, max: 2 }),
  /** Which slice of the unsettled outbox the device sends, and in what shape. */
  skip: fc.integer({ min: 0, max: 3 }),
  take: fc.integer({ min: 1, max: 8 }),
  duplicate: fc.boolean(),
  reverse: fc.boolean(),
  /** Replays already settled mutations too, as after a lost answer. */
  replayFrom: fc.integer({ min: 0, max: 6 }),
  /** The server fails on this many mutations into the batch (a transient fault), if set. */
  failAt: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  /** 0: before this step the device resets its identity. */
  reset: fc.integer({ min: 0, max: 9 }),
});

let templateImage: Buffer | undefined;

/** A migrated, seeded database image, built once and copied for every run. */
function template(): Buffer {
  if (!templateImage) {
    const db = openDatabase(':memory:');
    migrate(db);
    db.prepare(
      "INSERT INTO users (id, username, password, role, createdAt, updatedAt) VALUES (1, 'admin', 'x', 'admin', ?, ?)",
    ).run(NOW, NOW);
    seedRow(db, 'vehicles', {
      id: 1,
      name: 'Big Red',
      make: 'Isuzu',
      model: 'FVZ',
      registration: 'R1',
      type: 'Tow Truck',
      createdAt: NOW,
      updatedAt: NOW,
    });
    seedRow(db, 'jobs', {
      id: 'JOB-2026-1',
      customerName: 'X',
      phone: '1',
      status: 'Completed',
      service: 'S',
      location: 'L',
      progress: 100,
      createdAt: NOW,
      updatedAt: NOW,
    });
    templateImage = db.serialize();
    db.close();
  }
  return templateImage;
}

describe('applyBatch under duplicates, reordering, drops and transient faults', () => {
  it('applies every mutation exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 3, max: 20 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { maxLength: 40 }),
        (lengths, steps) => {
          const db = new Database(template());
          db.pragma('foreign_keys = ON');
          try {
            const original = DEVICES.map((_, device) => outbox(device + 1, lengths[device] ?? 3));
            const outboxes = original.map((box) => [...box]);
            const identities: string[] = [...DEVICES];
            const settled = [0, 0, 0];
            let resets = 0;

            const push = (device: number, batch: Outbox, failAt?: number) => {
              let trigger = false;
              if (failAt !== undefined && batch.length > failAt) {
                const victim = batch[failAt];
                const table = victim?.name === 'fuel.add' ? 'fuel_records' : 'job_updates';
                db.exec(
                  `CREATE TEMP TRIGGER fault BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'transient'); END`,
                );
                trigger = true;
              }
              try {
                const result = applyBatch(db, identities[device] ?? 'a', 1, batch, NOW);
                expect(result.mismatch).toBeUndefined();
                settled[device] = result.lastSeq;
                // Results come back for a prefix of the sorted batch, each for the seq asked.
                for (const r of result.results)
                  expect(batch.some((m) => m.seq === r.seq)).toBe(true);
              } finally {
                if (trigger) db.exec('DROP TRIGGER fault');
              }
            };

            for (const s of steps) {
              if (s.reset === 0) {
                // What the device still holds: everything past what it took in, which may be
                // behind what the server settled (lost answers).
                const kept = (outboxes[s.device] ?? []).slice(
                  Math.max(0, (settled[s.device] ?? 0) - s.replayFrom),
                );
                outboxes[s.device] = kept.map((m, index) => ({ ...m, seq: index + 1 }));
                identities[s.device] = `${DEVICES[s.device] ?? 'a'}-reset-${++resets}`;
                settled[s.device] = 0;
              }
              const box = outboxes[s.device] ?? [];
              const from = Math.max(0, (settled[s.device] ?? 0) - s.replayFrom);
              let batch = box.slice(from + s.skip, from + s.skip + s.take);
              if (s.duplicate) batch = [...batch, ...batch];
              if (s.reverse) batch = [...batch].reverse();
              push(s.device, batch, s.failAt);
            }
            // The network heals: each device resends everything unsettled until done.
            for (let device = 0; device < 3; device += 1) {
              const box = outboxes[device] ?? [];
              while ((settled[device] ?? 0) < box.length) push(device, box.slice(settled[device]));
            }

            for (let device = 0; device < 3; device += 1) {
              const all = original[device] ?? [];
              const fuel = all.filter((m) => m.name === 'fuel.add').length;
              const rows = db
                .prepare('SELECT count(*) AS n FROM fuel_records WHERE id BETWEEN ? AND ?')
                .get((device + 1) * 1000, (device + 1) * 1000 + 999) as { n: number };
              expect(rows.n).toBe(fuel);
              // One verdict per mutation the device ever made, under whichever identity.
              const verdicts = db
                .prepare(
                  "SELECT mutationId, status FROM mutation_results WHERE mutationId LIKE ? || '-%' ORDER BY mutationId",
                )
                .all(String(device + 1)) as { mutationId: string; status: string }[];
              expect(verdicts.map((r) => r.mutationId)).toEqual(
                all.map((m) => m.mutationId).sort(),
              );
              expect(verdicts.filter((r) => r.status === 'rejected')).toHaveLength(
                all.length - fuel,
              );
              // The current identity has a verdict for each of its seqs.
              const current = db
                .prepare(
                  'SELECT seq, mutationId FROM mutation_results WHERE clientId = ? ORDER BY seq',
                )
                .all(identities[device]) as { seq: number; mutationId: string }[];
              expect(current).toEqual(
                (outboxes[device] ?? []).map((m) => ({ seq: m.seq, mutationId: m.mutationId })),
              );
            }
            const logged = db
              .prepare("SELECT count(*) AS n FROM changes WHERE entity = 'fuel_records'")
              .get() as { n: number };
            const stored = db.prepare('SELECT count(*) AS n FROM fuel_records').get() as {
              n: number;
            };
            expect(logged.n).toBe(stored.n);
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);
});
