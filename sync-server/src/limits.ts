/**
 * The request limits the app applies (docs/security.md): the rate limits per route kind and the
 * failure guards of sign-in and phone proofs, with their defaults.
 */
import type { FastifyRequest } from 'fastify';
import type { HttpError } from './http-error';
import type { FailureGuard } from './services/guards';

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
  /** Failed sign-ins of one account. */
  loginAccount: FailureGuard;
  /** Failed sign-ins from one address. */
  loginAddress: FailureGuard;
  /** Wrong phone digits tried against one job id or booking reference. */
  phoneProof: FailureGuard;
}

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Sign-in lockout: 5 failures of an account in 15 minutes lock it for 15 minutes. */
export const LOGIN_ACCOUNT_GUARD = { failures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** 20 failures from one address in 15 minutes lock that address's sign-ins for 15 minutes. */
export const LOGIN_ADDRESS_GUARD = { failures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** 10 wrong phones for one job id in an hour lock lookups of that id for an hour. */
export const PHONE_PROOF_GUARD = { failures: 10, windowSeconds: 60 * 60, lockSeconds: 60 * 60 };

/** Generous enough for the spec's 5 s polling, tight enough to stop guessing. */
export const DEFAULT_RATE_LIMITS: Omit<RateLimits, 'publicWrite'> = {
  login: { max: 30, timeWindow: MINUTE },
  register: { max: 20, timeWindow: MINUTE },
  // The dashboard, the portal and the live-status widget each poll every 5 s, maybe in several tabs.
  lookup: { max: 240, timeWindow: MINUTE },
};
