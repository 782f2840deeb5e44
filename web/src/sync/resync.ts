/** Taking a new device identity and resyncing from scratch, keeping every pending mutation. */
import type { PilbaraDatabase } from '../db/database';
import type { OutboxItem } from '../db/schema';
import { SYNCED_TABLES } from '@pilbara/shared-schema';
import { META, setMeta, syncTables } from './local-store';
import { outboxRow } from './outbox-row';
import type { DirtyState } from './rebase';

/**
 * A server restored from an older backup forgot some of this device's mutations and numbering
 * (or another device uses the same client id): the device takes a new client id, renumbers its
 * pending outbox from 1 and resyncs from cursor 0, keeping every pending mutation with its
 * mutationId. The server settles a mutationId at most once, so a mutation it had already
 * applied under the old identity is answered with that verdict, not applied again.
 *
 * With `resend` (the server said it lost history: a `reset` page), the mutations it acknowledged
 * in the last ACKNOWLEDGED_KEEP_DAYS go first, in the order they were acknowledged, under their
 * own mutationIds: those the restored copy lacks are applied again, the others are answered.
 */
export async function resetForResync(
  db: PilbaraDatabase,
  { resend = false }: { resend?: boolean } = {},
): Promise<string> {
  return db.transaction('rw', syncTables(db), async () => {
    const clientId = crypto.randomUUID();
    const pending = await db.outbox.orderBy('seq').toArray();
    const again: OutboxItem[] = [];
    if (resend) {
      const kept = (await db.acknowledgedPages.toArray()).flatMap((page) => page.mutations);
      kept.sort((a, b) => a.ackedAt.localeCompare(b.ackedAt) || a.seq - b.seq);
      const queued = new Set(pending.map((item) => item.mutationId));
      for (const item of kept) {
        if (queued.has(item.mutationId)) continue;
        // Reads and writes are found again by the rebase the resync ends with.
        again.push(outboxRow({ seq: 0, clientId }, { ...item, reads: [], writes: [], keys: [] }));
      }
      await db.acknowledgedPages.clear();
    }
    await db.outbox.clear();
    let seq = 0;
    for (const item of [...again, ...pending]) {
      seq += 1;
      await db.outbox.add(outboxRow({ seq, clientId }, item));
    }
    // The server's state is the truth again from scratch; the visible rows stay on screen until
    // the catch-up's last page rebuilds them.
    for (const table of SYNCED_TABLES) await db.confirmed(table).clear();
    await setMeta(db, META.clientId, clientId);
    await setMeta(db, META.cursor, 0);
    await db.meta.delete(META.snapshot);
    await setMeta(db, META.epoch, null);
    await setMeta(db, META.ackedSeq, 0);
    await setMeta(db, META.lastIssuedSeq, seq);
    await setMeta(db, META.dirty, { all: true, keys: [] } satisfies DirtyState);
    return clientId;
  });
}
