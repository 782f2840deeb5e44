/**
 * Quote status flow of the quotes manager (spec staff §4), and building a stored quote from a
 * validated request with server-computed totals.
 *
 * draft --email succeeds--> sent --mark--> accepted | rejected. Edit only drafts; Pay Now on sent or
 * accepted; a card payment accepts a sent quote. `expired` is never set by the screens, so no
 * transition leads to it. Duplicate makes a new draft.
 */
import { QUOTE_DEFAULTS } from '../constants/quotes';
import type { QuoteStatus } from '../constants/statuses';
import type { Quote } from '../entities/quote';
import type { QuoteData } from './quotes';
import { addDaysIso } from '../rules/dates';
import { priceQuote } from '../rules/pricing';
import { BUILT_IN_PRICES, locationMultipliers, type PriceTable } from '../rules/price-list';
import { routeMultiplier } from '../documents/pricing-lines';

/** Actions on a quote in the Recent Quotes list. */
export type QuoteAction =
  'edit' | 'email' | 'accept' | 'reject' | 'payNow' | 'duplicate' | 'downloadPdf' | 'delete';

const ALLOWED_TRANSITIONS: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  draft: ['sent'],
  sent: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
  expired: [],
};

/** Whether a quote may move from `from` to `to` (draft → sent, sent → accepted or rejected). */
export function canChangeQuoteStatus(from: QuoteStatus, to: QuoteStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}

/** Status a quote takes after its email is sent successfully. */
export const QUOTE_STATUS_AFTER_EMAIL: QuoteStatus = 'sent';

/** Whether Edit is offered: only on drafts. */
export function canEditQuote(status: QuoteStatus): boolean {
  return status === 'draft';
}

/** Whether Email Quote is offered: only on drafts. */
export function canEmailQuote(status: QuoteStatus): boolean {
  return status === 'draft';
}

/**
 * Whether a quote has expired at `now`: sent to the customer, not accepted, and past its
 * valid-until time. An expired quote shows Expired, cannot be accepted or paid (by the pay link
 * or by staff recording a payment), and staff can renew it, which sends it again. An accepted
 * quote has its invoice and is paid whenever the customer pays it.
 */
export function isQuoteExpired(
  quote: { status: QuoteStatus; validUntil: string | null },
  now: Date | string,
): boolean {
  if (quote.status !== 'sent' || !quote.validUntil) return false;
  return Date.parse(quote.validUntil) < new Date(now).getTime();
}

/** The status a quote shows: its own, or Expired for a sent quote past its date. */
export function shownQuoteStatus(
  quote: { status: QuoteStatus; validUntil: string | null },
  now: Date | string,
): QuoteStatus {
  return isQuoteExpired(quote, now) ? 'expired' : quote.status;
}

/** Whether Pay Now is offered: on sent or accepted quotes. */
export function canPayQuote(status: QuoteStatus): boolean {
  return status === 'sent' || status === 'accepted';
}

/** The actions offered for a quote in `status`. Duplicate, PDF and delete are always offered. */
export function allowedQuoteActions(status: QuoteStatus): QuoteAction[] {
  const actions: QuoteAction[] = [];
  if (canEditQuote(status)) actions.push('edit');
  if (canEmailQuote(status)) actions.push('email');
  if (canChangeQuoteStatus(status, 'accepted')) actions.push('accept');
  if (canChangeQuoteStatus(status, 'rejected')) actions.push('reject');
  if (canPayQuote(status)) actions.push('payNow');
  actions.push('duplicate', 'downloadPdf', 'delete');
  return actions;
}

/** Status after a successful card payment: accepted (from sent or accepted). */
export function statusAfterPayment(status: QuoteStatus): QuoteStatus | undefined {
  return canPayQuote(status) ? 'accepted' : undefined;
}

/**
 * The price-list keys of a quote body that the table has no price for (by line index): a line
 * may not name an item the list does not have.
 */
export function unknownPriceKeys(data: Pick<QuoteData, 'items'>, prices: PriceTable): number[] {
  return data.items.flatMap((item, index) =>
    item.priceKey && !prices.prices.has(item.priceKey) ? [index] : [],
  );
}

/**
 * Builds the stored quote from a validated body: item totals and every price computed with
 * {@link priceQuote}, valid until `now` + validDays, status draft. A line naming a price-list
 * item takes the unit price `prices` give it (the list in force for the customer on the quote's
 * day), and the location multiplier is the list's too; both are fixed on the quote. `itemId(index)`
 * names lines that came without an id. Pass `createdAt` when editing an existing quote.
 */
export function buildQuote(
  data: QuoteData,
  options: {
    id: string;
    now: string;
    createdAt?: string;
    itemId?: (index: number) => string;
    prices?: PriceTable;
  },
): Quote {
  const prices = options.prices ?? BUILT_IN_PRICES;
  const items = data.items.map((item, index) => {
    const listed = item.priceKey ? prices.prices.get(item.priceKey)?.item : undefined;
    const unitPrice =
      listed && listed.unit !== 'multiplier' ? listed.amount : (item.unitPrice ?? 0);
    return {
      id: item.id ?? options.itemId?.(index) ?? `${options.id}-${index + 1}`,
      description: item.description,
      quantity: item.quantity,
      unitPrice,
      total: unitPrice * item.quantity,
      category: item.category,
      priceKey: listed ? (item.priceKey ?? null) : null,
    };
  });
  const multipliers = locationMultipliers(prices);
  const price = priceQuote(
    items,
    data.fromLocation,
    data.toLocation,
    data.discountPercent,
    multipliers,
  );
  const multiplier = routeMultiplier(data, multipliers);
  return {
    id: options.id,
    customerName: data.customerName,
    customerPhone: data.customerPhone,
    customerEmail: data.customerEmail,
    vehicleType: data.vehicleType,
    service: data.service,
    fromLocation: data.fromLocation,
    toLocation: data.toLocation,
    distance: data.distance,
    items,
    itemsSubtotal: price.itemsSubtotalCents,
    basePrice: price.basePriceCents,
    discountPercent: data.discountPercent,
    discountAmount: price.discountAmountCents,
    finalPrice: price.finalPriceCents,
    multiplierBasisPoints: multiplier.basisPoints,
    multiplierLocation: multiplier.location,
    accountId: data.accountId ?? null,
    siteId: data.siteId ?? null,
    poNumber: data.poNumber ?? null,
    notes: data.notes,
    validUntil: addDaysIso(options.now, data.validDays),
    status: 'draft',
    createdAt: options.createdAt ?? options.now,
    updatedAt: options.now,
  };
}

/**
 * Duplicate: a new draft copy with ' (Copy)' appended to the customer name, valid for 14 days
 * from `now`. Lines keep their content and get ids under the new quote.
 */
export function duplicateQuote(quote: Quote, newId: string, now: string): Quote {
  return {
    ...quote,
    id: newId,
    customerName: `${quote.customerName}${QUOTE_DEFAULTS.copySuffix}`,
    items: quote.items.map((item, index) => ({ ...item, id: `${newId}-${index + 1}` })),
    validUntil: addDaysIso(now, QUOTE_DEFAULTS.validDays),
    status: 'draft',
    createdAt: now,
    updatedAt: now,
  };
}

/** Whole days from `now` until the quote's valid-until instant (negative once past), rounded up. */
export function quoteDaysLeft(validUntil: string, now: string): number {
  return Math.ceil((Date.parse(validUntil) - Date.parse(now)) / 86_400_000);
}
