/**
 * The floor every push figure is a multiple of: the same N fuel records inserted into a fresh
 * SQLite file of the server's schema in one transaction, with nothing else (no validation, change
 * log, journal or verdicts). Its wall time and the CPU time of this process.
 */
import path from 'node:path';
import { openDatabase } from '../../sync-server/src/db/connection';
import { migrate } from '../../sync-server/src/db/migrate';
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
