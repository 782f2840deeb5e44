/**
 * The monthly statements' emails (table `notifications`, event `monthly-statement`) through the
 * messages' once-only claim: one row per account and month, unique on its once-only key, so a
 * statement is claimed once whoever claims it (services/monthly-statements.ts).
 */
import type { Db } from '../connection';
import { mintIntegerId } from '../id-series';
import { atomically, statement } from '../statements';

/** The event of a statement's message in `notifications`. */
const STATEMENT_EVENT = 'monthly-statement';

/** The once-only key of an account's statement of a month. */
function statementOnceKey(accountId: number, month: string): string {
  return `statement:${accountId}:${month}`;
}

/** A statement claimed for an account and month. */
export interface StatementClaim {
  accountId: number;
  month: string;
  recipientEmail: string;
  subject: string;
  message: string;
}

/** Claims each statement not claimed before (in one transaction); answers how many were new. */
export function claimStatements(db: Db, claims: readonly StatementClaim[], now: string): number {
  return atomically(db, () => {
    let claimed = 0;
    for (const claim of claims) {
      const inserted = statement(
        db,
        `INSERT OR IGNORE INTO notifications
         (id, jobId, quoteId, recipientPhone, recipientEmail, type, status, message, subject, sentAt, error, createdAt, event, onceKey, attempts)
       VALUES (?, NULL, NULL, NULL, ?, 'email', 'pending', ?, ?, NULL, NULL, ?, ?, ?, 0)`,
      ).run(
        mintIntegerId(db, 'notifications'),
        claim.recipientEmail,
        claim.message,
        claim.subject,
        now,
        STATEMENT_EVENT,
        statementOnceKey(claim.accountId, claim.month),
      );
      claimed += inserted.changes;
    }
    return claimed;
  });
}

/** Whether the statement of an account and month is claimed already. */
export function statementClaimed(db: Db, accountId: number, month: string): boolean {
  return (
    statement(
      db,
      "SELECT 1 FROM notifications WHERE onceKey = ? AND type = 'email' AND event = ?",
    ).get(statementOnceKey(accountId, month), STATEMENT_EVENT) !== undefined
  );
}

/** A claimed statement still to send. */
interface ClaimedStatement {
  id: number;
  accountId: number;
  month: string;
  recipientEmail: string;
  subject: string;
  message: string;
}

/** Statements claimed and not sent: never tried, or refused fewer than `maxAttempts` times. */
export function statementsToSend(db: Db, maxAttempts: number): ClaimedStatement[] {
  const rows = statement(
    db,
    `SELECT id, onceKey, recipientEmail, subject, message FROM notifications
     WHERE type = 'email' AND event = ? AND (
       (status = 'pending' AND attemptedAt IS NULL) OR (status = 'failed' AND attempts < ?)
     ) ORDER BY id`,
  ).all(STATEMENT_EVENT, maxAttempts) as {
    id: number;
    onceKey: string;
    recipientEmail: string;
    subject: string;
    message: string;
  }[];
  return rows.map(({ onceKey, ...row }) => {
    const [, accountId, month] = onceKey.split(':');
    return { ...row, accountId: Number(accountId), month: month ?? '' };
  });
}

/**
 * Marks a statement as being sent, unless another run did first; true when the caller sends it.
 * One that was under way when the server stopped stays so (it may have gone): at most once.
 */
export function startSending(db: Db, id: number, now: string): boolean {
  return atomically(
    db,
    () =>
      statement(
        db,
        "UPDATE notifications SET status = 'pending', attemptedAt = ?, attempts = attempts + 1 WHERE id = ? AND (attemptedAt IS NULL OR status = 'failed')",
      ).run(now, id).changes === 1,
  );
}

/** Records how a send went. */
export function finishSending(
  db: Db,
  id: number,
  outcome: { ok: boolean; error?: string | undefined },
  now: string,
): void {
  atomically(db, () => {
    if (outcome.ok)
      statement(
        db,
        "UPDATE notifications SET status = 'sent', sentAt = ?, error = NULL WHERE id = ?",
      ).run(now, id);
    else
      statement(db, "UPDATE notifications SET status = 'failed', error = ? WHERE id = ?").run(
        outcome.error ?? 'failed',
        id,
      );
  });
}
