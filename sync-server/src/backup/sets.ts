/**
 * The layout of the backup folder (BACKUP_DIR):
 *
 * ```
 * sets/<id>/manifest.json    what the set holds, with every hash (written last: a set without
 *                            it is unfinished and ignored)
 * sets/<id>/pilbara.sqlite   the database, copied online and checked (integrity_check)
 * sets/<id>/guard.sqlite     the restore guard at that moment (its marks and journal)
 * sets/<id>/extras/…         vapid.json, session-secret, pay-link.key: what a restore needs
 * sets/<id>/offsite.json     the off-machine destinations that hold the set, once sent
 * files/<xx>/<name>          stored photos and signatures, shared by every set: a file is named
 *                            by its content hash, so one unchanged is never copied twice
 * status.json                the last failure, shown to staff until that stage succeeds again
 * ```
 *
 * Off the machine the same keys hold the same things, each encrypted (`<key>.enc`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BackupFailure, BackupSummary } from '@pilbara/shared-schema';

export const MANIFEST = 'manifest.json';
export const DATABASE = 'pilbara.sqlite';
export const GUARD = 'guard.sqlite';
export const OFFSITE = 'offsite.json';
export const STATUS = 'status.json';
/** Files of DATA_DIR a restore brings back beside the database (see docs/operations.md). */
export const EXTRAS = ['vapid.json', 'session-secret', 'pay-link.key'] as const;

/** A stored file as a set lists it. */
export interface SetFile {
  /** Path under `files/`, with `/`. */
  path: string;
  sha256: string;
  bytes: number;
}

/** What one backup set holds (manifest.json). */
export interface BackupManifest {
  format: 1;
  id: string;
  takenAt: string;
  trigger: 'schedule' | 'manual';
  database: { bytes: number; sha256: string; changeHead: number };
  guard: { bytes: number; sha256: string } | null;
  /** The highest number of each id series handed out when the copy was taken. */
  handedOut: Record<string, number>;
  extras: { name: string; bytes: number; sha256: string }[];
  files: SetFile[];
  filesCopied: number;
  durationMs: number;
  verifiedAt: string;
}

/** An off-machine copy of a set. */
export interface OffsiteRecord {
  destination: string;
  at: string;
}

/** The set id of an instant: its ISO time, safe as a file name on every system. */
export function setId(takenAt: string): string {
  return takenAt.replace(/[:.]/g, '-');
}

/** SHA-256 of a file in hex, read as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes JSON so that a crash leaves the old file or the new one, never half of one. */
export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  const partial = `${file}.partial`;
  const handle = await fsp.open(partial, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(partial, file);
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fsp.readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A finished set read back: its manifest and where it went. */
export interface StoredSet {
  dir: string;
  manifest: BackupManifest;
  offsite: OffsiteRecord[];
}

/** Every finished set in `backupDir`, oldest first. */
export async function readSets(backupDir: string): Promise<StoredSet[]> {
  const root = path.join(backupDir, 'sets');
  if (!fs.existsSync(root)) return [];
  const sets: StoredSet[] = [];
  for (const entry of await fsp.readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.endsWith('.partial')) continue;
    const dir = path.join(root, entry.name);
    const manifest = await readJson<BackupManifest>(path.join(dir, MANIFEST)).catch(() => null);
    if (!manifest || manifest.format !== 1) continue;
    const offsite = (await readJson<OffsiteRecord[]>(path.join(dir, OFFSITE))) ?? [];
    sets.push({ dir, manifest, offsite });
  }
  return sets.sort((a, b) => a.manifest.takenAt.localeCompare(b.manifest.takenAt));
}

/** A set as staff see it. */
export function summaryOf(set: StoredSet): BackupSummary {
  const { manifest } = set;
  return {
    id: manifest.id,
    takenAt: manifest.takenAt,
    trigger: manifest.trigger,
    databaseBytes: manifest.database.bytes,
    files: manifest.files.length,
    filesCopied: manifest.filesCopied,
    durationMs: manifest.durationMs,
    offsite: set.offsite,
  };
}

/** The failures on record (status.json): one per stage, cleared when the stage next succeeds. */
export interface StatusFile {
  failures: BackupFailure[];
}
