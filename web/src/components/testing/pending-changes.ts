/**
 * Staff changes waiting in this device's outbox, as a driver leaves them after a shift with no
 * signal: what the screens that say "changes wait" (the unsent-work bar, sign-out, the shared
 * phone's notice) are tested against. Rows are built as the outbox builds them (outboxRow).
 */
import { db } from '../../sync/testing/device';
import { outboxRow } from '../../sync/outbox-row';

/** Puts `count` pending "En Route" steps of Dana Reid's job in the outbox. */
export async function queueChanges(count: number): Promise<void> {
  await db.outbox.bulkAdd(
    Array.from({ length: count }, (_, index) =>
      outboxRow(
        { seq: index + 1, clientId: 'this-phone' },
        {
          mutationId: `m${index + 1}`,
          name: 'job.markEnRoute',
          args: { id: 'JOB-2026-1', updateId: index + 1 },
          createdAt: '2026-11-21T01:00:00.000Z',
          reads: ['jobs:JOB-2026-1'],
          writes: ['jobs:JOB-2026-1'],
          keys: ['jobs:JOB-2026-1'],
        },
      ),
    ),
  );
}
