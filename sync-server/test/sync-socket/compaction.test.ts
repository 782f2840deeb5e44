/**
 * The change log is compacted while the server runs, and a device that was offline
 * across a compaction still ends up with exactly the server's rows: the real web engine on
 * fake-indexeddb against the real server over its socket, with compaction paced fast.
 */
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { mutateLocal } from '../../../web/src/sync/local-store';
/* eslint-enable no-restricted-imports */
import {
  makeClient,
  newJob,
  serverRows,
  startServer,
  waitFor,
  waitSynced,
  write,
  type RunningServer,
  type TestClient,
} from './harness';

function logSize(server: RunningServer): { entries: number; head: number } {
  return server.app.db
    .prepare('SELECT count(*) AS entries, coalesce(max(seq), 0) AS head FROM changes')
    .get() as { entries: number; head: number };
}

/** The client's confirmed jobs and job updates, as the server stores them (id, status, …). */
async function deviceView(client: TestClient) {
  const jobs = (await client.db.jobs.toArray())
    .map((job) => [job.id, job.status, job.progress, job.assignedTo ?? null])
    .sort();
  const updates = (await client.db.job_updates.toArray()).map((u) => u.id).sort();
  return { jobs, updates };
}

function serverView(server: RunningServer) {
  const jobs = serverRows(server, 'jobs')
    .map((job) => [job.id, job.status, job.progress, job.assignedTo ?? null])
    .sort();
  const updates = serverRows(server, 'job_updates')
    .map((u) => u.id)
    .sort();
  return { jobs, updates };
}

describe('change log compaction while the server runs', () => {
  it('compacts superseded versions in bounded steps, and a device offline across it converges', async () => {
    // Steps of three entries every 5 ms, a new pass 30 ms after one ends.
    const server = await startServer({ logCompaction: { window: 3, stepMs: 5, intervalMs: 30 } });
    const office = makeClient(server);
    const truck = makeClient(server);
    for (const n of [1, 2, 3]) await mutateLocal(office.db, 'job.create', newJob(n));
    await office.engine.start();
    await waitSynced(office, server);
    await truck.engine.start();
    await waitSynced(truck, server);
    const truckCursor = (await truck.db.meta.get('cursor'))?.value as number;

    // The truck goes out of signal; the office moves every job on, each write superseding the
    // last version of its job in the log.
    await truck.engine.stop();
    let updateId = 100;
    for (const id of ['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3']) {
      for (const name of ['job.markEnRoute', 'job.startService']) {
        updateId += 1;
        expect(await write(office, name, { id, updateId })).toMatchObject({ ok: true });
      }
    }
    updateId += 1;
    await write(office, 'job.reassign', { id: 'JOB-2026-2', updateId, assignedTo: 'Kim Ng' });
    await write(office, 'job.create', newJob(4));
    await waitSynced(office, server);

    // The server compacts while it runs: the versions the truck last saw are gone from the log.
    await waitFor(
      () => {
        const { entries, head } = logSize(server);
        const superseded = server.app.db
          .prepare(
            `SELECT count(*) AS n FROM changes AS c WHERE EXISTS (
               SELECT 1 FROM changes AS newer
               WHERE newer.entity = c.entity AND newer.rowId = c.rowId AND newer.seq > c.seq)`,
          )
          .get() as { n: number };
        return superseded.n === 0 && entries < head;
      },
      10_000,
      'the running server to compact the log',
    );
    const jobEntriesSeenByTruck = server.app.db
      .prepare("SELECT count(*) AS n FROM changes WHERE entity = 'jobs' AND seq <= ?")
      .get(truckCursor) as { n: number };
    expect(jobEntriesSeenByTruck.n).toBe(0);

    // Offline, the truck also opens a job of its own before it comes back.
    await mutateLocal(truck.db, 'job.create', newJob(5));

    await truck.engine.start();
    await waitSynced(truck, server);
    await waitSynced(office, server);
    expect(await truck.db.syncIssues.count()).toBe(0);
    const expected = serverView(server);
    expect(expected.jobs).toHaveLength(5);
    expect(await deviceView(truck)).toEqual(expected);
    expect(await deviceView(office)).toEqual(expected);
  }, 60_000);
});
