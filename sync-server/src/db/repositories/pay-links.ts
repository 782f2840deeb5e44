/**
 * Quote pay links (DESIGN §11): `/checkout?quote=Q-…&token=…`. The token is minted the first time
 * a pay link is made (the quote email, the PDF) and kept, so every copy of the link works; the
 * public payment calls answer 404 without it, so nobody learns a quote's status or amount by
 * counting quote ids.
 */
import type { Db } from '../connection';
import { mintToken } from '../../services/tokens';

/** The quote's pay-link token, minted on first use. */
export function payLinkToken(db: Db, quoteId: string, now: Date): string {
  return db
    .transaction(() => {
      const row = db.prepare('SELECT token FROM quote_pay_links WHERE quoteId = ?').get(quoteId) as
        { token: string } | undefined;
      if (row) return row.token;
      const token = mintToken();
      db.prepare('INSERT INTO quote_pay_links (quoteId, token, createdAt) VALUES (?, ?, ?)').run(
        quoteId,
        token,
        now.toISOString(),
      );
      return token;
    })
    .immediate();
}

/** The quote's pay-link token if one was minted. */
export function storedPayLinkToken(db: Db, quoteId: string): string | undefined {
  const row = db.prepare('SELECT token FROM quote_pay_links WHERE quoteId = ?').get(quoteId) as
    { token: string } | undefined;
  return row?.token;
}
