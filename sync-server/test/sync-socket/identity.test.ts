/**
 * Two browsers that share one client id (a copied browser profile, a phone restored from its own
 * backup) each push their seq 1 with a different mutation. The server never answers the second
 * with the first one's verdict: it refuses it (seq_mismatch), or the device sees another
 * mutation's verdict listed for its seq. Either way the second device takes a new identity,
 * keeping its mutation, and both changes end up applied once.
 */
import { describe, expect, it } from 'vitest';
import {
  makeClient,
  newJob,
  serverRows,
  startServer,
  waitSynced,
  write,
  type TestClient,
} from './harness';

async function sharing(client: TestClient, clientId: string): Promise<void> {
  await client.db.meta.put({ key: 'clientId', value: clientId });
}

describe('two devices sharing a client id', () => {
  for (const transport of ['socket', 'http'] as const) {
    it(`the second one's mutation is refused, not acknowledged, and applied under a new id (${transport})`, async () => {
      const server = await startServer();
      const first = makeClient(server);
      const second = makeClient(server, {
        connectors: ({ socket, http }) => [transport === 'socket' ? socket : http],
        httpPollMs: 50,
      });
      await sharing(first, 'shared-id');
      await sharing(second, 'shared-id');

      await first.engine.start();
      await write(first, 'job.create', newJob(1));
      await waitSynced(first, server);
      // The second device pushes before it ever pulled, so the server sees seq 1 again.
      await write(second, 'job.create', newJob(2));
      await second.engine.start();
      await waitSynced(second, server);
      await waitSynced(first, server);

      expect(serverRows(server, 'jobs').map((job) => job.id)).toEqual(['JOB-2026-1', 'JOB-2026-2']);
      expect((await second.db.meta.get('clientId'))?.value).not.toBe('shared-id');
      expect(await second.db.syncIssues.count()).toBe(0);
      for (const client of [first, second])
        expect((await client.db.jobs.toArray()).map((job) => job.id).sort()).toEqual([
          'JOB-2026-1',
          'JOB-2026-2',
        ]);
      expect(
        server.app.db.prepare('SELECT count(DISTINCT mutationId) AS n FROM mutation_results').get(),
      ).toEqual({ n: 2 });
    });
  }
});
