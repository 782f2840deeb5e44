/**
 * The request limits the app applies (docs/security.md): the rate limits per route kind and the
 * failure guards of sign-in and phone proofs, with their defaults.
 */
import type { FastifyRequest } from 'fastify';
import type { HttpError } from './http-error';
import type { BackoffGuard, FailureGuard } from './services/guards';

interface RateLimit {
  max: number;
  timeWindow: number;
  /** What a request over the limit is answered (default: 'Too many attempts…'). */
  errorResponseBuilder?: (request: FastifyRequest, context: { ttl: number }) => HttpError;
}

export interface RateLimits {
  login: RateLimit;
  register: RateLimit;
  lookup: RateLimit;
  /** Contact, booking and feedback: per address, per hour (PUBLIC_WRITES_PER_HOUR). */
  publicWrite: RateLimit;
}

export interface Guards {
  /** Failed sign-ins of one account, from devices that never signed in to it. */
  loginAccount: BackoffGuard;
  /** Failed sign-ins from one address, from such devices. */
  loginAddress: BackoffGuard;
  /** Failed sign-ins of one account from the devices that signed in to it before. */
  loginKnownDevice: BackoffGuard;
  /** Wrong phone digits tried against one job id or booking reference. */
  phoneProof: FailureGuard;
}

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * Sign-in budgets (services/guards.ts BackoffGuard): after 5 failures of an account in 15
 * minutes from new devices, each try waits 1 s, 2 s, 4 s… up to 15 minutes; after 10 from one
 * address, the same; the devices that signed in to the account before have their own 10.
 */
export const LOGIN_ACCOUNT_BACKOFF = { free: 5, windowSeconds: 15 * 60, maxWaitSeconds: 15 * 60 };
export const LOGIN_ADDRESS_BACKOFF = { free: 10, windowSeconds: 15 * 60, maxWaitSeconds: 15 * 60 };
export const LOGIN_DEVICE_BACKOFF = { free: 10, windowSeconds: 15 * 60, maxWaitSeconds: 15 * 60 };
/** 10 wrong phones for one job id in an hour lock lookups of that id for an hour. */
export const PHONE_PROOF_GUARD = { failures: 10, windowSeconds: 60 * 60, lockSeconds: 60 * 60 };

/** Generous enough for the spec's 5 s polling, tight enough to stop guessing. */
export const DEFAULT_RATE_LIMITS: Omit<RateLimits, 'publicWrite'> = {
  login: { max: 30, timeWindow: MINUTE },
  register: { max: 20, timeWindow: MINUTE },
  // The dashboard, the portal and the live-status widget each poll every 5 s, maybe in several tabs.
  lookup: { max: 240, timeWindow: MINUTE },
};
