/**
 * The shape of the configurable business profile served at `GET /api/config` (its defaults are in
 * constants/business-profile.ts). Kept apart from the defaults so that pages which only need the
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
 * The configurable business profile. `owners` holds the two co-owners in display order (the first
 * owner's phone is the main call number); `staffPhone` is the second staff line the mobile menu
 * lists. An empty `stripePublishableKey` means card payment is not set up.
 */
export const businessProfileSchema = z.object({
  tradingName: z.string().min(1).max(200),
  owners: z.array(businessOwnerSchema).min(1),
  staffPhone: z.string().max(20),
  email: z.string().max(100),
  abn: z.string().max(20),
  region: z.string().max(200),
  stripePublishableKey: z.string(),
  publicUrl: z.string(),
});
/** The configurable business profile. */
export type BusinessProfile = z.infer<typeof businessProfileSchema>;
