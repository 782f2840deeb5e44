import { describe, expect, it } from 'vitest';
import { NOW, aJob, aQuote, ok, rejected, row, tables } from './test-fixtures';

const sent = aQuote({ status: 'sent', customerEmail: 'dana@example.com' });

describe('quote.accept', () => {
  it('accepts a sent quote and raises its tax invoice in the same step', () => {
    const result = ok(tables({ quotes: [sent] }), 'quote.accept', {
      id: sent.id,
      invoiceId: 'INV-2026-4',
    });
    expect(row(result.tables, 'quotes', sent.id)).toMatchObject({
      status: 'accepted',
      updatedAt: NOW,
    });
    expect(row(result.tables, 'invoices', 'INV-2026-4')).toMatchObject({
      quoteId: sent.id,
      amount: 10000,
      gst: 909,
      status: 'pending',
      createdAt: NOW,
    });
  });

  it('keeps an invoice raised by hand before the acceptance', () => {
    const first = ok(tables({ quotes: [sent] }), 'invoice.raise', {
      id: 'INV-2026-1',
      quoteId: sent.id,
    });
    const accepted = ok(first.tables, 'quote.accept', { id: sent.id, invoiceId: 'INV-2026-2' });
    expect(row(accepted.tables, 'invoices', 'INV-2026-2')).toBeUndefined();
    expect(accepted.result).toMatchObject({ invoice: { id: 'INV-2026-1' } });
  });

  it('refuses a quote that is not sent', () => {
    expect(
      rejected(tables({ quotes: [aQuote()] }), 'quote.accept', {
        id: 'Q-2026-1',
        invoiceId: 'INV-2026-1',
      }),
    ).toMatchObject({
      code: 'invalid_state',
    });
  });
});

describe('invoice.raise', () => {
  const completed = aJob({ status: 'Completed', progress: 100 });
  const auto = aQuote({
    id: 'Q-2026-2',
    notes: 'Automatic quote for completed job JOB-2026-1 at Karratha',
  });

  it('raises the invoice of a completed job from its automatic quote', () => {
    const result = ok(tables({ jobs: [completed], quotes: [auto] }), 'invoice.raise', {
      id: 'INV-2026-1',
      quoteId: auto.id,
      jobId: completed.id,
      buyerAbn: '51824753556',
    });
    expect(row(result.tables, 'invoices', 'INV-2026-1')).toMatchObject({
      jobId: 'JOB-2026-1',
      quoteId: 'Q-2026-2',
      buyerAbn: '51 824 753 556',
    });
    // The quote itself is left as it was.
    expect(row(result.tables, 'quotes', auto.id)).toEqual(auto);
  });

  it('takes the job from the automatic quote when none is named', () => {
    const result = ok(tables({ quotes: [auto] }), 'invoice.raise', {
      id: 'INV-2026-1',
      quoteId: auto.id,
    });
    expect(row(result.tables, 'invoices', 'INV-2026-1')).toMatchObject({ jobId: 'JOB-2026-1' });
  });

  it('refuses a job that is not completed, a second invoice, and rejected quotes', () => {
    const active = tables({ jobs: [aJob()], quotes: [auto] });
    expect(
      rejected(active, 'invoice.raise', {
        id: 'INV-2026-1',
        quoteId: auto.id,
        jobId: 'JOB-2026-1',
      }),
    ).toMatchObject({
      message: 'Only a completed job can be invoiced',
    });
    const once = ok(tables({ quotes: [auto] }), 'invoice.raise', {
      id: 'INV-2026-1',
      quoteId: auto.id,
    });
    expect(
      rejected(once.tables, 'invoice.raise', { id: 'INV-2026-2', quoteId: auto.id }),
    ).toMatchObject({
      message: 'This quote already has an invoice',
    });
    expect(
      rejected(once.tables, 'invoice.raise', { id: 'INV-2026-1', quoteId: auto.id }),
    ).toMatchObject({
      code: 'conflict',
      field: 'id',
    });
    expect(
      rejected(tables({ quotes: [aQuote({ status: 'rejected' })] }), 'invoice.raise', {
        id: 'INV-2026-1',
        quoteId: 'Q-2026-1',
      }),
    ).toMatchObject({
      message: 'Rejected or expired quotes cannot be invoiced',
    });
  });

  it('lets a quote be invoiced again once its invoice was credited in full', () => {
    const raised = ok(tables({ quotes: [auto] }), 'invoice.raise', {
      id: 'INV-2026-1',
      quoteId: auto.id,
    });
    const credited = ok(raised.tables, 'creditNote.issue', {
      id: 'CN-2026-1',
      invoiceId: 'INV-2026-1',
      amount: 10000,
      reason: 'Wrong customer',
    });
    expect(row(credited.tables, 'invoices', 'INV-2026-1')).toMatchObject({ status: 'cancelled' });
    ok(credited.tables, 'invoice.raise', { id: 'INV-2026-2', quoteId: auto.id });
  });
});

describe('invoice.recordPayment', () => {
  const raised = ok(tables({ quotes: [sent] }), 'quote.accept', {
    id: sent.id,
    invoiceId: 'INV-2026-1',
  }).tables;

  it('records cash, then the rest by bank transfer, and the invoice becomes paid', () => {
    const part = ok(raised, 'invoice.recordPayment', {
      invoiceId: 'INV-2026-1',
      paymentId: 31,
      method: 'cash',
      amount: 4000,
      reference: 'Receipt 17',
    });
    expect(row(part.tables, 'payments', 31)).toMatchObject({
      invoiceId: 'INV-2026-1',
      amount: 4000,
      method: 'cash',
      reference: 'Receipt 17',
      paidAt: NOW,
      recordedBy: 1,
      flag: null,
    });
    expect(row(part.tables, 'invoices', 'INV-2026-1')).toMatchObject({
      amountPaid: 4000,
      status: 'pending',
    });
    const rest = ok(part.tables, 'invoice.recordPayment', {
      invoiceId: 'INV-2026-1',
      paymentId: 32,
      method: 'bank-transfer',
      amount: 6000,
      paidAt: '2026-11-21',
    });
    expect(row(rest.tables, 'invoices', 'INV-2026-1')).toMatchObject({
      amountPaid: 10000,
      status: 'paid',
      paidAt: '2026-11-21T00:00:00.000Z',
    });
  });

  it('refuses the same payment twice, an amount above the balance, a card method and unknown invoices', () => {
    const args = { invoiceId: 'INV-2026-1', paymentId: 31, method: 'cash', amount: 10000 };
    const paid = ok(raised, 'invoice.recordPayment', args);
    expect(rejected(paid.tables, 'invoice.recordPayment', args)).toMatchObject({
      code: 'conflict',
      message: 'This payment has already been recorded',
    });
    expect(
      rejected(paid.tables, 'invoice.recordPayment', { ...args, paymentId: 32 }),
    ).toMatchObject({
      message: 'This invoice is already paid',
    });
    expect(rejected(raised, 'invoice.recordPayment', { ...args, amount: 10001 })).toMatchObject({
      field: 'amount',
    });
    expect(rejected(raised, 'invoice.recordPayment', { ...args, method: 'card' })).toMatchObject({
      code: 'invalid_args',
      message: 'Payment method must be cash, card on site or bank transfer',
    });
    expect(rejected(raised, 'invoice.recordPayment', { ...args, amount: 0 })).toMatchObject({
      message: 'Enter an amount above $0.00',
    });
    expect(
      rejected(raised, 'invoice.recordPayment', { ...args, invoiceId: 'INV-2026-9' }),
    ).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('creditNote.issue', () => {
  it('corrects an invoice by a credit note and never edits its lines', () => {
    const raised = ok(tables({ quotes: [sent] }), 'quote.accept', {
      id: sent.id,
      invoiceId: 'INV-2026-1',
    }).tables;
    const before = row(raised, 'invoices', 'INV-2026-1');
    const result = ok(raised, 'creditNote.issue', {
      id: 'CN-2026-1',
      invoiceId: 'INV-2026-1',
      amount: 2200,
      reason: 'Call-out fee waived',
    });
    expect(row(result.tables, 'credit_notes', 'CN-2026-1')).toMatchObject({
      amount: 2200,
      gst: 200,
    });
    const after = row(result.tables, 'invoices', 'INV-2026-1');
    expect(after).toMatchObject({
      amountCredited: 2200,
      lineItems: before?.lineItems,
      amount: before?.amount,
    });
    expect(
      rejected(result.tables, 'creditNote.issue', {
        id: 'CN-2026-2',
        invoiceId: 'INV-2026-1',
        amount: 1,
        reason: ' ',
      }),
    ).toMatchObject({
      message: 'Please give the reason for the credit',
    });
  });
});
