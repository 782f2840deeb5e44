/**
 * The one place a CSV cell is written (csv-stringify): the books' exports and the drivers'
 * timesheets both come through {@link csv}.
 */
import { stringify } from 'csv-stringify/sync';
import { neutraliseCsvRow } from '@pilbara/shared-schema';

export function csv(
  columns: readonly string[],
  rows: readonly Record<string, string>[],
  options: { header?: boolean } = {},
): string {
  // Excel opens a UTF-8 file correctly only with a byte-order mark; the importers accept it too.
  // A cell that would start a formula is neutralised as OWASP advises; amounts stay
  // numbers (documents/csv-safety.ts).
  const header = options.header ?? true;
  return stringify(rows.map(neutraliseCsvRow), {
    header,
    columns: [...columns],
    bom: header,
    record_delimiter: 'windows',
  });
}
