/**
 * Password hashing with scrypt from node:crypto. Stored form:
 * `scrypt$N$r$p$<salt base64>$<hash base64>`, so the cost can be raised without breaking old
 * hashes: a hash made at a lower cost still verifies, and the sign-in that proves the password
 * replaces it with one at the current cost ({@link needsRehash}). Comparison is timing-safe.
 *
 * Cost: N = 2^17, r = 8, p = 1, OWASP's recommendation for scrypt — 128 MiB and about half a
 * second of one core per hash. So that a burst of sign-ins cannot take all memory or every libuv
 * thread, at most two hashes run at once, in two lanes:
 * - `trusted`: a sign-in from a device that signed in to that account before (routes/auth), and
 *   the work of signed-in staff and of the server itself. It may use both slots and goes first.
 * - `public`: every other sign-in, and a customer's registration. It uses one slot at most, so
 *   the other is always there for the owners, and at most {@link PUBLIC_WAITING} wait behind it;
 *   one more is refused at once (429, {@link PasswordChecksBusyError}) rather than queued.
 * A flood of wrong passwords (30 at once made a right one wait 13 s when every check queued)
 * so fills only the public lane, briefly, and never delays the owner's own sign-in.
 */
import crypto from 'node:crypto';
import { MESSAGES } from '@pilbara/shared-schema';
import { HttpError } from '../http-error';

const KEY_LENGTH = 64;

/** scrypt's cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of every new hash. */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** Which lane a password check waits in (see the module comment). */
export type PasswordLane = 'trusted' | 'public';
/**
 * The cost a test server hashes at (`PASSWORD_HASH_COST=low`, which config.ts refuses on a
 * server others can reach): the lowest a stored hash may have, a millisecond instead of half a
 * second. A hash made at it is replaced at the next sign-in to a server at the standard cost.
 */
export const LOW_TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** The cost of new hashes for a configured `PASSWORD_HASH_COST`. */
export function scryptCostFor(setting: 'standard' | 'low'): ScryptCost {
  return setting === 'low' ? LOW_TEST_SCRYPT_COST : SCRYPT_COST;
}

/** Hashes allowed to run at once, in all. */
const MAX_CONCURRENT_HASHES = 2;
/** Hashes of the public lane at once: the other slot stays free for the trusted lane. */
const PUBLIC_RUNNING = 1;
/** Checks that may wait in the public lane; one more is refused as busy. */
export const PUBLIC_WAITING = 2;
/** Checks that may wait in the trusted lane (only known devices and staff get there). */
const TRUSTED_WAITING = 16;

/** A password check refused because its lane's queue is full: try again in a moment. */
export class PasswordChecksBusyError extends HttpError {
  constructor() {
    super(429, MESSAGES.PASSWORD_CHECKS_BUSY);
  }
}

const running: Record<PasswordLane, number> = { trusted: 0, public: 0 };
const waiting: Record<PasswordLane, (() => void)[]> = { trusted: [], public: [] };

function mayStart(lane: PasswordLane): boolean {
  if (running.trusted + running.public >= MAX_CONCURRENT_HASHES) return false;
  return lane === 'trusted' || running.public < PUBLIC_RUNNING;
}

/** Hands free slots to the waiting checks, the trusted lane first. */
function dispatch(): void {
  for (const lane of ['trusted', 'public'] as const) {
    while (waiting[lane].length > 0 && mayStart(lane)) {
      running[lane] += 1;
      waiting[lane].shift()?.();
    }
  }
}

async function withHashSlot<T>(lane: PasswordLane, work: () => Promise<T>): Promise<T> {
  if (waiting[lane].length === 0 && mayStart(lane)) {
    running[lane] += 1;
  } else {
    const bound = lane === 'public' ? PUBLIC_WAITING : TRUSTED_WAITING;
    if (waiting[lane].length >= bound) throw new PasswordChecksBusyError();
    // The slot is taken for this check before it is woken (dispatch), so none is given twice.
    await new Promise<void>((resolve) => waiting[lane].push(resolve));
  }
  try {
    return await work();
  } finally {
    running[lane] -= 1;
    dispatch();
  }
}

function scrypt(
  password: string,
  salt: Buffer,
  cost: ScryptCost,
  lane: PasswordLane,
): Promise<Buffer> {
  return withHashSlot(
    lane,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        crypto.scrypt(
          password,
          salt,
          KEY_LENGTH,
          // scrypt needs 128 × N × r bytes; leave room above that.
          { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** Hashes a password; `lane` says whose work it is (default: the server's or staff's). */
export async function hashPassword(
  password: string,
  cost: ScryptCost = SCRYPT_COST,
  lane: PasswordLane = 'trusted',
): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, cost, lane);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

/** The cost a stored hash was made with, or undefined when it is not one of ours. */
function storedCost(stored: string): (ScryptCost & { salt: string; hash: string }) | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // Only costs this server could have written: a tampered row must not make us allocate gigabytes.
  const sane =
    Number.isInteger(cost.N) &&
    cost.N >= 2 ** 10 &&
    cost.N <= 2 ** 20 &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 16;
  return sane ? { ...cost, salt, hash } : undefined;
}

/** Checks a password against a stored hash, in `lane` (default: the server's or staff's). */
export async function verifyPassword(
  password: string,
  stored: string,
  lane: PasswordLane = 'trusted',
): Promise<boolean> {
  const parsed = storedCost(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const actual = await scrypt(password, Buffer.from(parsed.salt, 'base64'), parsed, lane);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made at a cost below `cost` and should be replaced. */
export function needsRehash(stored: string, cost: ScryptCost = SCRYPT_COST): boolean {
  const parsed = storedCost(stored);
  if (!parsed) return true;
  return parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}

/** A random password for the generated first admin: 18 characters, easy to copy. */
export function generatePassword(): string {
  return crypto.randomBytes(14).toString('base64url').slice(0, 18);
}
