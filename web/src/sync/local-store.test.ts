// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { runMutation } from '@pilbara/shared-schema';
import { aJob, aQuote } from '@pilbara/shared-schema/testing';
import { PilbaraDatabase } from '../db/database';
import { freshDb } from './testing/fresh-db';
import { IdentityClashError, applyChangesPage } from './apply-page';
import { resolveConflict } from './issue-actions';
import { mutateLocal } from './local-store';
import { resetForResync } from './resync';

const job = (id: string) => ({
  id,
  updateId: Number(id.split('-')[2]) * 10,
  customerName: 'Dana Reid',
  phone: '0412345678',
  service: 'Emergency Towing',
  location: 'Karratha',
});

describe('mutate', () => {
  it('applies the mutator and appends the outbox row in one commit', async () => {
    const db = freshDb();
    const result = await mutateLocal(db, 'job.create', job('JOB-2026-1'));
    expect(result).toMatchObject({ ok: true, seq: 1 });
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({ status: 'Assigned' });
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 1, name: 'job.create' }]);
  });

  it('writes nothing when the mutator refuses', async () => {
    const db = freshDb();
    const result = await mutateLocal(db, 'job.markEnRoute', { id: 'JOB-2026-9', updateId: 5 });
    expect(result).toMatchObject({ ok: false, code: 'not_found' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.job_updates.count()).toBe(0);
  });

  it('refuses invalid arguments with the field and message', async () => {
    const db = freshDb();
    const result = await mutateLocal(db, 'job.create', { ...job('JOB-2026-1'), customerName: '' });
    expect(result).toMatchObject({ ok: false, code: 'invalid_args', field: 'customerName' });
  });

  it('answers bad arguments exactly as the server and the in-memory store do (one runner core)', async () => {
    const db = freshDb();
    const args = { ...job('JOB-2026-1'), customerName: '', phone: '12' };
    const local = await mutateLocal(db, 'job.create', args);
    const core = runMutation(
      'job.create',
      args,
      { now: new Date().toISOString(), userId: 0 },
      () => [],
    );
    expect(local).toEqual(core);
    expect(Object.keys(local.ok ? {} : (local.fields ?? {}))).toEqual(['customerName', 'phone']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline mutations survive closing the tab: a new connection sees the outbox and rows', async () => {
    const name = `closing-tab-${Date.now()}`;
    const first = new PilbaraDatabase(name);
    await mutateLocal(first, 'job.create', job('JOB-2026-1'));
    await mutateLocal(first, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 11 });
    first.close();
    const second = freshDb(name);
    expect((await second.outbox.orderBy('seq').toArray()).map((m) => m.name)).toEqual([
      'job.create',
      'job.markEnRoute',
    ]);
    expect(await second.jobs.get('JOB-2026-1')).toMatchObject({ status: 'En Route' });
  });
});

describe('applyChangesPage', () => {
  const assignedJob = () => {
    const row: Record<string, unknown> = {
      ...job('JOB-2026-1'),
      status: 'Assigned',
      progress: 0,
      email: null,
      estimatedArrival: null,
      assignedTo: null,
      notes: null,
      createdAt: 'x',
      updatedAt: 'x',
    };
    delete row.updateId;
    return row;
  };
  const jobPage = (seq: number, data: Record<string, unknown>, lastSeq = 0) => ({
    changes: [{ seq, entity: 'jobs' as const, rowId: 'JOB-2026-1', op: 'put' as const, data }],
    cursor: seq,
    hasMore: false,
    reset: false,
    lastSeq,
    results: [] as {
      seq: number;
      mutationId: string;
      status: 'applied';
      code: null;
      message: null;
    }[],
  });
  /** A device holding the job as the server last sent it. */
  async function withAssignedJob(): Promise<PilbaraDatabase> {
    const db = freshDb();
    await applyChangesPage(db, jobPage(1, assignedJob()));
    return db;
  }
  /** Someone else's reassignment, pulled while the server settles the device's seqs 1-100. */
  function reassignWhileSettling(db: PilbaraDatabase) {
    return applyChangesPage(
      db,
      jobPage(2, { ...assignedJob(), assignedTo: 'Mick', updatedAt: 'y' }),
      undefined,
      { settlingThrough: 100 },
    );
  }
  /** A hundred notes on the job, as a device back online with a long queue holds them. */
  async function queueNotes(db: PilbaraDatabase): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 1; i <= 100; i++) {
      const note = await mutateLocal(db, 'job.update', {
        id: 'JOB-2026-1',
        patch: { notes: `n${i}` },
      });
      if (!note.ok) throw new Error(note.message);
      ids.push(note.mutationId);
    }
    return ids;
  }

  it('keeps a pending edit over a pulled change and drops it once acked', async () => {
    const db = await withAssignedJob();
    const enRoute = await mutateLocal(db, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 11 });
    if (!enRoute.ok) throw new Error(enRoute.message);
    // Someone else reassigned the job on the server meanwhile.
    await applyChangesPage(
      db,
      jobPage(2, { ...assignedJob(), assignedTo: 'Mick', updatedAt: 'y' }),
    );
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({
      status: 'En Route',
      assignedTo: 'Mick',
    });
    expect(await db.confirmed('jobs').get('JOB-2026-1')).toMatchObject({ status: 'Assigned' });
    // The server applies it and sends the result with the confirmed row.
    await applyChangesPage(db, {
      ...jobPage(
        3,
        {
          ...assignedJob(),
          assignedTo: 'Mick',
          status: 'En Route',
          progress: 25,
          updatedAt: 'z',
        },
        1,
      ),
      results: [
        { seq: 1, mutationId: enRoute.mutationId, status: 'applied', code: null, message: null },
      ],
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({ status: 'En Route', updatedAt: 'z' });
    expect(await db.meta.get('cursor')).toMatchObject({ value: 3 });
  });

  it('leaves a long replay of mutations the server is settling to the page that acknowledges them', async () => {
    const db = await withAssignedJob();
    const ids = await queueNotes(db);
    // All pushed (seqs 1-100 are with the server) when someone else's reassignment arrives.
    const waiting = await reassignWhileSettling(db);
    expect(waiting.rebaseWaits).toBe(true);
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({ notes: 'n100', assignedTo: null });
    expect(await db.confirmed('jobs').get('JOB-2026-1')).toMatchObject({ assignedTo: 'Mick' });
    // The page with their verdicts: the server's row shows, nothing is left to do.
    const settled = await applyChangesPage(db, {
      ...jobPage(3, { ...assignedJob(), assignedTo: 'Mick', notes: 'n100', updatedAt: 'z' }, 100),
      results: ids.map((mutationId, i) => ({
        seq: i + 1,
        mutationId,
        status: 'applied' as const,
        code: null,
        message: null,
      })),
    });
    expect(settled.rebaseWaits).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({
      notes: 'n100',
      assignedTo: 'Mick',
      updatedAt: 'z',
    });
    expect(await db.meta.get('dirty')).toBeUndefined();
  });

  it('replays at once when a mutation not yet pushed reads the changed row', async () => {
    const db = await withAssignedJob();
    await queueNotes(db);
    await mutateLocal(db, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 11 });
    const outcome = await reassignWhileSettling(db);
    expect(outcome.rebaseWaits).toBe(false);
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({
      status: 'En Route',
      assignedTo: 'Mick',
      notes: 'n100',
    });
    expect(await db.meta.get('dirty')).toBeUndefined();
  });

  it('gives a replayed copy of a numbered document no number, and keeps the source its own', async () => {
    const db = freshDb();
    const source = aQuote({ id: 'Q-2026-P3', number: 'Q-2026-3' });
    const page = (seq: number, data: typeof source) => ({
      changes: [{ seq, entity: 'quotes' as const, rowId: data.id, op: 'put' as const, data }],
      cursor: seq,
      hasMore: false,
      reset: false,
      lastSeq: 0,
      results: [],
    });
    await applyChangesPage(db, page(1, source));
    const copied = await mutateLocal(db, 'quote.duplicate', {
      sourceId: 'Q-2026-P3',
      id: 'Q-2026-P4',
    });
    if (!copied.ok) throw new Error(copied.message);
    expect(await db.quotes.get('Q-2026-P4')).toMatchObject({ number: null });
    // The source changes on the server while the copy waits: the copy is made again over it.
    await applyChangesPage(db, page(2, { ...source, notes: 'Winch needed', updatedAt: 'y' }));
    expect(await db.outbox.count()).toBe(1);
    expect(await db.quotes.get('Q-2026-P4')).toMatchObject({
      number: null,
      notes: 'Winch needed',
    });
    expect(await db.quotes.get('Q-2026-P3')).toMatchObject({ number: 'Q-2026-3' });
  });

  it('rewinds to the rows of every page of a catch-up and drops what a rejected mutation wrote', async () => {
    const db = freshDb();
    const serverJob = (id: string) =>
      aJob({ id, email: null, trackingToken: null, createdAt: 'x', updatedAt: 'x' });
    const put = (seq: number, id: string) => ({
      seq,
      entity: 'jobs' as const,
      rowId: id,
      op: 'put' as const,
      data: serverJob(id),
    });
    // A job created offline (a job row and its first update), still pending.
    const created = await mutateLocal(db, 'job.create', job('JOB-2026-1'));
    if (!created.ok) throw new Error(created.message);
    expect(await db.job_updates.count()).toBe(1);
    // A catch-up in two pages: the rebase waits for the last one.
    await applyChangesPage(db, {
      changes: [put(1, 'JOB-2026-2'), put(2, 'JOB-2026-4')],
      cursor: 2,
      hasMore: true,
      reset: false,
      lastSeq: 0,
      results: [],
    });
    expect(await db.jobs.get('JOB-2026-2')).toBeUndefined();
    await applyChangesPage(db, {
      changes: [
        put(3, 'JOB-2026-3'),
        { seq: 4, entity: 'jobs', rowId: 'JOB-2026-4', op: 'delete', data: null },
      ],
      cursor: 4,
      hasMore: false,
      reset: false,
      lastSeq: 1,
      results: [
        {
          seq: 1,
          mutationId: created.mutationId,
          status: 'rejected',
          code: 'conflict',
          message: 'Taken',
        },
      ],
    });
    // Rows of the first page come from the confirmed table, those of the last from the page.
    expect((await db.jobs.toArray()).map((row) => row.id).sort()).toEqual([
      'JOB-2026-2',
      'JOB-2026-3',
    ]);
    expect(await db.jobs.get('JOB-2026-3')).toEqual(serverJob('JOB-2026-3'));
    // The rejected create's rows are gone from the screens; the issue keeps its data.
    expect(await db.job_updates.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.syncIssues.toArray()).toMatchObject([{ seq: 1, code: 'conflict' }]);
  });
});

describe('pages that prove nothing', () => {
  const serverJob = (updatedAt: string) =>
    aJob({ email: null, trackingToken: null, createdAt: 'x', updatedAt });
  const page = (cursor: number, updatedAt: string, lastSeq = 0, results: never[] = []) => ({
    changes: [
      {
        seq: cursor,
        entity: 'jobs' as const,
        rowId: 'JOB-2026-1',
        op: 'put' as const,
        data: serverJob(updatedAt),
      },
    ],
    cursor,
    hasMore: false,
    reset: false,
    lastSeq,
    results,
    epoch: 'e1',
  });

  it('takes only the verdicts of a late page behind its cursor, never its older rows', async () => {
    const db = freshDb();
    await applyChangesPage(db, page(5, 'new'));
    const saved = await mutateLocal(db, 'job.update', { id: 'JOB-2026-1', patch: { notes: 'n' } });
    if (!saved.ok) throw new Error(saved.message);
    // An answer overtaken by a newer one arrives late: cursor 3, an older version of the row,
    // and the verdict on the device's mutation.
    await applyChangesPage(db, {
      ...page(3, 'old', 1),
      results: [
        { seq: 1, mutationId: saved.mutationId, status: 'applied', code: null, message: null },
      ],
    });
    expect(await db.confirmed('jobs').get('JOB-2026-1')).toMatchObject({ updatedAt: 'new' });
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({ updatedAt: 'new' });
    expect(await db.meta.get('cursor')).toMatchObject({ value: 5 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a page listing another mutation for a pending seq, and keeps the outbox', async () => {
    const db = freshDb();
    await applyChangesPage(db, page(1, 'x'));
    const mine = await mutateLocal(db, 'job.update', { id: 'JOB-2026-1', patch: { notes: 'n' } });
    if (!mine.ok) throw new Error(mine.message);
    // Another browser with the same client id had its own seq 1 settled.
    const theirs = { seq: 1, mutationId: 'theirs', status: 'applied', code: null, message: null };
    await expect(
      applyChangesPage(db, { ...page(2, 'y', 1), results: [theirs as never] }),
    ).rejects.toBeInstanceOf(IdentityClashError);
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 1, mutationId: mine.mutationId }]);
    expect(await db.meta.get('cursor')).toMatchObject({ value: 1 });
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({ notes: 'n' });

    // Taking a new identity keeps the mutation and its mutationId, renumbered from 1.
    const before = (await db.meta.get('clientId'))?.value;
    const clientId = await resetForResync(db);
    expect(clientId).not.toBe(before);
    expect(await db.outbox.toArray()).toMatchObject([
      { seq: 1, mutationId: mine.mutationId, clientId },
    ]);
    expect(await db.meta.get('epoch')).toMatchObject({ value: null });
    expect(await db.meta.get('cursor')).toMatchObject({ value: 0 });
  });
});

describe('conflicts', () => {
  it('keeps an applied edit’s conflict for the owner and settles it as chosen', async () => {
    const db = freshDb();
    const base = aJob({ email: null, notes: 'gate 1', trackingToken: null });
    await applyChangesPage(db, {
      changes: [{ seq: 1, entity: 'jobs', rowId: base.id, op: 'put', data: base }],
      cursor: 1,
      hasMore: false,
      reset: false,
      lastSeq: 0,
      results: [],
    });
    const edit = await mutateLocal(db, 'job.update', {
      id: base.id,
      patch: { notes: 'gate 2' },
      base,
    });
    if (!edit.ok) throw new Error(edit.message);
    // The server kept the other owner's note and raised the collision.
    const theirs = { ...base, notes: 'gate 3', updatedAt: '2026-11-20T09:00:00.000Z' };
    const conflict = {
      entity: 'jobs',
      id: base.id,
      parts: [{ path: 'notes', mine: 'gate 2', theirs: 'gate 3' }],
    };
    await applyChangesPage(db, {
      changes: [{ seq: 2, entity: 'jobs', rowId: base.id, op: 'put', data: theirs }],
      cursor: 2,
      hasMore: false,
      reset: false,
      lastSeq: 1,
      results: [
        {
          seq: 1,
          mutationId: edit.mutationId,
          status: 'applied',
          code: null,
          message: null,
          result: { job: theirs, conflict },
        },
      ],
    });
    const [issue] = await db.syncIssues.toArray();
    expect(issue).toMatchObject({ code: 'conflict', conflict });
    expect(issue?.message).toMatch(/Someone else changed one part of job JOB-2026-1/);
    expect(await db.jobs.get(base.id)).toMatchObject({ notes: 'gate 3' });
    const settled = await resolveConflict(db, issue!.id, { notes: 'mine' });
    expect(settled.ok).toBe(true);
    expect(await db.syncIssues.count()).toBe(0);
    expect(await db.jobs.get(base.id)).toMatchObject({ notes: 'gate 2' });
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'job.update', args: { patch: { notes: 'gate 2' }, base: { notes: 'gate 3' } } },
    ]);
  });
});

/** The mutationIds the device keeps as acknowledged, in the order they were. */
async function acknowledgedIds(db: PilbaraDatabase): Promise<string[]> {
  const pages = await db.acknowledgedPages.orderBy('id').toArray();
  return pages.flatMap((page) => page.mutations.map((m) => m.mutationId));
}

describe('acknowledged mutations kept for a restored server', () => {
  const page = (lastSeq: number, results: { seq: number; mutationId: string; ok: boolean }[]) => ({
    changes: [],
    cursor: 0,
    hasMore: false,
    reset: false,
    lastSeq,
    results: results.map((r) => ({
      seq: r.seq,
      mutationId: r.mutationId,
      status: r.ok ? ('applied' as const) : ('rejected' as const),
      code: r.ok ? null : 'invalid_state',
      message: r.ok ? null : 'No',
    })),
  });

  it('keeps what the server applied a week, not what it refused, and queues it first on a reset', async () => {
    const db = freshDb();
    const first = await mutateLocal(db, 'job.create', job('JOB-2026-1'));
    const refused = await mutateLocal(db, 'job.create', job('JOB-2026-2'));
    if (!first.ok || !refused.ok) throw new Error('local write failed');
    const at = new Date('2026-11-21T03:00:00.000Z');
    await applyChangesPage(
      db,
      page(2, [
        { seq: 1, mutationId: first.mutationId, ok: true },
        { seq: 2, mutationId: refused.mutationId, ok: false },
      ]),
      () => at,
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await acknowledgedIds(db)).toEqual([first.mutationId]);

    // Unsent work after it; then the server says it lost history.
    const unsent = await mutateLocal(db, 'job.create', job('JOB-2026-3'));
    if (!unsent.ok) throw new Error('local write failed');
    await resetForResync(db, { resend: true });
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((m) => [m.seq, m.mutationId])).toEqual([
      [1, first.mutationId],
      [2, unsent.mutationId],
    ]);
    expect(outbox[0]).toMatchObject({ name: 'job.create', args: job('JOB-2026-1') });
    expect((await acknowledgedIds(db)).length).toBe(0);

    // A reset that is not the server's loss (another identity) sends only what is unsent.
    const other = freshDb();
    const done = await mutateLocal(other, 'job.create', job('JOB-2026-4'));
    if (!done.ok) throw new Error('local write failed');
    await applyChangesPage(other, page(1, [{ seq: 1, mutationId: done.mutationId, ok: true }]));
    await resetForResync(other);
    expect(await other.outbox.count()).toBe(0);
    expect((await acknowledgedIds(other)).length).toBe(1);
  });

  it('forgets acknowledged mutations after a week', async () => {
    const db = freshDb();
    const old = await mutateLocal(db, 'job.create', job('JOB-2026-1'));
    if (!old.ok) throw new Error('local write failed');
    await applyChangesPage(
      db,
      page(1, [{ seq: 1, mutationId: old.mutationId, ok: true }]),
      () => new Date('2026-11-01T00:00:00.000Z'),
    );
    const recent = await mutateLocal(db, 'job.create', job('JOB-2026-2'));
    if (!recent.ok) throw new Error('local write failed');
    await applyChangesPage(
      db,
      page(2, [{ seq: 2, mutationId: recent.mutationId, ok: true }]),
      () => new Date('2026-11-08T00:00:01.000Z'),
    );
    expect(await acknowledgedIds(db)).toEqual([recent.mutationId]);
  });
});
