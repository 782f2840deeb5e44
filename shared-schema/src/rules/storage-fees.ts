/**
 * Daily storage fees of a vehicle in the yard: charged for each Perth calendar day, or part of
 * one, from the day the vehicle came in to the day its charges are paid (paying stops the fee:
 * the vehicle is then the owner's to collect within the release deadline). A vehicle in at
 * 11 pm and paid for at 1 am is two days: the fee turns over at midnight Perth time, whatever
 * the clock of the device that reckons it.
 */
import { STORAGE_PRICE_ITEM } from '../constants/wa-towing';
import type { QuoteItem } from '../entities/quote';
import { perthDate, perthDaysBetween } from './dates';
import { formatCents } from './money';

/** Storage days from `timeInIso` to `untilIso`, both days counted; 0 before the vehicle came in. */
export function storageDays(timeInIso: string, untilIso: string): number {
  if (Date.parse(untilIso) < Date.parse(timeInIso)) return 0;
  return perthDaysBetween(timeInIso, untilIso) + 1;
}

/** What storage has cost from `timeInIso` to `untilIso` at `dailyCents` a day. */
export function storageCharge(
  timeInIso: string,
  untilIso: string,
  dailyCents: number = STORAGE_PRICE_ITEM.unitPriceCents,
): { days: number; cents: number } {
  const days = storageDays(timeInIso, untilIso);
  return { days, cents: days * dailyCents };
}

/**
 * The storage line an invoice carries: the days as its quantity at the daily fee, described
 * with the dates they cover (`Storage 3 Mar - 5 Mar 2026: 3 days at $25.00`).
 */
export function storageInvoiceLine(
  id: string,
  timeInIso: string,
  untilIso: string,
  dailyCents: number = STORAGE_PRICE_ITEM.unitPriceCents,
): QuoteItem {
  const { days, cents } = storageCharge(timeInIso, untilIso, dailyCents);
  const from = perthDate(timeInIso);
  const to = perthDate(untilIso);
  const span = from === to ? from : `${from} to ${to}`;
  return {
    id,
    description: `Storage ${span}: ${days} ${days === 1 ? 'day' : 'days'} at ${formatCents(dailyCents)}`,
    quantity: days,
    unitPrice: dailyCents,
    total: cents,
    category: STORAGE_PRICE_ITEM.category,
  };
}
