import { describe, expect, it } from 'vitest';
import { quoteInputSchema } from './quotes';
import { QUOTE_STATUSES } from '../constants/statuses';
import { quoteSchema } from '../entities/quote';
import {
  allowedQuoteActions,
  buildQuote,
  canChangeQuoteStatus,
  canEditQuote,
  canEmailQuote,
  canPayQuote,
  duplicateQuote,
  QUOTE_STATUS_AFTER_EMAIL,
  quoteDaysLeft,
  statusAfterPayment,
} from './quote-flow';

const now = '2026-11-21T03:00:00.000Z';
const data = quoteInputSchema.parse({
  customerName: 'Jo Bloggs',
  customerPhone: '0400 123 456',
  fromLocation: 'Karratha',
  toLocation: 'Tom Price',
  discountPercent: 10,
  items: [
    {
      id: 'a',
      description: 'Emergency Towing',
      quantity: 1,
      unitPrice: 18000,
      category: 'service',
    },
    { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
  ],
  // Totals a client sends are ignored.
  finalPrice: 1,
  status: 'accepted',
});

describe('quote transitions', () => {
  it('moves a draft to sent only (by email)', () => {
    expect(QUOTE_STATUS_AFTER_EMAIL).toBe('sent');
    expect(canChangeQuoteStatus('draft', 'sent')).toBe(true);
    expect(canChangeQuoteStatus('draft', 'accepted')).toBe(false);
  });

  it('marks a sent quote accepted or rejected', () => {
    expect(canChangeQuoteStatus('sent', 'accepted')).toBe(true);
    expect(canChangeQuoteStatus('sent', 'rejected')).toBe(true);
    expect(canChangeQuoteStatus('accepted', 'rejected')).toBe(false);
    expect(canChangeQuoteStatus('rejected', 'accepted')).toBe(false);
  });

  it('never leads to expired', () => {
    for (const from of QUOTE_STATUSES) expect(canChangeQuoteStatus(from, 'expired')).toBe(false);
  });

  it('edits and emails only drafts', () => {
    expect(QUOTE_STATUSES.filter(canEditQuote)).toEqual(['draft']);
    expect(QUOTE_STATUSES.filter(canEmailQuote)).toEqual(['draft']);
  });

  it('offers Pay Now on sent or accepted quotes', () => {
    expect(QUOTE_STATUSES.filter(canPayQuote)).toEqual(['sent', 'accepted']);
    expect(statusAfterPayment('sent')).toBe('accepted');
    expect(statusAfterPayment('draft')).toBeUndefined();
  });

  it('lists the actions per status', () => {
    expect(allowedQuoteActions('draft')).toEqual([
      'edit',
      'email',
      'duplicate',
      'downloadPdf',
      'delete',
    ]);
    expect(allowedQuoteActions('sent')).toEqual([
      'accept',
      'reject',
      'payNow',
      'duplicate',
      'downloadPdf',
      'delete',
    ]);
    expect(allowedQuoteActions('rejected')).toEqual(['duplicate', 'downloadPdf', 'delete']);
  });
});

describe('buildQuote', () => {
  const quote = buildQuote(data, { id: 'Q-2026-5', now });

  it('computes totals on the server side, ignoring any sent by the client', () => {
    expect(quote.itemsSubtotal).toBe(27000);
    expect(quote.basePrice).toBe(37800);
    expect(quote.discountAmount).toBe(3780);
    expect(quote.finalPrice).toBe(34020);
    expect(quote.status).toBe('draft');
  });

  it('totals each line and names lines without an id', () => {
    expect(quote.items.map((item) => [item.id, item.total])).toEqual([
      ['a', 18000],
      ['Q-2026-5-2', 9000],
    ]);
  });

  it('is valid for the default 14 days and a valid stored quote', () => {
    expect(quote.validUntil).toBe('2026-12-05T03:00:00.000Z');
    expect(quoteSchema.parse(quote)).toEqual(quote);
  });

  it('keeps createdAt when editing', () => {
    const edited = buildQuote(data, { id: 'Q-2026-5', now, createdAt: '2026-11-01T00:00:00.000Z' });
    expect(edited.createdAt).toBe('2026-11-01T00:00:00.000Z');
    expect(edited.updatedAt).toBe(now);
  });
});

describe('duplicateQuote', () => {
  const sent = { ...buildQuote(data, { id: 'Q-2026-5', now }), status: 'sent' as const };
  const later = '2026-11-25T00:00:00.000Z';
  const copy = duplicateQuote(sent, 'Q-2026-6', later);

  it('makes a new draft named with (Copy) and valid 14 days', () => {
    expect(copy.id).toBe('Q-2026-6');
    expect(copy.customerName).toBe('Jo Bloggs (Copy)');
    expect(copy.status).toBe('draft');
    expect(copy.validUntil).toBe('2026-12-09T00:00:00.000Z');
    expect(copy.createdAt).toBe(later);
  });

  it('keeps the lines and prices', () => {
    expect(copy.finalPrice).toBe(sent.finalPrice);
    expect(copy.items.map((item) => item.id)).toEqual(['Q-2026-6-1', 'Q-2026-6-2']);
  });
});

describe('quoteDaysLeft', () => {
  it('counts whole days left, rounding up', () => {
    expect(quoteDaysLeft('2026-12-05T03:00:00.000Z', now)).toBe(14);
    expect(quoteDaysLeft('2026-11-21T04:00:00.000Z', now)).toBe(1);
    expect(quoteDaysLeft('2026-11-20T03:00:00.000Z', now)).toBe(-1);
  });
});
