import { describe, expect, it } from 'vitest';
import {
  OFFLINE_SIGNIN_DAYS,
  isOfflineSignInUsable,
  mayStoreOfflineSignIn,
  offlineSignInExpiresAt,
  offlineSignInKey,
} from './offline-signin';

const signedIn = new Date('2026-11-01T08:00:00.000Z');
const at = (ms: number) => new Date(signedIn.getTime() + ms);
const DAY = 24 * 60 * 60_000;

describe('offline sign-in window', () => {
  it('expires 14 days after the online sign-in', () => {
    expect(OFFLINE_SIGNIN_DAYS).toBe(14);
    expect(offlineSignInExpiresAt(signedIn).toISOString()).toBe('2026-11-15T08:00:00.000Z');
  });

  it('is usable from the sign-in until just before the expiry', () => {
    expect(isOfflineSignInUsable(signedIn, at(0))).toBe(true);
    expect(isOfflineSignInUsable(signedIn, at(13 * DAY))).toBe(true);
    expect(isOfflineSignInUsable(signedIn, at(14 * DAY - 1))).toBe(true);
  });

  it('is refused at and after the expiry', () => {
    expect(isOfflineSignInUsable(signedIn, at(14 * DAY))).toBe(false);
    expect(isOfflineSignInUsable(signedIn, at(40 * DAY))).toBe(false);
  });

  it('allows a clock a few minutes slow but not one turned back by days', () => {
    expect(isOfflineSignInUsable(signedIn, at(-4 * 60_000))).toBe(true);
    expect(isOfflineSignInUsable(signedIn, at(-6 * 60_000))).toBe(false);
    expect(isOfflineSignInUsable(signedIn, at(-3 * DAY))).toBe(false);
  });

  it('never counts an unreadable date', () => {
    expect(isOfflineSignInUsable(new Date('nonsense'), signedIn)).toBe(false);
    expect(isOfflineSignInUsable(signedIn, new Date('nonsense'))).toBe(false);
  });
});

describe('who and under which key', () => {
  it('stores verifiers for staff only', () => {
    expect(mayStoreOfflineSignIn('admin')).toBe(true);
    expect(mayStoreOfflineSignIn('driver')).toBe(true);
    expect(mayStoreOfflineSignIn('customer')).toBe(false);
  });

  it('matches usernames without regard to case or spaces around', () => {
    expect(offlineSignInKey('  Admin ')).toBe('admin');
  });
});
