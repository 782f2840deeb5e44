import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import { MIGRATIONS_DIR, MigrationError, migrate, readMigrations } from './migrate';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
});

function tempDb(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-migrate-'));
  const file = path.join(dir, 'test.sqlite');
  const db = openDatabase(file);
  cleanups.push(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { db, file };
}

function tempMigrations(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-migrations-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('migrate', () => {
  it('applies every migration once and records it', () => {
    const { db } = tempDb();
    const applied = migrate(db);
    expect(applied).toEqual(readMigrations().map((m) => m.id));
    expect(applied[0]).toBe('0001_init');
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT id FROM schema_migrations ORDER BY id').all();
    expect(rows).toHaveLength(applied.length);
  });

  it('opens the database in WAL mode with foreign keys on', () => {
    const { db } = tempDb();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('applies only the new migrations on a later start', () => {
    const { db } = tempDb();
    const dir = tempMigrations({ '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);' });
    expect(migrate(db, dir)).toEqual(['0001_a']);
    fs.writeFileSync(path.join(dir, '0002_b.sql'), 'CREATE TABLE b (id INTEGER PRIMARY KEY);');
    expect(migrate(db, dir)).toEqual(['0002_b']);
  });

  it('fails loudly when an applied migration is missing from the folder', () => {
    const { db } = tempDb();
    const dir = tempMigrations({
      '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);',
      '0002_b.sql': 'CREATE TABLE b (id INTEGER PRIMARY KEY);',
    });
    migrate(db, dir);
    fs.renameSync(path.join(dir, '0002_b.sql'), path.join(dir, '0002_renamed.sql'));
    expect(() => migrate(db, dir)).toThrow(MigrationError);
    expect(() => migrate(db, dir)).toThrow(/diverge/);
  });

  it('fails loudly when an applied migration was edited', () => {
    const { db } = tempDb();
    const dir = tempMigrations({ '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);' });
    migrate(db, dir);
    fs.writeFileSync(
      path.join(dir, '0001_a.sql'),
      'CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT);',
    );
    expect(() => migrate(db, dir)).toThrow(/edited/);
  });

  it('rolls back a failing migration and records nothing for it', () => {
    const { db } = tempDb();
    const dir = tempMigrations({
      '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);',
      '0002_bad.sql': 'CREATE TABLE c (id INTEGER PRIMARY KEY); THIS IS NOT SQL;',
    });
    expect(() => migrate(db, dir)).toThrow();
    const ids = db.prepare('SELECT id FROM schema_migrations').all();
    expect(ids).toEqual([{ id: '0001_a' }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
  });

  it('rejects badly named migration files', () => {
    const dir = tempMigrations({ 'init.sql': 'SELECT 1;' });
    expect(() => readMigrations(dir)).toThrow(/NNNN_name/);
  });

  it('ships numbered migrations only', () => {
    expect(() => readMigrations(MIGRATIONS_DIR)).not.toThrow();
  });
});
