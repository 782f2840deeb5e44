/**
 * Invoices issued from two devices, offline and online, interleaved,
 * are numbered with no gap in the order the server received them (issue order), and so are
 * credit notes. The real web engine on fake-indexeddb against the real server over its socket.
 *
 * While a device is offline its new invoice shows a provisional reference (its key, no number);
 * once it syncs, the device shows the number the server gave, and that number never changes.
 */
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { lowSeries, mintIdFrom } from '../../../web/src/sync/leases';
/* eslint-enable no-restricted-imports */
import {
  PROVISIONAL_TEXT,
  documentRef,
  isProvisional,
  perthDate,
  type Invoice,
} from '@pilbara/shared-schema';
import { makeClient, startServer, waitFor, waitSynced, write, type TestClient } from './harness';
import type { RunningServer } from './harness';

async function restQuote(server: RunningServer, name: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { cookie: server.cookie },
    payload: {
      customerName: name,
      customerPhone: '0412 345 678',
      items: [
        { description: 'Emergency Towing', quantity: 1, unitPrice: 22000, category: 'service' },
      ],
    },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { quote: { id: string } }).quote.id;
}

/** A device raises the invoice of a quote; returns the invoice's key. */
async function raise(client: TestClient, quoteId: string): Promise<string> {
  const id = String(await mintIdFrom(client.db, 'INV'));
  const result = await write(client, 'invoice.raise', { id, quoteId });
  if (!result.ok) throw new Error(result.message);
  return id;
}

/** A device issues a credit note on an invoice; returns the note's key. */
async function credit(client: TestClient, invoiceId: string): Promise<string> {
  const id = String(await mintIdFrom(client.db, 'CN'));
  const result = await write(client, 'creditNote.issue', {
    id,
    invoiceId,
    amount: 2200,
    reason: 'Call-out fee waived',
  });
  if (!result.ok) throw new Error(result.message);
  return id;
}

/** The order the server stored rows of `entity` in: first log entry of each key. */
function storedOrder(server: RunningServer, entity: string): string[] {
  return (
    server.app.db
      .prepare(`SELECT rowId FROM changes WHERE entity = ? GROUP BY rowId ORDER BY min(seq)`)
      .all(entity) as { rowId: string }[]
  ).map((row) => row.rowId);
}

function numbers(server: RunningServer, table: string): Map<string, string> {
  return new Map(
    (
      server.app.db.prepare(`SELECT id, number FROM "${table}"`).all() as {
        id: string;
        number: string;
      }[]
    ).map((row) => [row.id, row.number]),
  );
}

async function shown(client: TestClient, table: 'invoices' | 'credit_notes', id: string) {
  const row = (await client.db.visible(table).get(id)) as Invoice | undefined;
  return row ? { ref: documentRef(row), provisional: isProvisional(row) } : undefined;
}

/**
 * Every number of the series from 1 to n, once, in the order the server stored the documents.
 */
function expectGaplessInStoredOrder(server: RunningServer, table: string, prefix: string) {
  const order = storedOrder(server, table);
  const given = numbers(server, table);
  const year = perthDate(new Date()).slice(0, 4);
  expect(order.map((key) => given.get(key))).toEqual(
    order.map((_, index) => `${prefix}-${year}-${index + 1}`),
  );
}

async function offline(client: TestClient): Promise<void> {
  await client.engine.stop();
}

describe('document numbers across devices', () => {
  it('numbers invoices and credit notes from two devices, offline and online, with no gap in issue order', async () => {
    const server = await startServer();
    const quotes: string[] = [];
    for (let n = 1; n <= 6; n += 1) quotes.push(await restQuote(server, `Customer ${n}`));
    const a = makeClient(server);
    const b = makeClient(server);
    await a.engine.start();
    await b.engine.start();
    for (const device of [a, b]) {
      await waitSynced(device, server);
      await waitFor(async () => (await lowSeries(device.db)).length === 0, 15_000, 'leases');
    }

    // A online, B offline: B's invoice waits on the phone with a provisional reference.
    const inv1 = await raise(a, quotes[0]!);
    await waitSynced(a, server);
    await offline(b);
    const inv2 = await raise(b, quotes[1]!);
    // People never see the key: the reference says the number is pending.
    expect(await shown(b, 'invoices', inv2)).toEqual({
      ref: PROVISIONAL_TEXT.REF,
      provisional: true,
    });
    const inv3 = await raise(a, quotes[2]!);
    await waitSynced(a, server);
    // A goes offline too and issues one; B comes back first.
    await offline(a);
    const inv4 = await raise(a, quotes[3]!);
    await b.engine.start();
    await waitSynced(b, server);
    const inv5 = await raise(b, quotes[4]!);
    await waitSynced(b, server);
    await a.engine.start();
    await waitSynced(a, server);
    const inv6 = await raise(a, quotes[5]!);
    await waitSynced(a, server);
    await waitSynced(b, server);

    // The server received them in this order, and numbered them 1 to 6 in that order.
    expect(storedOrder(server, 'invoices')).toEqual([inv1, inv3, inv2, inv5, inv4, inv6]);
    expectGaplessInStoredOrder(server, 'invoices', 'INV');
    // Both devices show the final numbers (never a provisional one once synced).
    const given = numbers(server, 'invoices');
    for (const device of [a, b]) {
      for (const key of [inv1, inv2, inv3, inv4, inv5, inv6]) {
        expect(await shown(device, 'invoices', key)).toEqual({
          ref: given.get(key),
          provisional: false,
        });
      }
    }

    // Credit notes, interleaved the same way.
    const cn1 = await credit(b, inv1);
    await waitSynced(b, server);
    await offline(a);
    const cn2 = await credit(a, inv2);
    const cn3 = await credit(b, inv3);
    await waitSynced(b, server);
    await offline(b);
    const cn4 = await credit(b, inv4);
    await a.engine.start();
    await waitSynced(a, server);
    await b.engine.start();
    await waitSynced(b, server);
    await waitSynced(a, server);
    expect(storedOrder(server, 'credit_notes')).toEqual([cn1, cn3, cn2, cn4]);
    expectGaplessInStoredOrder(server, 'credit_notes', 'CN');

    // A number printed is never changed by later writes: pay one invoice, numbers stay.
    const before = numbers(server, 'invoices');
    const paid = await write(a, 'invoice.recordPayment', {
      invoiceId: inv1,
      paymentId: Number(await mintIdFrom(a.db, 'payments')),
      method: 'cash',
      amount: 19800,
    });
    expect(paid.ok).toBe(true);
    await waitSynced(a, server);
    expect(numbers(server, 'invoices')).toEqual(before);
    await waitFor(async () => (await shown(b, 'invoices', inv1))?.ref === before.get(inv1));
  }, 120_000);
});
