import { describe, expect, it } from 'vitest';
import { businessProfileSchema, DEFAULT_BUSINESS_PROFILE } from '@pilbara/shared-schema';
import { parseSiteConfig } from './profile-provider';

describe('parseSiteConfig', () => {
  it('accepts what the server sends and drops unknown fields', () => {
    const answer = {
      profile: { ...DEFAULT_BUSINESS_PROFILE, extra: 1 },
      cardPaymentsEnabled: true,
    };
    const parsed = parseSiteConfig(answer);
    expect(parsed?.cardPaymentsEnabled).toBe(true);
    expect(parsed?.profile).toEqual(DEFAULT_BUSINESS_PROFILE);
    // The hand-written check agrees with the shared schema on a valid profile.
    expect(businessProfileSchema.parse(parsed?.profile)).toEqual(parsed?.profile);
  });

  it('reads a copy kept by an older app without hours, depot or bank details as the defaults', () => {
    const {
      hours: _h,
      serviceRadiusKm: _r,
      depot: _d,
      bank: _b,
      ...older
    } = {
      ...DEFAULT_BUSINESS_PROFILE,
      tradingName: 'Red Dirt Towing',
    };
    const parsed = parseSiteConfig({ profile: older, cardPaymentsEnabled: false });
    expect(parsed?.profile.tradingName).toBe('Red Dirt Towing');
    expect(parsed?.profile.bank).toEqual(DEFAULT_BUSINESS_PROFILE.bank);
    expect(parsed?.profile.depot).toEqual(DEFAULT_BUSINESS_PROFILE.depot);
    expect(businessProfileSchema.parse(parsed?.profile)).toEqual(parsed?.profile);
  });

  it('rejects answers missing owners or with wrong types', () => {
    expect(parseSiteConfig(null)).toBeNull();
    expect(parseSiteConfig({ profile: DEFAULT_BUSINESS_PROFILE })).toBeNull();
    expect(
      parseSiteConfig({
        profile: { ...DEFAULT_BUSINESS_PROFILE, owners: [] },
        cardPaymentsEnabled: false,
      }),
    ).toBeNull();
    expect(
      parseSiteConfig({
        profile: { ...DEFAULT_BUSINESS_PROFILE, email: 5 },
        cardPaymentsEnabled: false,
      }),
    ).toBeNull();
    expect(
      parseSiteConfig({
        profile: {
          ...DEFAULT_BUSINESS_PROFILE,
          owners: [{ name: 'A', role: 'B', phone: 1, blurb: '' }],
        },
        cardPaymentsEnabled: false,
      }),
    ).toBeNull();
  });
});
