/** Fixed values of the books export (see documents/books.ts for the column mapping). */
export const BOOKS_EXPORT = {
  /** Xero's default "Sales" revenue account; change it in the accounting package's import if yours differs. */
  salesAccountCode: '200',
  /** Xero's name of the 10 % GST rate on sales; MYOB's tax code is GST. */
  taxType: 'GST on Income',
  currency: 'AUD',
  /** The longest range one export covers (a financial year and a bit). */
  maxRangeDays: 400,
} as const;
