/**
 * `npm run restore -- <backup>`: puts a backup back in place of the data folder's
 * database and stored files, whatever the copy's layout, and makes sure no number or lease block
 * is ever handed out twice.
 *
 * What `<backup>` may be:
 * - a set this server made (`BACKUP_DIR/sets/<id>`), or its id, or `latest`: looked up on this
 *   machine, then in the off-machine folder, then in the S3 bucket (decrypted with BACKUP_KEY);
 * - a copy of a whole data folder (`pilbara.sqlite`, perhaps its `restore-guard…` and `files/`);
 * - a bare `.sqlite` file.
 *
 * The restore guard (db/restore-guard.ts) decides what the server may hand out next, so a copy
 * never lowers it:
 * - when the data folder still has its guard, that guard stays (it knows everything handed out
 *   until the disaster, and its journal what was acknowledged), and its marks are raised to the
 *   copy's where those are higher;
 * - when the guard is gone with the data folder, the copy's guard (or the backup's record of
 *   hand-outs) is the best record left, and it is older than what was handed out since: every
 *   series then skips RESTORE_MARGIN numbers past it, and the restore is recorded as one whose
 *   journal does not cover the time since the copy (staff are told so).
 * Either way the restore is recorded in the guard; the server reads it at its next start, asks
 * every device that saw the lost time to resync and send back what it saved (sync/timeline.ts,
 * sync/recovery.ts), and shows staff what did not come back.
 *
 * What was in the data folder before is moved aside to `DATA_DIR/replaced-<time>/`, not deleted.
 *
 * A copy is not trusted for where things go: every path its manifest names (stored files,
 * extras, a set's id) is resolved and refused unless it stays inside its folder (stage.ts
 * `insideFolder`), before anything is read, fetched or written.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RESTORE_MARGIN, everySeries, guardSchemaSql } from '../db/restore-guard';
import { DATABASE, sha256Of } from './sets';
import { checkCopies } from './verify';
import { RestoreError, insideFolder, stage, type StageSource } from './stage';

export interface RestoreOptions extends StageSource {
  now?: () => Date;
}

export interface RestoreResult {
  kind: string;
  backupTakenAt: string | null;
  /** Whether the data folder's own guard survived (and with it the journal). */
  guardKept: boolean;
  files: number;
  /** Where the replaced data went, if there was any. */
  replacedTo: string | null;
  marks: Record<string, number>;
}

/** Copies a SQLite file (and its -wal, if any) to `target`; returns `target`. */
async function scratchCopy(file: string, target: string): Promise<string> {
  await fsp.copyFile(file, target);
  if (fs.existsSync(`${file}-wal`)) await fsp.copyFile(`${file}-wal`, `${target}-wal`);
  return target;
}

/** Refuses while a server is running on the data folder (it writes its pid there). */
function refuseWhileRunning(dataDir: string): void {
  const pidFile = path.join(dataDir, 'server.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // a pid file left by a server that died
  }
  throw new RestoreError(
    `The server is running on ${dataDir} (process ${pid}). Stop it first, then restore.`,
  );
}

function marksOf(file: string | null): Record<string, number> {
  if (!file || !fs.existsSync(file)) return {};
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const exists = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'handed_out'")
      .get();
    if (!exists) return {};
    const rows = db.prepare('SELECT series, upTo FROM handed_out').all() as {
      series: string;
      upTo: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.series, row.upTo]));
  } finally {
    db.close();
  }
}

/** Restores `options.source` into the data folder; see the module comment. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const say = options.say ?? (() => undefined);
  const dataDir = config.dataDir;
  refuseWhileRunning(dataDir);
  await fsp.mkdir(dataDir, { recursive: true });
  const liveGuard = path.join(dataDir, `restore-guard.${DATABASE}`);
  const guardKept = fs.existsSync(liveGuard);
  const scratch = await fsp.mkdtemp(path.join(dataDir, '.restoring-'));
  try {
    const staged = await stage(options, scratch);
    say(`Restoring ${staged.kind}`);
    // Where each file goes, checked before the data folder changes: never outside it.
    const targets = new Map(
      [...staged.files.keys()].map((rel) => [
        rel,
        insideFolder(path.join(dataDir, 'files'), rel.split('/').join(path.sep), 'a stored file'),
      ]),
    );
    const extraTargets = new Map(
      [...staged.extras.keys()].map((name) => [name, insideFolder(dataDir, name, 'an extra file')]),
    );

    // Worked on as copies in the scratch folder (the source is never written to), with any
    // -wal beside them, so a copy of a live folder keeps its last commits; checked before
    // anything in the data folder changes.
    const database = await scratchCopy(staged.database, path.join(scratch, 'database.sqlite'));
    const copyGuard = staged.guard
      ? await scratchCopy(staged.guard, path.join(scratch, 'guard.sqlite'))
      : null;
    const checks = await checkCopies([
      { path: database, query: 'SELECT max(createdAt) AS newest FROM changes' },
      ...(copyGuard ? [{ path: copyGuard }] : []),
    ]);
    const [check] = checks;
    for (const found of checks) {
      if (found.problems.length > 0) {
        throw new RestoreError(
          `The copy fails its integrity check: ${found.problems.slice(0, 3).join('; ')}`,
        );
      }
    }
    if (!check) throw new RestoreError('The copy could not be checked');
    if (staged.manifest && check.sha256 !== staged.manifest.database.sha256) {
      throw new RestoreError(
        'The database in this backup does not match the hash its manifest recorded: the backup is damaged',
      );
    }
    // Every stored file's bytes are checked against its hash before the data folder changes.
    for (const [rel, { from, sha256 }] of staged.files) {
      if (!fs.existsSync(from)) throw new RestoreError(`The backup lacks the stored file ${rel}`);
      if (sha256 && (await sha256Of(from)) !== sha256) {
        throw new RestoreError(`The copy of ${rel} does not match its hash: the backup is damaged`);
      }
    }
    const newest = check.query?.[0]?.newest;
    const backupTakenAt = staged.manifest?.takenAt ?? (typeof newest === 'string' ? newest : null);

    // Move the old data aside (never deleted), keeping the live guard where it is.
    const stamp = now().toISOString().replace(/[:.]/g, '-');
    const aside = path.join(dataDir, `replaced-${stamp}`);
    let replacedTo: string | null = null;
    for (const name of [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, 'files']) {
      const from = path.join(dataDir, name);
      if (!fs.existsSync(from)) continue;
      await fsp.mkdir(aside, { recursive: true });
      await fsp.rename(from, path.join(aside, name));
      replacedTo = aside;
    }

    let restoredFiles = 0;
    let marks: Record<string, number>;
    try {
      await fsp.copyFile(database, path.join(dataDir, DATABASE));
      for (const [rel, { from }] of staged.files) {
        const target = targets.get(rel) as string;
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.copyFile(from, target);
        restoredFiles += 1;
      }
      for (const [name, from] of staged.extras) {
        const target = extraTargets.get(name) as string;
        // The live ones are never older: VAPID keys and the session secret only change by hand.
        if (fs.existsSync(target)) continue;
        await fsp.copyFile(from, target);
        await fsp.chmod(target, 0o600);
      }

      marks = await writeGuard({
        liveGuard,
        guardKept,
        copyGuard,
        manifestMarks: staged.manifest?.handedOut ?? {},
        database: path.join(dataDir, DATABASE),
        restoredAt: now(),
        backupTakenAt,
        source: staged.kind,
      });
    } catch (error) {
      throw new RestoreError(
        `The restore stopped half-way (${error instanceof Error ? error.message : String(error)}). ${
          replacedTo ? `What the data folder held before is in ${replacedTo}. ` : ''
        }Fix the cause and run the restore again.`,
      );
    }
    say(
      guardKept
        ? 'The data folder’s restore guard was kept: nothing handed out before is handed out again.'
        : `The data folder had no restore guard: every id series skips ${RESTORE_MARGIN} numbers past the copy's record.`,
    );
    return {
      kind: staged.kind,
      backupTakenAt,
      guardKept,
      files: restoredFiles,
      replacedTo,
      marks,
    };
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

interface GuardWrite {
  liveGuard: string;
  guardKept: boolean;
  copyGuard: string | null;
  manifestMarks: Record<string, number>;
  database: string;
  restoredAt: Date;
  backupTakenAt: string | null;
  source: string;
}

/** Writes the guard the server starts with: marks never lowered, the restore recorded. */
async function writeGuard(write: GuardWrite): Promise<Record<string, number>> {
  const copyMarks = marksOf(write.copyGuard);
  const restored = new Database(write.database);
  let counters: Record<string, number>;
  let series: string[];
  try {
    const rows = restored.prepare('SELECT series, next FROM id_series').all() as {
      series: string;
      next: number;
    }[];
    counters = Object.fromEntries(rows.map((row) => [row.series, row.next - 1]));
    series = everySeries(restored, write.restoredAt);
  } finally {
    restored.close();
  }
  if (!write.guardKept && write.copyGuard) {
    // The copy's guard is the best record left: start from it, journal and all.
    await fsp.copyFile(write.copyGuard, write.liveGuard);
  }
  const guard = new Database(write.liveGuard);
  try {
    guard.pragma('journal_mode = WAL');
    guard.pragma('synchronous = FULL');
    guard.exec(guardSchemaSql('main'));
    const live = Object.fromEntries(
      (
        guard.prepare('SELECT series, upTo FROM handed_out').all() as {
          series: string;
          upTo: number;
        }[]
      ).map((row) => [row.series, row.upTo]),
    );
    const marks: Record<string, number> = {};
    for (const name of new Set([
      ...series,
      ...Object.keys(live),
      ...Object.keys(copyMarks),
      ...Object.keys(write.manifestMarks),
      ...Object.keys(counters),
    ])) {
      const known = Math.max(
        live[name] ?? 0,
        copyMarks[name] ?? 0,
        write.manifestMarks[name] ?? 0,
        counters[name] ?? 0,
      );
      marks[name] = write.guardKept ? known : known + RESTORE_MARGIN;
    }
    const upsert = guard.prepare(
      `INSERT INTO handed_out (series, upTo) VALUES (?, ?)
         ON CONFLICT (series) DO UPDATE SET upTo = max(upTo, excluded.upTo)`,
    );
    const upTo = guard.prepare('SELECT max(n) AS n FROM journal').get() as { n: number | null };
    guard.transaction(() => {
      for (const [name, mark] of Object.entries(marks)) upsert.run(name, mark);
      guard
        .prepare(
          `INSERT INTO restores (restoredAt, backupTakenAt, source, journalComplete, journalUpTo)
             VALUES (?, ?, ?, ?, ?)`,
        )
        .run(
          write.restoredAt.toISOString(),
          write.backupTakenAt,
          write.source,
          write.guardKept ? 1 : 0,
          upTo.n ?? 0,
        );
    })();
    return marks;
  } finally {
    guard.close();
  }
}
