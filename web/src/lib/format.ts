/** Display helpers for money and phone numbers used across the public pages. */

/**
 * Formats integer cents as dollars: whole amounts without decimals ('$120'), others with two
 * ('$3.50'). Money is cents everywhere; dollars exist only here, at the edge of the UI.
 */
export function formatDollars(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = dollars.toLocaleString('en-AU');
  const text = rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A `tel:` address for a displayed phone number: digits and a leading plus only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
