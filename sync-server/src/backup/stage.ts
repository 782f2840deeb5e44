/**
 * Finding the copy a restore names (restore.ts) and laying it out as plain files on this
 * machine: a set of this server's own layout, a set fetched and decrypted from an off-machine
 * destination, or a copy of a data folder or of its database file.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { decryptFile } from './crypto';
import { configuredDestinations, type Destination } from './destinations';
import { DATABASE, EXTRAS, GUARD, MANIFEST, readJson, readSets, type BackupManifest } from './sets';

/**
 * A restore that could not be done: before the data folder changed (the copy did not check
 * out), or half-way, with the message saying where the previous data went.
 */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/**
 * `relative` resolved under `root`, refused unless it stays inside it: a manifest is read from a
 * copy, and whoever wrote the copy chose its paths (`../../etc/…`, an absolute path). Used for
 * every path a manifest names, where it is read from and where it is written to.
 */
export function insideFolder(root: string, relative: string, what: string): string {
  const base = path.resolve(root);
  const resolved = path.resolve(base, relative);
  const rel = path.relative(base, resolved);
  if (
    relative === '' ||
    path.isAbsolute(relative) ||
    relative.includes('\0') ||
    rel === '' ||
    rel.startsWith('..') ||
    path.isAbsolute(rel)
  ) {
    throw new RestoreError(
      `The backup's manifest names ${what} outside the data folder (${JSON.stringify(relative)}): refused, nothing was restored`,
    );
  }
  return resolved;
}

/** A stored file's path under files/ as a manifest writes it (`ab/abcd….jpg`), checked. */
function storedFilePath(root: string, rel: string): string {
  return insideFolder(root, rel.split('/').join(path.sep), 'a stored file');
}

/** An extra's name: one of the files the server keeps beside its database, nothing else. */
function extraName(name: string): string {
  if (!(EXTRAS as readonly string[]).includes(name)) {
    throw new RestoreError(
      `The backup's manifest names an extra file outside the data folder or unknown to it (${JSON.stringify(name)}): refused, nothing was restored`,
    );
  }
  return name;
}

/** The copy, laid out as plain files on this machine. */
export interface Staged {
  kind: string;
  database: string;
  guard: string | null;
  extras: Map<string, string>;
  /** Stored files: path under files/ → where its bytes are, and the hash they must have. */
  files: Map<string, { from: string; sha256: string | null }>;
  manifest: BackupManifest | null;
}

/** What names the copy to restore. */
export interface StageSource {
  config: Config;
  /** A path, a set id, or `latest`. */
  source: string;
  /** Progress lines for the operator. */
  say?: (line: string) => void;
  destinations?: Destination[];
}

const ORIGINAL = /^([0-9a-f]{64})\.(jpg|png)$/;

/** The stored files under a data folder's `files/`. */
async function filesUnder(root: string): Promise<Staged['files']> {
  const files: Staged['files'] = new Map();
  if (!fs.existsSync(root)) return files;
  for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const rel = path.relative(root, from).split(path.sep).join('/');
    files.set(rel, { from, sha256: ORIGINAL.exec(entry.name)?.[1] ?? null });
  }
  return files;
}

/** A set of this server's own layout, on this machine. */
async function stageLocalSet(dir: string): Promise<Staged> {
  const manifest = await readJson<BackupManifest>(path.join(dir, MANIFEST));
  if (!manifest) throw new RestoreError(`${dir} has no readable ${MANIFEST}`);
  const store = path.join(dir, '..', '..', 'files');
  const extras = new Map<string, string>();
  for (const extra of manifest.extras) {
    const name = extraName(extra.name);
    extras.set(name, insideFolder(path.join(dir, 'extras'), name, 'an extra file'));
  }
  const files: Staged['files'] = new Map();
  for (const file of manifest.files) {
    files.set(file.path, { from: storedFilePath(store, file.path), sha256: file.sha256 });
  }
  const guard = path.join(dir, GUARD);
  return {
    kind: `backup set ${manifest.id}`,
    database: path.join(dir, DATABASE),
    guard: manifest.guard && fs.existsSync(guard) ? guard : null,
    extras,
    files,
    manifest,
  };
}

/** A set at an off-machine destination: every part fetched and decrypted into `scratch`. */
async function stageRemoteSet(
  destination: Destination,
  id: string,
  key: Buffer,
  scratch: string,
): Promise<Staged> {
  const fetchOne = async (remote: string, local: string) => {
    await fsp.mkdir(path.dirname(local), { recursive: true });
    const encrypted = `${local}.enc`;
    await destination.get(`${remote}.enc`, encrypted);
    try {
      await decryptFile(encrypted, local, key);
    } finally {
      await fsp.rm(encrypted, { force: true });
    }
  };
  const base = `sets/${id}`;
  const dir = insideFolder(path.join(scratch, 'sets'), id, 'a backup set');
  await fetchOne(`${base}/${MANIFEST}`, path.join(dir, MANIFEST));
  const manifest = await readJson<BackupManifest>(path.join(dir, MANIFEST));
  if (!manifest) throw new RestoreError(`${destination.name} holds no readable manifest for ${id}`);
  // Every path the manifest names is checked before anything is fetched.
  const extras = manifest.extras.map((extra) => extraName(extra.name));
  const files = manifest.files.map((file) => ({
    remote: file.path,
    local: storedFilePath(path.join(scratch, 'files'), file.path),
  }));
  await fetchOne(`${base}/${DATABASE}`, path.join(dir, DATABASE));
  if (manifest.guard) await fetchOne(`${base}/${GUARD}`, path.join(dir, GUARD));
  for (const name of extras)
    await fetchOne(`${base}/extras/${name}`, path.join(dir, 'extras', name));
  for (const file of files) await fetchOne(`files/${file.remote}`, file.local);
  const staged = await stageLocalSet(dir);
  return { ...staged, kind: `backup set ${id} from ${destination.name}` };
}

/** A copy of a whole data folder, guard and all, or just its database file. */
async function stageDataFolder(source: string): Promise<Staged> {
  const isFile = (await fsp.stat(source)).isFile();
  const dir = isFile ? path.dirname(source) : source;
  const database = isFile ? source : path.join(dir, DATABASE);
  const extras = new Map<string, string>();
  if (!isFile) {
    for (const name of EXTRAS) {
      if (fs.existsSync(path.join(dir, name))) extras.set(name, path.join(dir, name));
    }
  }
  const guard = path.join(dir, `restore-guard.${path.basename(database)}`);
  return {
    kind: isFile ? `database file ${source}` : `data folder copy ${source}`,
    database,
    guard: !isFile && fs.existsSync(guard) ? guard : null,
    extras,
    files: isFile ? new Map() : await filesUnder(path.join(dir, 'files')),
    manifest: null,
  };
}

/** Finds `source` (a path, an id or `latest`) and lays it out as plain files. */
export async function stage(options: StageSource, scratch: string): Promise<Staged> {
  const { config, source } = options;
  const asPath = path.resolve(source);
  if (fs.existsSync(asPath)) {
    if (fs.existsSync(path.join(asPath, MANIFEST))) return stageLocalSet(asPath);
    if (fs.existsSync(path.join(asPath, `${MANIFEST}.enc`))) {
      if (!config.backup.key) throw new RestoreError('BACKUP_KEY is needed to read this copy');
      // An off-machine folder's set: its destination root is two levels up.
      const root = path.dirname(path.dirname(asPath));
      const { FolderDestination } = await import('./destinations');
      return stageRemoteSet(
        new FolderDestination(root),
        path.basename(asPath),
        config.backup.key,
        scratch,
      );
    }
    if (fs.statSync(asPath).isFile() || fs.existsSync(path.join(asPath, DATABASE))) {
      return stageDataFolder(asPath);
    }
    throw new RestoreError(`${asPath} holds no backup this command knows`);
  }
  const local = await readSets(config.backup.dir);
  const wanted =
    source === 'latest' ? local.at(-1) : local.find((set) => set.manifest.id === source);
  if (wanted) return stageLocalSet(wanted.dir);
  const key = config.backup.key;
  for (const destination of options.destinations ?? configuredDestinations(config)) {
    const ids = [
      ...new Set(
        (await destination.list('sets/'))
          .filter((k) => k.endsWith(`/${MANIFEST}.enc`))
          .map((k) => k.split('/')[1] ?? ''),
      ),
    ].sort();
    const id = source === 'latest' ? ids.at(-1) : ids.find((i) => i === source);
    if (!id) continue;
    if (!key) throw new RestoreError('BACKUP_KEY is needed to read copies from off the machine');
    options.say?.(`Fetching ${id} from ${destination.name}…`);
    return stageRemoteSet(destination, id, key, scratch);
  }
  throw new RestoreError(
    `No backup "${source}" here (${config.backup.dir}) or at the off-machine destinations`,
  );
}
