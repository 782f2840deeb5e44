import { MESSAGES } from '@pilbara/shared-schema';
import { describe, expect, it } from 'vitest';
import type { Invoice, Quote } from '@pilbara/shared-schema';
import { findRows, getRow } from '../../src/db/rows';
import { login, registerCustomer, snapshotDatabase, type TestApp, seedRow } from '../helper';
import { buildBillingApp, changesFor, createQuote } from './billing-helper';

const NOW = new Date('2026-11-20T02:00:00.000Z');

function record(app: TestApp, quoteId: string, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/quotes/${quoteId}/record-payment`,
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });
}

describe('POST /api/quotes/:id/record-payment', () => {
  it('records a cash payment as a paid invoice and accepts the quote, with no card keys set', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const cookie = await login(app);
    const quote = createQuote(app, {}, 'sent');

    const response = await record(app, quote.id, cookie, {
      method: 'cash',
      reference: 'Receipt 42',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { quote: Quote; invoice: Invoice };
    expect(body.quote).toMatchObject({ id: quote.id, status: 'accepted' });
    expect(body.invoice).toMatchObject({
      id: 'INV-2026-P1',
      number: 'INV-2026-1',
      quoteId: quote.id,
      jobId: null,
      amount: 34020,
      amountPaid: 34020,
      gst: 3093,
      status: 'paid',
      lineItems: quote.items,
      paidAt: NOW.toISOString(),
      customerName: 'Jordan Reid',
    });
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('accepted');
    // Accepting raised the invoice; the payment settled it: both reach devices through the log.
    expect(
      changesFor(app, 'invoices', 'INV-2026-P1').map(
        (change) => JSON.parse(change.data ?? '{}').status,
      ),
    ).toEqual(['pending', 'paid']);

    // Found by the number the customer was given as well as by its key.
    const detail = await app.inject({
      method: 'GET',
      url: '/api/invoices/INV-2026-1',
      headers: { cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      invoice: body.invoice,
      payments: [
        expect.objectContaining({ method: 'cash', reference: 'Receipt 42', amount: 34020 }),
      ],
      creditNotes: [],
    });

    // A second payment for the same quote is refused and writes nothing.
    const before = snapshotDatabase(app);
    const twice = await record(app, quote.id, cookie, { method: 'bank-transfer' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'This quote has already been paid' });
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it('keeps an accepted quote accepted, and takes the amount, date and offline invoice id given', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const cookie = await login(app);
    const quote = createQuote(app, {}, 'accepted');
    const response = await record(app, quote.id, cookie, {
      method: 'card-on-site',
      amount: 30000,
      paidAt: '2026-11-19',
      invoiceId: 'INV-2026-77',
    });
    expect(response.statusCode).toBe(201);
    // A part payment: the invoice is for the quote's price and $40.20 is still owed.
    expect(response.json().invoice).toMatchObject({
      id: 'INV-2026-77',
      amount: 34020,
      amountPaid: 30000,
      status: 'pending',
      paidAt: null,
    });
    expect(response.json().quote.status).toBe('accepted');
    expect(findRows(app.db, 'payments')).toEqual([
      expect.objectContaining({ amount: 30000, paidAt: '2026-11-19T00:00:00.000Z' }),
    ]);

    // The rest, by default the balance due, settles it.
    const rest = await record(app, quote.id, cookie, { method: 'cash' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().invoice).toMatchObject({
      id: 'INV-2026-77',
      amountPaid: 34020,
      status: 'paid',
    });
  });

  it('links the invoice to the job of an automatic quote', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const cookie = await login(app);
    seedRow(app.db, 'jobs', {
      id: 'JOB-2026-7',
      customerName: 'Jordan Reid',
      phone: '0411 222 333',
      email: null,
      status: 'Completed',
      service: 'Emergency Towing',
      location: 'Karratha',
      estimatedArrival: null,
      progress: 100,
      assignedTo: null,
      notes: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    const quote = createQuote(
      app,
      { notes: 'Automatic quote for completed job JOB-2026-7 at Karratha' },
      'sent',
    );
    const response = await record(app, quote.id, cookie, { method: 'bank-transfer' });
    expect(response.statusCode).toBe(201);
    expect(response.json().invoice.jobId).toBe('JOB-2026-7');
  });

  it('refuses a bad method (400), a draft (409) and an unknown quote (404), writing nothing', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const cookie = await login(app);
    const sent = createQuote(app, {}, 'sent');
    const draft = createQuote(app);
    const before = snapshotDatabase(app);

    const badMethod = await record(app, sent.id, cookie, { method: 'cheque' });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json()).toMatchObject({
      error: 'Payment method must be cash, card on site or bank transfer',
      fields: { method: 'Payment method must be cash, card on site or bank transfer' },
    });
    const notPayable = await record(app, draft.id, cookie, { method: 'cash' });
    expect(notPayable.statusCode).toBe(409);
    expect(notPayable.json()).toEqual({ error: 'Only sent or accepted quotes can be paid' });
    const unknown = await record(app, 'Q-2026-999', cookie, { method: 'cash' });
    expect(unknown.statusCode).toBe(404);
    const brokenJson = await app.inject({
      method: 'POST',
      url: `/api/quotes/${sent.id}/record-payment`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"method": "cash"',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toEqual({ error: 'The request body is not valid JSON' });

    expect(snapshotDatabase(app)).toEqual(before);
    expect(findRows(app.db, 'invoices')).toHaveLength(0);
  });
});

describe('billing authorization', () => {
  it('answers 401 to guests and 403 to customers on the staff billing calls, before doing anything', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const quote = createQuote(app, {}, 'sent');
    const customer = await registerCustomer(app);
    const before = snapshotDatabase(app);
    const calls = [
      { method: 'GET' as const, url: `/api/quotes/${quote.id}/pdf` },
      { method: 'POST' as const, url: `/api/quotes/${quote.id}/send-email` },
      {
        method: 'POST' as const,
        url: `/api/quotes/${quote.id}/record-payment`,
        payload: { method: 'cash' },
      },
      { method: 'GET' as const, url: '/api/invoices/INV-2026-1' },
    ];
    for (const call of calls) {
      const guest = await app.inject(call);
      expect(guest.statusCode, `${call.method} ${call.url} as guest`).toBe(401);
      expect(guest.json()).toEqual({ error: 'Please log in to continue' });
      const asCustomer = await app.inject({ ...call, headers: { cookie: customer } });
      expect(asCustomer.statusCode, `${call.method} ${call.url} as customer`).toBe(403);
      expect(asCustomer.json()).toEqual({ error: MESSAGES.ADMIN_REQUIRED });
    }
    // The refused calls wrote nothing.
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it('answers 404 for an unknown invoice to an admin', async () => {
    const app = await buildBillingApp();
    const cookie = await login(app);
    for (const id of ['INV-2026-5', 'nope']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/invoices/${id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Invoice not found' });
    }
  });
});
