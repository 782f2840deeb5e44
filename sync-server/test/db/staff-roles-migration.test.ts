/**
 * Migration 0010 on a database an older server wrote: a role text other than customer, driver
 * and admin (which the old server treated as a customer) becomes customer, and from then on
 * the database refuses such text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { onTestEnd, tempDir } from '../helper';

describe('migration 0010_staff_roles', () => {
  it('makes an unknown role a customer and refuses new ones', () => {
    const dir = tempDir();
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '0010'))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = openDatabase(path.join(dir, 'old.sqlite'));
    onTestEnd(() => db.close());
    migrate(db, before);
    const insert = db.prepare(
      "INSERT INTO users (username, password, role, createdAt, updatedAt) VALUES (?, 'x', ?, '2026-01-01', '2026-01-01')",
    );
    insert.run('boss', 'admin');
    insert.run('kim', 'customer');
    insert.run('odd', 'staff');

    expect(migrate(db)).toContain('0010_staff_roles');
    const roles = db.prepare('SELECT username, role FROM users ORDER BY id').all();
    expect(roles).toEqual([
      { username: 'boss', role: 'admin' },
      { username: 'kim', role: 'customer' },
      { username: 'odd', role: 'customer' },
    ]);
    expect(() => insert.run('new', 'superuser')).toThrow(/unknown role/);
  });
});
