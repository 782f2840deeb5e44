/**
 * Migration 0017: registration uniqueness, already a rule of the mutators
 * (`registrationKey`: without case, spaces or hyphens), becomes a unique index too. Vehicles an
 * older server stored that clash keep the oldest as it is and rename the rest, logged so
 * devices receive the rename; from then on the database refuses a clash whatever writes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registrationKey } from '@pilbara/shared-schema';
import { openDatabase } from '../../src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { onTestEnd, tempDir } from '../helper';

describe('migration 0017_registration_key', () => {
  it('renames clashing registrations, logs the rename and refuses new clashes', () => {
    const dir = tempDir();
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '0017'))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = openDatabase(path.join(dir, 'old.sqlite'));
    onTestEnd(() => db.close());
    migrate(db, before);
    const insert = db.prepare(
      `INSERT INTO vehicles (id, name, make, model, registration, type, createdAt, updatedAt)
       VALUES (?, ?, 'Isuzu', 'NPR', ?, 'Tow Truck', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    );
    const log = db.prepare(
      `INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
       VALUES ('vehicles', ?, 'put', ?, 'staff', '2026-01-01T00:00:00.000Z')`,
    );
    for (const [id, registration] of [
      [1, '1HRT-001'],
      [2, '1hrt 001'],
      [3, '1BXV-442'],
    ] as const) {
      insert.run(id, `Truck ${id}`, registration);
      log.run(id, JSON.stringify({ id, name: `Truck ${id}`, registration, isActive: true }));
    }

    expect(migrate(db)).toContain('0017_registration_key');
    const rows = db.prepare('SELECT id, registration FROM vehicles ORDER BY id').all();
    expect(rows).toEqual([
      { id: 1, registration: '1HRT-001' },
      { id: 2, registration: '1hrt 001 (duplicate 2)' },
      { id: 3, registration: '1BXV-442' },
    ]);
    // The rename is in the log, on top of the row's data as devices had it.
    const logged = db
      .prepare("SELECT data FROM changes WHERE entity = 'vehicles' AND rowId = 2 ORDER BY seq DESC")
      .get() as { data: string };
    expect(JSON.parse(logged.data)).toMatchObject({
      id: 2,
      name: 'Truck 2',
      registration: '1hrt 001 (duplicate 2)',
      isActive: true,
    });
    // The database now reads registrations as registrationKey does.
    for (const clash of ['1hrt-001', ' 1HRT001', '1BXV 442', '1-b-x-v-4-4-2'])
      expect(() => insert.run(9, 'Clash', clash), clash).toThrow(/UNIQUE constraint failed/);
    expect(registrationKey('1-b-x-v-4-4-2')).toBe(registrationKey('1BXV-442'));
    insert.run(9, 'New truck', '1HRT-002');
  });
});
