/**
 * Contact messages after they arrive: a quote request turned into a prefilled draft quote, and
 * a staff member's emailed reply, threaded under the owners' copy of the message (Message-ID and
 * In-Reply-To, RFC 5322 §3.6.4) so the conversation reads as one in any mail client.
 */
import { QUOTE_DEFAULTS } from '../constants/quotes';
import type { EmailRecord } from '../entities/email-record';
import type { QuoteInput } from './quotes';
import { BUILT_IN_PRICES, quickAddCatalogue, type PriceTable } from '../rules/price-list';

/**
 * The quote's first line for a requested service: the price list's quick-add line for it (a
 * repair is the list's Vehicle Repairs), else Roadside Assistance as a starting point staff
 * price from.
 */
function startingLine(
  service: string,
  prices: PriceTable,
): { description: string; unitPriceCents: number; priceKey: string } {
  const wanted = /repair/i.test(service) ? 'Vehicle Repairs' : service;
  const catalogue = quickAddCatalogue(prices).service;
  return (
    catalogue.find((item) => item.description === wanted) ??
    catalogue.find((item) => item.description === 'Roadside Assistance') ??
    quickAddCatalogue(BUILT_IN_PRICES).service.find(
      (item) => item.description === 'Roadside Assistance',
    )!
  );
}

/**
 * The draft quote a quote request becomes: the customer's name, phone and email, the vehicle,
 * the route and the service they asked about, their words as the notes, and one line for the
 * service at its price in `prices` (the lists in force; the built-in prices by default), which
 * staff then adjust.
 */
export function draftQuoteFromRequest(
  message: Pick<EmailRecord, 'customerInfo' | 'details'>,
  prices: PriceTable = BUILT_IN_PRICES,
): QuoteInput {
  const info = message.customerInfo;
  const details = message.details ?? {};
  const service = info?.service ?? 'General Inquiry';
  const line = startingLine(service, prices);
  return {
    customerName: info?.name ?? 'Customer',
    customerPhone: info?.phone ?? '',
    customerEmail: info?.email ?? null,
    vehicleType: details.vehicle ?? null,
    service,
    fromLocation: details.fromLocation ?? null,
    toLocation: details.toLocation ?? null,
    notes: info ? `Quote request: ${info.message}` : null,
    items: [
      {
        description: line.description,
        quantity: 1,
        unitPrice: line.unitPriceCents,
        category: 'service',
      },
    ],
    discountPercent: 0,
    validDays: QUOTE_DEFAULTS.validDays,
  };
}

/** The domain of the business email, for the Message-IDs of its mail. */
function mailDomain(businessEmail: string): string {
  return businessEmail.split('@')[1] || 'localhost';
}

/** The Message-ID of the owners' email of contact message `id`, which replies thread under. */
export function contactMessageId(id: number, businessEmail: string): string {
  return `<contact-${id}@${mailDomain(businessEmail)}>`;
}

/** The Message-ID of one reply to contact message `id`. */
export function contactReplyMessageId(id: number, replyId: string, businessEmail: string): string {
  return `<contact-${id}-reply-${replyId}@${mailDomain(businessEmail)}>`;
}

/** A reply's subject: the owners' subject, answered. */
export function contactReplySubject(serviceNeeded: string, business: string): string {
  return `Re: your message to ${business} (${serviceNeeded})`;
}
