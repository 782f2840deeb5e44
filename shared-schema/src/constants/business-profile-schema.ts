/**
 * The shape of the configurable business profile served at `GET /api/config` (its defaults are in
 * business-profile.ts beside it). Kept apart from the defaults so that pages which only need the
 * default values do not load zod.
 */
import { z } from 'zod';

/** One co-owner as shown on the About page and used as a driver name. */
export const businessOwnerSchema = z.object({
  name: z.string().min(1).max(100),
  role: z.string().min(1).max(200),
  phone: z.string().min(1).max(20),
  blurb: z.string().max(2000),
});
/** A co-owner of the business. */
export type BusinessOwner = z.infer<typeof businessOwnerSchema>;

/**
 * Where the trucks start from: the depot's name as customers know it and its position (decimal
 * degrees, WGS 84). An arrival estimate before a truck shares its own position is measured from
 * here (rules/arrival.ts).
 */
export const depotSchema = z.object({
  name: z.string().min(1).max(100),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
/** The depot the trucks leave from. */
export type Depot = z.infer<typeof depotSchema>;

/**
 * The account customers pay into by bank transfer or PayID. Every field is empty until the
 * business configures it; documents then say to call for the details rather than print a made-up
 * account (documents/payment-details.ts).
 */
export const bankDetailsSchema = z.object({
  accountName: z.string().max(100),
  /** Six digits, written `123-456`. */
  bsb: z.string().max(7),
  accountNumber: z.string().max(12),
  /** An email address, phone number or ABN registered as a PayID. */
  payId: z.string().max(100),
});
/** The business's bank details for payments. */
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/**
 * The configurable business profile. `owners` holds the two co-owners in display order (the first
 * owner's phone is the main call number); `staffPhone` is the second staff line the mobile menu
 * lists. An empty `stripePublishableKey` means card payment is not set up. `hours`, `region`,
 * `serviceRadiusKm` and `depot` are what the public pages say about when and where the business
 * works; `bank` is how a customer pays without a card.
 */
export const businessProfileSchema = z.object({
  tradingName: z.string().min(1).max(200),
  owners: z.array(businessOwnerSchema).min(1),
  staffPhone: z.string().max(20),
  email: z.string().max(100),
  abn: z.string().max(20),
  region: z.string().max(200),
  hours: z.string().min(1).max(100),
  serviceRadiusKm: z.number().int().min(1).max(5000),
  depot: depotSchema,
  bank: bankDetailsSchema,
  stripePublishableKey: z.string(),
  publicUrl: z.string(),
});
/** The configurable business profile. */
export type BusinessProfile = z.infer<typeof businessProfileSchema>;
