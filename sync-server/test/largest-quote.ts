/**
 * The largest quote the API accepts, for the PDF budget's test and benchmark
 * (bench/pdf/run.ts): every limit of `QUOTE_LIMITS` and of the quote body at its maximum, and
 * every text a single unbroken word — the worst case for wrapping (each description and the
 * notes must be cut between characters).
 */
import { QUOTE_LIMITS } from '@pilbara/shared-schema';

/** A word of exactly `length` characters, wide letters mixed with narrow ones. */
function word(prefix: string, length: number): string {
  return (prefix + 'WmQx'.repeat(Math.ceil(length / 4))).slice(0, length);
}

/** POST /api/quotes body of the largest allowed quote. */
export function largestQuoteBody() {
  const unitPrice = Math.floor(
    QUOTE_LIMITS.maxSubtotalCents / (QUOTE_LIMITS.maxItems * QUOTE_LIMITS.maxQuantity),
  );
  return {
    customerName: word('Customer', 100),
    customerPhone: '0891 234 567',
    customerEmail: `${'a'.repeat(88)}@example.com`,
    vehicleType: word('Vehicle', 100),
    service: word('Service', 100),
    fromLocation: word('From', 100),
    toLocation: word('To', 100),
    distance: QUOTE_LIMITS.maxDistanceKm,
    notes: word('Notes', 5000),
    items: Array.from({ length: QUOTE_LIMITS.maxItems }, (_, i) => ({
      description: word(`Line${i + 1}:`, 200),
      quantity: QUOTE_LIMITS.maxQuantity,
      unitPrice,
      category: (['service', 'parts', 'misc'] as const)[i % 3],
    })),
  };
}
