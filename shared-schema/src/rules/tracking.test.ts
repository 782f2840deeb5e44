import { describe, expect, it } from 'vitest';
import { base64url, checkoutPath, isTrackingToken, trackingUrl } from './tracking';

describe('tracking tokens', () => {
  it('writes 16 random bytes as 22 base64url characters that read as a token', () => {
    const token = base64url(new Uint8Array(16).fill(0xfb));
    expect(token).toBe('-_v7-_v7-_v7-_v7-_v7-w');
    expect(isTrackingToken(token)).toBe(true);
  });

  it('encodes the RFC 4648 test vectors, unpadded and URL-safe', () => {
    const text = (value: string) => base64url(Uint8Array.from(value, (char) => char.charCodeAt(0)));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(text)).toEqual([
      '',
      'Zg',
      'Zm8',
      'Zm9v',
      'Zm9vYg',
      'Zm9vYmE',
      'Zm9vYmFy',
    ]);
    expect(base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('refuses what cannot be a token: short, padded, other characters', () => {
    expect(isTrackingToken('JOB-2026-1')).toBe(false);
    expect(isTrackingToken('a'.repeat(21))).toBe(false);
    expect(isTrackingToken('a'.repeat(65))).toBe(false);
    expect(isTrackingToken(`${'a'.repeat(22)}=`)).toBe(false);
    expect(isTrackingToken(`${'a'.repeat(21)}/`)).toBe(false);
    expect(isTrackingToken('0123456789abcdef0123456789abcdef')).toBe(true);
  });

  it('builds the tracking link and the pay link', () => {
    expect(trackingUrl('https://tow.example/', 'abc_DEF-123')).toBe(
      'https://tow.example/customer-portal?token=abc_DEF-123',
    );
    expect(checkoutPath('Q-2026-4', 'tok')).toBe('/checkout?quote=Q-2026-4&token=tok');
    expect(checkoutPath('Q-2026-4')).toBe('/checkout?quote=Q-2026-4');
  });
});
