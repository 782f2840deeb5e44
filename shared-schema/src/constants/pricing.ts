/**
 * Pricing terms around the prices. The prices themselves are the owners' price list
 * (rules/price-list.ts): its built-in items, then the versions the owners save.
 */

/** Pricing terms the pricing page states beside the prices. */
export const PRICING_TERMS = {
  gstIncluded: true,
  paymentDue: 'Payment is due on completion',
  currencySymbol: '$',
} as const;
