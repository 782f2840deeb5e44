/**
 * A way to pay, always: the pay link answers what is owed and against which number whether or
 * not card payment is set up, and the documents and emails carry the business's bank details
 * with that number as the payment reference.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice, PaySummary, Quote } from '@pilbara/shared-schema';
import { payLinkToken } from '../../src/db/repositories/pay-links';
import { getRow } from '../../src/db/rows';
import { login } from '../helper';
import { invoiceEmail } from '../../src/routes/billing/quote-email';
import {
  THOUSAND_HUNDRED_QUOTE,
  acceptedInvoice,
  buildBillingApp,
  createQuote,
  pdfPages,
  staffMutation,
} from './billing-helper';

const NOW = new Date('2026-11-21T02:00:00.000Z');
const BANK_ENV = {
  BANK_ACCOUNT_NAME: 'Pilbara Towing Pty Ltd',
  BANK_BSB: '066 123',
  BANK_ACCOUNT_NUMBER: '1234 5678',
  BANK_PAYID: 'pay@pilbaratowing.example',
  BUSINESS_ABN: '51 824 753 556',
};

describe('GET /api/quotes/:id/pay-summary', () => {
  it('answers the pay link holder what is owed, named by number, without card payments', async () => {
    const app = await buildBillingApp({ now: () => NOW, env: BANK_ENV });
    const quote = createQuote(app, {}, 'sent');
    expect(quote.number).toMatch(/^Q-2026-\d+$/);
    const token = payLinkToken(app.db, app.payLinkKey, quote.id);

    const answer = await app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.number}/pay-summary?token=${token}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<PaySummary>()).toEqual({
      kind: 'quote',
      reference: quote.number,
      customerName: quote.customerName,
      service: quote.service,
      totalCents: 34020,
      amountDueCents: 34020,
      state: 'payable',
      expired: false,
      validUntil: quote.validUntil ?? null,
      cardPayments: false,
    });
    // The key is never what the customer reads.
    expect(answer.body).not.toMatch(/Q-\d{4}-P\d+/);

    // Without the link's token it is the same 404 as a quote that does not exist.
    for (const url of [
      `/api/quotes/${quote.number}/pay-summary`,
      `/api/quotes/${quote.number}/pay-summary?token=wrong`,
      `/api/quotes/Q-2026-999/pay-summary?token=${token}`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it("pays against the invoice once one is raised, for what is still owed; a draft can't be paid", async () => {
    const app = await buildBillingApp({ now: () => NOW, env: BANK_ENV });
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    staffMutation(app, 'invoice.recordPayment', {
      invoiceId: invoice.id,
      paymentId: 501,
      method: 'cash',
      amount: 40000,
      reference: 'Receipt 1',
    });
    const stored = getRow<Invoice>(app.db, 'invoices', invoice.id)!;
    const quote = getRow<Quote>(app.db, 'quotes', invoice.quoteId!)!;
    const token = payLinkToken(app.db, app.payLinkKey, quote.id);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.number}/pay-summary?token=${token}`,
    });
    expect(answer.json<PaySummary>()).toMatchObject({
      kind: 'invoice',
      reference: stored.number,
      totalCents: 110000,
      amountDueCents: 70000,
      state: 'payable',
    });

    const draft = createQuote(app);
    const draftAnswer = await app.inject({
      method: 'GET',
      url: `/api/quotes/${draft.number}/pay-summary?token=${payLinkToken(app.db, app.payLinkKey, draft.id)}`,
    });
    expect(draftAnswer.json<PaySummary>()).toMatchObject({ state: 'not-payable' });
  });

  it('prints how to pay, with the invoice number as the reference, on the invoice and its email', async () => {
    const app = await buildBillingApp({ now: () => NOW, env: BANK_ENV });
    const cookie = await login(app);
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    const number = getRow<Invoice>(app.db, 'invoices', invoice.id)!.number!;
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/invoices/${number}/pdf`,
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('How to pay');
    expect(text).toContain('Account name Pilbara Towing Pty Ltd');
    expect(text).toContain('BSB 066-123');
    expect(text).toContain('Account number 12345678');
    expect(text).toContain('PayID pay@pilbaratowing.example');
    expect(text).toContain(`Reference ${number}`);
    expect(text).not.toMatch(/-P\d+/);

    const stored = getRow<Invoice>(app.db, 'invoices', invoice.id)!;
    const email = invoiceEmail(stored, app.profile, {
      payments: [],
      creditNotes: [],
      payUrl: 'https://towing.example/checkout?quote=Q-2026-1&token=t',
    });
    for (const line of [
      'How to pay',
      'BSB: 066-123',
      'Account number: 12345678',
      `Reference: ${number}`,
      `with ${number} as the reference`,
    ])
      expect(email.text).toContain(line);
    expect(email.html).toContain('066-123');
  });
});
