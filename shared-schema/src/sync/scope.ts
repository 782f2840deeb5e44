/**
 * The sync scope of a role (docs/security.md): which change-log entries a device receives. An admin
 * receives every entry; a driver only the tables of rules/roles.ts `DRIVER_TABLES`, and of jobs
 * and their history only what belongs to a job the driver can see.
 *
 * A job that leaves a driver's sight (handed to another driver) reaches that driver's device as
 * a delete of the job and of its history rows: the device drops it and nothing of the other
 * driver's job is sent. Of a job a driver sees but is not theirs to work (unassigned), or that
 * was cancelled, the row comes without the customer's phone and email (rules/roles.ts
 * `jobForActor`). A device pulling from the start (cursor 0) holds nothing yet, so it gets
 * no such deletes either: it never learns the ids of jobs it cannot see.
 *
 * `stored_files` rows follow the records that name them: a driver receives a file's
 * row only when they may see it (rules/field-record.ts `maySeeFile`: a record of a job they can
 * see, a defect photo, or their own upload). Its id is the file's content hash, which is all a
 * record needs to name the file, so an invisible one is never sent, not even as a delete.
 */
import {
  JOB_CHILD_TABLES,
  canSeeJob,
  canSyncTable,
  jobForActor,
  type Actor,
  type JobAssignment,
} from '../rules/roles';
import { maySeeFile, type FileReferences } from '../rules/field-record';
import type { RowId, SyncedTable } from './mutator';
import type { ChangeEntry } from './protocol';

/** What the scope needs to know about a job a history row refers to (its current assignment). */
export type JobAssigneeLookup = (jobId: string) => JobAssignment | undefined;

/** Where a stored file is named, for the actor (undefined: nowhere the server knows). */
export type FileReferencesLookup = (hash: string) => FileReferences | undefined;

/** Options of {@link scopeChange}. */
export interface ScopeOptions {
  /** The device holds nothing yet (a pull from cursor 0). */
  fromStart: boolean;
  /** Where each `stored_files` row's file is named; without it a driver receives none. */
  fileRefs?: FileReferencesLookup;
}

/**
 * The entry as the actor's device receives it: unchanged, turned into a delete (the row left the
 * actor's sight), or `undefined` (not sent at all).
 */
export function scopeChange(
  actor: Actor,
  entry: ChangeEntry,
  jobOf: JobAssigneeLookup,
  { fromStart, fileRefs }: ScopeOptions,
): ChangeEntry | undefined {
  if (actor.role === 'admin') return entry;
  if (!canSyncTable(actor, entry.entity)) return undefined;
  if (entry.entity === 'stored_files') {
    if (entry.op === 'delete') return undefined;
    const refs = fileRefs?.(String(entry.rowId));
    return refs && maySeeFile(actor, refs) ? entry : undefined;
  }
  if (entry.op === 'delete') return fromStart ? undefined : entry;
  let visible = true;
  if (entry.entity === 'jobs') {
    const job = entry.data as (JobAssignment & { status?: string }) | null;
    visible = job !== null && canSeeJob(actor, job);
    // A driver's device holds the customer's phone and email only of a job that is theirs.
    if (visible && job) {
      return { ...entry, data: jobForActor(actor, job) as unknown as Record<string, unknown> };
    }
  } else if (entry.entity === 'driver_shift_events') {
    // A driver's device holds their own hours only: by account, as jobs are (two drivers may
    // share a name).
    const userId = (entry.data as { userId?: unknown } | null)?.userId;
    visible = actor.id !== null && userId === actor.id;
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
  options: ScopeOptions & {
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
