/**
 * Spreadsheet formula injection: a CSV cell that begins with `=`, `+`, `-`, `@`, a tab
 * or a carriage return is read by Excel, LibreOffice and Google Sheets as a formula, so a
 * customer named `=HYPERLINK(…)` or a description `+cmd|…` would run in the accountant's
 * spreadsheet. OWASP's advice: prefix such a cell with a single quote, which every spreadsheet
 * shows as text and drops from the value. A plain number (a negative amount `-12.50` included)
 * is left alone, so amounts stay numbers for Xero and MYOB.
 *
 * Pure, so every export (the books, and any later one) neutralises its cells the same way.
 */

/** Characters that start a formula in a spreadsheet cell. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number: what an amount or a quantity looks like in the exports. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell as a spreadsheet should import it: text that could start a formula gets a `'`. */
export function neutraliseCsvCell(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every cell of a row neutralised ({@link neutraliseCsvCell}). */
export function neutraliseCsvRow<T extends Record<string, string>>(row: T): T {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) out[key] = neutraliseCsvCell(value);
  return out as T;
}
