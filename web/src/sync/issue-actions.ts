/**
 * What staff do with a change that needs attention (issues 16, 28): retry it, settle a conflict,
 * undo a merge notice, or drop it.
 */
import type { PilbaraDatabase } from '../db/database';
import {
  applyPrepared,
  conflictResolution,
  noticeUndo,
  prepareMutation,
  type ConflictChoice,
  type MergeNotice,
  type Row,
} from '@pilbara/shared-schema';
import { mutateLocal, syncTables, type MutateResult } from './local-store';
import { matches } from './row-keys';

/** Re-queues a rejected mutation (after staff fixed what it refers to) and drops the issue. */
export async function retryIssue(db: PilbaraDatabase, issueId: string): Promise<MutateResult> {
  const issue = await db.syncIssues.get(issueId);
  if (!issue) return { ok: false, code: 'not_found', message: 'This change is no longer waiting' };
  const result = await mutateLocal(db, issue.name, issue.args);
  if (result.ok) await db.syncIssues.delete(issueId);
  return result;
}

/**
 * Settles a conflict as the owner chose per part (`mine` puts this device's value back over the
 * other side's): one new edit of the record as it is now on the device, carrying it as its base,
 * then the conflict is dropped. Choosing theirs everywhere writes nothing.
 */
export async function resolveConflict(
  db: PilbaraDatabase,
  issueId: string,
  choices: Record<string, ConflictChoice>,
  /** A leased `merge_notices` id: the other owner is told of each value of theirs replaced. */
  noticeId?: number,
): Promise<MutateResult | { ok: true; result: null }> {
  const issue = await db.syncIssues.get(issueId);
  if (!issue?.conflict)
    return { ok: false, code: 'not_found', message: 'This change is no longer waiting' };
  const { conflict } = issue;
  const current = (await db.visible(conflict.entity).get(conflict.id)) as Row | undefined;
  if (!current) {
    return {
      ok: false,
      code: 'not_found',
      message: 'This record no longer exists on the server, so there is nothing to merge into.',
    };
  }
  const mutation = conflictResolution(
    conflict,
    current,
    choices,
    new Date().toISOString(),
    noticeId,
  );
  if (!mutation) {
    await db.syncIssues.delete(issueId);
    return { ok: true, result: null };
  }
  const result = await mutateLocal(db, mutation.name, mutation.args);
  if (result.ok) await db.syncIssues.delete(issueId);
  return result;
}

/**
 * Whether the change would apply now against what this device holds (a dry run of the shared
 * mutator, nothing written): the needs-attention list offers Retry only then.
 */
export async function wouldApply(
  db: PilbaraDatabase,
  name: string,
  args: unknown,
): Promise<boolean> {
  const start = prepareMutation(name, args);
  if (!start.ok) return false;
  return db.transaction('r', syncTables(db), async () => {
    const rows: Record<string, Row[]> = {};
    for (const read of start.prepared.reads) {
      const table = db.visible(read.entity);
      if ('id' in read) {
        const row = await table.get(read.id);
        rows[read.key] = row ? [row] : [];
      } else {
        const where = read.where;
        rows[read.key] = await table.filter((row) => matches(row, where)).toArray();
      }
    }
    return applyPrepared(start.prepared, { now: new Date().toISOString(), userId: 0 }, rows).ok;
  });
}

/**
 * Undoes a notice: an edit putting this owner's values back over the record as this
 * device holds it (telling the other owner in turn, with `noticeId`), and the notice settled.
 */
export async function undoNotice(
  db: PilbaraDatabase,
  notice: MergeNotice,
  noticeId: number | undefined,
): Promise<MutateResult | { ok: true; result: null }> {
  const key = notice.entity === 'vehicles' ? Number(notice.recordId) : notice.recordId;
  const current = (await db.visible(notice.entity).get(key)) as Row | undefined;
  if (!current) {
    return {
      ok: false,
      code: 'not_found',
      message: 'This record no longer exists, so there is nothing to put back.',
    };
  }
  const mutation =
    noticeId === undefined ? null : noticeUndo(notice, current, noticeId, new Date().toISOString());
  if (mutation) {
    const result = await mutateLocal(db, mutation.name, mutation.args);
    if (!result.ok) return result;
  }
  return mutateLocal(db, 'mergeNotice.settle', { id: notice.id, status: 'undone' });
}

/** Forgets a rejected mutation; its optimistic state was already rolled back. */
export async function discardIssue(db: PilbaraDatabase, issueId: string): Promise<void> {
  await db.syncIssues.delete(issueId);
}
