/**
 * What the restore scenarios (restore.test.ts, backup/drill.test.ts) share: jobs made by a REST
 * caller and by a device, the id leases a device holds, and the check that every device came
 * back to exactly the server's rows.
 */
import { expect } from 'vitest';
import { SYNCED_TABLES, type HeldLease } from '@pilbara/shared-schema';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { heldLeases, lowSeries, mintIdFrom } from '../../../web/src/sync/leases';
/* eslint-enable no-restricted-imports */
import { pullChanges } from '../../src/db/change-log';
import { waitFor, write, type RunningServer, type TestClient } from './harness';

/** A job a REST caller (no device) creates; answers its id. */
export async function restJob(
  server: RunningServer,
  customerName: string,
  location: string,
): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: server.cookie },
    payload: { customerName, phone: '0412 345 678', service: '4x4 Recovery', location },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { job: { id: string } }).job.id;
}

/** A job staff create on a device, its ids minted from the device's leases. */
export async function deviceJob(client: TestClient, customerName: string): Promise<string> {
  const id = String(await mintIdFrom(client.db, 'JOB'));
  const result = await write(client, 'job.create', {
    id,
    updateId: await mintIdFrom(client.db, 'job_updates'),
    customerName,
    phone: '0499 999 999',
    service: 'Emergency Towing',
    location: 'Karratha',
  });
  if (!result.ok) throw new Error(result.message);
  return id;
}

/** The leases a device holds once it has topped every series up. */
export async function holdsLeases(client: TestClient): Promise<HeldLease[]> {
  await waitFor(async () => (await lowSeries(client.db)).length === 0, 15_000, 'leases');
  return heldLeases(client.db);
}

/** The ranges of `a` that overlap one of `b` in the same series (none, after a good restore). */
export function overlapping(a: HeldLease[], b: HeldLease[]): string[] {
  return a.flatMap((mine) =>
    b
      .filter((other) => other.series === mine.series)
      .filter((other) => !(other.end < mine.start || other.start > mine.end))
      .map((other) => `${mine.series} ${mine.start}-${mine.end} / ${other.start}-${other.end}`),
  );
}

/** Every device shows exactly the server's rows, confirmed and on screen. */
export async function expectConverged(server: RunningServer, clients: TestClient[]): Promise<void> {
  const snapshot = pullChanges(server.app.db, 0, 1_000_000).changes.filter((c) => c.op === 'put');
  const byId = (a: { id?: unknown } | null, b: { id?: unknown } | null) =>
    String(a?.id).localeCompare(String(b?.id));
  for (const table of SYNCED_TABLES) {
    const expected = snapshot
      .filter((change) => change.entity === table)
      .map((change) => change.data)
      .sort(byId);
    const stored = server.app.db.prepare(`SELECT id FROM "${table}"`).all() as { id: unknown }[];
    expect(expected.map((row) => row?.id).sort()).toEqual(stored.map((row) => row.id).sort());
    for (const client of clients) {
      const label = `${client.db.name} ${table}`;
      expect((await client.db.visible(table).toArray()).sort(byId), label).toEqual(expected);
      expect((await client.db.confirmed(table).toArray()).sort(byId), label).toEqual(expected);
    }
  }
}
