/** Quote defaults and terms. */

/** Quote defaults (spec staff §9). */
export const QUOTE_DEFAULTS = {
  validDays: 14,
  /** The discount field offers 0-50; the server accepts 0-100. */
  discountFieldMax: 50,
  discountMax: 100,
  copySuffix: ' (Copy)',
  /**
   * The draft quote created automatically when a job is completed; its one line is priced from
   * the price list (`auto-quote.completed-job`, $200 as built in).
   */
  autoQuote: {
    quantity: 1,
    validDays: 30,
    discountPercent: 0,
    status: 'draft',
  },
} as const;

/** Terms printed on every quote (spec staff §9). */
export const QUOTE_TERMS = [
  'This quote is valid for 14 days.',
  'Payment is due on completion.',
  'After-hours charges may apply.',
  'Cash, card and bank transfer accepted.',
  'All prices include GST.',
] as const;
