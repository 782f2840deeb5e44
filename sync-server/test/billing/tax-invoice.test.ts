/**
 * The tax invoice as the customer and the tax office read it. The PDF of a $1,100.00
 * job is parsed back and checked for every point an Australian tax invoice must show; part
 * payments, the balance due, the PAID stamp and credit notes show on it; it is emailed with the
 * pay link while money is owed and as Paid once settled.
 */
import { describe, expect, it } from 'vitest';
import type { CreditNote, Invoice, Payment } from '@pilbara/shared-schema';
import { login, registerCustomer, type TestApp } from '../helper';
import { startSmtp } from '../smtp';
import {
  THOUSAND_HUNDRED_QUOTE,
  VALID_ABN,
  acceptedInvoice,
  buildBillingApp,
  pdfPages,
  staffMutation,
} from './billing-helper';

// 10:00 in Perth on 20 Nov 2026.
const NOW = new Date('2026-11-20T02:00:00.000Z');
const PUBLIC_URL = 'https://tow.example.com';

/** The number of the invoice's quote, as its pay link names it. */
function quoteNumberOf(app: TestApp, invoice: Invoice): string {
  const row = app.db.prepare('SELECT number FROM quotes WHERE id = ?').get(invoice.quoteId) as {
    number: string;
  };
  return row.number;
}

async function invoiceApp(env: Record<string, string> = {}) {
  return buildBillingApp({
    now: () => NOW,
    env: { BUSINESS_ABN: VALID_ABN, PUBLIC_URL, ...env },
  });
}

async function invoicePdfText(
  app: Awaited<ReturnType<typeof invoiceApp>>,
  invoice: Invoice,
  kind = 'Tax-invoice',
) {
  const cookie = await login(app);
  const response = await app.inject({
    method: 'GET',
    url: `/api/invoices/${invoice.id}/pdf`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  // Saved under the number the server gave it.
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${kind}-${invoice.number}.pdf"`,
  );
  return (await pdfPages(response.rawPayload)).join(' ');
}

function pay(
  app: Awaited<ReturnType<typeof invoiceApp>>,
  invoice: Invoice,
  paymentId: number,
  amount: number,
) {
  return staffMutation<{ invoice: Invoice; payment: Payment }>(app, 'invoice.recordPayment', {
    invoiceId: invoice.id,
    paymentId,
    method: 'cash',
    amount,
    reference: `Receipt ${paymentId}`,
  });
}

describe('the tax invoice PDF', () => {
  it('shows every point of a tax invoice for a $1,100.00 job', async () => {
    const app = await invoiceApp();
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    expect(invoice).toMatchObject({ amount: 110000, gst: 10000 });
    const text = await invoicePdfText(app, invoice);

    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(app.profile.tradingName);
    expect(text).toContain(`ABN ${VALID_ABN}`);
    expect(invoice.number).toBe('INV-2026-1');
    expect(text).toContain(`TAX INVOICE ${invoice.number}`);
    expect(text).not.toContain(invoice.id);
    expect(text).toContain('Issue date: 20 Nov 2026');
    expect(text).toContain('BILL TO Pilbara Iron Services');
    expect(text).toMatch(/Heavy Vehicle Recovery 1 \$950\.00 GST \$950\.00/);
    expect(text).toMatch(/Winch Recovery 1 \$150\.00 GST \$150\.00/);
    expect(text).toMatch(/Total \(GST inclusive\) \$1,100\.00 GST included \$100\.00/);
    expect(text).toContain('Total price includes GST');
    expect(text).toContain('Every item is a taxable supply');
    expect(text).toContain('Balance due $1,100.00');
    expect(text).toContain(
      `Pay online: ${PUBLIC_URL}/checkout?quote=${quoteNumberOf(app, invoice)}`,
    );
    expect(text).not.toContain('PAID');
  });

  it('shows part payments and the balance due, then PAID without a pay link once settled', async () => {
    const app = await invoiceApp();
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    pay(app, invoice, 1, 40000);
    const part = await invoicePdfText(app, invoice);
    expect(part).toContain('Payments received 20 Nov 2026 · Cash · Receipt 1 $400.00');
    expect(part).toContain('Paid -$400.00 Balance due $700.00');
    expect(part).toContain('Pay online:');

    pay(app, invoice, 2, 70000);
    const paid = await invoicePdfText(app, invoice);
    expect(paid).toContain(
      `TAX INVOICE ${invoice.number} Issue date: 20 Nov 2026 Due date: 20 Nov 2026 PAID`,
    );
    expect(paid).toContain('Paid -$1,100.00 Balance due $0.00');
    expect(paid).not.toContain('Pay online:');
  });

  it('corrects an invoice by a credit note, with its own PDF, and the invoice lists it', async () => {
    const app = await invoiceApp();
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    const { creditNote } = staffMutation<{ creditNote: CreditNote }>(app, 'creditNote.issue', {
      id: 'CN-2026-1',
      invoiceId: invoice.id,
      amount: 16500,
      reason: 'Winch recovery not needed',
    });
    expect(creditNote.gst).toBe(1500);
    const text = await invoicePdfText(app, invoice);
    // The invoice still prints what it was issued with.
    expect(text).toMatch(/Total \(GST inclusive\) \$1,100\.00 GST included \$100\.00/);
    expect(text).toContain('Credit notes CN-2026-1 $165.00: Winch recovery not needed');
    expect(text).toContain('Credited -$165.00 Balance due $935.00');

    const cookie = await login(app);
    const note = await app.inject({
      method: 'GET',
      url: '/api/credit-notes/CN-2026-1/pdf',
      headers: { cookie },
    });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-disposition']).toBe(
      'attachment; filename="Credit-note-CN-2026-1.pdf"',
    );
    const noteText = (await pdfPages(note.rawPayload)).join(' ');
    expect(noteText).toContain('CREDIT NOTE CN-2026-1 Adjustment note Issue date: 20 Nov 2026');
    expect(noteText).toContain(`ABN ${VALID_ABN}`);
    expect(noteText).toContain(`Tax invoice ${invoice.number} of 20 Nov 2026 ($1,100.00)`);
    // Nothing was paid: the credit only reduced what is owed, no refund.
    expect(noteText).not.toContain('Refund');
    expect(noteText).toContain('Credit (GST inclusive) $165.00 GST credited $15.00');
  });

  it('answers 404 for unknown invoices and credit notes, and 401/403 to guests and customers', async () => {
    const app = await invoiceApp();
    const cookie = await login(app);
    for (const url of [
      '/api/invoices/INV-2026-9/pdf',
      '/api/invoices/nope/pdf',
      '/api/credit-notes/CN-2026-9/pdf',
    ]) {
      expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    }
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    const customer = await registerCustomer(app);
    for (const call of [
      { method: 'GET' as const, url: `/api/invoices/${invoice.id}/pdf` },
      { method: 'POST' as const, url: `/api/invoices/${invoice.id}/send-email` },
    ]) {
      expect((await app.inject(call)).statusCode).toBe(401);
      expect((await app.inject({ ...call, headers: { cookie: customer } })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/invoices/:id/send-email', () => {
  it('mails the invoice with the pay link while money is owed, and as Paid once settled', async () => {
    const smtp = await startSmtp();
    const app = await invoiceApp({ SMTP_URL: smtp.url });
    const cookie = await login(app);
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/invoices/${invoice.id}/send-email`,
        headers: { cookie },
      });

    expect((await send()).statusCode).toBe(200);
    const [unpaid] = await smtp.waitFor(1);
    const payLink = `${PUBLIC_URL}/checkout?quote=${quoteNumberOf(app, invoice)}`;
    expect(unpaid?.subject).toBe(`Tax invoice ${invoice.number} from ${app.profile.tradingName}`);
    expect(unpaid?.text).toContain(`Pay this invoice online: ${payLink}`);
    expect(unpaid?.text).toContain('Balance due: $1,100.00');
    expect(unpaid?.text).toContain('GST included: $100.00');
    expect(unpaid?.attachments[0]?.filename).toBe(`Tax-invoice-${invoice.number}.pdf`);

    pay(app, invoice, 1, 110000);
    expect((await send()).statusCode).toBe(200);
    const paid = (await smtp.waitFor(2))[1];
    expect(paid?.subject).toBe(
      `Paid: tax invoice ${invoice.number} from ${app.profile.tradingName}`,
    );
    expect(paid?.text).toContain('Status: Paid');
    expect(paid?.text).not.toContain('/checkout');
    const pdf = (await pdfPages(paid?.attachments[0]?.content as Buffer)).join(' ');
    expect(pdf).toContain('PAID');
    expect(pdf).toContain('Balance due $0.00');
  });
});

describe('no valid ABN, no tax invoice', () => {
  for (const [what, env] of [
    ['with no BUSINESS_ABN', {}],
    ['with the placeholder 00 000 000 000', { BUSINESS_ABN: '00 000 000 000' }],
  ] as const) {
    it(`says so at start and sends plain invoices ${what}`, async () => {
      const smtp = await startSmtp();
      const app = await buildBillingApp({
        now: () => NOW,
        env: { PUBLIC_URL, SMTP_URL: smtp.url, ...env },
      });
      expect(app.abnProblem).toMatch(/BUSINESS_ABN .*(not set|not a valid ABN)/);
      const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
      const text = await invoicePdfText(app, invoice, 'Invoice');
      expect(text).toContain(`INVOICE ${invoice.number}`);
      // No claim to be a tax invoice, no ABN; only the statement that it is not one.
      expect(text).not.toContain('TAX INVOICE');
      expect(text).not.toContain('Tax invoice');
      expect(text).not.toMatch(/ABN \d/);
      expect(text).toContain('This is not a tax invoice');

      const cookie = await login(app);
      const sent = await app.inject({
        method: 'POST',
        url: `/api/invoices/${invoice.id}/send-email`,
        headers: { cookie },
      });
      expect(sent.statusCode).toBe(200);
      const [mail] = await smtp.waitFor(1);
      expect(mail?.subject).toBe(`Invoice ${invoice.number} from ${app.profile.tradingName}`);
      expect(mail?.text).not.toContain('Tax invoice');
      expect(mail?.text).not.toMatch(/ABN \d/);
      expect(mail?.text).toContain('This is not a tax invoice');
      expect(mail?.attachments[0]?.filename).toBe(`Invoice-${invoice.number}.pdf`);
    });
  }

  it('prints the ABN and "Tax invoice" with a valid one, and warns of nothing', async () => {
    const app = await invoiceApp();
    expect(app.abnProblem).toBeNull();
    const text = await invoicePdfText(app, acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE));
    expect(text).toContain(`TAX INVOICE`);
    expect(text).toContain(`ABN ${VALID_ABN}`);
  });
});

describe('refunds', () => {
  it('owes a refund after a credit on a paid invoice, emails it as on its way, and settles to zero', async () => {
    const smtp = await startSmtp();
    const app = await invoiceApp({ SMTP_URL: smtp.url });
    const cookie = await login(app);
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    pay(app, invoice, 1, 110000);
    const { creditNote } = staffMutation<{ creditNote: CreditNote }>(app, 'creditNote.issue', {
      id: 'CN-2026-P1',
      invoiceId: invoice.id,
      amount: 16500,
      reason: 'Winch recovery not needed',
    });
    expect(creditNote.number).toBe('CN-2026-1');
    const owed = await invoicePdfText(app, invoice);
    expect(owed).toContain('Refund owed to you $165.00');

    const emailed = await app.inject({
      method: 'POST',
      url: `/api/credit-notes/${creditNote.number}/send-email`,
      headers: { cookie },
    });
    expect(emailed.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe(`Credit note CN-2026-1 from ${app.profile.tradingName}`);
    expect(mail?.text).toContain('A refund of $165.00 is on its way to you.');
    expect(mail?.attachments[0]?.filename).toBe('Credit-note-CN-2026-1.pdf');
    const notePdf = (await pdfPages(mail?.attachments[0]?.content as Buffer)).join(' ');
    expect(notePdf).toContain('A refund of $165.00 is on its way to you.');

    const { invoice: refunded } = staffMutation<{ invoice: Invoice }>(app, 'invoice.recordRefund', {
      invoiceId: invoice.id,
      refundId: 2,
      method: 'bank-transfer',
      amount: 16500,
    });
    expect(refunded).toMatchObject({ amountRefunded: 16500, status: 'paid' });
    const settled = await invoicePdfText(app, invoice);
    expect(settled).toContain('Refunds paid 20 Nov 2026 · Bank transfer $165.00');
    expect(settled).toContain('Balance due $0.00');
    // A second refund finds nothing owed back.
    expect(() =>
      staffMutation(app, 'invoice.recordRefund', {
        invoiceId: invoice.id,
        refundId: 3,
        method: 'cash',
        amount: 100,
      }),
    ).toThrow('Nothing is owed back to the customer on this invoice');
  });
});
