/**
 * Backups that run by themselves: a set every `BACKUP_EVERY_MINUTES` (hourly by
 * default), kept by the grandfather–father–son rule of shared-schema `backupsToKeep`, and sent
 * off the machine, encrypted, to the configured folder and/or S3 bucket (each day's first set
 * by default, every set with `BACKUP_OFFSITE_SCHEDULE=hourly`). Staff read the status and start
 * one by hand through `/api/backups`; a failure stays on the status until that stage succeeds.
 *
 * One run at a time, from a timer, never from a request: the API call only starts it.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  backupsToKeep,
  type BackupFailure,
  type BackupStatus,
  type DatedBackup,
} from '@pilbara/shared-schema';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { recoveryReport } from '../sync/recovery';
import { encryptFile, keyIdText } from './crypto';
import { configuredDestinations, type Destination } from './destinations';
import {
  DATABASE,
  GUARD,
  MANIFEST,
  OFFSITE,
  STATUS,
  readJson,
  readSets,
  summaryOf,
  writeJsonAtomically,
  type OffsiteRecord,
  type StatusFile,
  type StoredSet,
} from './sets';
import { BackupError, takeBackup } from './take';

/** How often the timer looks whether a backup is due. */
const TICK_MS = 60_000;
/** After a failed run, the next try comes this soon (or at the next scheduled time, if sooner). */
const RETRY_MS = 10 * 60_000;

export interface BackupServiceOptions {
  db: Db;
  config: Config;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Destinations to use instead of the configured ones (tests). */
  destinations?: Destination[];
}

/** The Perth calendar day of an instant (UTC+8, no daylight saving). */
function perthDay(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The set id back to the instant it names (sets.ts `setId`). */
function takenAtOfId(id: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(id);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : null;
}

export class BackupService {
  private readonly destinations: Destination[];
  private sets: StoredSet[] = [];
  private failures: BackupFailure[] = [];
  private running: {
    startedAt: string;
    trigger: 'schedule' | 'manual';
    done: Promise<void>;
  } | null = null;
  private lastAttempt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private loaded: Promise<void> | null = null;

  constructor(private readonly options: BackupServiceOptions) {
    this.destinations = options.destinations ?? configuredDestinations(options.config);
  }

  private get dir(): string {
    return this.options.config.backup.dir;
  }

  /** Reads what the backup folder holds (once, until it fails: a failure is shown and retried). */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      try {
        this.failures = (await readJson<StatusFile>(path.join(this.dir, STATUS)))?.failures ?? [];
        this.sets = await readSets(this.dir);
      } catch (error) {
        this.loaded = null;
        const message = error instanceof Error ? error.message : String(error);
        this.failures = [
          ...this.failures.filter((f) => f.stage !== 'backup'),
          { at: this.options.now().toISOString(), stage: 'backup', message },
        ];
        throw error;
      }
    })();
    return this.loaded.catch(() => undefined);
  }

  /**
   * Starts the schedule: a minute after start (start-up has its own work), then whenever a set
   * is due.
   */
  start(): void {
    if (this.timer || this.options.config.backup.everyMinutes === 0) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.done;
  }

  private async tick(): Promise<void> {
    await this.load();
    if (this.running || !this.due()) return;
    this.runNow('schedule');
  }

  private due(): boolean {
    const every = this.options.config.backup.everyMinutes * 60_000;
    if (every === 0) return false;
    const now = this.options.now().getTime();
    const last = this.sets.at(-1);
    if (this.lastAttempt && now - this.lastAttempt < Math.min(every, RETRY_MS)) return false;
    return !last || now - new Date(last.manifest.takenAt).getTime() >= every;
  }

  /** Starts a run unless one is running; resolves when it is done (the caller need not wait). */
  runNow(trigger: 'schedule' | 'manual'): Promise<void> {
    if (this.running) return this.running.done;
    const startedAt = this.options.now().toISOString();
    const done = this.run(trigger).finally(() => {
      this.running = null;
    });
    this.running = { startedAt, trigger, done };
    return done;
  }

  private async recordFailure(stage: BackupFailure['stage'], error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.options.log.error({ stage, err: error }, `backup: ${stage} failed`);
    this.failures = [
      ...this.failures.filter((f) => f.stage !== stage),
      { at: this.options.now().toISOString(), stage, message },
    ];
    await this.saveStatus();
  }

  private async clearFailures(...stages: BackupFailure['stage'][]): Promise<void> {
    if (!this.failures.some((f) => stages.includes(f.stage))) return;
    this.failures = this.failures.filter((f) => !stages.includes(f.stage));
    await this.saveStatus();
  }

  private async saveStatus(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    await writeJsonAtomically(path.join(this.dir, STATUS), { failures: this.failures });
  }

  private async run(trigger: 'schedule' | 'manual'): Promise<void> {
    await this.load();
    if (!this.loaded) {
      // The backup folder cannot be read: the failure load() recorded is what staff see.
      this.lastAttempt = this.options.now().getTime();
      this.options.log.error({ dir: this.dir }, 'backup: the backup folder cannot be read');
      return;
    }
    this.lastAttempt = this.options.now().getTime();
    let set: StoredSet;
    try {
      set = await takeBackup({
        db: this.options.db,
        dataDir: this.options.config.dataDir,
        backupDir: this.dir,
        trigger,
        takenAt: this.options.now(),
        previous: this.sets.at(-1),
      });
    } catch (error) {
      await this.recordFailure(error instanceof BackupError ? error.stage : 'backup', error);
      return;
    }
    this.sets.push(set);
    this.options.log.info(
      { id: set.manifest.id, ms: set.manifest.durationMs, bytes: set.manifest.database.bytes },
      'backup: set written and checked',
    );
    await this.clearFailures('backup', 'verify');
    try {
      await this.applyRetention();
      await this.clearFailures('retention');
    } catch (error) {
      await this.recordFailure('retention', error);
    }
    await this.sendOffsite(set);
  }

  private policy() {
    const { keepHourly, keepDaily, keepMonthly } = this.options.config.backup;
    return { keepHourly, keepDaily, keepMonthly };
  }

  /** Deletes the sets retention no longer wants, then the stored files no kept set lists. */
  private async applyRetention(): Promise<void> {
    const dated: DatedBackup[] = this.sets.map((s) => ({
      id: s.manifest.id,
      takenAt: s.manifest.takenAt,
    }));
    const keep = backupsToKeep(dated, this.policy());
    const gone = this.sets.filter((s) => !keep.has(s.manifest.id));
    for (const set of gone) await fsp.rm(set.dir, { recursive: true, force: true });
    this.sets = this.sets.filter((s) => keep.has(s.manifest.id));
    if (gone.length === 0) return;
    const wanted = new Set(this.sets.flatMap((s) => s.manifest.files.map((f) => f.path)));
    const store = path.join(this.dir, 'files');
    if (!fs.existsSync(store)) return;
    for (const entry of await fsp.readdir(store, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const rel = path.relative(store, file).split(path.sep).join('/');
      if (!wanted.has(rel)) await fsp.rm(file, { force: true });
    }
  }

  /** Whether `destination` should get `set` under the off-machine schedule. */
  private offsiteDue(destination: Destination, set: StoredSet): boolean {
    if (this.options.config.backup.offsiteSchedule === 'hourly') return true;
    const day = perthDay(set.manifest.takenAt);
    return !this.sets.some(
      (s) =>
        perthDay(s.manifest.takenAt) === day &&
        s.offsite.some((o) => o.destination === destination.name),
    );
  }

  private async sendOffsite(set: StoredSet): Promise<void> {
    const key = this.options.config.backup.key;
    if (!key || this.destinations.length === 0) return;
    let failed = false;
    for (const destination of this.destinations) {
      if (!this.offsiteDue(destination, set)) continue;
      try {
        await sendSet(destination, set, key, path.join(this.dir, '.outgoing'));
        const record: OffsiteRecord = {
          destination: destination.name,
          at: this.options.now().toISOString(),
        };
        set.offsite = [...set.offsite.filter((o) => o.destination !== destination.name), record];
        await writeJsonAtomically(path.join(set.dir, OFFSITE), set.offsite);
        await pruneRemote(destination, this.policy());
        this.options.log.info(
          { id: set.manifest.id, to: destination.name },
          'backup: sent off the machine',
        );
      } catch (error) {
        failed = true;
        await this.recordFailure(
          'offsite',
          new Error(
            `${destination.name}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    }
    if (!failed) await this.clearFailures('offsite');
  }

  /** What staff see. */
  status(): BackupStatus {
    const newestFirst = [...this.sets].reverse();
    const sent = newestFirst.find((s) => s.offsite.length > 0);
    const failure = [...this.failures].sort((a, b) => b.at.localeCompare(a.at))[0] ?? null;
    return {
      directory: this.dir,
      everyMinutes: this.options.config.backup.everyMinutes || 60,
      offsiteDestinations: this.destinations.map((d) => d.name),
      lastGood: newestFirst[0] ? summaryOf(newestFirst[0]) : null,
      lastOffsite: sent
        ? {
            destination: sent.offsite.map((o) => o.destination).join(', '),
            at: sent.manifest.takenAt,
          }
        : null,
      running: this.running
        ? { startedAt: this.running.startedAt, trigger: this.running.trigger }
        : null,
      lastFailure: failure,
      recent: newestFirst.slice(0, 10).map(summaryOf),
      recovery: recoveryReport(this.options.db, this.options.now().toISOString()),
    };
  }

  /** The sets on this machine, oldest first (tests, the restore command). */
  async storedSets(): Promise<StoredSet[]> {
    await this.load();
    return [...this.sets];
  }
}

/** Sends one set: its new stored files, then its parts, the manifest last (it marks it whole). */
async function sendSet(
  destination: Destination,
  set: StoredSet,
  key: Buffer,
  scratch: string,
): Promise<void> {
  await fsp.mkdir(scratch, { recursive: true });
  const temp = path.join(scratch, `${process.pid}-${Date.now()}.enc`);
  const send = async (file: string, remote: string, gzip: boolean) => {
    await encryptFile(file, temp, key, { gzip });
    try {
      await destination.put(`${remote}.enc`, temp);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  };
  const held = new Set(await destination.list('files/'));
  const store = path.join(path.dirname(path.dirname(set.dir)), 'files');
  for (const file of set.manifest.files) {
    const remote = `files/${file.path}`;
    if (held.has(`${remote}.enc`)) continue;
    await send(path.join(store, ...file.path.split('/')), remote, false);
  }
  const base = `sets/${set.manifest.id}`;
  await send(path.join(set.dir, DATABASE), `${base}/${DATABASE}`, true);
  if (set.manifest.guard) await send(path.join(set.dir, GUARD), `${base}/${GUARD}`, true);
  for (const extra of set.manifest.extras) {
    await send(path.join(set.dir, 'extras', extra.name), `${base}/extras/${extra.name}`, false);
  }
  const manifest = path.join(scratch, `${process.pid}-manifest.json`);
  await fsp.writeFile(manifest, JSON.stringify({ ...set.manifest, keyId: keyIdText(key) }));
  try {
    await send(manifest, `${base}/${MANIFEST}`, false);
  } finally {
    await fsp.rm(manifest, { force: true });
  }
}

/** Deletes the sets at `destination` that retention no longer wants (stored files stay). */
async function pruneRemote(
  destination: Destination,
  policy: { keepHourly: number; keepDaily: number; keepMonthly: number },
): Promise<void> {
  const keys = await destination.list('sets/');
  const ids = new Set<string>();
  for (const key of keys) {
    const [, id, name] = key.split('/');
    if (id && name === `${MANIFEST}.enc`) ids.add(id);
  }
  const dated = [...ids].flatMap((id) => {
    const takenAt = takenAtOfId(id);
    return takenAt ? [{ id, takenAt }] : [];
  });
  const keep = backupsToKeep(dated, policy);
  const doomed = keys.filter((key) => {
    const id = key.split('/')[1] ?? '';
    return ids.has(id) && !keep.has(id);
  });
  await destination.remove(doomed);
}
