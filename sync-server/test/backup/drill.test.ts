/**
 * The restore drill, with the real web sync engine (Dexie on fake-indexeddb) against
 * the real server over its socket, and the real backup and `npm run restore` code:
 *
 * 1. Before the backup: phone A creates a job and a fuel record, phone B syncs; two photos are
 *    stored. A scheduled backup is taken, and an operator also copies the whole data folder.
 * 2. After it: A creates another job and fuel record (acknowledged); B edits A's new job
 *    (acknowledged); a REST caller creates a job for a customer; phone C records fuel
 *    (acknowledged) and is then lost with everything on it. Then A (a job) and B (another edit
 *    of A's job) keep working offline: those stay in their outboxes.
 * 3. The data folder is destroyed and restored: once with its restore guard kept (a set from
 *    the backup folder), once from the whole-folder copy, guard and all.
 * 4. The phones come back in each order; a newcomer D leases, writes, and a REST caller creates
 *    a job for a second customer.
 *
 * Then: everything any phone still held is on the server (acknowledged or not) and everywhere
 * else, nothing was applied twice, no id or lease block was issued twice (C's lost block
 * included), the photos match their hashes, and staff see what no device could give back —
 * C's fuel record and the REST job when the guard was kept; when it was not, that the server's
 * record of that time is lost and cannot list it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { vehicleAddArgs } from '@pilbara/shared-schema/testing';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { heldLeases, mintIdFrom } from '../../../web/src/sync/leases';
import { BACKUP_TEXT, backupStatusResponseSchema } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import { restoreBackup } from '../../src/backup/restore';
import { tempDir, testConfig } from '../helper';
import {
  makeClient,
  startServer,
  waitFor,
  waitSynced,
  write,
  type TestClient,
} from '../sync-socket/harness';
import {
  deviceJob,
  expectConverged,
  holdsLeases,
  overlapping,
  restJob,
} from '../sync-socket/recovery';
import { storePhoto } from './stored-photo';

type Restore = 'guard kept' | 'whole folder';
type Order = 'A first' | 'B first';

async function ok(result: Awaited<ReturnType<typeof write>>): Promise<void> {
  if (!result.ok) throw new Error(result.message);
}

async function fuel(client: TestClient, litres: number): Promise<number> {
  const id = Number(await mintIdFrom(client.db, 'fuel_records'));
  await ok(
    await write(client, 'fuel.add', {
      id,
      vehicleId: 1,
      location: 'Karratha',
      fuelType: 'Diesel',
      liters: litres * 1000,
      pricePerLiter: 215,
      totalCost: litres * 215,
      odometerReading: 1000,
    }),
  );
  return id;
}

async function editNotes(client: TestClient, id: string, notes: string): Promise<void> {
  await ok(await write(client, 'job.update', { id, patch: { notes } }));
}

async function drill(restore: Restore, order: Order): Promise<void> {
  const backupDir = tempDir();
  const config = testConfig({ BACKUP_DIR: backupDir });
  const server = await startServer({ config });

  // 1. Before the backup.
  const a = makeClient(server);
  const b = makeClient(server);
  await a.engine.start();
  const aLeases = await holdsLeases(a);
  await ok(
    await write(a, 'vehicle.add', {
      ...vehicleAddArgs({ mileage: 500000 }),
      id: await mintIdFrom(a.db, 'vehicles'),
    }),
  );
  const early = await deviceJob(a, 'Early Customer');
  const earlyFuel = await fuel(a, 60);
  await waitSynced(a, server);
  await b.engine.start();
  const bLeases = await holdsLeases(b);
  await waitSynced(b, server);
  const photos = [
    storePhoto(config.dataDir, crypto.randomBytes(5000)),
    storePhoto(config.dataDir, crypto.randomBytes(7000)),
  ];
  await server.app.backups.runNow('schedule');
  const copy = path.join(tempDir(), 'data-copy');
  fs.cpSync(config.dataDir, copy, { recursive: true });

  // 2. After it: acknowledged work on A, B and C, a REST job, then offline work on A and B.
  const acked = await deviceJob(a, 'Acknowledged Customer');
  const ackedFuel = await fuel(a, 70);
  await waitSynced(a, server);
  await waitSynced(b, server);
  await editNotes(b, acked, 'Winch cable frayed');
  await waitSynced(b, server);
  const lostRest = await restJob(server, 'First Customer', 'Dampier');
  const c = makeClient(server);
  await c.engine.start();
  const cLeases = await holdsLeases(c);
  const lostFuel = await fuel(c, 80);
  await waitSynced(c, server);
  await c.engine.stop();
  await c.db.delete(); // the phone is lost with everything on it
  await waitSynced(a, server);
  await waitSynced(b, server);
  await a.engine.stop();
  await b.engine.stop();
  const pending = await deviceJob(a, 'Offline Customer');
  await editNotes(b, acked, 'Winch cable replaced');
  expect(await a.db.outbox.count()).toBe(1);
  expect(await b.db.outbox.count()).toBe(1);
  // The job numbers given so far: none may go to another job after the restore.
  const numbersGiven = new Map(
    (
      server.app.db.prepare('SELECT id, number FROM jobs').all() as { id: string; number: string }[]
    ).map((row) => [row.number, row.id]),
  );
  await server.app.close();

  // 3. The data folder is destroyed, and restored.
  if (restore === 'guard kept') {
    for (const name of fs.readdirSync(config.dataDir)) {
      if (!name.startsWith('restore-guard.')) {
        fs.rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
      }
    }
    await restoreBackup({ config, source: 'latest' });
  } else {
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    const result = await restoreBackup({ config, source: copy });
    expect(result.guardKept).toBe(false);
  }
  for (const hash of photos) {
    const file = path.join(config.dataDir, 'files', hash.slice(0, 2), `${hash}.jpg`);
    expect(crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(hash);
  }
  const restored = await startServer({ config });

  // 4. The phones come back in each order; a newcomer and a REST caller after them.
  const aBack = makeClient(restored, { dbName: a.db.name });
  const bBack = makeClient(restored, { dbName: b.db.name });
  const first = order === 'A first' ? aBack : bBack;
  const second = order === 'A first' ? bBack : aBack;
  await first.engine.start();
  if (order === 'B first') {
    // B's edits of A's job wait for A (the job is not back yet): not refused, not lost.
    await waitFor(async () => (await bBack.db.outbox.count()) >= 2, 10_000, 'B resends');
    expect(await bBack.db.syncIssues.toArray()).toEqual([]);
  } else {
    await waitSynced(first, restored, 20_000);
  }
  await second.engine.start();
  await waitSynced(aBack, restored, 20_000);
  await waitSynced(bBack, restored, 20_000);
  const d = makeClient(restored);
  await d.engine.start();
  const dLeases = await holdsLeases(d);
  const newcomerJob = await deviceJob(d, 'Newcomer Customer');
  const newcomerFuel = await fuel(d, 90);
  await waitSynced(d, restored);
  const secondRest = await restJob(restored, 'Second Customer', 'Dampier');
  for (const client of [aBack, bBack, d]) await waitSynced(client, restored, 20_000);

  // Nothing any phone still held is lost, acknowledged or not; nothing needs attention.
  const jobs = restored.app.db.prepare('SELECT id, notes FROM jobs').all() as {
    id: string;
    notes: string | null;
  }[];
  expect(jobs.map((j) => j.id)).toEqual(
    expect.arrayContaining([early, acked, pending, newcomerJob, secondRest]),
  );
  expect(jobs.find((j) => j.id === acked)?.notes).toBe('Winch cable replaced');
  const fuelIds = (
    restored.app.db.prepare('SELECT id FROM fuel_records ORDER BY id').all() as { id: number }[]
  ).map((r) => r.id);
  expect(fuelIds).toEqual(expect.arrayContaining([earlyFuel, ackedFuel, newcomerFuel]));
  expect(fuelIds).not.toContain(lostFuel);
  for (const client of [aBack, bBack, d]) expect(await client.db.syncIssues.toArray()).toEqual([]);

  // Nothing applied twice: one verdict per mutation, one "created" entry per job.
  expect(
    restored.app.db
      .prepare('SELECT mutationId FROM mutation_results GROUP BY mutationId HAVING count(*) > 1')
      .all(),
  ).toEqual([]);
  expect(
    restored.app.db
      .prepare(
        "SELECT jobId FROM job_updates WHERE status = 'Assigned' GROUP BY jobId HAVING count(*) > 1",
      )
      .all(),
  ).toEqual([]);

  // No id or lease block twice: the newcomer's blocks miss everyone's, the lost phone's too,
  // and no number anyone was given is given again.
  for (const before of [aLeases, bLeases, cLeases])
    expect(overlapping(before, dLeases)).toEqual([]);
  expect(overlapping(await heldLeases(aBack.db), dLeases)).toEqual([]);
  expect(overlapping(await heldLeases(bBack.db), dLeases)).toEqual([]);
  const everIssued = [early, acked, pending, lostRest];
  expect(everIssued).not.toContain(secondRest);
  expect(everIssued).not.toContain(newcomerJob);
  expect([earlyFuel, ackedFuel, lostFuel]).not.toContain(newcomerFuel);

  // No job number given before is given to another job, whichever guard the restore had.
  for (const row of restored.app.db.prepare('SELECT id, number FROM jobs').all() as {
    id: string;
    number: string;
  }[]) {
    if (numbersGiven.has(row.number)) expect(numbersGiven.get(row.number)).toBe(row.id);
  }

  // Every phone shows the server's records.
  await expectConverged(restored, [aBack, bBack, d]);

  // Staff see what no device could give back.
  const answer = await restored.app.inject({
    method: 'GET',
    url: '/api/backups',
    headers: { cookie: restored.cookie },
  });
  const { recovery } = backupStatusResponseSchema.parse(answer.json()).backups;
  if (!recovery) throw new Error('no recovery report');
  if (restore === 'guard kept') {
    expect(recovery.journalComplete).toBe(true);
    expect(recovery.missing.map((m) => m.what).sort()).toEqual(
      [`Fuel record ${lostFuel}`, `Job ${lostRest}`].sort(),
    );
    expect(recovery.missing.find((m) => m.what === `Job ${lostRest}`)?.how).toMatch(
      /through the API by Admin/,
    );
    expect(recovery.missing.find((m) => m.what === `Fuel record ${lostFuel}`)?.how).toMatch(
      /no device has sent it back/,
    );
    // The job, its edit and the fuel record came back from A and B.
    expect(recovery.gaveBack).toBeGreaterThanOrEqual(3);
    // C never comes back: the wait stays open until staff stop it.
    expect(recovery.waiting).toBe(true);
  } else {
    expect(recovery.journalComplete).toBe(false);
    expect(recovery.backupTakenAt).not.toBeNull();
    expect(BACKUP_TEXT.unknownAfter(recovery.backupTakenAt ?? '')).toMatch(/cannot be listed/);
  }
  const stopped = await restored.app.inject({
    method: 'POST',
    url: '/api/backups/recovery/stop-waiting',
    headers: { cookie: restored.cookie },
  });
  expect(backupStatusResponseSchema.parse(stopped.json()).backups.recovery?.waiting).toBe(false);
}

describe('restore drill', () => {
  for (const restore of ['guard kept', 'whole folder'] as const) {
    for (const order of ['A first', 'B first'] as const) {
      it(`${restore}, ${order}: nothing held is lost or doubled, no number twice, staff told`, async () => {
        await drill(restore, order);
      }, 120_000);
    }
  }
});
