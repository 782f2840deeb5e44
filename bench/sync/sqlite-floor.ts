/**
 * The floor every push figure is a multiple of: the same N fuel records inserted into a fresh
 * SQLite file of the server's schema in one transaction, with nothing else (no validation, change
 * log, journal or verdicts). Its wall time and the CPU time of this process.
 */
import path from 'node:path';
import { openDatabase } from '../../sync-server/src/db/connection';
import { migrate } from '../../sync-server/src/db/migrate';
import { guardSchemaSql } from '../../sync-server/src/db/restore-guard';
import type { Db } from '../../sync-server/src/db/connection';
import { tempDir } from './bench-server';
import { NOW } from './fuel-queue';

export interface Cost {
  /** User + system CPU time of this process, ms. */
  cpu: number;
  wall: number;
}

/**
 * The tables exactly-once writes a row of for every pushed mutation: the record, its change-log
 * entry, its verdict, and its journal entry in the restore guard (attached as `guard`).
 */
const PER_MUTATION_TABLES = [
  'main.fuel_records',
  'main.changes',
  'main.mutation_results',
  'guard.journal',
] as const;

/** Rows and bytes (the length of every value, as SQLite counts it) in each of those tables. */
export type Written = Record<(typeof PER_MUTATION_TABLES)[number], { rows: number; bytes: number }>;

/** What {@link PER_MUTATION_TABLES} hold now in `db` (with its restore guard attached). */
export function written(db: Db): Written {
  const out = {} as Written;
  for (const table of PER_MUTATION_TABLES) {
    const [schema, name] = table.split('.') as [string, string];
    const columns = (db.pragma(`${schema}.table_info(${name})`) as { name: string }[]).map(
      (column) => `coalesce(length("${column.name}"), 0)`,
    );
    out[table] = db
      .prepare(
        `SELECT count(*) AS rows, coalesce(sum(${columns.join(' + ')}), 0) AS bytes FROM ${table}`,
      )
      .get() as { rows: number; bytes: number };
  }
  return out;
}

/** What was written between two readings of {@link written}. */
export function writtenSince(before: Written, after: Written): Written {
  const out = {} as Written;
  for (const table of PER_MUTATION_TABLES) {
    out[table] = {
      rows: after[table].rows - before[table].rows,
      bytes: after[table].bytes - before[table].bytes,
    };
  }
  return out;
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
 * change-log entry (the stored row as JSON, every column), its journal entry in the guard, and
 * its verdict (with the result a `fuel.add` answers: the stored record) — then the device's
 * lastSeq once per pushed batch, committing `perCommit` mutations at a time as the socket does
 * (it takes the SOCKET_PUSH_WINDOW batches a device keeps in flight into one commit). The same
 * bytes into the same tables and indexes: no parsing, validation, reads or business rules, so
 * what the push costs beyond this is the server's own overhead.
 */
export function exactlyOnceFloor(
  n: number,
  perCommit: number,
  perBatch: number,
): Cost & { written: Written } {
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
  const epoch = crypto.randomUUID();
  db.prepare(
    'INSERT INTO sync_clients (clientId, userId, lastSeq, createdAt, updatedAt) VALUES (?, 1, 0, ?, ?)',
  ).run(clientId, NOW, NOW);
  // The stored row as the log and the verdict carry it: every column of the table, in its order,
  // those a fuel receipt leaves empty as null.
  const columns = (db.pragma('table_info(fuel_records)') as { name: string }[]).map(
    (column) => column.name,
  );
  const given: Record<string, unknown> = {
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
  const record = db.prepare(
    'INSERT INTO fuel_records (id, vehicleId, dateTime, location, fuelType, liters, pricePerLiter, totalCost, odometerReading, fillType, createdAt) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const change = db.prepare(
    "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES ('fuel_records', ?, 'put', ?, 'staff', ?)",
  );
  const journal = db.prepare(
    `INSERT INTO guard.journal (at, epoch, changeSeq, origin, mutationId, name, userId, clientId, rows)
       VALUES (?, ?, ?, 'device', ?, 'fuel.add', 1, ?, ?)`,
  );
  const verdict = db.prepare(
    `INSERT INTO mutation_results (clientId, seq, mutationId, name, status, code, message, result, changeSeq, createdAt)
       VALUES (?, ?, ?, 'fuel.add', 'applied', NULL, NULL, ?, ?, ?)`,
  );
  const lastSeq = db.prepare(
    'UPDATE sync_clients SET lastSeq = ?, updatedAt = ? WHERE clientId = ?',
  );
  const before = written(db);
  const start = performance.now();
  const usage = process.cpuUsage();
  for (let from = 1; from <= n; from += perCommit) {
    const to = Math.min(from + perCommit - 1, n);
    db.transaction(() => {
      for (let i = from; i <= to; i++) {
        record.run(i, NOW, 'Karratha', 'Diesel', 80_000, 215, 17_200, 1000, 'Full', NOW);
        const row: Record<string, unknown> = {};
        for (const column of columns) row[column] = column === 'id' ? i : (given[column] ?? null);
        const stored = JSON.stringify(row);
        const seq = Number(change.run(BigInt(i), stored, NOW).lastInsertRowid);
        const mutationId = crypto.randomUUID();
        journal.run(NOW, epoch, seq, mutationId, clientId, `[["fuel_records",${i},"put"]]`);
        verdict.run(clientId, i, mutationId, `{"record":${stored}}`, seq, NOW);
        if ((i - from + 1) % perBatch === 0 || i === to) lastSeq.run(i, NOW, clientId);
      }
    })();
  }
  const cpu = cpuMs(usage);
  const wall = performance.now() - start;
  const rows = writtenSince(before, written(db));
  db.close();
  return { cpu, wall, written: rows };
}
