import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_SIGNIN_DAYS, OFFLINE_VERIFIER_ITERATIONS } from '@pilbara/shared-schema';
import {
  OFFLINE_SIGNIN_KEY,
  checkVerifier,
  createVerifier,
  deriveHash,
  forgetOfflineSignIn,
  rememberOfflineSignIn,
  signInOffline,
} from './offline-signin';

const owner = { id: 1, username: 'Admin', role: 'admin', firstName: 'Sam' };
const signedIn = new Date('2026-11-01T08:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const later = (ms: number) => new Date(signedIn.getTime() + ms);

afterEach(() => localStorage.clear());

describe('deriveHash', () => {
  it('is PBKDF2-HMAC-SHA-256 (RFC 7914 test vector)', async () => {
    const salt = new TextEncoder().encode('salt');
    const hash = await deriveHash('passwd', salt, 1);
    const hex = Array.from(atob(hash), (c) => c.charCodeAt(0).toString(16).padStart(2, '0'));
    expect(hex.join('')).toBe('55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc');
  });
});

describe('createVerifier / checkVerifier', () => {
  it('keeps no trace of the password and uses a fresh salt each time', async () => {
    const first = await createVerifier(owner, 'Tow-Truck-42', signedIn, 1000);
    const second = await createVerifier(owner, 'Tow-Truck-42', signedIn, 1000);
    expect(JSON.stringify(first)).not.toContain('Tow-Truck-42');
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
    expect(first.signedInAt).toBe(signedIn.toISOString());
  });

  it('uses the full round count by default', async () => {
    const verifier = await createVerifier(owner, 'Tow-Truck-42', signedIn);
    expect(verifier.iterations).toBe(OFFLINE_VERIFIER_ITERATIONS);
    expect(await checkVerifier(verifier, 'Tow-Truck-42', signedIn)).toBe('match');
  });

  it('matches the right password and refuses any other', async () => {
    const verifier = await createVerifier(owner, 'Tow-Truck-42', signedIn, 1000);
    expect(await checkVerifier(verifier, 'Tow-Truck-42', later(DAY))).toBe('match');
    expect(await checkVerifier(verifier, 'tow-truck-42', later(DAY))).toBe('mismatch');
    expect(await checkVerifier(verifier, '', later(DAY))).toBe('mismatch');
  });

  it(`expires ${OFFLINE_SIGNIN_DAYS} days after the online sign-in, even with the right password`, async () => {
    const verifier = await createVerifier(owner, 'Tow-Truck-42', signedIn, 1000);
    expect(await checkVerifier(verifier, 'Tow-Truck-42', later(14 * DAY - 60_000))).toBe('match');
    expect(await checkVerifier(verifier, 'Tow-Truck-42', later(14 * DAY))).toBe('expired');
    expect(await checkVerifier(verifier, 'Tow-Truck-42', later(-2 * DAY))).toBe('expired');
  });
});

describe('stored verifiers', () => {
  it('signs in offline with the right password, any case of the username', async () => {
    await rememberOfflineSignIn(owner, 'Tow-Truck-42', signedIn);
    expect(localStorage.getItem(OFFLINE_SIGNIN_KEY)).not.toContain('Tow-Truck-42');
    expect(await signInOffline('admin', 'Tow-Truck-42', later(DAY))).toEqual(owner);
    expect(await signInOffline('ADMIN ', 'Tow-Truck-42', later(DAY))).toEqual(owner);
  });

  it('gives nothing for a wrong password or an unknown user', async () => {
    await rememberOfflineSignIn(owner, 'Tow-Truck-42', signedIn);
    expect(await signInOffline('admin', 'wrong', later(DAY))).toBeNull();
    expect(await signInOffline('alex', 'Tow-Truck-42', later(DAY))).toBeNull();
  });

  it('removes an expired entry', async () => {
    await rememberOfflineSignIn(owner, 'Tow-Truck-42', signedIn);
    expect(await signInOffline('admin', 'Tow-Truck-42', later(15 * DAY))).toBeNull();
    expect(JSON.parse(localStorage.getItem(OFFLINE_SIGNIN_KEY) ?? '{}')).toEqual({});
  });

  it('a new online sign-in starts a fresh window and replaces the old password', async () => {
    await rememberOfflineSignIn(owner, 'old-password-1', signedIn);
    await rememberOfflineSignIn(owner, 'new-password-2', later(10 * DAY));
    expect(await signInOffline('admin', 'old-password-1', later(11 * DAY))).toBeNull();
    expect(await signInOffline('admin', 'new-password-2', later(20 * DAY))).toEqual(owner);
  });

  it('keeps no verifier for a customer, and forgets one on request', async () => {
    await rememberOfflineSignIn(
      { id: 9, username: 'tom', role: 'customer' },
      'pw-123456',
      signedIn,
    );
    expect(await signInOffline('tom', 'pw-123456', signedIn)).toBeNull();
    await rememberOfflineSignIn(owner, 'Tow-Truck-42', signedIn);
    forgetOfflineSignIn('Admin');
    expect(await signInOffline('admin', 'Tow-Truck-42', signedIn)).toBeNull();
  });

  it('ignores a corrupted store', async () => {
    localStorage.setItem(OFFLINE_SIGNIN_KEY, '{"admin":{"salt":1}}');
    expect(await signInOffline('admin', 'x', signedIn)).toBeNull();
    localStorage.setItem(OFFLINE_SIGNIN_KEY, 'not json');
    expect(await signInOffline('admin', 'x', signedIn)).toBeNull();
  });
});
