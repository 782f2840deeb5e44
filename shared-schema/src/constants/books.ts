import type { PaymentMethod } from './statuses';

/** Fixed values of the books export (see documents/books.ts for the column mapping). */
export const BOOKS_EXPORT = {
  /** Xero's default "Sales" revenue account; change it in the accounting package's import if yours differs. */
  salesAccountCode: '200',
  /** Xero's name of the 10 % GST rate on sales; MYOB's tax code is GST. */
  taxType: 'GST on Income',
  currency: 'AUD',
  /** MYOB AccountRight's default income account for service sales; change it to yours. */
  myobIncomeAccount: '4-1000',
  /** MYOB's tax code of 10 % GST. */
  myobTaxCode: 'GST',
  /** MYOB's "payment is due" code for C.O.D. (invoices are due on issue). */
  myobTermsCod: '0',
  /** The longest range one export covers (a financial year and a bit). */
  maxRangeDays: 400,
} as const;

/**
 * The account each kind of money lands in (or leaves from), as the payments export names it, so
 * the accountant imports cash, card and bank lines into the right account. Rename
 * them in the accounting package's import if your chart of accounts differs.
 */
export const PAYMENT_ACCOUNTS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash on hand',
  'card-on-site': 'Card clearing (EFTPOS)',
  card: 'Card clearing (online)',
  'bank-transfer': 'Business bank account',
};
