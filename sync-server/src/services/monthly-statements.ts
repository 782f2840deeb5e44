/**
 * The monthly statements: on the first business day of each month (Perth, rules/payment-terms.ts)
 * every open account with a billing email and something to state gets last month's statement as
 * a PDF, once.
 *
 * Once means once, through the messages' once-only claim (`notifications`, unique on onceKey,
 * type and event): the statement of an account and month is claimed as a pending email in a
 * transaction before anything is sent, so a second tick, a restart or a second server finds it
 * taken. A send the mail server refused is tried again on later ticks, a few times; a send that
 * was under way when the server stopped is not (it may have gone), and staff can download the
 * statement and send it by hand.
 */
import type { FastifyInstance } from 'fastify';
import {
  DATE_FORMATS,
  formatCents,
  formatPerth,
  statementDocument,
  statementMonthDue,
  type Account,
  type BusinessProfile,
  type YearMonth,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { mintIntegerId } from '../db/id-series';
import { getAccount, hasStatement, listAccounts, statementOf } from '../db/repositories/accounts';
import { atomically, statement } from '../db/statements';
import type { PdfRenderer } from './pdf/pool';
import type { Mailer } from './mailer';
import { startPoller } from './poller';

/** How often the server looks whether statements are due. */
const STATEMENT_POLL_MS = 10 * 60 * 1000;
/** Sends the mail server refused before a statement is left for staff. */
const MAX_ATTEMPTS = 5;
/** The event of a statement's message in `notifications`. */
export const STATEMENT_EVENT = 'monthly-statement';

export interface StatementDeps {
  db: Db;
  mailer: Mailer;
  pdf: PdfRenderer;
  profile: BusinessProfile;
  now: () => Date;
  log?: { error(details: object, message: string): void };
}

/** The once-only key of an account's statement of a month. */
export function statementOnceKey(accountId: number, month: YearMonth): string {
  return `statement:${accountId}:${month}`;
}

/** The email of a statement: its subject and words. */
function statementMessage(account: Account, month: YearMonth, closingCents: number) {
  const monthText = formatPerth(`${month}-15T04:00:00Z`, DATE_FORMATS.monthYearLong);
  return {
    subject: `Statement for ${monthText}: ${account.legalName}`,
    text: [
      `Hello ${account.name},`,
      '',
      `Your statement for ${monthText} is attached.`,
      closingCents > 0
        ? `Balance owing at the end of the month: ${formatCents(closingCents)}.`
        : 'Nothing was owing at the end of the month.',
      '',
      'Each invoice is due as its terms say. Reply to this email with any question.',
    ].join('\n'),
  };
}

/**
 * Claims the month's statement of every account that should get one (in one transaction, each
 * claim inserting nothing when it was made before). Returns how many were new.
 */
function claimStatements(db: Db, month: YearMonth, now: string): number {
  return atomically(db, () => {
    let claimed = 0;
    for (const account of listAccounts(db)) {
      if (!account.isActive || !account.billingEmail) continue;
      const stated = statementOf(db, account.id, month);
      if (!hasStatement(stated)) continue;
      const message = statementMessage(account, month, stated.closingCents);
      const inserted = statement(
        db,
        `INSERT OR IGNORE INTO notifications
         (id, jobId, quoteId, recipientPhone, recipientEmail, type, status, message, subject, sentAt, error, createdAt, event, onceKey, attempts)
       VALUES (?, NULL, NULL, NULL, ?, 'email', 'pending', ?, ?, NULL, NULL, ?, ?, ?, 0)`,
      ).run(
        mintIntegerId(db, 'notifications'),
        account.billingEmail,
        message.text,
        message.subject,
        now,
        STATEMENT_EVENT,
        statementOnceKey(account.id, month),
      );
      claimed += inserted.changes;
    }
    return claimed;
  });
}

interface ClaimedStatement {
  id: number;
  onceKey: string;
  recipientEmail: string;
  subject: string;
  message: string;
}

/** Statements claimed and not sent: never tried, or refused fewer than the most times. */
function statementsToSend(db: Db): ClaimedStatement[] {
  return statement(
    db,
    `SELECT id, onceKey, recipientEmail, subject, message FROM notifications
     WHERE type = 'email' AND event = ? AND (
       (status = 'pending' AND attemptedAt IS NULL) OR (status = 'failed' AND attempts < ?)
     ) ORDER BY id`,
  ).all(STATEMENT_EVENT, MAX_ATTEMPTS) as ClaimedStatement[];
}

/** Marks a statement as being sent, unless another run did first; true when this run sends it. */
function startSending(db: Db, id: number, now: string): boolean {
  return (
    statement(
      db,
      "UPDATE notifications SET status = 'pending', attemptedAt = ?, attempts = attempts + 1 WHERE id = ? AND (attemptedAt IS NULL OR status = 'failed')",
    ).run(now, id).changes === 1
  );
}

function finishSending(db: Db, id: number, outcome: { ok: boolean; error?: string }, now: string) {
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
}

/** Claims and sends what is due now; answers how many statements went out. */
export async function sendMonthlyStatements(deps: StatementDeps): Promise<number> {
  const now = deps.now().toISOString();
  const month = statementMonthDue(now);
  if (month) claimStatements(deps.db, month, now);
  let sent = 0;
  for (const claim of statementsToSend(deps.db)) {
    const [, accountId, statedMonth] = claim.onceKey.split(':');
    const account = getAccount(deps.db, Number(accountId));
    if (!account || !statedMonth) continue;
    if (!atomically(deps.db, () => startSending(deps.db, claim.id, now))) continue;
    const doc = statementDocument(
      statementOf(deps.db, account.id, statedMonth),
      account,
      deps.profile,
      now,
    );
    let outcome: { ok: boolean; error?: string };
    try {
      const pdf = await deps.pdf.render({ kind: 'statement', doc });
      outcome = await deps.mailer.send({
        to: claim.recipientEmail,
        subject: claim.subject,
        text: claim.message,
        replyTo: deps.profile.email,
        attachments: [
          { filename: doc.fileName, content: Buffer.from(pdf), contentType: 'application/pdf' },
        ],
      });
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    atomically(deps.db, () => finishSending(deps.db, claim.id, outcome, deps.now().toISOString()));
    if (outcome.ok) sent += 1;
    else deps.log?.error({ account: account.id, error: outcome.error }, 'statement email failed');
  }
  return sent;
}

/** Runs the statements on a timer (and once now) until stopped; runs never overlap. */
export function createMonthlyStatements(
  deps: StatementDeps,
  options: { pollMs?: number } = {},
): { run(): Promise<number>; stop(): Promise<void> } {
  return startPoller({
    work: () => sendMonthlyStatements(deps),
    queueWhileRunning: false,
    idle: 0,
    pollMs: options.pollMs ?? STATEMENT_POLL_MS,
    onError: (error) => deps.log?.error({ err: error }, 'monthly statements run failed'),
  });
}

/** Starts the monthly statements for a built app and stops them when the app closes. */
export function startMonthlyStatements(app: FastifyInstance): void {
  const statements = createMonthlyStatements({
    db: app.db,
    mailer: app.mailer,
    pdf: app.pdf,
    profile: app.profile,
    now: app.now,
    log: app.log,
  });
  app.addHook('preClose', () => statements.stop());
}
