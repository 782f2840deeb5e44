/**
 * The page side of the Chromium benchmark (../dexie-chromium.mjs): the web app's own Dexie
 * database and page-apply code (`applyChangesPage` of web/src/sync/apply-page.ts), bundled by
 * the web package's Vite and run against the browser's real IndexedDB.
 *
 * `window.pageBench(options)` applies one changes page into a fresh database per run and
 * answers the time of each run and the number of IndexedDB transactions it opened.
 */
import { PilbaraDatabase } from '../../../web/src/db/database';
import { applyChangesPage } from '../../../web/src/sync/apply-page';
import { jobsPage } from '../jobs-page';

const NOW = '2026-11-21T00:00:00.000Z';

export interface PageBenchOptions {
  /** Changes in the page (job rows, as a catch-up page carries them). */
  size: number;
  /** Measured runs, each on a fresh database. */
  runs: number;
  /** Runs before the measured ones (JIT, IndexedDB backing store), not reported. */
  warmup: number;
  /** Pending outbox mutations the device holds while the page arrives (none touch its rows). */
  outbox: number;
}

export interface PageBenchRun {
  ms: number;
  /** IndexedDB transactions opened while the page was applied. */
  transactions: number;
}

declare global {
  interface Window {
    pageBench: (options: PageBenchOptions) => Promise<PageBenchRun[]>;
  }
}

// Counts the IndexedDB transactions Dexie opens, to show that a page is applied in one.
let opened = 0;
const openTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (
  this: IDBDatabase,
  ...args: Parameters<IDBDatabase['transaction']>
) {
  opened += 1;
  return openTransaction.apply(this, args);
};

async function once(name: string, options: PageBenchOptions): Promise<PageBenchRun> {
  const db = new PilbaraDatabase(name);
  await db.open();
  try {
    if (options.outbox > 0) {
      const clientId = crypto.randomUUID();
      await db.outbox.bulkAdd(
        Array.from({ length: options.outbox }, (_, i) => ({
          seq: i + 1,
          mutationId: crypto.randomUUID(),
          clientId,
          name: 'fuel.add',
          args: { id: i + 1, vehicleId: 1 },
          createdAt: NOW,
          reads: [`fuel_records:${i + 1}`, 'vehicles:1'],
          writes: [`fuel_records:${i + 1}`],
          keys: [`fuel_records:${i + 1}`, 'vehicles:1'],
        })),
      );
    }
    const changes = jobsPage(options.size);
    opened = 0;
    const start = performance.now();
    // Resolves once Dexie's transaction has committed.
    await applyChangesPage(db, {
      changes,
      cursor: options.size,
      hasMore: false,
      reset: false,
      lastSeq: 0,
      results: [],
    });
    const ms = performance.now() - start;
    const transactions = opened;
    const [confirmed, visible] = await Promise.all([
      db.confirmed('jobs').count(),
      db.visible('jobs').count(),
    ]);
    if (confirmed !== options.size || visible !== options.size)
      throw new Error(`expected ${options.size} jobs, found ${confirmed} / ${visible}`);
    return { ms, transactions };
  } finally {
    db.close();
    await db.delete();
  }
}

window.pageBench = async (options) => {
  const results: PageBenchRun[] = [];
  for (let run = 0; run < options.warmup + options.runs; run++) {
    const result = await once(`bench-page-${Date.now()}-${run}`, options);
    if (run >= options.warmup) results.push(result);
  }
  return results;
};
