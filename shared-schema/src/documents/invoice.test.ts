import { describe, expect, it } from 'vitest';
import {
  applyPayment,
  invoiceState,
  issueCreditNote,
  jobIdOfQuote,
  raiseInvoice,
  type PaymentInput,
} from './invoice';
import { balanceDue } from '../rules/settlement';
import { ISSUED, aPayment, pricedQuote, settled, thousandHundredQuote } from './test-fixtures';

const LATER = '2026-11-22T05:00:00.000Z';

function cash(overrides: Partial<PaymentInput> = {}): PaymentInput {
  const { flag: _flag, ...payment } = aPayment({ paidAt: LATER, createdAt: LATER, ...overrides });
  return payment;
}

describe('raiseInvoice', () => {
  it('copies what the quote priced, with the multiplier, discount and GST', () => {
    // $270 of items × Tom Price 1.4 = $378, less 10 % = $340.20.
    const quote = pricedQuote(
      [
        { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
        { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
      ],
      { from: 'Karratha', to: 'Tom Price', discount: 10 },
    );
    const invoice = raiseInvoice(quote, { id: 'INV-2026-3', now: ISSUED, jobId: 'JOB-2026-9' });
    expect(invoice).toMatchObject({
      id: 'INV-2026-3',
      quoteId: quote.id,
      jobId: 'JOB-2026-9',
      status: 'pending',
      amount: 34020,
      itemsSubtotal: 27000,
      multiplierBasisPoints: 14000,
      multiplierLocation: 'Tom Price',
      discountPercent: 10,
      discountAmount: 3780,
      gst: 3093,
      amountPaid: 0,
      amountCredited: 0,
      dueDate: '2026-11-20',
      service: 'Heavy Vehicle Recovery',
      createdAt: ISSUED,
    });
    expect(invoice.lineItems).toEqual(quote.items);
  });

  it("finds the job an automatic quote's notes name", () => {
    expect(
      jobIdOfQuote({ notes: 'Automatic quote for completed job JOB-2026-12 at Dampier' }),
    ).toBe('JOB-2026-12');
    expect(jobIdOfQuote({ notes: 'Customer asked about JOB-2026-42' })).toBeNull();
    expect(jobIdOfQuote({ notes: null })).toBeNull();
  });
});

describe('applyPayment (the one payment rule)', () => {
  const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-1', now: ISSUED });

  it('records a part payment and leaves the balance due', () => {
    const result = applyPayment(invoice, [], cash({ amount: 40000 }), LATER);
    if (!result.ok) throw new Error(result.message);
    expect(result.invoice).toMatchObject({ amountPaid: 40000, status: 'pending', paidAt: null });
    expect(balanceDue(result.invoice)).toBe(70000);
    expect(invoiceState(result.invoice)).toBe('part-paid');
    expect(result.payment.flag).toBeNull();
  });

  it('marks the invoice paid when payments cover it, at the time the last one arrived', () => {
    const first = aPayment({ amount: 40000 });
    const result = applyPayment(invoice, [first], cash({ id: 2, amount: 70000 }), LATER);
    if (!result.ok) throw new Error(result.message);
    expect(result.invoice).toMatchObject({ amountPaid: 110000, status: 'paid', paidAt: LATER });
    expect(invoiceState(result.invoice)).toBe('paid');
  });

  it('recounts what was paid from the payments, so two offline devices each count the other once', () => {
    // The invoice row this device saw said nothing was paid; the server has another payment.
    const elsewhere = aPayment({ id: 7, amount: 100000 });
    const result = applyPayment(invoice, [elsewhere], cash({ id: 8, amount: 10000 }), LATER);
    if (!result.ok) throw new Error(result.message);
    expect(result.invoice).toMatchObject({ amountPaid: 110000, status: 'paid' });
  });

  it('refuses staff a payment above the balance due, or on a paid or fully credited invoice', () => {
    expect(applyPayment(invoice, [], cash({ amount: 110001 }), LATER)).toMatchObject({
      ok: false,
      field: 'amount',
      message: 'The amount is more than the balance due ($1,100.00)',
    });
    const paid = aPayment({ amount: 110000 });
    expect(applyPayment(settled(invoice, 110000), [paid], cash({ id: 2 }), LATER)).toMatchObject({
      ok: false,
      message: 'This invoice is already paid',
    });
    expect(applyPayment(settled(invoice, 0, 110000), [], cash(), LATER)).toMatchObject({
      ok: false,
      message: 'This invoice has been credited in full',
    });
    expect(applyPayment(invoice, [aPayment({ id: 3 })], cash({ id: 3 }), LATER)).toMatchObject({
      ok: false,
      code: 'conflict',
    });
  });

  it('records money the card provider reports even above what is owed, and flags it', () => {
    const result = applyPayment(
      settled(invoice, 100000),
      [aPayment({ amount: 100000 })],
      cash({ id: 2, amount: 110000, method: 'card', stripePaymentIntentId: 'pi_1' }),
      LATER,
      { acceptWhatArrived: true },
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.payment.flag).toBe('Paid $1,000.00 more than was owed: refund or credit it');
    expect(result.invoice).toMatchObject({ amountPaid: 210000, status: 'paid' });
    expect(balanceDue(result.invoice)).toBe(-100000);
  });
});

describe('issueCreditNote', () => {
  const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-1', now: ISSUED });

  it('credits part of an invoice without editing what it prints', () => {
    const result = issueCreditNote(
      invoice,
      { id: 'CN-2026-1', amount: 11000, reason: 'Winch not used' },
      LATER,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.creditNote).toMatchObject({
      id: 'CN-2026-1',
      invoiceId: 'INV-2026-1',
      amount: 11000,
      gst: 1000,
      customerName: 'Pilbara Iron Services',
      createdAt: LATER,
    });
    const { amountCredited, updatedAt, ...printed } = result.invoice;
    const { amountCredited: _before, updatedAt: _at, ...original } = invoice;
    expect(printed).toEqual(original);
    expect(amountCredited).toBe(11000);
    expect(updatedAt).toBe(LATER);
    expect(balanceDue(result.invoice)).toBe(99000);
  });

  it('marks an unpaid invoice credited in full, and refuses to credit more than was invoiced', () => {
    const full = issueCreditNote(
      invoice,
      { id: 'CN-2026-2', amount: 110000, reason: 'Raised in error' },
      LATER,
    );
    if (!full.ok) throw new Error(full.message);
    expect(full.invoice.status).toBe('cancelled');
    expect(invoiceState(full.invoice)).toBe('credited');
    expect(full.creditNote.gst).toBe(invoice.gst);
    expect(
      issueCreditNote(
        settled(invoice, 0, 100000),
        { id: 'CN-2026-3', amount: 10001, reason: 'x' },
        LATER,
      ),
    ).toMatchObject({
      ok: false,
      message: 'A credit note cannot be more than the uncredited $100.00 of the invoice',
    });
  });

  it('leaves a paid invoice paid when it is credited (a refund is owed)', () => {
    const result = issueCreditNote(
      settled({ ...invoice, status: 'paid', paidAt: ISSUED }, 110000),
      {
        id: 'CN-2026-4',
        amount: 5500,
        reason: 'Goodwill',
      },
      LATER,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.invoice).toMatchObject({ status: 'paid', paidAt: ISSUED });
    expect(balanceDue(result.invoice)).toBe(-5500);
  });
});
