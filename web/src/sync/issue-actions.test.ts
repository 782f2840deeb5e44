// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MergeNotice } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import type { PilbaraDatabase } from '../db/database';
import type { SyncIssue } from '../db/schema';
import { freshDb } from './testing/fresh-db';
import { discardIssue, resolveConflict, retryIssue, undoNotice, wouldApply } from './issue-actions';

const JOB_ID = 'JOB-2026-60';
const GONE = 'This change is no longer waiting';

/** A change the server refused, as the device keeps it for staff to act on. */
function issue(overrides: Partial<SyncIssue> = {}): SyncIssue {
  return {
    id: 'issue-1',
    seq: 4,
    mutationId: 'b3f1c2d4-0000-4000-8000-000000000001',
    name: 'job.markEnRoute',
    args: { id: JOB_ID, updateId: 70 },
    code: 'not_found',
    message: 'Job not found',
    createdAt: '2026-11-20T08:00:00.000Z',
    rejectedAt: '2026-11-20T08:05:00.000Z',
    ...overrides,
  };
}

async function deviceWith(...issues: SyncIssue[]): Promise<PilbaraDatabase> {
  const db = freshDb();
  await db.syncIssues.bulkPut(issues);
  return db;
}

const putJob = (db: PilbaraDatabase, notes = 'gate 1') =>
  db.jobs.put(aJob({ id: JOB_ID, status: 'Assigned', notes }));

describe('retrying a refused change', () => {
  it('queues it again once what it refers to is on the device, and drops the issue', async () => {
    const db = await deviceWith(issue());
    await putJob(db);
    expect(await wouldApply(db, 'job.markEnRoute', issue().args)).toBe(true);
    const result = await retryIssue(db, 'issue-1');
    expect(result.ok).toBe(true);
    expect(await db.syncIssues.count()).toBe(0);
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['job.markEnRoute']);
    expect((await db.jobs.get(JOB_ID))?.status).toBe('En Route');
  });

  it('keeps the issue, with the reason, while the change still cannot apply', async () => {
    const db = await deviceWith(issue());
    expect(await wouldApply(db, 'job.markEnRoute', issue().args)).toBe(false);
    const result = await retryIssue(db, 'issue-1');
    expect(result).toMatchObject({ ok: false, code: 'not_found' });
    expect(await db.syncIssues.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the change is no longer waiting when another tab settled it', async () => {
    const db = await deviceWith();
    expect(await retryIssue(db, 'issue-1')).toEqual({
      ok: false,
      code: 'not_found',
      message: GONE,
    });
  });

  it('offers no retry for arguments the mutator would refuse', async () => {
    const db = await deviceWith();
    await putJob(db);
    expect(await wouldApply(db, 'job.markEnRoute', { id: JOB_ID })).toBe(false);
    expect(await wouldApply(db, 'job.noSuchThing', { id: JOB_ID })).toBe(false);
  });

  it('forgets a change on Discard, and sends nothing', async () => {
    const db = await deviceWith(issue(), issue({ id: 'issue-2' }));
    await discardIssue(db, 'issue-1');
    expect((await db.syncIssues.toArray()).map((kept) => kept.id)).toEqual(['issue-2']);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('settling a conflict', () => {
  const conflicted = () =>
    issue({
      code: 'conflict',
      name: 'job.update',
      args: { id: JOB_ID, patch: { notes: 'gate 2' } },
      conflict: {
        entity: 'jobs',
        id: JOB_ID,
        parts: [{ path: 'notes', mine: 'gate 2', theirs: 'gate 3' }],
      },
    });

  it('writes nothing when the owner keeps theirs everywhere, and drops the conflict', async () => {
    const db = await deviceWith(conflicted());
    await putJob(db, 'gate 3');
    expect(await resolveConflict(db, 'issue-1', { notes: 'theirs' })).toEqual({
      ok: true,
      result: null,
    });
    expect(await db.syncIssues.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.jobs.get(JOB_ID))?.notes).toBe('gate 3');
  });

  it('says there is nothing to merge into when the record is gone, and keeps the conflict', async () => {
    const db = await deviceWith(conflicted());
    const result = await resolveConflict(db, 'issue-1', { notes: 'mine' });
    expect(result).toMatchObject({ ok: false, code: 'not_found' });
    expect(result.ok === false && result.message).toMatch(/nothing to merge into/);
    expect(await db.syncIssues.count()).toBe(1);
  });

  it('treats a refusal that is not a conflict as no longer waiting', async () => {
    const db = await deviceWith(issue());
    expect(await resolveConflict(db, 'issue-1', { notes: 'mine' })).toMatchObject({
      ok: false,
      message: GONE,
    });
  });
});

describe('undoing a merge notice', () => {
  const notice = {
    id: 5,
    entity: 'jobs',
    recordId: JOB_ID,
    parts: [{ path: 'notes', mine: 'gate 3', theirs: 'gate 2' }],
  } as unknown as MergeNotice;

  it('says there is nothing to put back when the record is gone, and writes nothing', async () => {
    const db = await deviceWith();
    const result = await undoNotice(db, notice, 90);
    expect(result.ok === false && result.message).toMatch(/nothing to put back/);
    expect(await db.outbox.count()).toBe(0);
  });
});
