/**
 * Exactly once by mutationId (docs/sync.md): a mutation the server has settled is
 * never applied again, whatever client id or seq it comes back under, and a stored verdict is
 * only ever returned for its own mutation.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection';

import { applyBatch, applyMutation } from '../../src/sync/apply-mutation';
import { SeqMismatchError } from '../../src/sync/device-batch';
import { currentCursor } from '../../src/db/change-log';
import { pruneMutationResults } from '../../src/sync/retention';
import { buildTestApp, login, testConfig, seedRow, syncCall } from '../helper';
import { startSmtp } from '../smtp';
import { createJob, leaseUpdateIds, testNotifier } from '../notifications/notifier-helper';
import { freshAdminDb, jobRow } from './fixtures';

const NOW = '2026-11-21T10:00:00.000Z';

function freshDb(): Db {
  const db = freshAdminDb(NOW);
  seedRow(db, 'jobs', jobRow(NOW));
  return db;
}

const count = (db: Db, sql: string, ...params: unknown[]) =>
  (db.prepare(`SELECT count(*) AS n FROM ${sql}`).get(...params) as { n: number }).n;

const enRoute = { name: 'job.markEnRoute', args: { id: 'JOB-2026-1', updateId: 7 } };

describe('a mutation settled once by its mutationId', () => {
  it('answers the same mutationId under a new client id and a new seq with the stored verdict, running nothing', () => {
    const db = freshDb();
    const first = applyMutation(
      db,
      { ...enRoute, clientId: 'cab-tablet', userId: 1, seq: 1, mutationId: 'm-1' },
      NOW,
    );
    if (first.status !== 'settled' || first.replayed) throw new Error('not applied');
    const head = currentCursor(db);

    // The device reset its identity (wrongly, or after a restore) and sends it again as seq 3
    // of a new client id, behind two other mutations.
    const again = applyBatch(
      db,
      'cab-tablet-2',
      1,
      [
        { seq: 1, mutationId: 'm-a', name: 'job.update', args: { id: 'JOB-2026-1', patch: {} } },
        { seq: 2, mutationId: 'm-b', name: 'job.update', args: { id: 'JOB-2026-1', patch: {} } },
        { seq: 3, mutationId: 'm-1', ...enRoute },
      ],
      NOW,
    );
    expect(again.results[2]).toEqual({ ...first.result, seq: 3 });
    expect(again.results[2]).toMatchObject({
      status: 'applied',
      result: { job: { id: 'JOB-2026-1' } },
    });
    expect(again.lastSeq).toBe(3);
    // No second job update, no second log entry of it, no second verdict row.
    expect(count(db, 'job_updates')).toBe(1);
    expect(count(db, "changes WHERE entity = 'job_updates'")).toBe(1);
    expect(count(db, "mutation_results WHERE mutationId = 'm-1'")).toBe(1);
    // The verdict now belongs to where the device will look for it, no earlier in the log than
    // the device's previous seqs.
    const moved = db
      .prepare("SELECT clientId, seq, changeSeq FROM mutation_results WHERE mutationId = 'm-1'")
      .get() as { clientId: string; seq: number; changeSeq: number };
    expect(moved).toMatchObject({ clientId: 'cab-tablet-2', seq: 3 });
    expect(moved.changeSeq).toBeGreaterThanOrEqual(head);

    // Under the same client id and a new seq: the same.
    const third = applyBatch(
      db,
      'cab-tablet-2',
      1,
      [{ seq: 4, mutationId: 'm-1', ...enRoute }],
      NOW,
    );
    expect(third.results).toMatchObject([{ seq: 4, mutationId: 'm-1', status: 'applied' }]);
    expect(third.changed).toBe(false);
    expect(count(db, 'job_updates')).toBe(1);
    expect(count(db, 'mutation_results')).toBe(3);
  });

  it('keeps a rejection a rejection when the mutation comes back under another identity', () => {
    const db = freshDb();
    const bad = { name: 'job.markEnRoute', args: { id: 'JOB-2026-404', updateId: 8 } };
    const first = applyBatch(db, 'a', 1, [{ seq: 1, mutationId: 'm-x', ...bad }], NOW);
    expect(first.results).toMatchObject([{ status: 'rejected', code: 'not_found' }]);
    const again = applyBatch(db, 'b', 1, [{ seq: 1, mutationId: 'm-x', ...bad }], NOW);
    expect(again.results).toEqual([{ ...first.results[0], seq: 1 }]);
  });

  it('refuses a different mutation under a settled seq and acknowledges nothing of it', () => {
    const db = freshDb();
    applyBatch(db, 'shared-id', 1, [{ seq: 1, mutationId: 'from-x', ...enRoute }], NOW);
    // A second browser with the same client id sends its own seq 1, then seq 2.
    const other = { name: 'job.update', args: { id: 'JOB-2026-1', patch: { notes: 'Y' } } };
    const batch = applyBatch(
      db,
      'shared-id',
      1,
      [
        { seq: 1, mutationId: 'from-y', ...other },
        { seq: 2, mutationId: 'from-y-2', ...other },
      ],
      NOW,
    );
    expect(batch.mismatch).toBeInstanceOf(SeqMismatchError);
    expect(batch.mismatch).toMatchObject({
      seq: 1,
      mutationId: 'from-y',
      settledMutationId: 'from-x',
    });
    expect(batch.results).toEqual([]);
    expect(batch.lastSeq).toBe(1);
    expect(count(db, "mutation_results WHERE mutationId LIKE 'from-y%'")).toBe(0);
    expect(db.prepare('SELECT notes FROM jobs').get()).toEqual({ notes: null });
    // The single-mutation path refuses it the same way.
    expect(() =>
      applyMutation(
        db,
        { ...other, clientId: 'shared-id', userId: 1, seq: 1, mutationId: 'from-y' },
        NOW,
      ),
    ).toThrow(SeqMismatchError);
  });

  it('still knows a mutation after retention dropped its verdict row, and refuses a stranger under that seq', () => {
    const db = freshDb();
    const fuel = (seq: number) => ({
      seq,
      mutationId: `note-${seq}`,
      name: 'job.update',
      args: { id: 'JOB-2026-1', patch: { notes: `note ${seq}` } },
    });
    applyBatch(db, 'cab', 1, [1, 2, 3].map(fuel), NOW);
    const later = new Date(Date.parse(NOW) + 40 * 86_400_000);
    expect(pruneMutationResults(db, 'cab', 3, later)).toBe(2);
    expect(count(db, 'settled_mutations')).toBe(2);
    const head = currentCursor(db);

    // Sent again, under its old seq or a new identity: answered, not run.
    const resent = applyBatch(db, 'cab', 1, [fuel(1)], NOW);
    expect(resent.results).toMatchObject([{ seq: 1, mutationId: 'note-1', status: 'applied' }]);
    const moved = applyBatch(db, 'cab-new', 1, [{ ...fuel(2), seq: 1 }], NOW);
    expect(moved.results).toMatchObject([{ seq: 1, mutationId: 'note-2', status: 'applied' }]);
    expect(currentCursor(db)).toBe(head);
    // A mutation the server never saw, under a seq whose verdict is gone: refused, not answered.
    const stranger = applyBatch(db, 'cab', 1, [{ ...fuel(9), seq: 2 }], NOW);
    expect(stranger.mismatch).toMatchObject({ seq: 2, settledMutationId: null });
    expect(currentCursor(db)).toBe(head);
  });
});

describe('over HTTP, with the customer notifier', () => {
  it('a job update re-sent under a new client id is applied once and emails the customer once', async () => {
    const smtp = await startSmtp();
    const app = await buildTestApp({
      config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tow.example.com' }),
    });
    const cookie = await login(app);
    const notifier = testNotifier(app);
    const jobId = (await createJob(app, cookie)).id;
    const updateId = await leaseUpdateIds(app, cookie, 'cab-tablet');
    const mutation = {
      mutationId: 'en-route-1',
      name: 'job.markEnRoute',
      args: { id: jobId, updateId },
      createdAt: NOW,
    };
    const push = (clientId: string, seq: number) =>
      syncCall(app, cookie, 'push', { clientId, mutations: [{ seq, ...mutation }] });

    expect((await push('cab-tablet', 1)).json()).toMatchObject({
      results: [{ status: 'applied' }],
    });
    await notifier.run();
    await smtp.waitFor(1);
    const again = await push('cab-tablet-reset', 1);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      lastSeq: 1,
      results: [{ seq: 1, mutationId: 'en-route-1', status: 'applied' }],
    });
    await notifier.run();

    expect(count(app.db, 'job_updates WHERE jobId = ?', jobId)).toBe(2);
    expect(count(app.db, "mutation_results WHERE mutationId = 'en-route-1'")).toBe(1);
    expect(count(app.db, 'notifications WHERE jobId = ?', jobId)).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('answers a different mutation under a used seq with 409 and the refusal', async () => {
    const app = await buildTestApp();
    const cookie = await login(app);
    const push = (mutationId: string) =>
      syncCall(app, cookie, 'push', {
        clientId: 'shared',
        mutations: [
          {
            seq: 1,
            mutationId,
            name: 'job.update',
            args: { id: 'JOB-2026-404', patch: {} },
            createdAt: NOW,
          },
        ],
      });
    expect((await push('first')).statusCode).toBe(200);
    const refused = await push('second');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'error', code: 'seq_mismatch', retryable: false });
  });
});
