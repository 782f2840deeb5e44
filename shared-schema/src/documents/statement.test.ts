import { describe, expect, it } from 'vitest';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import { anAccount } from '../sync/mutators/test-fixtures';
import { raiseInvoice } from './invoice';
import { accountStatement, ageingBucket, statementDocument } from './statement';
import { PROFILE, aPayment, pricedQuote } from './test-fixtures';

const account = anAccount();

/** An invoice on the account for `cents`, issued at `at` (an instant). */
function invoiceOf(id: string, cents: number, at: string, po = 'PO-1'): Invoice {
  const quote = pricedQuote([
    { description: 'Heavy Vehicle Recovery', quantity: 1, unitPrice: cents, category: 'service' },
  ]);
  return {
    ...raiseInvoice(
      { ...quote, id: `Q-${id.slice(4)}`, accountId: account.id },
      { id, now: at, account, poNumber: po, siteName: 'Cape Lambert gate 2' },
    ),
    number: id,
  };
}

function creditNote(id: string, invoiceId: string, cents: number, at: string): CreditNote {
  return {
    id,
    number: id,
    invoiceId,
    customerName: account.legalName,
    customerEmail: account.billingEmail,
    amount: cents,
    gst: Math.round(cents / 11),
    reason: 'Waiting time not used',
    createdAt: at,
  };
}

// Perth dates: 10:00 local is 02:00 UTC.
const august = invoiceOf('INV-2026-1', 50_000, '2026-08-10T02:00:00.000Z');
const september = invoiceOf('INV-2026-2', 120_000, '2026-09-05T02:00:00.000Z');
const october = invoiceOf('INV-2026-3', 80_000, '2026-10-02T02:00:00.000Z');
const november = invoiceOf('INV-2026-4', 110_000, '2026-11-20T02:00:00.000Z');
// 1 Dec 01:00 in Perth is still November in UTC: December's, not November's.
const december = invoiceOf('INV-2026-5', 30_000, '2026-11-30T17:00:00.000Z');
const otherAccount = {
  ...invoiceOf('INV-2026-6', 99_000, '2026-11-10T02:00:00.000Z'),
  accountId: 2,
};

const payments = [
  aPayment({ id: 1, invoiceId: august.id, amount: 50_000, paidAt: '2026-09-01T02:00:00.000Z' }),
  aPayment({ id: 2, invoiceId: september.id, amount: 20_000, paidAt: '2026-11-03T02:00:00.000Z' }),
  aPayment({
    id: 3,
    invoiceId: november.id,
    amount: 10_000,
    method: 'bank-transfer',
    reference: 'EFT 4471',
    paidAt: '2026-11-25T02:00:00.000Z',
  }),
  aPayment({ id: 4, invoiceId: otherAccount.id, amount: 99_000 }),
];
const creditNotes = [creditNote('CN-2026-1', october.id, 5_000, '2026-11-12T02:00:00.000Z')];

const input = {
  accountId: account.id,
  invoices: [august, september, october, november, december, otherAccount],
  payments,
  creditNotes,
};

describe('accountStatement', () => {
  const statement = accountStatement({ ...input, month: '2026-11' });

  it('opens with what was owed before the month', () => {
    // 500 − 500 (paid) + 1200 + 800 = 2000.00
    expect(statement.openingCents).toBe(200_000);
  });

  it("lists the month's invoices, payments and credit notes in date order", () => {
    expect(
      statement.lines.map((line) => [line.date, line.kind, line.reference, line.amountCents]),
    ).toEqual([
      ['2026-11-03', 'payment', 'INV-2026-2', -20_000],
      ['2026-11-12', 'credit-note', 'CN-2026-1', -5_000],
      ['2026-11-20', 'invoice', 'INV-2026-4', 110_000],
      ['2026-11-25', 'payment', 'INV-2026-4', -10_000],
    ]);
    expect(statement.lines[2]).toMatchObject({ poNumber: 'PO-1' });
    expect(statement.lines[3]?.description).toContain('EFT 4471');
  });

  it('closes at the opening balance plus its lines', () => {
    const lines = statement.lines.reduce((sum, line) => sum + line.amountCents, 0);
    expect(statement.closingCents).toBe(statement.openingCents + lines);
    expect(statement.closingCents).toBe(275_000);
  });

  it('ages what is owed by invoice date at the month end, adding up to the closing balance', () => {
    // At 30 Nov: INV-4 is 10 days old (1000 owed), INV-3 59 days (750), INV-2 86 days (1000).
    expect(statement.ageing).toEqual({
      current: 100_000,
      days30: 75_000,
      days60: 100_000,
      days90: 0,
    });
    const aged = Object.values(statement.ageing).reduce((sum, cents) => sum + cents, 0);
    expect(aged).toBe(statement.closingCents);
  });

  it('moves an unpaid invoice into 90+ days as the months pass', () => {
    const february = accountStatement({ ...input, month: '2027-02' });
    expect(february.lines).toEqual([]);
    expect(february.openingCents).toBe(february.closingCents);
    // By 28 Feb every November invoice is 90+ days old; December's (1 Dec) is 89 days.
    expect(february.ageing).toEqual({ current: 0, days30: 0, days60: 30_000, days90: 275_000 });
    expect(february.closingCents).toBe(305_000);
  });

  it("leaves out other accounts' invoices and their payments", () => {
    expect(JSON.stringify(statement)).not.toContain('INV-2026-6');
  });

  it('starts at nothing before the first invoice', () => {
    const july = accountStatement({ ...input, month: '2026-07' });
    expect(july).toMatchObject({ openingCents: 0, closingCents: 0, lines: [] });
  });
});

describe('ageingBucket', () => {
  it('puts 0-29 days in current, then 30, 60 and 90+', () => {
    expect([0, 29, 30, 59, 60, 89, 90, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      'days30',
      'days30',
      'days60',
      'days60',
      'days90',
      'days90',
    ]);
  });
});

describe('statementDocument', () => {
  it('prints the buyer, the period, a running balance and the ageing', () => {
    const statement = accountStatement({ ...input, month: '2026-11' });
    const doc = statementDocument(statement, account, PROFILE, '2026-12-01T01:00:00.000Z');
    expect(doc).toMatchObject({
      title: 'Statement',
      number: 'November 2026',
      buyer: { name: 'Cape Lambert Iron Pty Ltd', abn: '51 824 753 556' },
      terms: '14 days',
      period: '1 Nov 2026 to 30 Nov 2026',
      opening: '$2,000.00',
      closing: '$2,750.00',
      fileName: 'Statement-Cape-Lambert-Iron-2026-11.pdf',
    });
    expect(doc.lines.map((line) => line.balance)).toEqual([
      '$1,800.00',
      '$1,750.00',
      '$2,850.00',
      '$2,750.00',
    ]);
    expect(doc.ageing.map((bucket) => `${bucket.label} ${bucket.amount}`)).toEqual([
      'Current $1,000.00',
      '30 days $750.00',
      '60 days $1,000.00',
      '90+ days $0.00',
    ]);
  });
});
