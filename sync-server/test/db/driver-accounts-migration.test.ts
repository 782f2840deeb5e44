/**
 * Migrations 0026 and 0027: customers and staff get separate username namespaces (the users
 * table rebuilt, sessions kept), and jobs assigned by name get the account of that name, when
 * exactly one staff account has it, logged so devices receive it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { onTestEnd, tempDir } from '../helper';

const T = '2026-01-01T00:00:00.000Z';

describe('migrations 0026_account_namespaces and 0027_driver_accounts', () => {
  it('keeps every account and session, and gives jobs the one account of their name', () => {
    const dir = tempDir();
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '0026'))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = openDatabase(path.join(dir, 'old.sqlite'));
    onTestEnd(() => db.close());
    migrate(db, before);
    const user = db.prepare(
      `INSERT INTO users (id, username, password, firstName, lastName, role, createdAt, updatedAt)
       VALUES (?, ?, 'x', ?, ?, ?, '${T}', '${T}')`,
    );
    user.run(1, 'admin', 'Admin', null, 'admin');
    user.run(2, 'sam', 'Sam', 'Taylor', 'driver');
    user.run(3, 'alex', ' Alex ', 'Morgan ', 'driver');
    user.run(4, 'sam2', 'Kim', 'Ng', 'driver');
    user.run(5, 'kimng', 'Kim', 'Ng', 'driver');
    user.run(6, 'jordan', null, null, 'driver');
    user.run(7, 'casey', 'Sam', 'Taylor', 'customer');
    db.prepare(
      `INSERT INTO sessions (id, userId, createdAt, expiresAt) VALUES ('s-2', 2, '${T}', '2099-01-01T00:00:00.000Z')`,
    ).run();
    const job = db.prepare(
      `INSERT INTO jobs (id, customerName, phone, service, location, assignedTo, createdAt, updatedAt)
       VALUES (?, 'Pat', '0400000000', 'Towing', 'Karratha', ?, '${T}', '${T}')`,
    );
    const log = db.prepare(
      `INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
       VALUES ('jobs', ?, 'put', ?, 'staff', '${T}')`,
    );
    const assignments: [string, string | null][] = [
      ['JOB-2026-1', 'Sam Taylor'],
      ['JOB-2026-2', 'Alex Morgan'],
      ['JOB-2026-3', 'Kim Ng'],
      ['JOB-2026-4', 'jordan'],
      ['JOB-2026-5', 'Both'],
      ['JOB-2026-6', null],
      ['JOB-2026-7', 'Nobody Here'],
    ];
    for (const [id, assignedTo] of assignments) {
      job.run(id, assignedTo);
      log.run(id, JSON.stringify({ id, assignedTo, customerName: 'Pat' }));
    }

    const applied = migrate(db);
    expect(applied.slice(0, 2)).toEqual(['0026_account_namespaces', '0027_driver_accounts']);
    expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 7 });
    expect(db.prepare('SELECT id, userId FROM sessions').all()).toEqual([{ id: 's-2', userId: 2 }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);

    const drivers = db.prepare('SELECT id, assignedDriverId FROM jobs ORDER BY id').all();
    expect(drivers).toEqual([
      // Sam Taylor the driver, not the customer of that name.
      { id: 'JOB-2026-1', assignedDriverId: 2 },
      // Names are read trimmed, as the assignment name is.
      { id: 'JOB-2026-2', assignedDriverId: 3 },
      // Two drivers called Kim Ng: neither, the job stays with the admins.
      { id: 'JOB-2026-3', assignedDriverId: null },
      // A driver without a name is named by the username.
      { id: 'JOB-2026-4', assignedDriverId: 6 },
      { id: 'JOB-2026-5', assignedDriverId: null },
      { id: 'JOB-2026-6', assignedDriverId: null },
      { id: 'JOB-2026-7', assignedDriverId: null },
    ]);
    // Logged on top of the data devices had, for the jobs that changed only.
    const latest = db
      .prepare(
        "SELECT rowId, data FROM changes WHERE entity = 'jobs' AND data LIKE '%assignedDriverId%' ORDER BY rowId",
      )
      .all() as { rowId: string; data: string }[];
    expect(latest.map((row) => [row.rowId, JSON.parse(row.data)])).toEqual([
      [
        'JOB-2026-1',
        { id: 'JOB-2026-1', assignedTo: 'Sam Taylor', customerName: 'Pat', assignedDriverId: 2 },
      ],
      [
        'JOB-2026-2',
        { id: 'JOB-2026-2', assignedTo: 'Alex Morgan', customerName: 'Pat', assignedDriverId: 3 },
      ],
      [
        'JOB-2026-4',
        { id: 'JOB-2026-4', assignedTo: 'jordan', customerName: 'Pat', assignedDriverId: 6 },
      ],
    ]);

    // The namespaces: a customer may take a staff name, not another customer's.
    expect(() => user.run(8, 'admin', null, null, 'customer')).not.toThrow();
    expect(() => user.run(9, 'casey', null, null, 'customer')).toThrow(/UNIQUE/);
    expect(() => user.run(10, 'sam', null, null, 'admin')).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE users SET role = 'driver' WHERE id = 7").run()).toThrow(
      /stays a customer or stays staff/,
    );
    expect(() => user.run(11, 'x', null, null, 'boss')).toThrow(/unknown role/);
  });
});
