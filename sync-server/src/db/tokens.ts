/**
 * Random tokens the server mints: customers' tracking tokens and quotes' pay-link tokens, 128
 * bits each from the operating system's random source, written in base64url (22 characters).
 */
import crypto from 'node:crypto';
import { TRACKING_TOKEN_BYTES } from '@pilbara/shared-schema';

/** A fresh random token (tracking or pay link). */
export function mintToken(): string {
  return crypto.randomBytes(TRACKING_TOKEN_BYTES).toString('base64url');
}

/** Compares a token someone sent with the stored one in constant time. */
export function sameToken(given: string, stored: string | null | undefined): boolean {
  if (!stored) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
