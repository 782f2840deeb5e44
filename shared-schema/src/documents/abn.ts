/**
 * The business's ABN (docs/decisions/2026-11-27-no-abn-no-tax-invoice.md). An Australian
 * Business Number is 11 digits whose weighted sum, after taking 1 from the first digit, divides
 * by 89 (the ATO's published check). The server checks `BUSINESS_ABN` at start and warns when it
 * fails; the admin panel shows {@link ABN_TEXT.BANNER_TITLE}; documents print an ABN only when it
 * is valid, and a document without one is a plain invoice.
 */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The digits of an ABN as typed ('51 824 753 556' → '51824753556'). */
function abnDigits(abn: string | null | undefined): string {
  return (abn ?? '').replace(/\s/g, '');
}

/**
 * Whether `abn` is a valid Australian Business Number: 11 digits (spaces allowed) passing the
 * ATO's check — take 1 from the first digit, weight the digits, and the sum divides by 89.
 */
export function isValidAbn(abn: string | null | undefined): boolean {
  const text = abnDigits(abn);
  if (!/^\d{11}$/.test(text)) return false;
  const digits = [...text].map(Number);
  digits[0] = (digits[0] ?? 0) - 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (ABN_WEIGHTS[index] ?? 0), 0);
  return sum % 89 === 0;
}

/** An ABN in the way the ATO prints it: '51824753556' → '51 824 753 556'. */
export function formatAbn(abn: string): string {
  const text = abnDigits(abn);
  return /^\d{11}$/.test(text)
    ? text.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')
    : abn;
}

/**
 * The ATO's published example of a valid ABN (the demo data's buyer ABN; tests' seller ABN). It
 * belongs to no business a customer could confuse with this one.
 */
export const EXAMPLE_ABN = '51 824 753 556';

/** The words of the ABN check, on the server's console, the admin banner and documents. */
export const ABN_TEXT = {
  BANNER_TITLE: 'No valid ABN: invoices are not tax invoices',
  /** The banner's text and the start-up warning, for a missing or failing ABN. */
  problem: (abn: string | null | undefined): string =>
    // The built-in placeholder (all zeros) is what an unconfigured server carries: not set.
    /^0*$/.test(abnDigits(abn))
      ? 'BUSINESS_ABN is not set (the placeholder 00 000 000 000 is not an ABN). Invoices and credit notes go out as plain invoices without an ABN, and customers cannot claim GST credits from them. Set BUSINESS_ABN to the business’s ABN and restart the server.'
      : `BUSINESS_ABN "${abn ?? ''}" is not a valid ABN (it fails the ATO’s check). Invoices and credit notes go out as plain invoices without an ABN, and customers cannot claim GST credits from them. Set BUSINESS_ABN to the business’s ABN and restart the server.`,
} as const;

/** Why the business's ABN cannot go on a tax invoice, or null when it can. */
export function businessAbnProblem(abn: string | null | undefined): string | null {
  return isValidAbn(abn) ? null : ABN_TEXT.problem(abn);
}
