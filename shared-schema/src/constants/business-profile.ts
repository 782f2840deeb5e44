/**
 * The business profile: who the business is and how customers reach it.
 *
 * The specs write these values as `{name}`, `{phone}`, `{email}` and `{key}` placeholders. They are
 * configuration, not code: the server reads the active profile from its configuration and serves it
 * at `GET /api/config`, so a deployment changes them without a rebuild. The defaults below are
 * obvious placeholders, never real people or numbers.
 */
import type { BusinessProfile } from './business-profile-schema';

/** Product name used in titles (for example 'About Us | Pilbara Towing & Recovery'). */
export const PRODUCT_NAME = 'Pilbara Towing & Recovery';

/**
 * Placeholder profile used when configuration sets nothing. Every value here is an obvious
 * placeholder, replaced by configuration in a real deployment.
 */
export const DEFAULT_BUSINESS_PROFILE: BusinessProfile = {
  tradingName: PRODUCT_NAME,
  owners: [
    {
      name: 'Sam Taylor',
      role: '4x4 & Heavy Vehicle Recovery Specialist',
      phone: '0400 000 001',
      blurb:
        'Certified for mining-site recovery work and at home on the red dirt, from bogged utes to rolled heavy vehicles.',
    },
    {
      name: 'Alex Morgan',
      role: 'Mobile Mechanic',
      phone: '0400 000 002',
      blurb:
        'A mechanic with 7 years of experience who can often fix your vehicle on the spot and get you back on the road.',
    },
  ],
  staffPhone: '0400 000 003',
  email: 'jobs@example.com',
  abn: '00 000 000 000',
  region: 'Karratha and the Pilbara, Western Australia',
  hours: 'Open 24/7, every day of the year',
  serviceRadiusKm: 100,
  depot: { name: 'Karratha', latitude: -20.7364, longitude: 116.8463 },
  // No account until the business configures one: a placeholder account would take real money.
  bank: { accountName: '', bsb: '', accountNumber: '', payId: '' },
  stripePublishableKey: '',
  publicUrl: '',
};
