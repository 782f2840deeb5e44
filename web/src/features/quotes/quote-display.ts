/** Display rules of the Recent Quotes list: badge colours, days left and the job an automatic quote came from. */
import { quoteDaysLeft, type Quote, type QuoteStatus, formatDate } from '@pilbara/shared-schema';

export const STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};

/** 'Draft', 'Sent', … for the badge. */
export function statusLabel(status: QuoteStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** 'Valid until 5 Dec 2026 (14 days left)', or 'expired' once past. */
export function validityText(
  quote: Pick<Quote, 'validUntil'>,
  now: string,
): { date: string; daysLeft: number; label: string } {
  const daysLeft = quoteDaysLeft(quote.validUntil, now);
  const date = formatDate(quote.validUntil);
  let label: string;
  if (daysLeft > 1) label = `${daysLeft} days left`;
  else if (daysLeft === 1) label = '1 day left';
  else label = 'Expired';
  return { date, daysLeft, label };
}

/** 'Karratha → Tom Price · 310 km', or null when no route or distance is set. */
export function routeText(
  quote: Pick<Quote, 'fromLocation' | 'toLocation' | 'distance'>,
): string | null {
  const from = quote.fromLocation ?? '';
  const to = quote.toLocation ?? '';
  const route = from || to ? `${from || 'Not set'} → ${to || 'Not set'}` : '';
  const distance = quote.distance > 0 ? `${quote.distance} km` : '';
  if (!route && !distance) return null;
  return [route, distance].filter(Boolean).join(' · ');
}
