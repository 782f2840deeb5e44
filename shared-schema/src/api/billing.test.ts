import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { booksRangeQuerySchema, raiseInvoiceInputSchema } from './billing';
import { quoteFormSchema, quoteInputSchema } from './quotes';

const form = {
  customerName: ' Dana Reid ',
  customerPhone: '0412 345 678',
  customerEmail: '',
  vehicleType: '',
  service: '4x4 Recovery',
  fromLocation: 'Karratha',
  toLocation: '',
  distance: '' as const,
  discountPercent: '' as const,
  validDays: '' as const,
  notes: '',
  items: [{ description: 'Winch Recovery', quantity: 1, unitPrice: 8000, category: 'service' }],
};

describe('quoteFormSchema', () => {
  it('reads the form as it holds it into the quote.save body', () => {
    const data = quoteFormSchema.parse(form);
    expect(data).toEqual({
      customerName: 'Dana Reid',
      customerPhone: '0412 345 678',
      customerEmail: null,
      vehicleType: null,
      service: '4x4 Recovery',
      fromLocation: 'Karratha',
      toLocation: null,
      distance: 0,
      discountPercent: 0,
      validDays: 14,
      notes: null,
      items: [{ description: 'Winch Recovery', quantity: 1, unitPrice: 8000, category: 'service' }],
    });
    expect(quoteInputSchema.safeParse({ ...data, id: 'Q-2026-1' }).success).toBe(true);
  });

  it('shows the shared messages, with the form offering a discount of at most 50%', () => {
    const issues = (input: object) =>
      quoteFormSchema.safeParse({ ...form, ...input }).error?.issues.map((issue) => issue.message);
    expect(issues({ discountPercent: 51 })).toEqual([MESSAGES.DISCOUNT_FIELD_RANGE]);
    expect(
      quoteInputSchema.safeParse({ ...quoteFormSchema.parse(form), discountPercent: 51 }).success,
    ).toBe(true);
    expect(issues({ items: [] })).toEqual([MESSAGES.QUOTE_ITEMS_REQUIRED]);
    expect(issues({ customerName: ' ' })).toEqual([MESSAGES.QUOTE_CUSTOMER_REQUIRED]);
    expect(issues({ distance: -1 })).toEqual([MESSAGES.DISTANCE_MIN]);
    expect(issues({ validDays: 0 })).toEqual([MESSAGES.VALID_DAYS_MIN]);
    expect(issues({ customerEmail: 'nope' })).toEqual([MESSAGES.EMAIL_INVALID]);
  });
});

describe('billing bodies', () => {
  it('formats a buyer ABN as it is written', () => {
    expect(
      raiseInvoiceInputSchema.parse({
        id: 'INV-2026-1',
        quoteId: 'Q-2026-1',
        buyerAbn: '51824753556',
      }),
    ).toEqual({
      id: 'INV-2026-1',
      quoteId: 'Q-2026-1',
      jobId: null,
      buyerAbn: '51 824 753 556',
      accountId: null,
    });
    expect(
      raiseInvoiceInputSchema.safeParse({ id: 'INV-2026-1', quoteId: 'Q-2026-1', buyerAbn: '123' })
        .success,
    ).toBe(false);
  });

  it('takes a books range of Perth dates in order and at most 400 days long', () => {
    expect(booksRangeQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(
      booksRangeQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-30' }).error?.issues[0],
    ).toMatchObject({
      path: ['from'],
      message: MESSAGES.DATE_RANGE_ORDER,
    });
    expect(booksRangeQuerySchema.safeParse({ from: '2025-01-01', to: '2026-11-30' }).success).toBe(
      false,
    );
    expect(booksRangeQuerySchema.safeParse({ from: 'Nov 1', to: '2026-11-30' }).success).toBe(
      false,
    );
  });
});

describe('the payment and credit note dialogs', () => {
  it('read a dollar amount up to what is owed, in cents', async () => {
    const { paymentFormSchema, creditNoteFormSchema } = await import('./billing');
    const form = paymentFormSchema(70000);
    expect(form.parse({ method: 'cash', amount: '$700', reference: '', paidAt: '' })).toEqual({
      method: 'cash',
      amount: 70000,
      reference: null,
      paidAt: null,
    });
    const issues = (amount: string) =>
      form.safeParse({ method: 'cash', amount }).error?.issues.map((issue) => issue.message);
    expect(issues('700.01')).toEqual(['The amount is more than the balance due ($700.00)']);
    expect(issues('0')).toEqual([MESSAGES.PAYMENT_AMOUNT_MIN]);
    expect(issues('abc')).toEqual([MESSAGES.PAYMENT_AMOUNT_MIN]);
    expect(
      creditNoteFormSchema(11000)
        .safeParse({ amount: '120', reason: ' ' })
        .error?.issues.map((issue) => issue.message),
    ).toEqual([
      'A credit note cannot be more than the uncredited $110.00 of the invoice',
      MESSAGES.CREDIT_REASON_REQUIRED,
    ]);
  });
});
