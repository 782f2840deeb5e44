/**
 * The floor every push figure is a multiple of: the same N fuel records inserted into a fresh
 * SQLite file of the server's schema in one transaction, with nothing else (no validation, change
 * log, journal or verdicts). Its wall time and the CPU time of this process.
 */
import path from 'node:path';
import { openDatabase } from '../../sync-server/src/db/connection';
import { migrate } from '../../sync-server/src/db/migrate';
import { guardSchemaSql } from '../../sync-server/src/db/restore-guard';
import { tempDir } from './bench-server';
import { NOW } from './fuel-queue';

export interface Cost {
  /** User + system CPU time of this process, ms. */
  cpu: number;
  wall: number;
}

/** CPU time of this process since `since`, ms. */
export function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

export function sqliteFloor(n: number): Cost {
  const db = openDatabase(path.join(tempDir(), 'floor.sqlite'));
  migrate(db);
  db.prepare(
    "INSERT INTO vehicles (id, name, make, model, year, registration, type, status, mileage, serviceInterval, createdAt, updatedAt) VALUES (1, 'Big Red', 'Isuzu', 'FVZ', 2021, '1ABC123', 'Heavy Recovery', 'active', 500000, 10000, ?, ?)",
  ).run(NOW, NOW);
  const insert = db.prepare(
    'INSERT INTO fuel_records (id, vehicleId, dateTime, location, fuelType, liters, pricePerLiter, totalCost, odometerReading, fillType, createdAt) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const start = performance.now();
  const usage = process.cpuUsage();
  db.transaction(() => {
    for (let i = 1; i <= n; i++)
      insert.run(i, NOW, 'Karratha', 'Diesel', 80_000, 215, 17_200, 1000, 'Full', NOW);
  })();
  const cpu = cpuMs(usage);
  const wall = performance.now() - start;
  db.close();
  return { cpu, wall };
}

/**
 * The floor of exactly-once: per mutation the rows a push must write and nothing else, in the
 * server's database and its attached restore guard with the server's pragmas — the record, its
 * change-log entry (the stored row as JSON), its journal entry in the guard, and its verdict —
 * then the device's lastSeq once per commit, committing `perCommit` mutations at a time as the
 * socket does. No parsing, validation or business rules: what the push costs beyond this is
 * the server's own overhead.
 */
export function exactlyOnceFloor(n: number, perCommit: number): Cost {
  const dir = tempDir();
  const db = openDatabase(path.join(dir, 'floor.sqlite'));
  migrate(db);
  db.prepare('ATTACH DATABASE ? AS guard').run(path.join(dir, 'guard.sqlite'));
  db.pragma('guard.journal_mode = WAL');
  db.pragma('guard.synchronous = FULL');
  db.exec(guardSchemaSql('guard'));
  db.prepare(
    "INSERT INTO vehicles (id, name, make, model, year, registration, type, status, mileage, serviceInterval, createdAt, updatedAt) VALUES (1, 'Big Red', 'Isuzu', 'FVZ', 2021, '1ABC123', 'Heavy Recovery', 'active', 500000, 10000, ?, ?)",
  ).run(NOW, NOW);
  const clientId = crypto.randomUUID();
  db.prepare(
    'INSERT INTO sync_clients (clientId, userId, lastSeq, createdAt, updatedAt) VALUES (?, 1, 0, ?, ?)',
  ).run(clientId, NOW, NOW);
  const record = db.prepare(
    'INSERT INTO fuel_records (id, vehicleId, dateTime, location, fuelType, liters, pricePerLiter, totalCost, odometerReading, fillType, createdAt) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const change = db.prepare(
    "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES ('fuel_records', ?, 'put', ?, 'staff', ?)",
  );
  const journal = db.prepare(
    `INSERT INTO guard.journal (at, epoch, changeSeq, origin, mutationId, name, userId, clientId, rows)
       VALUES (?, 'floor', ?, 'device', ?, 'fuel.add', 1, ?, ?)`,
  );
  const verdict = db.prepare(
    `INSERT INTO mutation_results (clientId, seq, mutationId, name, status, code, message, result, changeSeq, createdAt)
       VALUES (?, ?, ?, 'fuel.add', 'applied', NULL, NULL, ?, ?, ?)`,
  );
  const lastSeq = db.prepare(
    'UPDATE sync_clients SET lastSeq = ?, updatedAt = ? WHERE clientId = ?',
  );
  const start = performance.now();
  const usage = process.cpuUsage();
  for (let from = 1; from <= n; from += perCommit) {
    const to = Math.min(from + perCommit - 1, n);
    db.transaction(() => {
      for (let i = from; i <= to; i++) {
        record.run(i, NOW, 'Karratha', 'Diesel', 80_000, 215, 17_200, 1000, 'Full', NOW);
        const row = {
          id: i,
          vehicleId: 1,
          dateTime: NOW,
          location: 'Karratha',
          fuelType: 'Diesel',
          liters: 80_000,
          pricePerLiter: 215,
          totalCost: 17_200,
          odometerReading: 1000,
          fillType: 'Full',
          createdAt: NOW,
        };
        const seq = Number(change.run(BigInt(i), JSON.stringify(row), NOW).lastInsertRowid);
        const mutationId = crypto.randomUUID();
        journal.run(
          NOW,
          seq,
          mutationId,
          clientId,
          JSON.stringify([{ entity: 'fuel_records', rowId: i, op: 'put' }]),
        );
        verdict.run(clientId, i, mutationId, JSON.stringify({ id: i }), seq, NOW);
      }
      lastSeq.run(to, NOW, clientId);
    })();
  }
  const cpu = cpuMs(usage);
  const wall = performance.now() - start;
  db.close();
  return { cpu, wall };
}
