/**
 * Quote pay links (docs/security.md): `/checkout?quote=Q-…&token=…`. The public payment calls
 * answer 404 without the token, so nobody learns a quote's status or amount by counting quote ids.
 *
 * A quote's token is derived from the quote id with the server's pay-link key (an HMAC, 128 bits
 * in base64url), so every copy of the link — the email, the PDF, a PDF downloaded again — is the
 * same, and making a link writes nothing, so a read such as `GET /api/quotes/:id/pdf` inserts no
 * row. Tokens minted at random in older databases (table `quote_pay_links`) keep working: a stored
 * token wins over the derived one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TRACKING_TOKEN_BYTES } from '@pilbara/shared-schema';
import type { Db } from '../connection';

/** The file in DATA_DIR holding the pay-link key (back it up with the database). */
const PAY_LINK_KEY_FILE = 'pay-link.key';

/** This data folder's pay-link key, generated and saved (0600) the first time. */
export function loadPayLinkKey(dataDir: string): Buffer {
  const file = path.join(dataDir, PAY_LINK_KEY_FILE);
  const read = () => {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    if (key.length < 32) throw new Error(`${file} does not hold a pay-link key`);
    return key;
  };
  if (fs.existsSync(file)) return read();
  const key = crypto.randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': a second process starting at the same moment keeps the first one's key.
    fs.writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}

/** A token minted at random before pay links were derived, if the quote has one. */
function storedPayLinkToken(db: Db, quoteId: string): string | undefined {
  const row = db.prepare('SELECT token FROM quote_pay_links WHERE quoteId = ?').get(quoteId) as
    { token: string } | undefined;
  return row?.token;
}

/** The quote's pay-link token: its stored one, else derived from the key. Writes nothing. */
export function payLinkToken(db: Db, key: Buffer, quoteId: string): string {
  return (
    storedPayLinkToken(db, quoteId) ??
    crypto
      .createHmac('sha256', key)
      .update(`quote-pay-link:${quoteId}`)
      .digest()
      .subarray(0, TRACKING_TOKEN_BYTES)
      .toString('base64url')
  );
}
