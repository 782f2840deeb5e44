/**
 * Size limits on everything a client can send: each is far above what the business
 * meets in a year, and far below what lets one request hurt the server. They are enforced by the
 * request schemas, so the web forms show the same limits the server applies; docs/security.md
 * lists them.
 */

/** Limits of a quote: lines, quantities, prices and distance. */
export const QUOTE_LIMITS = {
  /** Lines per quote. */
  maxItems: 200,
  /** Quantity of one line. */
  maxQuantity: 1000,
  /** Unit price of one line, in cents ($1,000,000). */
  maxUnitPriceCents: 100_000_000,
  /**
   * Items subtotal of a whole quote, in cents ($10,000,000). With the largest location multiplier
   * (1.6) the pricing rule's intermediate products stay far inside safe integers.
   */
  maxSubtotalCents: 1_000_000_000,
  /** Route distance in km. */
  maxDistanceKm: 5000,
} as const;

/** Limits of the staff money and fleet figures (fleet records, expenses, payments). */
export const RECORD_LIMITS = {
  /** Any one cost, price or expense amount, in cents ($1,000,000). */
  maxMoneyCents: 100_000_000,
  /** A payment staff record against a quote, in cents: the largest quote total possible. */
  maxPaymentCents: 2_000_000_000,
  /** One fill of fuel, in thousandths of a litre (10,000 L: a road train's tanks and then some). */
  maxFuelMillilitres: 10_000_000,
  /** Odometer and mileage readings, km. */
  maxKilometres: 10_000_000,
  /** Service interval, km. */
  maxServiceIntervalKm: 1_000_000,
  /** Towing capacity and GVM, kg. */
  maxKilograms: 1_000_000,
} as const;

/** How far ahead a booking's preferred date may be, in days (a year). */
export const BOOKING_MAX_DAYS_AHEAD = 365;

/**
 * Public write budgets (contact, booking, feedback) and the email cap, as defaults of the
 * server's configuration. A real customer sends one or two of each; ten an hour from one address
 * is never met by one, and stops a script filling the admin panel and the owners' inbox.
 */
export const PUBLIC_LIMITS = {
  /** Writes per hour of each public form from one network address. */
  writesPerHourPerAddress: 10,
  /** Emails the public forms may cause per hour, from all addresses together. */
  publicEmailsPerHour: 60,
} as const;
