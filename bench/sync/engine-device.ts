/**
 * The device side of the engine benchmark, run alike in Node (engine-bench.ts, on
 * fake-indexeddb) and in Chromium (engine-chromium/entry.ts, on the browser's IndexedDB): a
 * device with N fuel records queued offline, and the real `SyncEngine` started on it until
 * every result is in and the device is fully synced.
 */
import type { ServerMessage } from '@pilbara/shared-schema';
import { PilbaraDatabase } from '../../web/src/db/database';
import { SyncEngine } from '../../web/src/sync/engine';
import type { Connector } from '../../web/src/sync/transport';
import { NOW, fuelArgs } from './fuel-queue';

/** A fresh device database holding `count` queued fuel records. */
export async function queuedDevice(name: string, count: number): Promise<PilbaraDatabase> {
  const db = new PilbaraDatabase(name);
  const clientId = crypto.randomUUID();
  await db.meta.bulkPut([
    { key: 'clientId', value: clientId },
    { key: 'lastIssuedSeq', value: count },
  ]);
  // The queue as `count` offline writes leave it (the local apply is not what is measured here).
  await db.outbox.bulkAdd(
    Array.from({ length: count }, (_, i) => ({
      seq: i + 1,
      mutationId: crypto.randomUUID(),
      clientId,
      name: 'fuel.add',
      args: fuelArgs(i + 1),
      createdAt: NOW,
      // What the local run of fuel.add records: it read its own row and the vehicle, wrote its row.
      reads: [`fuel_records:${i + 1}`, 'vehicles:1'],
      writes: [`fuel_records:${i + 1}`],
      keys: [`fuel_records:${i + 1}`, 'vehicles:1'],
    })),
  );
  return db;
}

export interface DeviceRun {
  /** ms until the results of the last push arrived. */
  acked: number;
  /** ms until the device was fully synced (its pages applied, its outbox empty). */
  synced: number;
}

/**
 * Starts the engine on `db` (holding `count` queued mutations) over `connector` and resolves
 * once the results of the last push are in and the outbox is empty; the engine is stopped.
 */
export async function syncDevice(
  db: PilbaraDatabase,
  connector: Connector,
  count: number,
): Promise<DeviceRun> {
  let ackedAt = 0;
  const start = performance.now();
  const watched: Connector = (handlers) =>
    connector({
      ...handlers,
      onMessage: (message: ServerMessage) => {
        if (message.type === 'results' && message.lastSeq === count && !ackedAt)
          ackedAt = performance.now();
        handlers.onMessage(message);
      },
    });
  const engine = new SyncEngine({ db, connectors: [watched], httpPollMs: 60_000 });
  await engine.start();
  // Checked every 25 ms (a count is an IndexedDB transaction the engine waits behind).
  while (!ackedAt || (await db.outbox.count()) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const synced = performance.now() - start;
  await engine.stop();
  return { acked: ackedAt - start, synced };
}
