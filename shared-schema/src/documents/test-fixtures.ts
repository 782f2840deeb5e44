/** Test support for the document rules (not exported): a profile with a valid ABN and a $1,100 invoice. */
import type { BusinessProfile } from '../constants/business-profile-schema';
import { DEFAULT_BUSINESS_PROFILE } from '../constants/business-profile';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import type { Quote } from '../entities/quote';
import { buildQuote } from '../api/quote-flow';

/** The ATO's own published ABN, which passes the ABN check. */
export const VALID_ABN = '51 824 753 556';

export const PROFILE: BusinessProfile = { ...DEFAULT_BUSINESS_PROFILE, abn: VALID_ABN };

/** 10:00 in Perth on 20 Nov 2026. */
export const ISSUED = '2026-11-20T02:00:00.000Z';

/** A quote built by the shared pricing rule (no route, no discount unless given). */
export function pricedQuote(
  items: {
    description: string;
    quantity: number;
    unitPrice: number;
    category: Quote['items'][number]['category'];
  }[],
  options: { from?: string; to?: string; discount?: number; validDays?: number; id?: string } = {},
): Quote {
  return buildQuote(
    {
      customerName: 'Pilbara Iron Services',
      customerPhone: '08 9100 0000',
      customerEmail: 'accounts@pilbara-iron.example',
      vehicleType: 'Haul truck',
      service: 'Heavy Vehicle Recovery',
      fromLocation: options.from ?? null,
      toLocation: options.to ?? null,
      distance: 0,
      notes: null,
      discountPercent: options.discount ?? 0,
      validDays: options.validDays ?? 14,
      items,
    },
    { id: options.id ?? 'Q-2026-7', now: ISSUED },
  );
}

/** The $1,100.00 job: heavy recovery $950 and a winch recovery $150. */
export function thousandHundredQuote(): Quote {
  return pricedQuote([
    { description: 'Heavy Vehicle Recovery', quantity: 1, unitPrice: 95000, category: 'service' },
    { description: 'Winch Recovery', quantity: 1, unitPrice: 15000, category: 'service' },
  ]);
}

/** A payment row. */
export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 1,
    invoiceId: 'INV-2026-1',
    amount: 10000,
    method: 'cash',
    reference: null,
    paidAt: ISSUED,
    stripePaymentIntentId: null,
    recordedBy: 1,
    flag: null,
    createdAt: ISSUED,
    ...overrides,
  };
}

/** Marks an invoice settled as if these payments and credits were applied. */
export function settled(invoice: Invoice, paid: number, credited = 0): Invoice {
  return { ...invoice, amountPaid: paid, amountCredited: credited };
}
