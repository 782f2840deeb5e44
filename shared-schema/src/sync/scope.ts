/**
 * The sync scope of a role (DESIGN.md §11): which change-log entries a device receives. An admin
 * receives every entry; a driver only the tables of rules/roles.ts `DRIVER_TABLES`, and of jobs
 * and their history only what belongs to a job the driver can see.
 *
 * A job that leaves a driver's sight (handed to another driver) reaches that driver's device as
 * a delete of the job and of its history rows: the device drops it and nothing of the other
 * driver's job is sent. A device pulling from the start (cursor 0) holds nothing yet, so it gets
 * no such deletes either: it never learns the ids of jobs it cannot see.
 */
import { JOB_CHILD_TABLES, canSeeJob, canSyncTable, type Actor } from '../rules/roles';
import type { RowId, SyncedTable } from './mutator';
import type { ChangeEntry } from './protocol';

/** What the scope needs to know about a job a history row refers to (its current assignee). */
export type JobAssigneeLookup = (jobId: string) => { assignedTo?: string | null } | undefined;

/**
 * The entry as the actor's device receives it: unchanged, turned into a delete (the row left the
 * actor's sight), or `undefined` (not sent at all).
 */
export function scopeChange(
  actor: Actor,
  entry: ChangeEntry,
  jobOf: JobAssigneeLookup,
  { fromStart }: { fromStart: boolean },
): ChangeEntry | undefined {
  if (actor.role === 'admin') return entry;
  if (!canSyncTable(actor, entry.entity)) return undefined;
  if (entry.op === 'delete') return fromStart ? undefined : entry;
  let visible = true;
  if (entry.entity === 'jobs') {
    visible = canSeeJob(actor, entry.data as { assignedTo?: string | null });
  } else if ((JOB_CHILD_TABLES as readonly string[]).includes(entry.entity)) {
    const jobId = (entry.data as { jobId?: unknown } | null)?.jobId;
    const job = typeof jobId === 'string' ? jobOf(jobId) : undefined;
    visible = job !== undefined && canSeeJob(actor, job);
  }
  if (visible) return entry;
  return fromStart ? undefined : { ...entry, op: 'delete', data: null };
}

/**
 * {@link scopeChange} over a page of entries, in order. A job that left the actor's sight takes
 * its history, photos and signatures with it: `childrenOf` names a job's rows (written before
 * this page too), and each one not already in the page follows the job's delete as a delete.
 */
export function scopeChanges(
  actor: Actor,
  entries: readonly ChangeEntry[],
  jobOf: JobAssigneeLookup,
  options: {
    fromStart: boolean;
    /** The rows that belong to a job (history, photos, signatures). */
    childrenOf?: (jobId: string) => readonly { entity: SyncedTable; rowId: RowId }[];
  },
): ChangeEntry[] {
  const scoped: ChangeEntry[] = [];
  const key = (entity: string, rowId: RowId) => `${entity}:${JSON.stringify(rowId)}`;
  const inPage = new Set(entries.map((entry) => key(entry.entity, entry.rowId)));
  for (const entry of entries) {
    const kept = scopeChange(actor, entry, jobOf, options);
    if (!kept) continue;
    scoped.push(kept);
    if (kept.entity !== 'jobs' || kept.op !== 'delete' || entry.op !== 'put') continue;
    for (const child of options.childrenOf?.(String(entry.rowId)) ?? []) {
      if (inPage.has(key(child.entity, child.rowId))) continue;
      inPage.add(key(child.entity, child.rowId));
      scoped.push({ seq: entry.seq, ...child, op: 'delete', data: null });
    }
  }
  return scoped;
}
