/**
 * Litres and thousandths of a litre. Fuel volume is stored as integer thousandths (`liters`
 * field); litres exist only in form inputs and display.
 */

import { groupThousands } from './format';

/**
 * Converts litres (number or text such as '45.5') to integer thousandths, rounding half up at the
 * fourth decimal; NaN when the text is not a number.
 */
export function litresToThousandths(litres: string | number): number {
  const text = (
    typeof litres === 'number' ? (Number.isFinite(litres) ? String(litres) : 'NaN') : litres
  )
    .trim()
    .replace(/[,\s]/g, '');
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(/e/i.test(text) ? Number(text).toFixed(4) : text);
  if (!match || text === '' || text === '-' || text === '.') return Number.NaN;
  const whole = match[2] === '' || match[2] === undefined ? '0' : match[2];
  const fraction = (match[3] ?? '').padEnd(4, '0');
  let value = Number(whole) * 1000 + Number(fraction.slice(0, 3));
  if (Number(fraction[3]) >= 5) value += 1;
  return match[1] === '-' && value !== 0 ? -value : value;
}

/** Thousandths of a litre as litres. */
export function thousandthsToLitres(thousandths: number): number {
  return thousandths / 1000;
}

/** Formats thousandths as litres with up to `decimals` decimals, such as '45.5 L'. */
export function formatLitres(thousandths: number, decimals = 2): string {
  const fixed = Math.abs(thousandths / 1000).toFixed(decimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const sign = thousandths < 0 ? '-' : '';
  return `${sign}${groupThousands(Number(whole))}${trimmed ? `.${trimmed}` : ''} L`;
}
