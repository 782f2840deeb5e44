import { describe, expect, it } from 'vitest';
import {
  LOW_TEST_SCRYPT_COST,
  SCRYPT_COST,
  generatePassword,
  PUBLIC_WAITING,
  PasswordChecksBusyError,
  hashPassword,
  needsRehash,
  scryptCostFor,
  verifyPassword,
} from './passwords';

const CHEAP = { N: 2 ** 14, r: 8, p: 1 };

describe('passwords', () => {
  it('hashes at OWASP scrypt cost N=2^17, r=8, p=1 and verifies only the right password', async () => {
    expect(SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still verifies a hash made at the old cost, and says it needs upgrading', async () => {
    const old = await hashPassword('correct horse battery', CHEAP);
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('hashes at the lowest cost it accepts for a test server, and upgrades that hash elsewhere', async () => {
    expect(scryptCostFor('standard')).toBe(SCRYPT_COST);
    expect(scryptCostFor('low')).toBe(LOW_TEST_SCRYPT_COST);
    const cheap = await hashPassword('correct horse battery', LOW_TEST_SCRYPT_COST);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('correct horse batterY', cheap)).toBe(false);
    expect(needsRehash(cheap, LOW_TEST_SCRYPT_COST)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', CHEAP)).not.toBe(await hashPassword('same', CHEAP));
  });

  it('rejects stored values it does not understand, or whose cost it would never write', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    const hash = await hashPassword('x', CHEAP);
    expect(await verifyPassword('x', hash.replace('$16384$', '$1073741824$'))).toBe(false);
    expect(await verifyPassword('x', hash.replace('$16384$', '$16385$'))).toBe(false);
  });

  it('generates long random passwords', () => {
    const password = generatePassword();
    expect(password).toHaveLength(18);
    expect(generatePassword()).not.toBe(password);
  });

  it('refuses public checks past a short queue at once, and keeps a slot for known devices', async () => {
    const hash = await hashPassword('right', CHEAP);
    const flood = Array.from({ length: 10 }, () =>
      verifyPassword('wrong', hash, 'public').then(
        () => 'checked',
        (error: unknown) => (error instanceof PasswordChecksBusyError ? 'busy' : 'failed'),
      ),
    );
    // A known device's check is not queued behind the flood's.
    expect(await verifyPassword('right', hash, 'trusted')).toBe(true);
    const outcomes = await Promise.all(flood);
    const queued = 1 + PUBLIC_WAITING;
    expect(outcomes).toEqual([
      ...Array<string>(queued).fill('checked'),
      ...Array<string>(10 - queued).fill('busy'),
    ]);
    expect(new PasswordChecksBusyError().statusCode).toBe(429);
  });
});
