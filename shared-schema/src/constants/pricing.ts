/** Prices, service rates, location multipliers and the quote quick-add catalogue, all in cents. */
import type { QuoteItemCategory } from './statuses';

/** One advertised price on the pricing guide. */
export interface AdvertisedPrice {
  label: string;
  priceCents: number;
  unit: 'flat' | 'hour';
  /** Charge per km beyond the included distance. */
  perKmCents?: number;
  includedKm?: number;
  note?: string;
}

/** Advertised prices of spec public §9 (GST included). */
export const ADVERTISED_PRICES = {
  localTowing: {
    label: 'Local Towing',
    priceCents: 12000,
    unit: 'flat',
    perKmCents: 350,
    includedKm: 15,
    note: '15 km included',
  },
  emergencyTowing: {
    label: 'Emergency Towing',
    priceCents: 15000,
    unit: 'flat',
    perKmCents: 400,
    note: 'plus surcharge',
  },
  heavyDutyTowing: { label: 'Heavy Duty Towing', priceCents: 20000, unit: 'flat', perKmCents: 550 },
  basicRecovery: { label: 'Basic Recovery', priceCents: 18000, unit: 'flat' },
  complexRecovery: { label: 'Complex Recovery', priceCents: 28000, unit: 'flat' },
  extremeRecovery: { label: 'Extreme Recovery', priceCents: 38000, unit: 'flat' },
  diagnostic: { label: 'Diagnostic', priceCents: 9500, unit: 'flat' },
  mobileRepairs: { label: 'Mobile Repairs', priceCents: 11000, unit: 'hour' },
  engineRepairs: { label: 'Engine Repairs', priceCents: 15000, unit: 'hour' },
  transmissionRepairs: { label: 'Transmission Repairs', priceCents: 16000, unit: 'hour' },
} as const satisfies Record<string, AdvertisedPrice>;

/** Pricing terms around the advertised prices. */
export const PRICING_TERMS = {
  afterHoursSurchargePercent: 50,
  afterHoursWindow: '10PM-6AM',
  standardTowingFromCents: 16500,
  gstIncluded: true,
  paymentDue: 'Payment is due on completion',
  currencySymbol: '$',
} as const;

/** Base, per-km and minimum charge of one service. */
export interface ServiceRate {
  baseCents: number;
  perKmCents: number;
  minimumCents: number;
}

/** Service rates of the quotes manager's Pricing Structure panel (spec staff §9). */
export const SERVICE_RATES = {
  'Emergency Towing': { baseCents: 18000, perKmCents: 450, minimumCents: 18000 },
  'Long Distance Towing': { baseCents: 15000, perKmCents: 380, minimumCents: 15000 },
  '4x4 Recovery': { baseCents: 22000, perKmCents: 520, minimumCents: 22000 },
  'Heavy Vehicle Recovery': { baseCents: 35000, perKmCents: 680, minimumCents: 35000 },
  'Roadside Assistance': { baseCents: 12000, perKmCents: 250, minimumCents: 12000 },
  'Vehicle Repairs': { baseCents: 9500, perKmCents: 0, minimumCents: 9500 },
} as const satisfies Record<string, ServiceRate>;

/**
 * Location multipliers applied to a quote's items subtotal. Kept as plain numbers as the spec gives
 * them; the pricing rule converts them to basis points so its arithmetic stays in integers.
 */
export const LOCATION_MULTIPLIERS: Readonly<Record<string, number>> = {
  Karratha: 1,
  Roebourne: 1.15,
  Wickham: 1.1,
  Dampier: 1.2,
  'Tom Price': 1.4,
  Newman: 1.5,
  'Marble Bar': 1.6,
  'Port Hedland': 1.35,
};

/** Locations that have a multiplier, for the quote form's from/to pickers. */
export const QUOTE_LOCATIONS: readonly string[] = Object.keys(LOCATION_MULTIPLIERS);

/** One quick-add catalogue entry. */
export interface CatalogueItem {
  description: string;
  unitPriceCents: number;
}

/** Quick-add catalogue of the quote form, by item category. */
export const QUICK_ADD_CATALOGUE: Readonly<Record<QuoteItemCategory, readonly CatalogueItem[]>> = {
  service: [
    { description: 'Emergency Towing', unitPriceCents: 18000 },
    { description: 'Long Distance Towing', unitPriceCents: 15000 },
    { description: '4x4 Recovery', unitPriceCents: 22000 },
    { description: 'Heavy Vehicle Recovery', unitPriceCents: 35000 },
    { description: 'Roadside Assistance', unitPriceCents: 12000 },
    { description: 'Vehicle Repairs', unitPriceCents: 9500 },
    { description: 'After Hours Service', unitPriceCents: 5000 },
    { description: 'Winch Recovery', unitPriceCents: 8000 },
  ],
  parts: [
    { description: 'Tow Strap Heavy Duty', unitPriceCents: 4500 },
    { description: 'Shackle Set', unitPriceCents: 2500 },
    { description: 'Recovery Board Set', unitPriceCents: 12000 },
    { description: 'Jumper Cables', unitPriceCents: 3500 },
    { description: 'Tire Repair Kit', unitPriceCents: 2800 },
    { description: 'Emergency Fuel', unitPriceCents: 1500 },
    { description: 'Coolant Top-up', unitPriceCents: 1200 },
    { description: 'Oil Change', unitPriceCents: 8500 },
  ],
  misc: [
    { description: 'Call-out Fee', unitPriceCents: 7500 },
    { description: 'Mileage Charge per km', unitPriceCents: 450 },
    { description: 'Waiting Time per hour', unitPriceCents: 9500 },
    { description: 'Equipment Setup', unitPriceCents: 4000 },
    { description: 'Site Access Fee', unitPriceCents: 3500 },
    { description: 'Documentation Fee', unitPriceCents: 1500 },
  ],
};
