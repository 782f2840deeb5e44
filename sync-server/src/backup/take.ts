/**
 * Taking one backup set while the server runs. See backup/sets.ts for the layout.
 *
 * - **The database** is copied with SQLite's online backup (better-sqlite3's `backup()`, in
 *   steps) in a worker thread, from its own connection holding one read snapshot, so the copy is
 *   consistent and the server's event loop does none of the work (backup/verify.ts). The restore
 *   guard is copied the same way right after (its marks are then at least the database's).
 * - **The check** runs in the same worker: integrity_check on both copies, the change-log head
 *   and the id counters of the copy, and their hashes.
 * - **Stored files** are named by their content hash and never change, so each is copied into
 *   the shared `files/` store once; a copy is hashed again after it is written and must match.
 * - The set becomes visible (renamed from `<id>.partial`) only once all of that succeeded.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/connection';
import { guardArmed, guardFile } from '../db/restore-guard';
import {
  DATABASE,
  EXTRAS,
  GUARD,
  MANIFEST,
  setId,
  sha256Of,
  writeJsonAtomically,
  type BackupManifest,
  type SetFile,
  type StoredSet,
} from './sets';
import { checkCopies, type CopyCheck } from './verify';

/** A backup that did not complete, with the stage that failed. */
export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    readonly stage: 'backup' | 'verify',
    message: string,
  ) {
    super(message);
  }
}

export interface TakeOptions {
  db: Db;
  dataDir: string;
  backupDir: string;
  trigger: 'schedule' | 'manual';
  takenAt: Date;
  /** The newest earlier set: files it lists are in the store already. */
  previous?: StoredSet | undefined;
}

const ORIGINAL = /^([0-9a-f]{64})\.(jpg|png)$/;

/** Copies stored files the store lacks; lists every file with its hash. */
async function copyFiles(
  source: string,
  store: string,
  known: ReadonlyMap<string, SetFile>,
): Promise<{ files: SetFile[]; copied: number }> {
  if (!fs.existsSync(source)) return { files: [], copied: 0 };
  const entries = await fsp.readdir(source, { recursive: true, withFileTypes: true });
  const files: SetFile[] = [];
  let copied = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial') || entry.name.startsWith('.')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const rel = path.relative(source, from).split(path.sep).join('/');
    const target = path.join(store, ...rel.split('/'));
    const { size } = await fsp.stat(from);
    const prior = known.get(rel);
    if (prior && prior.bytes === size && fs.existsSync(target)) {
      files.push(prior);
      continue;
    }
    const named = ORIGINAL.exec(entry.name)?.[1];
    const expected = named ?? (await sha256Of(from));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await fsp.copyFile(from, partial);
    const written = await sha256Of(partial);
    if (written !== expected) {
      await fsp.rm(partial, { force: true });
      throw new BackupError(
        'verify',
        named
          ? `The stored file ${rel} does not match its content hash: it is damaged on the server's disk`
          : `The copy of ${rel} does not match the original`,
      );
    }
    await fsp.rename(partial, target);
    files.push({ path: rel, sha256: written, bytes: size });
    copied += 1;
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, copied };
}

const COPY_QUERY = `SELECT (SELECT max(seq) FROM changes) AS head,
  (SELECT json_group_object(series, next - 1) FROM id_series) AS series`;
const GUARD_QUERY = 'SELECT json_group_object(series, upTo) AS series FROM handed_out';

function marksOf(rows: Record<string, unknown>[] | null): Record<string, number> {
  const text = rows?.[0]?.series;
  return typeof text === 'string' ? (JSON.parse(text) as Record<string, number>) : {};
}

/** Takes, checks and keeps one backup set; throws a {@link BackupError} and leaves nothing. */
export async function takeBackup(options: TakeOptions): Promise<StoredSet> {
  const started = performance.now();
  const takenAt = options.takenAt.toISOString();
  const id = setId(takenAt);
  const dir = path.join(options.backupDir, 'sets', id);
  const partial = `${dir}.partial`;
  await fsp.rm(partial, { recursive: true, force: true });
  await fsp.mkdir(partial, { recursive: true });
  try {
    const databaseCopy = path.join(partial, DATABASE);
    const guardCopy = path.join(partial, GUARD);
    const source = options.db.name;
    const guardSource = guardFile(options.db);
    const withGuard = guardArmed(options.db) && guardSource !== null;
    let checks: CopyCheck[];
    try {
      // The guard is copied after the database, so its marks are at least the copy's.
      checks = await checkCopies([
        { path: databaseCopy, from: source, query: COPY_QUERY },
        ...(withGuard && guardSource
          ? [{ path: guardCopy, from: guardSource, query: GUARD_QUERY }]
          : []),
      ]);
    } catch (error) {
      throw new BackupError('backup', `The database could not be copied: ${String(error)}`);
    }
    const [database, guard] = checks;
    if (!database) throw new BackupError('verify', 'The copy could not be checked');
    for (const check of checks) {
      if (check.problems.length > 0) {
        throw new BackupError(
          'verify',
          `The copy failed its integrity check: ${check.problems.slice(0, 3).join('; ')}`,
        );
      }
    }
    const handedOut = marksOf(database.query);
    for (const [series, upTo] of Object.entries(marksOf(guard?.query ?? null))) {
      handedOut[series] = Math.max(handedOut[series] ?? 0, upTo);
    }

    const extras: BackupManifest['extras'] = [];
    await fsp.mkdir(path.join(partial, 'extras'));
    for (const name of EXTRAS) {
      const from = path.join(options.dataDir, name);
      if (!fs.existsSync(from)) continue;
      const to = path.join(partial, 'extras', name);
      await fsp.copyFile(from, to);
      await fsp.chmod(to, 0o600);
      const { size } = await fsp.stat(to);
      extras.push({ name, bytes: size, sha256: await sha256Of(to) });
    }

    const known = new Map((options.previous?.manifest.files ?? []).map((f) => [f.path, f]));
    const { files, copied } = await copyFiles(
      path.join(options.dataDir, 'files'),
      path.join(options.backupDir, 'files'),
      known,
    );

    const manifest: BackupManifest = {
      format: 1,
      id,
      takenAt,
      trigger: options.trigger,
      database: {
        bytes: database.bytes,
        sha256: database.sha256,
        changeHead: Number(database.query?.[0]?.head ?? 0),
      },
      guard: guard ? { bytes: guard.bytes, sha256: guard.sha256 } : null,
      handedOut,
      extras,
      files,
      filesCopied: copied,
      durationMs: Math.round(performance.now() - started),
      verifiedAt: new Date().toISOString(),
    };
    await writeJsonAtomically(path.join(partial, MANIFEST), manifest);
    await fsp.rm(dir, { recursive: true, force: true });
    await fsp.rename(partial, dir);
    return { dir, manifest, offsite: [] };
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError('backup', error instanceof Error ? error.message : String(error));
  }
}
