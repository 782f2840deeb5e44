/**
 * The findings of a security probe of the whole server, one reproduction each: what the probe
 * did, now refused, with what a user (or the attacker) would notice.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, SERIES_ALARM_AT, seriesAlarm, type Job } from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import { pdfPages } from '../billing/billing-helper';
import { buildApp } from '../../src/app';
import { businessYear } from '../../src/db/id-series';
import { restoreBackup } from '../../src/backup/restore';
import { readSets, type BackupManifest } from '../../src/backup/sets';
import { createNotifier, notifierDepsOf } from '../../src/services/notifier';
import {
  TEST_ADMIN,
  TEST_PASSWORD_COST,
  buildTestApp,
  login,
  onTestEnd,
  registerCustomer,
  seedRow,
  signedIn,
  snapshotDatabase,
  syncCall,
  tempDir,
  testConfig,
  type TestApp,
} from '../helper';
import { bookingBody, insertJob } from '../fixtures';
import { DRIVER, seedDriverJobs, seedStaffData } from '../staff/fixtures';
import {
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  startFakeTwilio,
  twilioSignature,
} from '../notifications/fake-twilio';

/** Every id counter the server holds, in order. */
function counters(app: TestApp) {
  return app.db.prepare('SELECT series, next FROM id_series ORDER BY series').all();
}

/** A device's HTTP hello with the given body on top of a fresh device's. */
function hello(app: TestApp, cookie: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/sync/hello',
    headers: { cookie },
    payload: {
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: 1,
      clientId: 'driver-phone',
      cursor: 0,
      ackedSeq: 0,
      ...body,
    },
  });
}

/** Books, makes a job through REST and leases: each answers, so each series is usable. */
async function everySeriesWorks(app: TestApp, admin: string, driver: string) {
  const booked = await app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() });
  expect(booked.statusCode, booked.body).toBe(201);
  const job = await signedIn(app, admin).post('/api/jobs', {
    customerName: 'Pat Moss',
    phone: '0400 000 123',
    service: 'Emergency Towing',
    location: 'Karratha',
  });
  expect(job.statusCode, job.body).toBe(201);
  for (const [cookie, clientId, series] of [
    [driver, 'driver-phone', 'job_updates'],
    [admin, 'office-tablet', `INV-${businessYear(app.now())}`],
    [admin, 'office-tablet', 'payments'],
  ] as const) {
    const lease = await syncCall(app, cookie, 'lease', { clientId, series });
    expect(lease.statusCode, lease.body).toBe(200);
    expect(lease.json()).toMatchObject({ type: 'lease-grant', series });
  }
}

describe('a driver’s device claims id blocks the server never granted', () => {
  it('leaves every series usable and every counter unchanged after a forged hello, restart included', async () => {
    const config = testConfig();
    const app = await buildApp(config, { logger: false, passwordCost: TEST_PASSWORD_COST });
    onTestEnd(() => app.close());
    await app.ready();
    await app.accountsReady;
    seedStaffData(app);
    const driver = await login(app, DRIVER);
    const before = counters(app);
    const year = businessYear(app.now());
    const forged = [
      `BKG-${year}`,
      `JOB-${year}`,
      `Q-${year}`,
      `INV-${year}`,
      `CN-${year}`,
      'payments',
      'job_updates',
    ].map((series) => ({ series, start: 999_999_999, end: 999_999_999 }));

    const answer = await hello(app, driver, { leases: forged });
    expect(answer.statusCode, answer.body).toBe(200);
    // The device is told which blocks are not its own, so it drops them and asks again.
    expect(answer.json().refusedLeases).toEqual(forged);
    expect(counters(app)).toEqual(before);
    expect(app.db.prepare('SELECT count(*) AS n FROM id_leases').get()).toEqual({ n: 0 });

    const admin = await login(app);
    await everySeriesWorks(app, admin, driver);
    await app.close();

    // After a restart on the same data folder, restore guard and all.
    const again = await buildTestApp({ config });
    await everySeriesWorks(again, await login(again), await login(again, DRIVER));
  });

  it('honours a block the server granted to that device, and only that one', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    const driver = await login(app, DRIVER);
    const grant = await syncCall(app, driver, 'lease', {
      clientId: 'driver-phone',
      series: 'job_updates',
    });
    const granted = grant.json() as { series: string; start: number; end: number };
    const block = { series: granted.series, start: granted.start, end: granted.end };
    const before = counters(app);
    const own = await hello(app, driver, { leases: [block] });
    expect(own.json().refusedLeases ?? []).toEqual([]);
    // The same block claimed by another device of the same driver is not that device's.
    const other = await hello(app, driver, { clientId: 'second-phone', leases: [block] });
    expect(other.json().refusedLeases).toEqual([block]);
    expect(counters(app)).toEqual(before);
  });

  it('grants a driver only the series a driver’s work mints', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    const driver = await login(app, DRIVER);
    const year = businessYear(app.now());
    const before = counters(app);
    for (const series of [`BKG-${year}`, `INV-${year}`, 'payments', 'vehicles']) {
      const lease = await syncCall(app, driver, 'lease', { clientId: 'driver-phone', series });
      expect(lease.statusCode, series).toBe(409);
      expect(lease.json()).toMatchObject({ type: 'error', code: 'lease_refused' });
    }
    expect(counters(app)).toEqual(before);
    const allowed = await syncCall(app, driver, 'lease', {
      clientId: 'driver-phone',
      series: 'fuel_records',
    });
    expect(allowed.json()).toMatchObject({ type: 'lease-grant', series: 'fuel_records' });
  });
});

describe('one account’s devices asking for id blocks all day', () => {
  it('are granted LEASE_GRANTS_PER_DAY blocks of a series a day, then refused, leaving the series', async () => {
    const app = await buildTestApp({ env: { LEASE_GRANTS_PER_DAY: '2' } });
    seedStaffData(app);
    const driver = await login(app, DRIVER);
    const ask = (clientId: string) =>
      syncCall(app, driver, 'lease', { clientId, series: 'fuel_records' });
    for (const phone of ['phone-1', 'phone-2'])
      expect((await ask(phone)).json()).toMatchObject({ type: 'lease-grant' });
    const third = await ask('phone-3');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ type: 'error', code: 'lease_refused' });
    // The cap is per account: another account's device is granted as before.
    const admin = await login(app);
    const office = await syncCall(app, admin, 'lease', {
      clientId: 'office-tablet',
      series: 'fuel_records',
    });
    expect(office.json()).toMatchObject({ type: 'lease-grant', series: 'fuel_records' });
  });
});

describe('a database whose counters a forged hello pushed to the ceiling', () => {
  it('is repaired at start: counters come back, never below a number in use, and every series works', async () => {
    const config = testConfig();
    const first = await buildTestApp({ config });
    seedStaffData(first);
    const admin = await login(first);
    const driver = await login(first, DRIVER);
    const year = businessYear(first.now());
    // Honest work first: blocks granted to both devices, a booking, a job made through REST.
    const fuel = await syncCall(first, driver, 'lease', {
      clientId: 'driver-phone',
      series: 'fuel_records',
    });
    const jobs = await syncCall(first, admin, 'lease', {
      clientId: 'office-tablet',
      series: `JOB-${year}`,
    });
    await everySeriesWorks(first, admin, driver);
    const honest = counters(first) as { series: string; next: number }[];
    await first.close();

    // What the old server did with a forged hello: counters to the ceiling, the claims recorded
    // as leases of the device, the guard's marks raised with them. Written as a database from
    // before the repair has them (no record of what the server itself handed out).
    const pushed = [`BKG-${year}`, `JOB-${year}`, `INV-${year}`, 'payments', 'job_updates'];
    const file = new Database(config.databaseFile);
    file.prepare('UPDATE id_series SET grantedThrough = NULL').run();
    file.prepare('UPDATE id_leases SET origin = NULL, userId = NULL, role = NULL').run();
    for (const series of pushed) {
      file
        .prepare(
          `INSERT INTO id_series (series, next) VALUES (?, 1000000000)
             ON CONFLICT (series) DO UPDATE SET next = 1000000000`,
        )
        .run(series);
      file
        .prepare(
          `INSERT INTO id_leases (clientId, series, start, "end", createdAt) VALUES ('driver-phone', ?, 999999999, 999999999, ?)`,
        )
        .run(series, new Date().toISOString());
    }
    // A fuel record someone stored far up the series: its number stays taken.
    file.prepare("UPDATE id_series SET next = 1000000000 WHERE series = 'fuel_records'").run();
    file.close();
    const guard = new Database(path.join(config.dataDir, 'restore-guard.pilbara.sqlite'));
    guard.prepare('DELETE FROM granted_through').run();
    guard.prepare('UPDATE handed_out SET upTo = 999999999').run();
    guard.close();
    const planted = new Database(config.databaseFile);
    planted
      .prepare(
        `INSERT INTO fuel_records (id, vehicleId, dateTime, location, fuelType, liters, createdAt)
           VALUES (5000000, 1, '2026-11-20T00:00:00.000Z', 'Karratha', 'Diesel', 1000,
                   '2026-11-20T00:00:00.000Z')`,
      )
      .run();
    planted.close();

    const repaired = await buildTestApp({ config });
    const after = counters(repaired) as { series: string; next: number }[];
    const nextOf = (rows: { series: string; next: number }[], series: string) =>
      rows.find((row) => row.series === series)?.next ?? 1;
    for (const series of pushed) {
      // Back just past what was really handed out.
      expect(nextOf(after, series), series).toBe(nextOf(honest, series));
    }
    // Never below a number a row holds.
    expect(nextOf(after, 'fuel_records')).toBe(5_000_001);
    // The honest grants are still the devices' own; the claims are gone.
    const leases = repaired.db
      .prepare('SELECT series, start, "end" FROM id_leases ORDER BY series, start')
      .all();
    expect(leases).toEqual(
      expect.arrayContaining([
        { series: 'fuel_records', start: fuel.json().start, end: fuel.json().end },
        { series: `JOB-${year}`, start: jobs.json().start, end: jobs.json().end },
      ]),
    );
    expect(leases).not.toContainEqual(expect.objectContaining({ start: 999_999_999 }));
    await everySeriesWorks(repaired, await login(repaired), await login(repaired, DRIVER));
    await repaired.close();

    // The guard's marks came down too: the next start changes nothing more.
    const third = await buildTestApp({ config });
    expect(nextOf(counters(third) as { series: string; next: number }[], `BKG-${year}`)).toBe(
      nextOf(honest, `BKG-${year}`) + 1,
    );
  });
});

describe('behind the proxy, the left-most X-Forwarded-For is the client’s to write', () => {
  it('limits a forged left-most address: the client is the one the proxy appended', async () => {
    const app = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    const signIn = (forwardedFor: string, password: string, username = 'admin') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username, password },
      });
    // Wrong passwords from one client, each for another name, as the proxy reports it, until
    // that client is held back.
    const answers: number[] = [];
    for (let i = 0; i < 21 && answers.at(-1) !== 429; i++) {
      answers.push((await signIn('203.0.113.7', `wrong-${i}`, `nobody-${i}`)).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    // The same client writes an address of its choice in front: still that client.
    const forged = await signIn('1.2.3.4, 203.0.113.7', TEST_ADMIN.password);
    expect(forged.statusCode, forged.body).toBe(429);
    expect(forged.cookies).toHaveLength(0);
    // Another client behind the same proxy is not held back.
    const other = await signIn('198.51.100.20', TEST_ADMIN.password);
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('a backup set whose manifest names paths outside the data folder', () => {
  it('is refused before anything is written, inside DATA_DIR or out of it', async () => {
    const root = tempDir('pilbara-crafted-');
    const config = testConfig({
      DATA_DIR: path.join(root, 'srv', 'data'),
      BACKUP_DIR: path.join(root, 'backups'),
    });
    const app = await buildTestApp({ config });
    await app.backups.runNow('manual');
    await app.close();
    const [set] = await readSets(config.backup.dir);
    if (!set) throw new Error('no backup set');
    const bytes = Buffer.from('planted by whoever wrote the manifest');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    // Where the crafted entries point from the set, so the copy has bytes to read.
    fs.mkdirSync(path.join(root, 'outside'), { recursive: true });
    fs.writeFileSync(path.join(root, 'outside', 'planted.txt'), bytes);
    fs.writeFileSync(path.join(set.dir, '..', 'srv-extra'), bytes);
    const manifestFile = path.join(set.dir, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    const crafted: BackupManifest[] = [
      {
        ...manifest,
        files: [{ path: '../../outside/planted.txt', sha256, bytes: bytes.length }],
      },
      { ...manifest, extras: [{ name: '../../srv-extra', bytes: bytes.length, sha256 }] },
      {
        ...manifest,
        files: [{ path: path.join(root, 'outside', 'planted.txt'), sha256, bytes: bytes.length }],
      },
    ];
    const databaseBefore = fs.readFileSync(config.databaseFile);
    for (const bad of crafted) {
      fs.writeFileSync(manifestFile, JSON.stringify(bad));
      await expect(restoreBackup({ config, source: set.dir })).rejects.toThrow(
        /outside the data folder/,
      );
      expect(fs.existsSync(path.join(root, 'srv', 'outside'))).toBe(false);
      expect(fs.existsSync(path.join(root, 'srv-extra'))).toBe(false);
      expect(fs.readFileSync(config.databaseFile).equals(databaseBefore)).toBe(true);
      expect(fs.readdirSync(config.dataDir).filter((name) => name.startsWith('replaced-'))).toEqual(
        [],
      );
    }
  });
});

describe('an old signed START, replayed after a later STOP', () => {
  it('is ignored: each text is applied once, and only when it is the newest', async () => {
    const fake = await startFakeTwilio();
    onTestEnd(() => fake.close());
    const publicUrl = 'https://tow.example.com';
    const app = await buildTestApp({
      env: {
        PUBLIC_URL: publicUrl,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        SMS_FROM: TWILIO_FROM,
        TWILIO_API_BASE: fake.url,
      },
    });
    const phone = '+61423456701';
    const deliver = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(
            TWILIO_TOKEN,
            `${publicUrl}/api/sms/inbound`,
            fields,
          ),
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const optedOut = () =>
      Boolean(app.db.prepare('SELECT 1 FROM sms_opt_outs WHERE phone = ?').get(phone));
    const now = Date.now();

    // A START the attacker captured on the way, then the customer's STOP.
    const start = fake.receive(phone, 'START', new Date(now - 60_000));
    expect((await deliver(start)).statusCode).toBe(200);
    expect(optedOut()).toBe(false);
    expect((await deliver(fake.receive(phone, 'STOP', new Date(now - 30_000)))).statusCode).toBe(
      200,
    );
    expect(optedOut()).toBe(true);

    // The captured START, signature and all, sent again: heard, applied never.
    const replayed = await deliver(start);
    expect(replayed.statusCode).toBe(200);
    expect(optedOut()).toBe(true);
    // A START the server never saw, sent before the STOP and arriving late: older, ignored.
    expect((await deliver(fake.receive(phone, 'START', new Date(now - 45_000)))).statusCode).toBe(
      200,
    );
    expect(optedOut()).toBe(true);
    // The customer's own START after the STOP turns texts back on.
    expect((await deliver(fake.receive(phone, 'START', new Date(now)))).statusCode).toBe(200);
    expect(optedOut()).toBe(false);
  });
});

describe('the smaller ones', () => {
  it('keeps a tracking token or a whole phone given as `query` out of the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(testConfig(), {
      logger: { level: 'info', stream },
      passwordCost: TEST_PASSWORD_COST,
    });
    onTestEnd(() => app.close());
    await app.ready();
    const job = insertJob(app, { phone: '0412 345 678' });
    const token = job.trackingToken as string;
    await app.inject({ url: `/api/jobs/search?query=${token}&phone=5678` });
    await app.inject({ url: '/api/jobs/search?query=0412345678&phone=0412345678' });
    await app.inject({ url: `/api/jobs/search?query=${encodeURIComponent('+61412345678')}` });
    const log = lines.join('');
    expect(log).toContain('/api/jobs/search?query=[redacted]');
    for (const secret of [token, '0412345678', '61412345678', '5678']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('answers the job sheet of a job that is not yours as it answers no such job', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    seedDriverJobs(app);
    const customer = await registerCustomer(app);
    const driver = await login(app, DRIVER);
    for (const cookie of [customer, driver]) {
      const missing = await signedIn(app, cookie).get('/api/jobs/JOB-2026-999/sheet.pdf');
      const theirs = await signedIn(app, cookie).get('/api/jobs/JOB-2026-5/sheet.pdf');
      expect(missing.statusCode).toBe(404);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
  });

  it('refuses a state-changing request from another site, and only that', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://tow.example.com' } });
    seedStaffData(app);
    const admin = await login(app);
    const before = snapshotDatabase(app);
    const from = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings/BKG-2026-1/approve',
        headers: { cookie: admin, ...headers },
      });
    // A body-less admin action, sent by another site's page with the admin's cookie.
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const refused = await from(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().fields).toHaveProperty('origin');
    }
    const booking = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { origin: 'https://evil.example' },
      payload: bookingBody(),
    });
    expect(booking.statusCode).toBe(403);
    expect(snapshotDatabase(app)).toEqual(before);
    // This site's own pages, and callers that are not browsers (a provider's webhook), go on.
    expect((await from({ origin: 'https://tow.example.com' })).statusCode).toBe(200);
    const own = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: bookingBody(),
    });
    expect(own.statusCode).toBe(201);
    expect(
      (await app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() }))
        .statusCode,
    ).toBe(201);
  });

  it('mints the id of a job made through REST, whatever id the caller sends', async () => {
    const app = await buildTestApp();
    const admin = await login(app);
    const made = await signedIn(app, admin).post('/api/jobs', {
      id: 'JOB-2026-P999999999',
      customerName: 'Pat Moss',
      phone: '0400 000 123',
      service: 'Emergency Towing',
      location: 'Karratha',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().job.id).not.toBe('JOB-2026-P999999999');
    expect(made.json().job.id).toMatch(/^JOB-\d{4}-P\d{1,3}$/);
    expect(app.db.prepare("SELECT 1 FROM jobs WHERE id = 'JOB-2026-P999999999'").get()).toBe(
      undefined,
    );
  });
});

describe('the public booking form pumps texts', () => {
  it('keeps job-update texts flowing after 100 bookings with made-up numbers from many addresses', async () => {
    const fake = await startFakeTwilio();
    onTestEnd(() => fake.close());
    const app = await buildTestApp({
      env: {
        PUBLIC_URL: 'https://tow.example.com',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        SMS_FROM: TWILIO_FROM,
        TWILIO_API_BASE: fake.url,
      },
    });
    const notifier = createNotifier(notifierDepsOf(app), {
      pollMs: 600_000,
      afterChangeMs: 600_000,
    });
    onTestEnd(() => notifier.stop());
    const admin = await login(app);

    // 100 bookings from 20 addresses, five each (the per-address form limit allows ten), to
    // made-up mobiles, every tenth abroad.
    for (let i = 0; i < 100; i += 1) {
      const phone =
        i % 10 === 9 ? `+1 415 555 ${String(1000 + i)}` : `04${String(10_000_000 + i * 7919)}`;
      const booked = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        remoteAddress: `203.0.113.${10 + Math.floor(i / 5)}`,
        payload: bookingBody({ phone }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    await notifier.run();
    const pumped = fake.received.length;
    // The bookings' alerts to the owners are staff alert texts, with a budget of their own.
    const staffNumbers = new Set(
      (
        app.db
          .prepare("SELECT DISTINCT recipientPhone FROM notifications WHERE audience = 'staff'")
          .all() as { recipientPhone: string | null }[]
      ).map((row) => row.recipientPhone),
    );
    const toCustomers = fake.received.filter((text) => !staffNumbers.has(text.to));
    // Nothing abroad, and the acknowledgements stopped at their own small budget.
    expect(toCustomers.filter((text) => !text.to.startsWith('+614'))).toEqual([]);
    expect(toCustomers.length).toBeLessThanOrEqual(20);

    // A real customer's job goes En Route: its text goes, whatever the form spent.
    const job = await signedIn(app, admin).post('/api/jobs', {
      customerName: 'Real Customer',
      phone: '0499 888 777',
      service: 'Emergency Towing',
      location: 'Karratha',
    });
    expect(job.statusCode, job.body).toBe(201);
    const enRoute = await signedIn(app, admin).patch(`/api/jobs/${job.json().job.id}`, {
      status: 'En Route',
      progress: 25,
    });
    expect(enRoute.statusCode, enRoute.body).toBe(200);
    await notifier.run();
    expect(fake.received.slice(pumped).map((text) => text.to)).toEqual(['+61499888777']);

    // Staff are told the acknowledgements ran out, and that job texts still go.
    const warnings = await signedIn(app, admin).get('/api/server-warnings');
    expect(warnings.statusCode).toBe(200);
    expect(warnings.json().warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'sms-budget',
          message: expect.stringMatching(
            /^Booking acknowledgement texts.*Texts about jobs still go/,
          ),
        }),
      ]),
    );
  });
});

describe('a series far off its course', () => {
  it('is shown to staff long before it could run out', async () => {
    const app = await buildTestApp();
    const admin = await login(app);
    expect((await signedIn(app, admin).get('/api/server-warnings')).json()).toEqual({
      warnings: [],
    });
    const granted = await syncCall(app, admin, 'lease', {
      clientId: 'office-tablet',
      series: 'fuel_records',
    });
    expect(granted.statusCode).toBe(200);
    app.db
      .prepare("UPDATE id_series SET next = ? WHERE series = 'fuel_records'")
      .run(SERIES_ALARM_AT + 51);
    const warnings = (await signedIn(app, admin).get('/api/server-warnings')).json().warnings;
    expect(warnings).toEqual([
      {
        kind: 'id-series',
        title: expect.any(String),
        message: seriesAlarm('fuel_records', SERIES_ALARM_AT + 50),
      },
    ]);
    // A driver is not told (the owners are).
    seedStaffData(app);
    const driver = await login(app, DRIVER);
    expect((await signedIn(app, driver).get('/api/server-warnings')).statusCode).toBe(403);
  });
});

describe('anyone can lock the owners out', () => {
  /** The device cookie a sign-in answer sets, as a Cookie header ('' when none is set). */
  const deviceCookie = (response: { cookies: { name: string; value: string }[] }) => {
    const cookie = response.cookies.find((c) => c.name === 'pilbara_device');
    return cookie ? `pilbara_device=${cookie.value}` : '';
  };
  const signIn = (
    app: TestApp,
    password: string,
    options: { cookie?: string; from?: string; username?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: options.from ?? '127.0.0.1',
      headers: options.cookie ? { cookie: options.cookie } : {},
      payload: { username: options.username ?? TEST_ADMIN.username, password },
    });

  it('answers a staff username at registration as it answers a free one', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    const register = (username: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username,
          password: 'customer-password-9',
          email: `${username}@example.com`,
          firstName: 'Casey',
        },
      });
    const free = await register('nobody-here');
    const staffName = await register(DRIVER.username);
    expect(free.statusCode, free.body).toBe(201);
    expect(staffName.statusCode, staffName.body).toBe(201);
    expect(Object.keys(staffName.json().user).sort()).toEqual(Object.keys(free.json().user).sort());
    // Each signs in to their own account: the driver's password the driver, the other the customer.
    const driver = await signIn(app, DRIVER.password, { username: DRIVER.username });
    expect(driver.json().user).toMatchObject({ role: 'driver', id: DRIVER.id });
    const customer = await signIn(app, 'customer-password-9', { username: DRIVER.username });
    expect(customer.json().user).toMatchObject({ role: 'customer' });
    // A customer's own name is still theirs alone.
    expect((await register('nobody-here')).statusCode).toBe(409);
  });

  it('lets the owner’s device in after wrong passwords from anywhere, and slows the guesser', async () => {
    const app = await buildTestApp();
    const first = await signIn(app, TEST_ADMIN.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    // Twenty-five guesses from other addresses: answered 401, then "wait" (429), never a lock.
    const guesses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      guesses.push((await signIn(app, `guess-${i}`, { from: `198.51.100.${i + 1}` })).statusCode);
    }
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(guesses)).toEqual(new Set([401, 429]));
    // A new device with the right password waits its turn, told for how long…
    const stranger = await signIn(app, TEST_ADMIN.password, { from: '192.0.2.55' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in/,
    );
    // …the owner's own device signs in at once.
    const owner = await signIn(app, TEST_ADMIN.password, { cookie: device });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it(
    'signs the owner in within a second of the usual time during a flood of wrong passwords',
    { timeout: 120_000 },
    async () => {
      // Production scrypt cost: the flood's weight is the cost of each check.
      const app = await buildApp(testConfig(), { logger: false });
      onTestEnd(() => app.close());
      await app.ready();
      await app.accountsReady;
      const device = deviceCookie(await signIn(app as TestApp, TEST_ADMIN.password));
      const timed = async () => {
        const started = performance.now();
        const answer = await signIn(app as TestApp, TEST_ADMIN.password, { cookie: device });
        return { answer, ms: performance.now() - started };
      };
      const usual = Math.max((await timed()).ms, (await timed()).ms);
      // Thirty wrong passwords at once, from thirty addresses.
      const flood = Array.from({ length: 30 }, (_, i) =>
        signIn(app as TestApp, `guess-${i}`, { from: `198.51.100.${i + 1}` }),
      );
      await new Promise((resolve) => setImmediate(resolve));
      const during = await timed();
      const answers = await Promise.all(flood);
      expect(during.answer.statusCode, during.answer.body).toBe(200);
      // Its check never waits for the flood's (the slot of known devices is its own); what is
      // left is sharing the machine with one check of the flood at a time. That costs well under
      // a second on a server of its own; on a machine already busy a check of the flood costs
      // what the owner's own does (scrypt is memory-bound), so the allowance grows with it.
      expect(during.ms - usual).toBeLessThan(Math.max(1_000, usual));
      // The checks of the flood wait in a short queue; the rest are told at once to try later.
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(20);
    },
  );
});

describe('jobs belong to a display name', () => {
  it('shows a driver named like another none of that driver’s jobs, nor a customer’s contacts', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    seedDriverJobs(app);
    // An unassigned job that was cancelled: no driver's to call.
    seedRow(app.db, 'jobs', {
      ...(getRow<Job>(app.db, 'jobs', 'JOB-2026-1') as Job),
      id: 'JOB-2026-6',
      number: 'JOB-2026-6',
      status: 'Cancelled',
      phone: '0499 111 222',
      email: 'cancelled@example.com',
      trackingToken: null,
    });
    const admin = await login(app);
    const namesake = await signedIn(app, admin).post('/api/staff', {
      username: 'sam.t',
      password: 'second-sam-password-1',
      firstName: 'Sam',
      lastName: 'Taylor',
      role: 'driver',
    });
    expect(namesake.statusCode, namesake.body).toBe(201);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'sam.t', password: 'second-sam-password-1' },
    });
    expect(signIn.statusCode).toBe(200);
    // The first screen, the job list, the sync and the job sheet: none of Sam's job.
    expect(signIn.json().driverJobs.jobs).toEqual([]);
    const cookie = `sid=${signIn.cookies.find((c) => c.name === 'sid')?.value}`;
    const listed = (await signedIn(app, cookie).get('/api/jobs')).json().jobs as Job[];
    expect(listed.map((job) => job.id)).not.toContain('JOB-2026-4');
    const page = (await hello(app, cookie, { clientId: 'second-sam' })).json() as {
      changes: { entity: string; rowId: string; data: Job | null }[];
    };
    const synced = page.changes.filter((change) => change.entity === 'jobs');
    expect(synced.map((change) => change.rowId)).not.toContain('JOB-2026-4');
    expect((await signedIn(app, cookie).get('/api/jobs/JOB-2026-4/sheet.pdf')).statusCode).toBe(
      404,
    );
    // Unassigned jobs, cancelled or not, come without the customer's phone and email.
    for (const job of [...listed, ...synced.map((change) => change.data as Job)]) {
      expect(job, job.id).toMatchObject({ phone: '', email: null });
    }
    expect(synced.map((change) => change.rowId)).toContain('JOB-2026-6');
    // The sheet of an unassigned job, which a driver may print, leaves the contacts out too.
    const sheet = await signedIn(app, cookie).get('/api/jobs/JOB-2026-1/sheet.pdf');
    expect(sheet.statusCode).toBe(200);
    const printed = (await pdfPages(sheet.rawPayload)).join(' ');
    expect(printed).toContain('Dana Reid');
    expect(printed.replace(/\s/g, '')).not.toContain('0412345678');
    // Sam himself still has his job, with the number to call.
    const sam = await login(app, DRIVER);
    const his = (await signedIn(app, sam).get('/api/jobs')).json().jobs as Job[];
    expect(his.find((job) => job.id === 'JOB-2026-4')).toMatchObject({ phone: '0411222333' });
  });
});
