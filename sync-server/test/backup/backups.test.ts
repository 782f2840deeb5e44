/**
 * Backups while the server runs: a checked set on the real server's database, stored
 * files copied once by content hash, encrypted copies to a folder and to S3 (a local stand-in
 * speaking the S3 API to the official SDK), retention, a failure shown to staff, the admin API
 * and its roles, and `restoreBackup` from each place a copy can be.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupStatusResponseSchema, type BackupStatus } from '@pilbara/shared-schema';
import { BackupCryptoError, decryptFile } from '../../src/backup/crypto';
import { readSets } from '../../src/backup/sets';
import { restoreBackup } from '../../src/backup/restore';
import { RestoreError } from '../../src/backup/stage';
import { buildTestApp, login, onTestEnd, registerCustomer, tempDir, testConfig } from '../helper';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { storePhoto } from './stored-photo';

const KEY = crypto.randomBytes(32).toString('base64');

async function createJob(
  app: Awaited<ReturnType<typeof buildTestApp>>,
  cookie: string,
  name: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie },
    payload: { customerName: name, phone: '0412 345 678', service: 'Towing', location: 'Karratha' },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { job: { id: string } }).job.id;
}

/** The serial of a job's key: 'JOB-2026-P12' → 12 (keys carry the provisional mark). */
function keySerial(id: string): number {
  const serial = /^JOB-\d{4}-P(\d+)$/.exec(id)?.[1];
  if (!serial) throw new Error(`not a job key: ${id}`);
  return Number(serial);
}

async function status(
  app: Awaited<ReturnType<typeof buildTestApp>>,
  cookie: string,
): Promise<BackupStatus> {
  const response = await app.inject({ method: 'GET', url: '/api/backups', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return backupStatusResponseSchema.parse(response.json()).backups;
}

async function withS3(): Promise<FakeS3> {
  const s3 = await startFakeS3();
  onTestEnd(() => s3.close());
  return s3;
}

// Real servers, worker threads and file copies: generous on a busy machine.
describe('backups', { timeout: 90_000 }, () => {
  it('takes a checked copy while the server runs, and copies each stored file once', async () => {
    const backupDir = tempDir();
    const app = await buildTestApp({ env: { BACKUP_DIR: backupDir } });
    const cookie = await login(app);
    const job = await createJob(app, cookie, 'Before The Backup');
    const photo = storePhoto(app.config.dataDir, Buffer.from('photo one'));

    // Nothing yet: the panel says so.
    expect((await status(app, cookie)).lastGood).toBeNull();
    const started = await app.inject({ method: 'POST', url: '/api/backups', headers: { cookie } });
    expect(started.statusCode).toBe(202);
    await app.backups.runNow('manual');

    const first = await status(app, cookie);
    expect(first.lastGood).toMatchObject({ trigger: 'manual', files: 1, filesCopied: 1 });
    expect(first.lastFailure).toBeNull();
    const [set] = await readSets(backupDir);
    if (!set) throw new Error('no set');
    // The copy is a sound database holding the job, in one file.
    const copy = new Database(path.join(set.dir, 'pilbara.sqlite'), { readonly: true });
    expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(copy.prepare('SELECT id FROM jobs').all()).toEqual([{ id: job }]);
    copy.close();
    expect(fs.existsSync(path.join(set.dir, 'pilbara.sqlite-wal'))).toBe(false);
    // The restore guard and the session secret come along; the guard knows the job's number.
    expect(fs.existsSync(path.join(set.dir, 'guard.sqlite'))).toBe(true);
    expect(set.manifest.extras.map((e) => e.name)).toContain('session-secret');
    expect(set.manifest.handedOut[job.split('-').slice(0, 2).join('-')]).toBe(keySerial(job));
    expect(set.manifest.files).toEqual([
      { path: `${photo.slice(0, 2)}/${photo}.jpg`, sha256: photo, bytes: 9 },
    ]);

    // A second backup copies nothing it has; a new photo is copied alone.
    const second = storePhoto(app.config.dataDir, Buffer.from('photo two'));
    await app.backups.runNow('schedule');
    const now = await status(app, cookie);
    expect(now.lastGood).toMatchObject({ trigger: 'schedule', files: 2, filesCopied: 1 });
    expect(
      fs.readFileSync(path.join(backupDir, 'files', second.slice(0, 2), `${second}.jpg`), 'utf8'),
    ).toBe('photo two');
    expect(now.recent).toHaveLength(2);
    expect(now.offsiteDestinations).toEqual([]);
    expect(now.lastOffsite).toBeNull();
  });

  it('is for admins only, and listed in the API description', async () => {
    const app = await buildTestApp({ env: { BACKUP_DIR: tempDir() } });
    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['POST', '/api/backups/recovery/stop-waiting'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
      const customer = await registerCustomer(app, { username: `c${url.length}${method}` });
      expect((await app.inject({ method, url, headers: { cookie: customer } })).statusCode).toBe(
        403,
      );
    }
    expect(fs.readdirSync(app.config.backup.dir, { withFileTypes: true })).toEqual([]);
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/api/backups', '/api/backups/recovery/stop-waiting']),
    );
  });

  it('shows a failed backup to staff until one succeeds', async () => {
    const backupDir = tempDir();
    const app = await buildTestApp({ env: { BACKUP_DIR: backupDir } });
    const cookie = await login(app);
    // The backup folder cannot be written: a file stands where its sets should go.
    fs.writeFileSync(path.join(backupDir, 'sets'), 'not a folder');
    await app.backups.runNow('manual');
    const failed = await status(app, cookie);
    expect(failed.lastGood).toBeNull();
    expect(failed.lastFailure).toMatchObject({ stage: 'backup' });
    expect(failed.lastFailure?.message).toMatch(/ENOTDIR|not a directory|EEXIST/);

    fs.rmSync(path.join(backupDir, 'sets'));
    await app.backups.runNow('manual');
    const fixed = await status(app, cookie);
    expect(fixed.lastFailure).toBeNull();
    expect(fixed.lastGood).not.toBeNull();
  });

  it('keeps what retention wants and deletes the rest, files included', async () => {
    const backupDir = tempDir();
    let clock = new Date('2026-11-21T01:00:00.000Z').getTime();
    const app = await buildTestApp({
      env: {
        BACKUP_DIR: backupDir,
        BACKUP_KEEP_HOURLY: '2',
        BACKUP_KEEP_DAILY: '1',
        BACKUP_KEEP_MONTHLY: '1',
      },
      now: () => new Date(clock),
    });
    const dropped = storePhoto(app.config.dataDir, Buffer.from('deleted before the third'));
    for (let i = 0; i < 3; i++) {
      if (i === 1)
        fs.rmSync(path.join(app.config.dataDir, 'files', dropped.slice(0, 2)), { recursive: true });
      await app.backups.runNow('schedule');
      clock += 3_600_000;
    }
    const sets = await readSets(backupDir);
    // Two newest (hourly), which are also the day's and the month's newest.
    expect(sets.map((s) => s.manifest.takenAt)).toEqual([
      '2026-11-21T02:00:00.000Z',
      '2026-11-21T03:00:00.000Z',
    ]);
    expect(
      fs.existsSync(path.join(backupDir, 'files', dropped.slice(0, 2), `${dropped}.jpg`)),
    ).toBe(false);
  });

  it('sends encrypted copies to a folder and to S3, and restores from either', async () => {
    const s3 = await withS3();
    const offsiteDir = tempDir();
    const backupDir = tempDir();
    const env = {
      BACKUP_DIR: backupDir,
      BACKUP_OFFSITE_DIR: offsiteDir,
      BACKUP_S3_BUCKET: s3.bucket,
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      BACKUP_S3_FORCE_PATH_STYLE: 'true',
      BACKUP_S3_PREFIX: 'depot',
      BACKUP_KEY: KEY,
    };
    const config = testConfig(env);
    const app = await buildTestApp({ config });
    const cookie = await login(app);
    const job = await createJob(app, cookie, 'Sent Away');
    const photo = storePhoto(config.dataDir, crypto.randomBytes(20_000));
    await app.backups.runNow('manual');

    const shown = await status(app, cookie);
    expect(shown.lastFailure).toBeNull();
    expect(shown.offsiteDestinations).toEqual([`folder ${offsiteDir}`, `s3://${s3.bucket}/depot`]);
    expect(shown.lastOffsite?.at).toBe(shown.lastGood?.takenAt);
    const id = shown.lastGood?.id ?? '';
    const keys = [...s3.objects.keys()].sort();
    expect(keys).toEqual(
      expect.arrayContaining([
        `depot/sets/${id}/manifest.json.enc`,
        `depot/sets/${id}/pilbara.sqlite.enc`,
        `depot/sets/${id}/guard.sqlite.enc`,
        `depot/files/${photo.slice(0, 2)}/${photo}.jpg.enc`,
      ]),
    );
    // Nothing readable leaves the machine: no SQLite header, no job id, in any object.
    for (const [key, bytes] of s3.objects) {
      expect(bytes.includes(Buffer.from('SQLite format 3')), key).toBe(false);
      expect(bytes.includes(Buffer.from(job)), key).toBe(false);
    }
    const folderCopy = path.join(offsiteDir, 'sets', id, 'pilbara.sqlite.enc');
    expect(fs.existsSync(folderCopy)).toBe(true);
    // Another key is named as such, not taken for damage.
    const wrong = crypto.randomBytes(32);
    await expect(decryptFile(folderCopy, path.join(tempDir(), 'x'), wrong)).rejects.toThrow(
      BackupCryptoError,
    );
    await expect(decryptFile(folderCopy, path.join(tempDir(), 'x'), wrong)).rejects.toThrow(
      /another key/,
    );
    // A changed byte does not pass.
    const tampered = path.join(tempDir(), 'tampered.enc');
    const bytes = fs.readFileSync(folderCopy);
    bytes[bytes.length - 40] = (bytes[bytes.length - 40] ?? 0) ^ 1;
    fs.writeFileSync(tampered, bytes);
    await expect(
      decryptFile(tampered, path.join(tempDir(), 'y'), Buffer.from(KEY, 'base64')),
    ).rejects.toThrow(/damaged or was changed/);

    // A second backup the same day is not sent again (daily schedule); no file is sent twice.
    const puts = s3.requests.filter((r) => r.startsWith('PUT')).length;
    await app.backups.runNow('manual');
    expect(s3.requests.filter((r) => r.startsWith('PUT')).length).toBe(puts);
    await app.close();

    // The machine is lost: a new data folder, no local backups. From S3 first…
    for (const from of ['s3', 'folder'] as const) {
      const fresh = testConfig({
        ...env,
        BACKUP_DIR: tempDir(),
        ...(from === 's3' ? { BACKUP_OFFSITE_DIR: undefined } : { BACKUP_S3_BUCKET: undefined }),
      });
      const result = await restoreBackup({ config: fresh, source: 'latest' });
      expect(result.kind).toContain(from === 's3' ? 's3://' : 'folder');
      expect(result.guardKept).toBe(false);
      const restored = await buildTestApp({ config: fresh });
      expect(restored.db.prepare('SELECT id FROM jobs').all()).toEqual([{ id: job }]);
      const file = path.join(fresh.dataDir, 'files', photo.slice(0, 2), `${photo}.jpg`);
      expect(crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(photo);
      // No guard survived: the job series moved well past what the copy knew.
      const next = await createJob(restored, await login(restored), 'After');
      expect(keySerial(next)).toBeGreaterThan(keySerial(job) + 1000);
      await restored.close();
    }
  });

  it('refuses a damaged backup, or a running server, and changes nothing', async () => {
    const backupDir = tempDir();
    const config = testConfig({ BACKUP_DIR: backupDir });
    const app = await buildTestApp({ config });
    const job = await createJob(app, await login(app), 'Kept');
    const photo = storePhoto(config.dataDir, Buffer.from('original bytes'));
    await app.backups.runNow('manual');
    await app.close();

    // A running server on the data folder (its pid file names a live process).
    fs.writeFileSync(path.join(config.dataDir, 'server.pid'), `${process.pid}\n`);
    await expect(restoreBackup({ config, source: 'latest' })).rejects.toThrow(/server is running/);
    fs.rmSync(path.join(config.dataDir, 'server.pid'));

    // A stored file in the backup changed on disk: refused before anything moves.
    const stored = path.join(backupDir, 'files', photo.slice(0, 2), `${photo}.jpg`);
    fs.writeFileSync(stored, 'rotten bytes!!');
    await expect(restoreBackup({ config, source: 'latest' })).rejects.toThrow(RestoreError);
    await expect(restoreBackup({ config, source: 'latest' })).rejects.toThrow(
      /does not match its hash/,
    );
    const db = new Database(config.databaseFile, { readonly: true });
    expect(db.prepare('SELECT id FROM jobs').all()).toEqual([{ id: job }]);
    db.close();
    expect(fs.readdirSync(config.dataDir).filter((n) => n.startsWith('replaced-'))).toEqual([]);
    await expect(restoreBackup({ config, source: 'no-such-backup' })).rejects.toThrow(
      /No backup "no-such-backup"/,
    );
  });
});
