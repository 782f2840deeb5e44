/**
 * One price list: a price the owners change shows at /api/prices (where the public pages read
 * their prices) from the day it takes effect, and a new quote is priced with it; an invoice
 * issued before the change keeps its price, and its PDF says what it said.
 */
import { describe, expect, it } from 'vitest';
import { formatCents, type PriceItem, type Quote } from '@pilbara/shared-schema';
import { mintIntegerId, mintTextId } from '../../src/db/id-series';
import { priceLists } from '../../src/db/repositories/accounts';
import { buildTestApp, login, signedIn } from '../helper';
import { pdfPages, staffMutation } from '../billing/billing-helper';

const emergency = (amount: number): PriceItem => ({
  key: 'towing.emergency',
  label: 'Emergency Towing',
  unit: 'each',
  amount,
  category: 'service',
  note: null,
});

describe('the price list', () => {
  it('changes the public prices and new quotes from its day, never an issued invoice', async () => {
    let clock = new Date('2026-11-20T02:00:00.000Z');
    const app = await buildTestApp({
      now: () => clock,
      env: { BUSINESS_ABN: '51 824 753 556' },
    });
    const admin = await login(app);
    const staff = signedIn(app, admin);
    const quoteBody = {
      customerName: 'Dana Reid',
      customerPhone: '0412 345 678',
      items: [{ description: 'Emergency Towing', quantity: 1, priceKey: 'towing.emergency' }],
    };

    // Before any change: the built-in $180, on a quote and on its invoice.
    const first = await staff.post('/api/quotes', quoteBody);
    expect(first.statusCode, first.body).toBe(201);
    const old = first.json().quote as Quote;
    expect(old.items[0]).toMatchObject({ unitPrice: 18000, priceKey: 'towing.emergency' });
    staffMutation(app, 'quote.setStatus', { id: old.id, status: 'sent' });
    const { invoice } = staffMutation<{ invoice: { id: string } }>(app, 'quote.accept', {
      id: old.id,
      invoiceId: mintTextId(app.db, 'INV', clock),
    });
    const pdfBefore = (
      await pdfPages((await staff.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload)
    ).join(' ');
    expect(pdfBefore).toContain(`Emergency Towing 1 ${formatCents(18000)}`);

    // The owners raise it to $195 from 1 December, as a device saves it.
    const defaultList = priceLists(app.db).find((list) => list.accountId === null);
    expect(defaultList).toBeDefined();
    staffMutation(app, 'priceList.save', {
      id: defaultList?.id,
      effectiveFrom: '2026-12-01',
      items: [emergency(19500)],
    });
    // Not yet: the public prices and a new quote keep $180 until the day.
    expect((await app.inject({ url: '/api/prices' })).json()).toEqual({
      effectiveFrom: null,
      items: [],
    });
    expect(((await staff.post('/api/quotes', quoteBody)).json().quote as Quote).finalPrice).toBe(
      18000,
    );

    clock = new Date('2026-12-01T01:00:00.000Z');
    const prices = (await app.inject({ url: '/api/prices' })).json();
    expect(prices).toEqual({ effectiveFrom: '2026-12-01', items: [emergency(19500)] });
    const fresh = (await staff.post('/api/quotes', quoteBody)).json().quote as Quote;
    expect(fresh.items[0]?.unitPrice).toBe(19500);
    expect(fresh.finalPrice).toBe(19500);

    // The invoice issued before keeps its $180, and its PDF reads as it did.
    const pdfAfter = (
      await pdfPages((await staff.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload)
    ).join(' ');
    expect(pdfAfter).toBe(pdfBefore);
    // The stored invoice's total is the one it was issued with.
    expect(
      (
        app.db.prepare('SELECT amount FROM invoices WHERE id = ?').get(invoice.id) as {
          amount: number;
        }
      ).amount,
    ).toBe(18000);
  });

  it("prices an account's work from its own list", async () => {
    const clock = new Date('2026-11-20T02:00:00.000Z');
    const app = await buildTestApp({ now: () => clock });
    const admin = await login(app);
    const club = await signedIn(app, admin).post('/api/accounts', {
      name: 'Outback Motoring Club',
      type: 'roadside-club',
      legalName: 'Outback Motoring Club Inc',
    });
    const accountId = club.json().account.id as number;
    staffMutation(app, 'priceList.save', {
      id: mintIntegerId(app.db, 'price_lists'),
      accountId,
      effectiveFrom: '2026-11-20',
      items: [emergency(15000)],
    });
    const body = {
      customerName: 'Member',
      customerPhone: '0412 345 678',
      items: [{ description: 'Emergency Towing', quantity: 1, priceKey: 'towing.emergency' }],
    };
    const member = (await signedIn(app, admin).post('/api/quotes', { ...body, accountId })).json()
      .quote as Quote;
    expect(member.finalPrice).toBe(15000);
    const walkIn = (await signedIn(app, admin).post('/api/quotes', body)).json().quote as Quote;
    expect(walkIn.finalPrice).toBe(18000);
    // The public pages show the default list, never an account's.
    expect((await app.inject({ url: '/api/prices' })).json().items).toEqual([]);
  });

  it('refuses an item the list does not have, naming the line', async () => {
    const app = await buildTestApp();
    const response = await signedIn(app, await login(app)).post('/api/quotes', {
      customerName: 'Dana',
      customerPhone: '0412 345 678',
      items: [{ description: 'Teleport', quantity: 1, priceKey: 'teleport.now' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'items.0.priceKey': 'There is no such item in the price list',
    });
  });
});
