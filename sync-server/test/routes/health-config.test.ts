import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_PROFILE, configResponseSchema } from '@pilbara/shared-schema';
import { OTHER_BUSINESS_ENV } from '../business-env';
import { buildTestApp } from '../helper';

describe('GET /api/health', () => {
  it('answers ok with a request id header', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'trace-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('GET /api/config', () => {
  it('serves the default profile with card payments off', async () => {
    const app = await buildTestApp();
    const body = configResponseSchema.parse((await app.inject({ url: '/api/config' })).json());
    expect(body.cardPaymentsEnabled).toBe(false);
    expect(body.profile.tradingName).toBe(DEFAULT_BUSINESS_PROFILE.tradingName);
    expect(body.profile.owners).toEqual(DEFAULT_BUSINESS_PROFILE.owners);
    expect(body.profile.stripePublishableKey).toBe('');
  });

  it('serves configured overrides and the publishable key, never the secret key', async () => {
    const app = await buildTestApp({
      env: {
        ...OTHER_BUSINESS_ENV,
        STRIPE_SECRET_KEY: 'sk_test_secret',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
        PUBLIC_URL: 'https://towing.example.com',
      },
    });
    const response = await app.inject({ url: '/api/config' });
    const body = configResponseSchema.parse(response.json());
    expect(body.cardPaymentsEnabled).toBe(true);
    expect(body.profile).toMatchObject({
      tradingName: 'Red Dirt Towing',
      email: 'office@example.com',
      abn: '12 345 678 901',
      stripePublishableKey: 'pk_test_public',
      publicUrl: 'https://towing.example.com',
    });
    expect(body.profile.owners.map((o) => [o.name, o.phone])).toEqual([
      ['Jo', '0400 111 111'],
      ['Kim', '0400 222 222'],
    ]);
    expect(response.body).not.toContain('sk_test_secret');
  });
});
