/**
 * Restoring the server from an older backup, in every order devices and callers come back:
 * the real web engine on fake-indexeddb against the real server over its socket.
 *
 * Before the restore, after the backup was taken: a holder device leases id blocks, syncs jobs
 * minted from them, and then goes offline with more of them unsent; a reader device pulls
 * everything; a REST caller creates a job for a first customer. The restored database knows
 * none of that. Whichever comes first after the restore — the holder, a newcomer device that
 * leases and writes, or a REST caller creating a job for a second customer — in the end:
 * - no divergence: every device shows exactly the server's rows (the reader too, though it made
 *   no mutation and its cursor may be below the head when it comes back);
 * - no id twice: no lease block granted to two devices, no id minted twice, and the second
 *   customer's job never gets the first one's number;
 * - no unsent mutation rejected: the holder's offline jobs are all on the server, nothing in
 *   its needs-attention list;
 * - nothing the holder still holds is lost: the jobs it synced after the backup, which
 *   the restored copy lacks, come back from the mutations it keeps after their acknowledgement;
 *   the first customer's job, made by a REST caller no device speaks for, is listed for staff.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { heldLeases } from '../../../web/src/sync/leases';
import type { HeldLease } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import type { Config } from '../../src/config';
import { recoveryReport } from '../../src/sync/recovery';
import { testConfig } from '../helper';
import { makeClient, restoreFromBackup, startServer, waitFor, waitSynced } from './harness';
import { deviceJob, expectConverged, holdsLeases, overlapping, restJob } from './recovery';

type Order = 'holder first' | 'newcomer first' | 'REST first';

async function restoreScenario(order: Order): Promise<void> {
  const config: Config = testConfig();
  const server = await startServer({ config });
  const before = await restJob(server, 'Early Customer', 'Pannawonica');
  const backup = path.join(path.dirname(config.databaseFile), 'backup.sqlite');
  await server.app.db.backup(backup);

  // After the backup: the holder leases and syncs jobs; the reader pulls everything; a REST
  // caller creates a job for a first customer.
  const holder = makeClient(server);
  await holder.engine.start();
  const holderLeases = await holdsLeases(holder);
  const synced = [await deviceJob(holder, 'Synced One'), await deviceJob(holder, 'Synced Two')];
  await waitSynced(holder, server);
  const firstCustomerJob = await restJob(server, 'First Customer', 'Pannawonica');
  const reader = makeClient(server);
  await reader.engine.start();
  await waitSynced(reader, server);
  await waitSynced(holder, server);
  expect((await reader.db.jobs.toArray()).map((job) => job.id)).toEqual(
    expect.arrayContaining([before, firstCustomerJob, ...synced]),
  );
  // The holder loses signal and keeps working.
  await holder.engine.stop();
  await reader.engine.stop();
  const unsent = [await deviceJob(holder, 'Offline One'), await deviceJob(holder, 'Offline Two')];
  await server.app.close();

  // Last night's backup is restored.
  const restored = await restoreFromBackup(config, backup, server.cookie);
  const holderBack = makeClient(restored, { dbName: holder.db.name });
  const newcomer = makeClient(restored);
  const readerBack = makeClient(restored, { dbName: reader.db.name });
  let newcomerLeases: HeldLease[] = [];
  let newcomerJob = '';
  let secondCustomerJob = '';
  const holderComesBack = async () => {
    await holderBack.engine.start();
    await waitSynced(holderBack, restored);
  };
  const newcomerJoins = async () => {
    await newcomer.engine.start();
    newcomerLeases = await holdsLeases(newcomer);
    newcomerJob = await deviceJob(newcomer, 'Newcomer Job');
    await waitSynced(newcomer, restored);
  };
  const restCaller = async () => {
    secondCustomerJob = await restJob(restored, 'Second Customer', 'Pannawonica');
  };
  const steps = {
    'holder first': [holderComesBack, newcomerJoins, restCaller],
    'newcomer first': [newcomerJoins, holderComesBack, restCaller],
    'REST first': [restCaller, newcomerJoins, holderComesBack],
  }[order];
  for (const step of steps) await step();
  // Writes made after the others came back reach everyone, the reader last of all.
  await deviceJob(newcomer, 'After Everyone');
  await waitSynced(newcomer, restored);
  await readerBack.engine.start();
  for (const client of [holderBack, newcomer, readerBack]) await waitSynced(client, restored);
  await waitFor(
    () => [holderBack, newcomer, readerBack].every((c) => c.engine.state === 'online'),
    10_000,
    'every device online',
  );

  // No unsent mutation rejected.
  const onServer = (restored.app.db.prepare('SELECT id FROM jobs').all() as { id: string }[]).map(
    (row) => row.id,
  );
  expect(onServer).toEqual(expect.arrayContaining([...unsent, newcomerJob, secondCustomerJob]));
  expect(await holderBack.db.syncIssues.toArray()).toEqual([]);
  expect(await newcomer.db.syncIssues.toArray()).toEqual([]);

  // No id twice: blocks, minted ids, and the second customer's job number.
  expect(overlapping(holderLeases, newcomerLeases)).toEqual([]);
  expect(overlapping(await heldLeases(holderBack.db), newcomerLeases)).toEqual([]);
  expect(secondCustomerJob).not.toBe(firstCustomerJob);
  const everIssued = [before, firstCustomerJob, ...synced, ...unsent];
  expect(everIssued).not.toContain(secondCustomerJob);
  expect(everIssued).not.toContain(newcomerJob);
  expect(
    restored.app.db
      .prepare('SELECT mutationId FROM mutation_results GROUP BY mutationId HAVING count(*) > 1')
      .all(),
  ).toEqual([]);

  // No divergence; the jobs synced after the backup came back from the holder, once each.
  await expectConverged(restored, [holderBack, newcomer, readerBack]);
  expect(onServer).toEqual(expect.arrayContaining(synced));
  for (const id of synced) expect(await readerBack.db.jobs.get(id)).toBeDefined();
  // Staff are told what no device could give back: the REST caller's job, and nothing else.
  const report = recoveryReport(restored.app.db, new Date().toISOString());
  expect(report?.gaveBack).toBe(synced.length);
  expect(report?.missing.map((change) => change.what)).toEqual([`Job ${firstCustomerJob}`]);
  expect(report?.missing[0]?.how).toMatch(/through the API/);
}

describe('restore from an older backup', () => {
  for (const order of ['holder first', 'newcomer first', 'REST first'] as const) {
    it(`${order}: no device diverges, no id is issued twice, no unsent change is rejected`, async () => {
      await restoreScenario(order);
    }, 60_000);
  }
});
