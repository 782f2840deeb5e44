/**
 * Password hashing with scrypt from node:crypto. Stored form:
 * `scrypt$N$r$p$<salt base64>$<hash base64>`, so the cost can be raised without breaking old
 * hashes: a hash made at a lower cost still verifies, and the sign-in that proves the password
 * replaces it with one at the current cost ({@link needsRehash}). Comparison is timing-safe.
 *
 * Cost (issue 14): N = 2^17, r = 8, p = 1, OWASP's recommendation for scrypt — 128 MiB and about
 * half a second of one core per hash. So that a burst of sign-ins cannot take all memory or every
 * libuv thread, at most two hashes run at once and the rest wait their turn.
 */
import crypto from 'node:crypto';

const KEY_LENGTH = 64;

/** scrypt's cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of every new hash. */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

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

/** Hashes allowed to run at once. */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return withHashSlot(
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

export async function hashPassword(
  password: string,
  cost: ScryptCost = SCRYPT_COST,
): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, cost);
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

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = storedCost(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const actual = await scrypt(password, Buffer.from(parsed.salt, 'base64'), parsed);
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
