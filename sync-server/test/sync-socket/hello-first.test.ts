/**
 * Regression test for a mutation settled twice, which the convergence property test found on a
 * loaded machine.
 *
 * The engine sent its first push as soon as a local write kicked it, before the connection had
 * opened and so before its hello had loaded the device's client id: the push went out under
 * client id "". The property test's in-process server did not validate messages as the real
 * plugin does, so it applied the mutations under "" and then, when the same mutations came again
 * under the device's real id, applied them a second time (a job.create then failed as a duplicate
 * and landed in "needs attention" although the job existed). Only a write that lands between
 * `connect()` and the open event hits it, which is why it showed up on a busy machine. The open is
 * held back here, so the write always lands in that window.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { SyncEngine } from '../../../web/src/sync/engine';
import { mutateLocal } from '../../../web/src/sync/local-store';
/* eslint-enable no-restricted-imports */
import { onTestEnd, tempDir } from '../helper';
import { newDbName, newJob, openBrowserDb, waitFor } from './harness';
import { SimServer } from './sim-server';

describe('the engine speaks only after its hello', () => {
  it('pushes a write made while the connection opens after the hello, under the device id, and settles it once', async () => {
    const server = new SimServer(path.join(tempDir(), 'hello-first.sqlite'));
    onTestEnd(() => server.close());
    const db = openBrowserDb(newDbName());
    const sent: { type: string; clientId?: string }[] = [];
    let open = () => undefined as void;
    const engine = new SyncEngine({
      db,
      connectors: [
        server.connector({
          openWhen: new Promise<void>((resolve) => (open = resolve)),
          onSend: (message) => sent.push(message as { type: string; clientId?: string }),
        }),
      ],
      backoff: { baseMs: 1, maxMs: 8 },
    });
    onTestEnd(() => engine.stop());

    await engine.start();
    // Staff save a job while the connection is still opening.
    const saved = await mutateLocal(db, 'job.create', newJob(1));
    if (!saved.ok) throw new Error(saved.message);
    engine.kick();
    await engine.idle();
    open();
    await waitFor(
      async () => (await db.outbox.count()) === 0 && engine.state === 'online',
      10_000,
      'the write to sync',
    );

    const clientId = (await db.meta.get('clientId'))?.value as string;
    expect(sent[0]?.type).toBe('hello');
    expect(sent.every((message) => message.clientId === clientId)).toBe(true);
    expect(server.violations).toEqual([]);
    // What staff see: the job exists once, nothing needs attention, one verdict on the server.
    expect(server.db.prepare('SELECT id FROM jobs').all()).toEqual([{ id: 'JOB-2026-1' }]);
    expect(await db.syncIssues.count()).toBe(0);
    expect(
      server.db.prepare('SELECT clientId, seq, mutationId FROM mutation_results').all(),
    ).toEqual([{ clientId, seq: 1, mutationId: saved.mutationId }]);
  });
});
