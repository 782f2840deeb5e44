/**
 * The active business profile: shared-schema's placeholder defaults with whatever the
 * deployment configured on top (BUSINESS_NAME, OWNER1_PHONE, BANK_BSB, …). Served at
 * GET /api/config.
 */
import { DEFAULT_BUSINESS_PROFILE, formatBsb, type BusinessProfile } from '@pilbara/shared-schema';
import type { Config } from '../config';

export function businessProfile(config: Config): BusinessProfile {
  const { business } = config;
  const defaults = DEFAULT_BUSINESS_PROFILE;
  const owners = defaults.owners.map((owner, index) => {
    const name = index === 0 ? business.owner1Name : index === 1 ? business.owner2Name : undefined;
    const phone =
      index === 0 ? business.owner1Phone : index === 1 ? business.owner2Phone : undefined;
    return { ...owner, name: name ?? owner.name, phone: phone ?? owner.phone };
  });
  return {
    ...defaults,
    tradingName: business.name ?? defaults.tradingName,
    email: business.email ?? defaults.email,
    abn: business.abn ?? defaults.abn,
    owners,
    region: business.region ?? defaults.region,
    hours: business.hours ?? defaults.hours,
    serviceRadiusKm: business.serviceRadiusKm ?? defaults.serviceRadiusKm,
    depot: {
      name: business.depot?.name ?? defaults.depot.name,
      latitude: business.depot?.latitude ?? defaults.depot.latitude,
      longitude: business.depot?.longitude ?? defaults.depot.longitude,
    },
    bank: {
      accountName: business.bank.accountName ?? defaults.bank.accountName,
      bsb: business.bank.bsb ? formatBsb(business.bank.bsb) : defaults.bank.bsb,
      accountNumber: business.bank.accountNumber ?? defaults.bank.accountNumber,
      payId: business.bank.payId ?? defaults.bank.payId,
    },
    stripePublishableKey: config.stripe.publishableKey ?? '',
    publicUrl: config.publicUrl,
  };
}
