/**
 * Crash test: the real server process (`src/main.ts` in its own Node process) is killed with
 * SIGKILL at random moments while one device pushes 2,000 queued mutations, ten times, and
 * restarted on the same data folder. Afterwards every mutation is applied exactly once: no
 * commit is lost with its answer, none is applied twice when the device resends it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fuelAddArgs, vehicleAddArgs } from '@pilbara/shared-schema/testing';
import { freePort } from '../../../scripts/free-port.mjs';
import { onTestEnd, tempDir, TEST_ADMIN } from '../helper';
import { makeClient, waitFor, type RunningServer } from './harness';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(SERVER_DIR, 'node_modules/tsx/dist/esm/index.mjs');
const FUEL_RECORDS = 2000;
const KILLS = 10;

/** Starts `src/main.ts` and resolves once it listens. */
async function startProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', TSX, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening: ${output}`)),
    );
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('crash safety', () => {
  it(`applies each of ${FUEL_RECORDS} mutations exactly once while the server is SIGKILLed ${KILLS} times mid-push`, async () => {
    const dataDir = tempDir('pilbara-crash-');
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    };
    let child = await startProcess(env);
    onTestEnd(() => kill(child));
    const baseUrl = `http://127.0.0.1:${port}`;
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^sid=/);

    // The device's queue: a vehicle, then its fuel records, all made offline.
    const server = { baseUrl, cookie } as RunningServer;
    // Small batches keep the push going for many round trips, so that on a fast machine too the
    // kills land while the queue is being applied rather than after it has drained.
    const client = makeClient(server, { batchSize: 20, backoff: { baseMs: 20, maxMs: 200 } });
    const clientId = crypto.randomUUID();
    await client.db.meta.bulkPut([
      { key: 'clientId', value: clientId },
      { key: 'lastIssuedSeq', value: FUEL_RECORDS + 1 },
    ]);
    const now = new Date().toISOString();
    await client.db.outbox.bulkAdd([
      {
        seq: 1,
        mutationId: crypto.randomUUID(),
        clientId,
        name: 'vehicle.add',
        args: vehicleAddArgs({ mileage: 500000 }),
        createdAt: now,
        reads: [],
        writes: [],
        keys: [],
      },
      ...Array.from({ length: FUEL_RECORDS }, (_, i) => ({
        seq: i + 2,
        mutationId: crypto.randomUUID(),
        clientId,
        name: 'fuel.add',
        args: fuelAddArgs({ id: i + 1 }),
        createdAt: now,
        reads: [],
        writes: [],
        keys: [],
      })),
    ]);
    await client.engine.start();

    const dbFile = path.join(dataDir, 'pilbara.sqlite');
    const settled = () => {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM mutation_results').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    let killsMidPush = 0;
    for (let k = 0; k < KILLS; k++) {
      // Once the restarted server is applying the queue again, a random moment later (a few
      // batches at most): the cord.
      const before = settled();
      await waitFor(
        () => settled() > before || before === FUEL_RECORDS + 1,
        60_000,
        'the push to resume',
      );
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
      await kill(child);
      const count = settled();
      if (count > 0 && count < FUEL_RECORDS + 1) killsMidPush += 1;
      child = await startProcess(env);
    }
    await waitFor(
      async () => (await client.db.outbox.count()) === 0,
      120_000,
      'the outbox to drain',
    );
    await kill(child);

    const db = new Database(dbFile, { readonly: true });
    onTestEnd(() => db.close());
    const results = db
      .prepare('SELECT status, count(*) AS n FROM mutation_results GROUP BY status')
      .all();
    expect(results).toEqual([{ status: 'applied', n: FUEL_RECORDS + 1 }]);
    expect(db.prepare('SELECT count(*) AS n FROM fuel_records').get()).toEqual({ n: FUEL_RECORDS });
    // One log entry per record: a second apply would have logged it again (or been refused).
    expect(
      db.prepare("SELECT count(*) AS n FROM changes WHERE entity = 'fuel_records'").get(),
    ).toEqual({ n: FUEL_RECORDS });
    expect(db.prepare('SELECT lastSeq FROM sync_clients WHERE clientId = ?').get(clientId)).toEqual(
      { lastSeq: FUEL_RECORDS + 1 },
    );
    expect(await client.db.fuel_records.count()).toBe(FUEL_RECORDS);
    // The kills really landed while the queue was being applied, not before or after it.
    expect(killsMidPush).toBeGreaterThanOrEqual(5);
    // Ten cold starts of the server (tsx, migrations) take most of the time: about a minute on
    // a quiet machine, several on one whose cores are busy with other work.
  }, 900_000);
});
