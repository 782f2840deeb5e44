/**
 * The active business profile: shared-schema's placeholder defaults with whatever the
 * deployment configured on top (BUSINESS_NAME, OWNER1_PHONE, …). Served at GET /api/config.
 */
import { DEFAULT_BUSINESS_PROFILE, type BusinessProfile } from '@pilbara/shared-schema';
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
    stripePublishableKey: config.stripe.publishableKey ?? '',
    publicUrl: config.publicUrl,
  };
}
