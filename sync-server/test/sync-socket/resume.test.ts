/**
 * Sending resumes without Background Sync (docs/decisions/2026-11-27-three-engines.md):
 * WebKit has no Background Sync, so nothing queued may wait for the browser to wake the app. The
 * engine sends what is queued when the app opens, when the browser says it is online again, and
 * when the tab comes back to the front (the app calls `reconnectNow` on `visibilitychange`) — and,
 * since the `online` event does not always come (Firefox sends none to a page opened offline, and a
 * page asleep in the background can miss it), it looks at `navigator.onLine` again by itself while
 * it believes the network is gone.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { SyncEngine } from '../../../web/src/sync/engine';
import { mutateLocal } from '../../../web/src/sync/local-store';
/* eslint-enable no-restricted-imports */
import { onTestEnd, tempDir } from '../helper';
import { newDbName, newJob, openBrowserDb, waitFor } from './harness';
import { SimServer } from './sim-server';

interface Setup {
  server: SimServer;
  engine: SyncEngine;
  db: ReturnType<typeof openBrowserDb>;
  /** Connection attempts that reached the (simulated) network. */
  attempts: () => number;
  /** The network itself, and what the browser says about it. */
  network: { up: boolean; browserSaysOnline: boolean };
}

function setup(name: string, options: { backoffMs?: number; networkCheckMs?: number } = {}): Setup {
  const server = new SimServer(path.join(tempDir(), `${name}.sqlite`));
  onTestEnd(() => server.close());
  const db = openBrowserDb(newDbName());
  const network = { up: true, browserSaysOnline: true };
  let attempts = 0;
  const connector = server.connector({ isOnline: () => network.up });
  const engine = new SyncEngine({
    db,
    connectors: [
      (handlers) => {
        attempts += 1;
        return connector(handlers);
      },
    ],
    backoff: { baseMs: options.backoffMs ?? 1, maxMs: options.backoffMs ?? 8 },
    ...({ browserOnline: () => network.browserSaysOnline } as object),
    ...({ networkCheckMs: options.networkCheckMs ?? 20 } as object),
  });
  onTestEnd(() => engine.stop());
  return { server, engine, db, attempts: () => attempts, network };
}

async function queueJob(db: Setup['db'], n: number): Promise<void> {
  const saved = await mutateLocal(db, 'job.create', newJob(n));
  if (!saved.ok) throw new Error(saved.message);
}

function serverJobs(server: SimServer): unknown[] {
  return server.db.prepare('SELECT id FROM jobs ORDER BY id').all();
}

const sent = (db: Setup['db']) => async () => (await db.outbox.count()) === 0;

/** Waits until the outbox is empty, then checks the one queued job reached the server. */
async function expectJobSent(test: Setup, when: string, timeoutMs = 5_000): Promise<void> {
  await waitFor(sent(test.db), timeoutMs, `the job to be sent ${when}`);
  expect(serverJobs(test.server)).toEqual([{ id: 'JOB-2026-1' }]);
}

/** Starts the engine while the browser says it is offline, then queues one job. */
async function startOfflineWithJob(test: Setup): Promise<void> {
  test.network.browserSaysOnline = false;
  test.engine.setNetworkAvailable(false);
  await test.engine.start();
  await queueJob(test.db, 1);
}

describe('sending resumes without Background Sync', () => {
  it('sends what was queued before the app closed as soon as it opens again', async () => {
    const test = setup('resume-open');
    await queueJob(test.db, 1);
    await test.engine.start();
    await expectJobSent(test, 'on open', 10_000);
  });

  it('holds off while the browser says offline and sends on the online event', async () => {
    const test = setup('resume-online', { networkCheckMs: 60_000 });
    const { engine, network } = test;
    await startOfflineWithJob(test);
    engine.kick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(test.attempts()).toBe(0);
    expect(engine.state).toBe('offline');

    network.browserSaysOnline = true;
    engine.setNetworkAvailable(true);
    await expectJobSent(test, 'on online', 10_000);
  });

  it('tries again at once when the tab comes back to the front, not after its backoff', async () => {
    // A long backoff: after the first failed attempt the next one is 30 s or more away.
    const test = setup('resume-visible', { backoffMs: 60_000 });
    const { engine, attempts, network } = test;
    network.up = false;
    await queueJob(test.db, 1);
    await engine.start();
    await waitFor(async () => engine.state === 'offline', 5_000, 'the first attempt to fail');
    const before = attempts();
    network.up = true;
    // What the app does on `visibilitychange` to visible.
    engine.reconnectNow();
    await expectJobSent(test, 'when the tab is visible again');
    expect(attempts()).toBe(before + 1);
  });

  it('sends when the network is back even if the online event never comes', async () => {
    const test = setup('resume-missed-online', { networkCheckMs: 50 });
    const { engine } = test;
    await startOfflineWithJob(test);
    engine.kick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await test.db.outbox.count()).toBe(1);

    // Signal back; the browser knows (navigator.onLine) but fires no `online` event.
    test.network.browserSaysOnline = true;
    await expectJobSent(test, 'without an online event');
    // The chip follows: the page that carried the verdict settles as "online".
    await waitFor(async () => engine.state === 'online', 5_000, 'the engine to say online');
  });

  it('a tab brought to the front after a missed online event sends at once', async () => {
    const test = setup('resume-visible-missed', { networkCheckMs: 60_000 });
    await startOfflineWithJob(test);
    test.network.browserSaysOnline = true;
    test.engine.reconnectNow();
    await expectJobSent(test, 'on visibilitychange');
  });
});
