/**
 * Forward-only numbered migrations (the model of actualbudget/actual).
 *
 * Files in sync-server/migrations are named `NNNN_description.sql` and applied in order, each in
 * its own transaction, and recorded in `schema_migrations`. A database whose applied list is not
 * a prefix of the files on disk (a migration renamed, removed or edited after it ran) fails
 * loudly at start rather than running on a schema nobody knows.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root';
import type { Db } from './connection';
import { REWORDED_MIGRATIONS } from './reworded-migrations';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_-]+\.sql$/;

export interface Migration {
  id: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * The checksum of a migration's statements: the file without its `--` comments and with its
 * spacing collapsed, so a reworded comment leaves it unchanged (reworded-migrations.ts).
 */
export function statementsChecksum(sql: string): string {
  const statements = sql
    .replace(/--[^\n]*/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
  return crypto.createHash('sha256').update(statements).digest('hex');
}

/** Whether `recorded` is an earlier wording of `migration`, whose statements are unchanged. */
function rewordedFrom(migration: Migration, recorded: string): boolean {
  const reworded = REWORDED_MIGRATIONS[migration.id];
  return (
    reworded !== undefined &&
    reworded.earlier.includes(recorded) &&
    statementsChecksum(migration.sql) === reworded.statements
  );
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const seen = new Set<string>();
  return files.map((file) => {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new MigrationError(`Migration file name is not NNNN_name.sql: ${file}`);
    const number = match[1] as string;
    if (seen.has(number)) throw new MigrationError(`Two migrations share the number ${number}`);
    seen.add(number);
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const checksum = crypto.createHash('sha256').update(sql).digest('hex');
    return { id: file.replace(/\.sql$/, ''), sql, checksum };
  });
}

/** Applies every pending migration; returns the ids applied by this call. */
export function migrate(
  db: Db,
  dir: string = MIGRATIONS_DIR,
  now: () => Date = () => new Date(),
): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id TEXT PRIMARY KEY,
    checksum TEXT NOT NULL,
    appliedAt TEXT NOT NULL
  )`);
  const migrations = readMigrations(dir);
  const applied = db.prepare('SELECT id, checksum FROM schema_migrations ORDER BY id').all() as {
    id: string;
    checksum: string;
  }[];

  const reworded: Migration[] = [];
  applied.forEach((row, index) => {
    const onDisk = migrations[index];
    if (!onDisk || onDisk.id !== row.id) {
      throw new MigrationError(
        `Applied migrations diverge from ${dir}: the database has ${row.id} at position ${index + 1}, ` +
          `the folder has ${onDisk?.id ?? 'nothing'}. Migrations are forward-only; restore the file.`,
      );
    }
    if (onDisk.checksum !== row.checksum) {
      if (rewordedFrom(onDisk, row.checksum)) reworded.push(onDisk);
      else
        throw new MigrationError(
          `Migration ${row.id} was edited after it was applied; add a new migration instead.`,
        );
    }
  });
  const recheck = db.prepare('UPDATE schema_migrations SET checksum = ? WHERE id = ?');
  for (const migration of reworded) recheck.run(migration.checksum, migration.id);

  const pending = migrations.slice(applied.length);
  const record = db.prepare(
    'INSERT INTO schema_migrations (id, checksum, appliedAt) VALUES (?, ?, ?)',
  );
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.checksum, now().toISOString());
    }).immediate();
  }
  return pending.map((migration) => migration.id);
}
