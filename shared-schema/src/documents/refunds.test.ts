/**
 * A credit note that leaves a paid invoice in credit is a refund owed; recording the
 * refund brings the balance back to zero; the documents say so.
 */
import { describe, expect, it } from 'vitest';
import { creditNoteDocument, refundStatement } from './credit-note-document';
import {
  applyPayment,
  applyRefund,
  invoiceState,
  issueCreditNote,
  raiseInvoice,
  settledStatus,
} from './invoice';
import { balanceDue, refundOwed } from '../rules/settlement';
import { paymentsCsvRows } from './books';
import { monthlyRevenue } from './reports';
import { taxInvoiceDocument } from './tax-invoice';
import { ISSUED, PROFILE, aPayment, thousandHundredQuote } from './test-fixtures';
import type { Invoice, Payment } from '../entities';

const LATER = '2026-11-22T02:00:00.000Z';

/** The $1,100 invoice paid in full, then credited $110. */
function creditedAfterPayment() {
  const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-P1', now: ISSUED });
  const paid = applyPayment(
    invoice,
    [],
    aPayment({ invoiceId: invoice.id, amount: 110000 }),
    ISSUED,
  );
  if (!paid.ok) throw new Error(paid.message);
  const credited = issueCreditNote(
    paid.invoice,
    { id: 'CN-2026-P1', amount: 11000, reason: 'Winch not needed' },
    ISSUED,
  );
  if (!credited.ok) throw new Error(credited.message);
  return { invoice: credited.invoice, payments: [paid.payment], note: credited.creditNote };
}

/** A refund against `invoice` as `applyRefund` decides it: id 9, cash, by user 1 at LATER. */
function refundOf(
  invoice: Invoice,
  payments: Payment[],
  money: Partial<Parameters<typeof applyRefund>[2]> & { amount: number },
) {
  return applyRefund(
    invoice,
    payments,
    {
      id: 9,
      invoiceId: invoice.id,
      method: 'cash',
      reference: null,
      paidAt: LATER,
      recordedBy: 1,
      createdAt: LATER,
      ...money,
    },
    LATER,
  );
}

describe('refunds owed', () => {
  it('owes the customer what a credit left them in credit, and says so', () => {
    const { invoice } = creditedAfterPayment();
    expect(balanceDue(invoice)).toBe(-11000);
    expect(refundOwed(invoice)).toBe(11000);
    expect(invoiceState(invoice)).toBe('refund-owed');
    expect(settledStatus(invoice)).toBe('paid');
  });

  it('records a refund up to what is owed back; the balance returns to zero', () => {
    const { invoice, payments } = creditedAfterPayment();
    const tooMuch = refundOf(invoice, payments, { amount: 11001 });
    expect(tooMuch).toMatchObject({ ok: false, field: 'amount' });
    const refunded = refundOf(invoice, payments, {
      amount: 11000,
      method: 'bank-transfer',
      reference: 'EFT 7',
    });
    if (!refunded.ok) throw new Error(refunded.message);
    expect(refunded.refund).toMatchObject({ kind: 'refund', amount: 11000, flag: null });
    expect(refunded.invoice).toMatchObject({ amountPaid: 110000, amountRefunded: 11000 });
    expect(balanceDue(refunded.invoice)).toBe(0);
    expect(invoiceState(refunded.invoice)).toBe('paid');
    // A second device's refund, offline meanwhile, finds nothing left to refund.
    const again = refundOf(invoice, [...payments, refunded.refund], {
      id: 10,
      amount: 100,
      recordedBy: 2,
    });
    expect(again).toMatchObject({ ok: false, code: 'invalid_state', field: 'invoiceId' });
  });

  it('counts a refund as money out, never as a payment towards the invoice', () => {
    const { invoice, payments } = creditedAfterPayment();
    const refunded = refundOf(invoice, payments, { amount: 11000 });
    if (!refunded.ok) throw new Error(refunded.message);
    const rows = paymentsCsvRows([...payments, refunded.refund], [refunded.invoice], {
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(rows.map((row) => [row.Amount, row.Description, row.Account])).toEqual([
      ['1100.00', 'Payment for tax invoice (number pending)', 'Cash on hand'],
      ['-110.00', 'Refund for tax invoice (number pending)', 'Cash on hand'],
    ]);
    const [november] = monthlyRevenue(
      [refunded.invoice],
      [],
      [...payments, refunded.refund],
      LATER,
      1,
    );
    expect(november?.receivedCents).toBe(110000 - 11000);
  });

  it('prints the refund owed, then the refund paid, on the invoice and the credit note', () => {
    const { invoice, payments, note } = creditedAfterPayment();
    const owed = taxInvoiceDocument(invoice, PROFILE, { payments });
    expect(owed.settlement.at(-1)).toMatchObject({ label: 'Refund owed to you', cents: 11000 });
    expect(owed.balanceDueCents).toBe(0);
    expect(creditNoteDocument(note, invoice, PROFILE, { payments }).refund).toBe(
      'A refund of $110.00 is on its way to you.',
    );
    const refunded = refundOf(invoice, payments, { amount: 11000, method: 'bank-transfer' });
    if (!refunded.ok) throw new Error(refunded.message);
    const rows = [...payments, refunded.refund];
    const doc = taxInvoiceDocument(refunded.invoice, PROFILE, { payments: rows });
    expect(doc.payments).toHaveLength(1);
    expect(doc.refunds).toEqual([
      expect.objectContaining({ method: 'Bank transfer', amount: '$110.00' }),
    ]);
    expect(doc.settlement.at(-1)).toMatchObject({ label: 'Balance due', cents: 0 });
    expect(refundStatement(refunded.invoice, rows)).toBe(
      'Refunded $110.00 by bank transfer on 22 Nov 2026.',
    );
  });

  it('owes nothing back on a credit of an unpaid invoice', () => {
    const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-P2', now: ISSUED });
    const credited = issueCreditNote(
      invoice,
      { id: 'CN-2026-P2', amount: 11000, reason: 'x' },
      ISSUED,
    );
    if (!credited.ok) throw new Error(credited.message);
    expect(refundOwed(credited.invoice)).toBe(0);
    expect(refundStatement(credited.invoice, [])).toBeNull();
  });
});
