/**
 * The card PaymentIntents this server created (table `payment_intents`): one per quote and
 * amount while it can still be paid (services/payments.ts), and the record the settlement
 * checks a succeeded payment against (services/card-settlement.ts).
 */
import type { Db } from '../connection';

/** A stored intent (table payment_intents). */
export interface StoredIntent {
  id: string;
  quoteId: string;
  amount: number;
  currency: string;
  clientSecret: string;
  idempotencyKey: string;
  createdAt: string;
}

/** The quote's intents for this amount, newest first. */
export function storedIntents(db: Db, quoteId: string, amountCents: number): StoredIntent[] {
  return db
    .prepare(
      'SELECT * FROM payment_intents WHERE quoteId = ? AND amount = ? ORDER BY createdAt DESC, rowid DESC',
    )
    .all(quoteId, amountCents) as StoredIntent[];
}

/** The newest intent created for a quote, whatever its amount. */
export function latestIntentForQuote(db: Db, quoteId: string): StoredIntent | undefined {
  return db
    .prepare(
      'SELECT * FROM payment_intents WHERE quoteId = ? ORDER BY createdAt DESC, rowid DESC LIMIT 1',
    )
    .get(quoteId) as StoredIntent | undefined;
}

/** The stored intent with this provider id. */
export function storedIntent(db: Db, intentId: string): StoredIntent | undefined {
  return db.prepare('SELECT * FROM payment_intents WHERE id = ?').get(intentId) as
    StoredIntent | undefined;
}

/** Stores an intent the provider created. */
export function storeIntent(db: Db, intent: StoredIntent): void {
  // Two racing requests get the same intent back for the same key; the second insert is a no-op.
  db.prepare(
    `INSERT OR IGNORE INTO payment_intents (id, quoteId, amount, currency, clientSecret, idempotencyKey, createdAt)
     VALUES (@id, @quoteId, @amount, @currency, @clientSecret, @idempotencyKey, @createdAt)`,
  ).run(intent);
}
