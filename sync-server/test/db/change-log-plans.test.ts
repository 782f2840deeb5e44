/**
 * Every lookup of the change log by row uses the (entity, rowId) index, for every synced table:
 * integer ids are stored as integers, and no query compares `changes.rowId` in a way
 * that would make SQLite convert it (which rules the index out and makes a lookup a scan).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { SYNCED_TABLES, type SyncedTable } from '@pilbara/shared-schema';
import { openDatabase, type Db } from '../../src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { TABLES } from '../../src/db/tables';
import { PREVIOUS_VERSION_SQL, PULL_SQL, logRowId, unloggedRowsSql } from '../../src/db/change-log';
import { COMPACTION_SQL } from '../../src/sync/retention';
import { onTestEnd, tempDir } from '../helper';

function freshDb(): Db {
  const db = openDatabase(path.join(tempDir(), 'plans.sqlite'));
  onTestEnd(() => db.close());
  migrate(db);
  return db;
}

/** The query plan's lines (EXPLAIN QUERY PLAN `detail`) for `sql` with `params`. */
function plan(db: Db, sql: string, params: unknown[]): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
    (row) => row.detail,
  );
}

/** The plan's lines that read `changes` under `alias` (or unaliased). */
function changesLines(lines: string[], alias: string): string[] {
  return lines.filter((line) => new RegExp(`^(SEARCH|SCAN) ${alias}\\b`).test(line));
}

const BY_ROW = /USING (COVERING )?INDEX changes_row \(entity=\? AND rowId=\?/;

function sampleId(entity: SyncedTable): string | number {
  return TABLES[entity].idType === 'integer' ? 5 : 'X-2026-5';
}

describe('change-log lookups use the (entity, rowId) index', () => {
  it.each(SYNCED_TABLES)('%s: the start-up safety net probes the index per row', (entity) => {
    const db = freshDb();
    const lines = plan(db, unloggedRowsSql(entity), [0, entity]);
    const lookup = changesLines(lines, 'c');
    expect(lookup, lines.join('\n')).toHaveLength(1);
    expect(lookup[0]).toMatch(BY_ROW);
    // The table itself is read from the mark on (a rowid range), not from its start.
    expect(lines.join('\n')).toMatch(/SEARCH t USING INTEGER PRIMARY KEY \(rowid>\?\)/);
  });

  it.each(SYNCED_TABLES)('%s: a lookup by row id finds the entry by index', (entity) => {
    const db = freshDb();
    const id = sampleId(entity);
    db.prepare(
      "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES (?, ?, 'put', '{}', 'staff', '2026-11-24')",
    ).run(entity, logRowId(id));
    const stored = db.prepare('SELECT typeof(rowId) AS t FROM changes').get() as { t: string };
    expect(stored.t).toBe(TABLES[entity].idType === 'integer' ? 'integer' : 'text');
    const sql = 'SELECT seq FROM changes WHERE entity = ? AND rowId = ?';
    expect(plan(db, sql, [entity, logRowId(id)]).join('\n')).toMatch(BY_ROW);
    // Bound as the app binds it, and as a plain JS number (a REAL), the lookup finds it.
    expect(db.prepare(sql).all(entity, logRowId(id))).toHaveLength(1);
    expect(db.prepare(sql).all(entity, id)).toHaveLength(1);
  });

  it('a pull finds the later version of each entry by index', () => {
    const lines = plan(freshDb(), PULL_SQL, [0, 100]);
    expect(changesLines(lines, 'later')).toEqual([
      expect.stringMatching(
        /USING COVERING INDEX changes_row \(entity=\? AND rowId=\? AND seq>\?\)/,
      ),
    ]);
    // The page itself is a range of the primary key.
    expect(changesLines(lines, 'c')).toEqual([
      expect.stringMatching(/USING INTEGER PRIMARY KEY \(rowid>\?\)/),
    ]);
  });

  it('a compaction step finds the newer version by index, in a range of the log', () => {
    const lines = plan(freshDb(), COMPACTION_SQL, [0, 10, 10]);
    expect(changesLines(lines, 'newer')).toEqual([
      expect.stringMatching(
        /USING COVERING INDEX changes_row \(entity=\? AND rowId=\? AND seq>\? AND seq<\?\)/,
      ),
    ]);
    expect(changesLines(lines, 'c')).toEqual([
      expect.stringMatching(/USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/),
    ]);
  });

  it("the notifier finds a job's previous version by index", () => {
    const lines = plan(freshDb(), PREVIOUS_VERSION_SQL, ['jobs', 'JOB-2026-1', 10]);
    expect(lines.join('\n')).toMatch(/changes_row \(entity=\? AND rowId=\? AND seq<\?\)/);
  });
});

describe('migration 0008_change_log_types', () => {
  it('turns integer row ids stored as reals back into integers, text ids untouched', () => {
    const dir = tempDir();
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(before);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '0008'))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const db = openDatabase(path.join(dir, 'old.sqlite'));
    onTestEnd(() => db.close());
    migrate(db, before);
    const insert = db.prepare(
      "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES (?, ?, 'put', '{}', 'staff', '2026-11-24')",
    );
    // What the server before this migration stored: a JS number binds as a REAL.
    insert.run('fuel_records', 12);
    insert.run('jobs', 'JOB-2026-1');
    expect(db.prepare('SELECT typeof(rowId) AS t FROM changes ORDER BY seq').all()).toEqual([
      { t: 'real' },
      { t: 'text' },
    ]);

    migrate(db);
    expect(db.prepare('SELECT rowId, typeof(rowId) AS t FROM changes ORDER BY seq').all()).toEqual([
      { rowId: 12, t: 'integer' },
      { rowId: 'JOB-2026-1', t: 'text' },
    ]);
  });
});

describe('only the change log writes synced tables', () => {
  const SRC = path.resolve(MIGRATIONS_DIR, '..', 'src');
  const sources = (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), 'utf8') }));

  it('no module but the change log calls the row writers that accept synced tables', () => {
    const callers = sources
      .filter(({ text }) => /\b(storeRow|removeRow)\(/.test(text))
      .map(({ file }) => file)
      .sort();
    expect(callers).toEqual(['db/change-log.ts', 'db/rows.ts']);
  });

  it('no SQL in the server writes a synced table directly', () => {
    const tables = SYNCED_TABLES.join('|');
    const direct = new RegExp(
      `\\b(INSERT(\\s+OR\\s+[A-Z]+)?\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?(${tables})\\b`,
    );
    expect(sources.filter(({ text }) => direct.test(text)).map(({ file }) => file)).toEqual([]);
  });
});
