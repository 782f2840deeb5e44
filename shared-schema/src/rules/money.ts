/**
 * Cents and dollars. Money is integer cents everywhere; dollars exist only at the UI's edge (form
 * inputs and display). Parsing works on the decimal text, never on float arithmetic, so '0.29'
 * is 29 cents, not 28.999…
 */
import { groupThousands } from './format';

const DOLLARS_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * Converts a dollar amount to integer cents, rounding half up (away from zero) at the third
 * decimal. Accepts numbers and strings such as '12', '12.5', '$1,234.50'; returns NaN when the
 * text is not a number. A number is converted through its shortest decimal text, so 0.29 → 29.
 */
export function dollarsToCents(dollars: string | number): number {
  const text = (typeof dollars === 'number' ? numberToPlainText(dollars) : dollars)
    .trim()
    .replace(/[$,\s]/g, '');
  const match = DOLLARS_PATTERN.exec(text);
  if (!match || text === '' || text === '-' || text === '.' || text === '-.') return Number.NaN;
  const negative = match[1] === '-';
  const whole = match[2] === '' || match[2] === undefined ? '0' : match[2];
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}

function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Very small or large numbers print in exponent form; toFixed(3) is exact enough at cent scale.
  return value.toFixed(3);
}

/** Cents as a dollar number (for inputs that edit dollars). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Formats cents as '$1,234.50' (always two decimals, thousands separated, '-$5.00' when
 * negative).
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(dollars)}.${rest}`;
}

/**
 * Formats a price as the public pages show it: whole amounts without cents ('$120'), others with
 * two decimals ('$3.50'), as {@link formatCents} writes them.
 */
export function formatPrice(cents: number): string {
  const text = formatCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** Formats cents rounded to whole dollars, '$1,235' (the quotes manager's Total Value tile). */
export function formatCentsWhole(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const dollars = Math.floor((Math.abs(Math.round(cents)) + 50) / 100);
  return `${sign}$${groupThousands(dollars)}`;
}
