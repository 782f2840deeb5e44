/**
 * A generic row codec for the entity tables, driven by {@link TABLES}.
 *
 * Rows go in and come out as plain JS objects shaped like the shared-schema entities: JSON
 * columns are parsed, 0/1 columns become booleans, and SQL NULL becomes `null`. Column names are
 * checked against the live table (PRAGMA table_info), so a caller's object key can never become
 * SQL. Statements are prepared once per database and shape, then reused.
 *
 * The sync apply path and the REST repositories both write through here, so a row looks the
 * same whichever way it arrived.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './connection';
import { SYNCED_TABLES } from '@pilbara/shared-schema';
import { withTrackingToken } from './tracking-tokens';
import { withDocumentNumber } from './document-numbers';
import {
  TABLES,
  isTableName,
  type Row,
  type RowId,
  type TableMeta,
  type TableName,
} from './tables';

interface ColumnInfo {
  name: string;
  notNull: boolean;
  /** SQL default expression as PRAGMA reports it, or null. */
  defaultSql: string | null;
}

interface TableCache {
  columns: ColumnInfo[];
  columnNames: Set<string>;
  statements: Map<string | number, Statement<unknown[]>>;
}

const caches = new WeakMap<Db, Map<TableName, TableCache>>();

function tableCache(db: Db, table: TableName): TableCache {
  if (!isTableName(table)) throw new Error(`Unknown table ${String(table)}`);
  let perDb = caches.get(db);
  if (!perDb) {
    perDb = new Map();
    caches.set(db, perDb);
  }
  let cache = perDb.get(table);
  if (!cache) {
    const info = db.prepare(`PRAGMA table_info("${table}")`).all() as {
      name: string;
      notnull: number;
      dflt_value: string | null;
    }[];
    if (info.length === 0) throw new Error(`Table ${table} does not exist; run the migrations`);
    const columns = info.map((column) => ({
      name: column.name,
      notNull: column.notnull === 1,
      defaultSql: column.dflt_value,
    }));
    cache = { columns, columnNames: new Set(columns.map((c) => c.name)), statements: new Map() };
    perDb.set(table, cache);
  }
  return cache;
}

function statement(db: Db, table: TableName, key: string | number, build: () => string) {
  const cache = tableCache(db, table);
  let prepared = cache.statements.get(key);
  if (!prepared) {
    prepared = db.prepare<unknown[]>(build());
    cache.statements.set(key, prepared);
  }
  return prepared;
}

/**
 * A statement that returns whole rows of `table` as arrays (`raw` mode), with its column names.
 * Reading arrays and naming the values here is much cheaper than better-sqlite3 building an
 * object per row, and the row is decoded in the same pass.
 */
interface RowReader {
  statement: Statement<unknown[]>;
  names: string[];
}

const readers = new WeakMap<Statement<unknown[]>, RowReader>();

function rowReader(db: Db, table: TableName, key: string | number, build: () => string): RowReader {
  const prepared = statement(db, table, key, build);
  let reader = readers.get(prepared);
  if (!reader) {
    prepared.raw(true);
    reader = { statement: prepared, names: prepared.columns().map((column) => column.name) };
    readers.set(prepared, reader);
  }
  return reader;
}

/** Decodes a row `reader` returned as an array into the entity shape. */
function decodeValues<T>(table: TableName, reader: RowReader, values: unknown[]): T {
  // SQLite re-prepares `SELECT *` after a schema change; take the new column list then.
  if (values.length !== reader.names.length)
    reader.names = reader.statement.columns().map((column) => column.name);
  const { json, booleans } = codecOf(table);
  const { names } = reader;
  const row: Row = {};
  for (let i = 0; i < names.length; i++) {
    const column = names[i] as string;
    const value = values[i];
    if (value === null || value === undefined) row[column] = null;
    else if (json.has(column)) row[column] = JSON.parse(String(value)) as unknown;
    else if (booleans.has(column)) row[column] = value === 1 || value === true;
    else row[column] = value;
  }
  return row as T;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

function checkColumns(db: Db, table: TableName, names: readonly string[]): void {
  const { columnNames } = tableCache(db, table);
  for (const name of names) {
    if (!columnNames.has(name)) throw new Error(`Table ${table} has no column ${name}`);
  }
}

/** The column names of a table, in table order. */
export function tableColumns(db: Db, table: TableName): string[] {
  return tableCache(db, table).columns.map((column) => column.name);
}

/** Encodes one JS value for a column of `table`. */
function encodeValue(table: TableName, column: string, value: unknown): unknown {
  return encodeWith(codecOf(table), column, value);
}

function encodeWith(
  { json, booleans }: { json: Set<string>; booleans: Set<string> },
  column: string,
  value: unknown,
): unknown {
  if (value === undefined || value === null) return null;
  if (json.has(column)) return JSON.stringify(value);
  if (booleans.has(column) || typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** The JSON and boolean columns of each table as sets (decoding runs for every row read). */
const codecColumns = new Map<TableName, { json: Set<string>; booleans: Set<string> }>();

function codecOf(table: TableName): { json: Set<string>; booleans: Set<string> } {
  let codec = codecColumns.get(table);
  if (!codec) {
    const meta: TableMeta = TABLES[table];
    codec = { json: new Set(meta.json), booleans: new Set(meta.booleans) };
    codecColumns.set(table, codec);
  }
  return codec;
}

/** Decodes a row as SQLite returned it into the entity shape. */
export function decodeRow<T = Row>(table: TableName, raw: Row): T {
  const { json, booleans } = codecOf(table);
  const row: Row = {};
  for (const column in raw) {
    const value = raw[column];
    if (value === null || value === undefined) row[column] = null;
    else if (json.has(column)) row[column] = JSON.parse(String(value)) as unknown;
    else if (booleans.has(column)) row[column] = value === 1 || value === true;
    else row[column] = value;
  }
  return row as T;
}

export function getRow<T = Row>(db: Db, table: TableName, id: RowId): T | undefined {
  const reader = rowReader(db, table, 'get', () => `SELECT * FROM ${quote(table)} WHERE id = ?`);
  const values = reader.statement.get(id) as unknown[] | undefined;
  return values ? decodeValues<T>(table, reader, values) : undefined;
}

export interface FindOptions {
  /** A column name; prefix with '-' for descending ('-createdAt'). */
  orderBy?: string;
  limit?: number;
  offset?: number;
}

/**
 * Rows whose columns equal every value in `where` (`null` matches SQL NULL). Without an
 * `orderBy`, rows come in id order, so results are stable.
 */
export function findRows<T = Row>(
  db: Db,
  table: TableName,
  where: Record<string, unknown> = {},
  opts: FindOptions = {},
): T[] {
  const entries = Object.entries(where).filter(([, value]) => value !== undefined);
  const names = entries.map(([name]) => name);
  const orderColumn = opts.orderBy?.replace(/^-/, '') ?? 'id';
  const descending = opts.orderBy?.startsWith('-') ?? false;
  checkColumns(db, table, [...names, orderColumn]);

  const conditions = entries.map(([name, value]) =>
    value === null ? `${quote(name)} IS NULL` : `${quote(name)} = ?`,
  );
  const key = `find:${conditions.join('&')}:${orderColumn}:${descending}:${opts.limit !== undefined}:${opts.offset !== undefined}`;
  const prepared = statement(db, table, key, () => {
    let sql = `SELECT * FROM ${quote(table)}`;
    if (conditions.length) sql += ` WHERE ${conditions.join(' AND ')}`;
    sql += ` ORDER BY ${quote(orderColumn)} ${descending ? 'DESC' : 'ASC'}`;
    if (orderColumn !== 'id') sql += `, id ${descending ? 'DESC' : 'ASC'}`;
    if (opts.limit !== undefined) sql += ' LIMIT ?';
    if (opts.offset !== undefined) sql += `${opts.limit === undefined ? ' LIMIT -1' : ''} OFFSET ?`;
    return sql;
  });
  const params = entries
    .filter(([, value]) => value !== null)
    .map(([name, value]) => encodeValue(table, name, value));
  if (opts.limit !== undefined) params.push(opts.limit);
  if (opts.offset !== undefined) params.push(opts.offset);
  return (prepared.all(...params) as Row[]).map((raw) => decodeRow<T>(table, raw));
}

/** How many rows match `where` (same matching as {@link findRows}). */
export function countRows(db: Db, table: TableName, where: Record<string, unknown> = {}): number {
  const entries = Object.entries(where).filter(([, value]) => value !== undefined);
  checkColumns(
    db,
    table,
    entries.map(([name]) => name),
  );
  const conditions = entries.map(([name, value]) =>
    value === null ? `${quote(name)} IS NULL` : `${quote(name)} = ?`,
  );
  const prepared = statement(db, table, `count:${conditions.join('&')}`, () => {
    let sql = `SELECT count(*) AS n FROM ${quote(table)}`;
    if (conditions.length) sql += ` WHERE ${conditions.join(' AND ')}`;
    return sql;
  });
  const params = entries
    .filter(([, value]) => value !== null)
    .map(([name, value]) => encodeValue(table, name, value));
  return (prepared.get(...params) as { n: number }).n;
}

/**
 * Inserts the row, or replaces the stored row with the same id as a whole: columns the object
 * does not mention go back to their SQL default (NULL when none). It is an upsert on `id`, not
 * DELETE + INSERT, so rows that refer to this one are untouched. Keys that are not columns of
 * the table are ignored (entities may carry derived fields). Returns the stored row.
 */
export function putRow<T = Row>(db: Db, table: TableName, given: Row): T {
  refuseSynced(table, 'putRow');
  return storeRow<T>(db, table, given);
}

const SYNCED = new Set<string>(SYNCED_TABLES);

/**
 * A synced table is written only with its change-log entry in the same transaction
 * (db/change-log.ts: `writeChanges`, `putLogged`), so no pull ever has to look for rows the
 * log does not know: the plain writers refuse them.
 */
function refuseSynced(table: TableName, writer: string): void {
  if (SYNCED.has(table)) {
    throw new Error(
      `${writer}(${table}): ${table} is synced; write it through the change log (writeChanges)`,
    );
  }
}

/**
 * {@link putRow} for any table, synced ones included. Only the change log calls it (it appends
 * the log entry in the same transaction); a test checks no other module does.
 */
export function storeRow<T = Row>(db: Db, table: TableName, given: Row): T {
  if (given.id === undefined || given.id === null) throw new Error(`putRow(${table}) needs an id`);
  // Every stored job and booking has a tracking token (tracking-tokens.ts), and every job, quote,
  // invoice and credit note its document number (document-numbers.ts), written onto `given` too
  // so a mutation's result holding the same row answers with it.
  const row = withDocumentNumber(db, table, withTrackingToken(db, table, given));
  if (row !== given && row.number !== undefined) given.number = row.number;
  const cache = tableCache(db, table);
  const codec = codecOf(table);
  // One pass over the columns: this runs for every row a mutation writes. The statement is
  // found by which columns the row has: a bit per column while they fit in one number (a
  // number is a far cheaper map key than a string of every column name).
  const values: unknown[] = [];
  const columns = cache.columns;
  const byBits = columns.length <= 30;
  let bits = 0;
  let names = '';
  for (let i = 0; i < columns.length; i++) {
    const name = (columns[i] as ColumnInfo).name;
    if (Object.hasOwn(row, name)) {
      values.push(encodeWith(codec, name, row[name]));
      if (byBits) bits |= 1 << i;
      else names += `${name},`;
    }
  }
  const key = byBits ? bits : `put:${names}`;
  const known = cache.statements.get(key);
  const reader =
    (known && readers.get(known)) ??
    rowReader(db, table, key, () => {
      const present = columns.filter((c) => Object.hasOwn(row, c.name));
      const absent = columns.filter((c) => !Object.hasOwn(row, c.name));
      const names = present.map((c) => quote(c.name));
      const updates = [
        ...present
          .filter((c) => c.name !== 'id')
          .map((c) => `${quote(c.name)} = excluded.${quote(c.name)}`),
        ...absent.map((c) => `${quote(c.name)} = ${c.defaultSql ?? 'NULL'}`),
      ];
      return (
        `INSERT INTO ${quote(table)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})` +
        (updates.length
          ? ` ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`
          : ' ON CONFLICT (id) DO NOTHING') +
        // The stored row (defaults filled, affinity applied) without a second statement.
        ' RETURNING *'
      );
    });
  const stored = reader.statement.get(values) as unknown[] | undefined;
  // DO NOTHING on an existing row returns nothing: read what is there.
  return stored
    ? decodeValues<T>(table, reader, stored)
    : (getRow<T>(db, table, row.id as RowId) as T);
}

/**
 * Changes only the given columns of an existing row (`id` in `changes` is ignored). Returns the
 * updated row, or undefined when no row has that id.
 */
export function updateRow<T = Row>(
  db: Db,
  table: TableName,
  id: RowId,
  changes: Row,
): T | undefined {
  refuseSynced(table, 'updateRow');
  const names = Object.keys(changes).filter((name) => name !== 'id' && changes[name] !== undefined);
  checkColumns(db, table, names);
  if (names.length > 0) {
    const prepared = statement(db, table, `update:${names.join(',')}`, () => {
      const sets = names.map((name) => `${quote(name)} = ?`);
      return `UPDATE ${quote(table)} SET ${sets.join(', ')} WHERE id = ?`;
    });
    prepared.run(...names.map((name) => encodeValue(table, name, changes[name])), id);
  }
  return getRow<T>(db, table, id);
}

/** Deletes the row with this id; returns whether a row was deleted. */
export function deleteRow(db: Db, table: TableName, id: RowId): boolean {
  refuseSynced(table, 'deleteRow');
  return removeRow(db, table, id);
}

/** {@link deleteRow} for any table; only the change log calls it (see {@link storeRow}). */
export function removeRow(db: Db, table: TableName, id: RowId): boolean {
  const prepared = statement(db, table, 'delete', () => `DELETE FROM ${quote(table)} WHERE id = ?`);
  return prepared.run(id).changes > 0;
}
