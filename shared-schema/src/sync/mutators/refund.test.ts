/** `Invoice.recordRefund` — money back to a customer a credit note left in credit. */
import { describe, expect, it } from 'vitest';
import { NOW, aQuote, ok, rejected, row, tables } from './test-fixtures';

function paidThenCredited() {
  const sent = aQuote({ status: 'sent' });
  let state = ok(tables({ quotes: [sent] }), 'quote.accept', {
    id: sent.id,
    invoiceId: 'INV-2026-P1',
  }).tables;
  state = ok(state, 'invoice.recordPayment', {
    invoiceId: 'INV-2026-P1',
    paymentId: 1,
    method: 'cash',
    amount: 10000,
  }).tables;
  return ok(state, 'creditNote.issue', {
    id: 'CN-2026-P1',
    invoiceId: 'INV-2026-P1',
    amount: 2500,
    reason: 'Call-out fee waived',
  }).tables;
}

describe('invoice.recordRefund', () => {
  it('records money paid back and brings the balance to zero', () => {
    const result = ok(paidThenCredited(), 'invoice.recordRefund', {
      invoiceId: 'INV-2026-P1',
      refundId: 2,
      method: 'bank-transfer',
      amount: 2500,
      reference: 'EFT 55',
    });
    expect(row(result.tables, 'payments', 2)).toMatchObject({
      kind: 'refund',
      amount: 2500,
      method: 'bank-transfer',
      reference: 'EFT 55',
      paidAt: NOW,
    });
    expect(row(result.tables, 'invoices', 'INV-2026-P1')).toMatchObject({
      amountPaid: 10000,
      amountCredited: 2500,
      amountRefunded: 2500,
      status: 'paid',
    });
  });

  it('refuses more than is owed back, a taken id, and an invoice owing nothing back', () => {
    const state = paidThenCredited();
    expect(
      rejected(state, 'invoice.recordRefund', {
        invoiceId: 'INV-2026-P1',
        refundId: 2,
        method: 'cash',
        amount: 2501,
      }),
    ).toMatchObject({ code: 'invalid_state', field: 'amount' });
    expect(
      rejected(state, 'invoice.recordRefund', {
        invoiceId: 'INV-2026-P1',
        refundId: 1,
        method: 'cash',
        amount: 100,
      }),
    ).toMatchObject({ code: 'conflict', field: 'refundId' });
    const done = ok(state, 'invoice.recordRefund', {
      invoiceId: 'INV-2026-P1',
      refundId: 2,
      method: 'cash',
      amount: 2500,
    }).tables;
    expect(
      rejected(done, 'invoice.recordRefund', {
        invoiceId: 'INV-2026-P1',
        refundId: 3,
        method: 'cash',
        amount: 1,
      }),
    ).toMatchObject({ code: 'invalid_state', field: 'invoiceId' });
  });
});
