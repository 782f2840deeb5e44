/**
 * Issue 18: the tax invoice as the customer and the tax office read it. The PDF of a $1,100.00
 * job is parsed back and checked for every point an Australian tax invoice must show; part
 * payments, the balance due, the PAID stamp and credit notes show on it; it is emailed with the
 * pay link while money is owed and as Paid once settled.
 */
import { describe, expect, it } from 'vitest';
import type { CreditNote, Invoice, Payment } from '@pilbara/shared-schema';
import { login, registerCustomer } from '../helper';
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

async function invoiceApp(env: Record<string, string> = {}) {
  return buildBillingApp({
    now: () => NOW,
    env: { BUSINESS_ABN: VALID_ABN, PUBLIC_URL, ...env },
  });
}

async function invoicePdfText(app: Awaited<ReturnType<typeof invoiceApp>>, id: string) {
  const cookie = await login(app);
  const response = await app.inject({
    method: 'GET',
    url: `/api/invoices/${id}/pdf`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="Tax-invoice-${id}.pdf"`,
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
    const text = await invoicePdfText(app, invoice.id);

    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(app.profile.tradingName);
    expect(text).toContain(`ABN ${VALID_ABN}`);
    expect(text).toContain(invoice.id);
    expect(text).toContain('Issue date: Nov 20, 2026');
    expect(text).toContain('BILL TO Pilbara Iron Services');
    expect(text).toMatch(/Heavy Vehicle Recovery 1 \$950\.00 GST \$950\.00/);
    expect(text).toMatch(/Winch Recovery 1 \$150\.00 GST \$150\.00/);
    expect(text).toMatch(/Total \(GST inclusive\) \$1,100\.00 GST included \$100\.00/);
    expect(text).toContain('Total price includes GST');
    expect(text).toContain('Every item is a taxable supply');
    expect(text).toContain('Balance due $1,100.00');
    expect(text).toContain(`Pay online: ${PUBLIC_URL}/checkout?quote=${invoice.quoteId}`);
    expect(text).not.toContain('PAID');
  });

  it('shows part payments and the balance due, then PAID without a pay link once settled', async () => {
    const app = await invoiceApp();
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
    pay(app, invoice, 1, 40000);
    const part = await invoicePdfText(app, invoice.id);
    expect(part).toContain('Payments received Nov 20, 2026 · Cash · Receipt 1 $400.00');
    expect(part).toContain('Paid -$400.00 Balance due $700.00');
    expect(part).toContain('Pay online:');

    pay(app, invoice, 2, 70000);
    const paid = await invoicePdfText(app, invoice.id);
    expect(paid).toContain(
      `TAX INVOICE ${invoice.id} Issue date: Nov 20, 2026 Due date: Nov 20, 2026 PAID`,
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
    const text = await invoicePdfText(app, invoice.id);
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
    expect(noteText).toContain('CREDIT NOTE CN-2026-1 Adjustment note Issue date: Nov 20, 2026');
    expect(noteText).toContain(`ABN ${VALID_ABN}`);
    expect(noteText).toContain(`Tax invoice ${invoice.id} of Nov 20, 2026 ($1,100.00)`);
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
    const payLink = `${PUBLIC_URL}/checkout?quote=${invoice.quoteId}`;
    expect(unpaid?.subject).toBe(`Tax invoice ${invoice.id} from ${app.profile.tradingName}`);
    expect(unpaid?.text).toContain(`Pay this invoice online: ${payLink}`);
    expect(unpaid?.text).toContain('Balance due: $1,100.00');
    expect(unpaid?.text).toContain('GST included: $100.00');
    expect(unpaid?.attachments[0]?.filename).toBe(`Tax-invoice-${invoice.id}.pdf`);

    pay(app, invoice, 1, 110000);
    expect((await send()).statusCode).toBe(200);
    const paid = (await smtp.waitFor(2))[1];
    expect(paid?.subject).toBe(`Paid: tax invoice ${invoice.id} from ${app.profile.tradingName}`);
    expect(paid?.text).toContain('Status: Paid');
    expect(paid?.text).not.toContain('/checkout');
    const pdf = (await pdfPages(paid?.attachments[0]?.content as Buffer)).join(' ');
    expect(pdf).toContain('PAID');
    expect(pdf).toContain('Balance due $0.00');
  });
});
