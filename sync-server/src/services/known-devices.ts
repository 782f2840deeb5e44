/**
 * Devices that signed in before: a signed cookie (`pilbara_device`, HttpOnly, SameSite=Strict,
 * sent only to /api/auth) naming the accounts that signed in on this browser. A sign-in from such
 * a device is the owner's own phone or office PC: it is counted against a budget of its own
 * and checked in the trusted lane of the password checks (services/passwords.ts), so nobody
 * else's wrong passwords — a flood of them, or five from anywhere — can keep the owner out.
 *
 * Each entry is the account's id and a tag of its current password hash: a password reset (a
 * stolen phone) forgets the devices. The cookie is signed with the session secret, so it cannot
 * be made up; at most {@link MAX_ACCOUNTS} accounts are remembered, the latest first.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const DEVICE_COOKIE = 'pilbara_device';

/** Accounts one browser remembers (a shared office PC). */
const MAX_ACCOUNTS = 8;

/** How long a device is remembered without signing in: the longest a browser keeps a cookie. */
const REMEMBER_SECONDS = 400 * 24 * 60 * 60;

interface Account {
  id: number;
  password: string;
}

/** The account's entry: its id and a tag of its password hash. */
function entryOf(account: Account): string {
  const tag = crypto.createHash('sha256').update(account.password).digest('base64url').slice(0, 16);
  return `${account.id}.${tag}`;
}

/** The entries of the request's device cookie, or none when it is missing or not ours. */
function entriesOf(request: FastifyRequest): string[] {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value
    .split('~')
    .filter((entry) => /^\d+\.[\w-]{16}$/.test(entry))
    .slice(0, MAX_ACCOUNTS);
}

/** Whether this browser signed in to `account` before (with its current password). */
export function isKnownDevice(request: FastifyRequest, account: Account): boolean {
  return entriesOf(request).includes(entryOf(account));
}

/** Remembers that this browser signed in to `account`. */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  secure: boolean,
): void {
  const mine = entryOf(account);
  const others = entriesOf(request).filter(
    (entry) => entry !== mine && !entry.startsWith(`${account.id}.`),
  );
  reply.setCookie(DEVICE_COOKIE, [mine, ...others].slice(0, MAX_ACCOUNTS).join('~'), {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/auth',
    maxAge: REMEMBER_SECONDS,
  });
}
