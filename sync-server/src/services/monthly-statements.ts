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
  formatCents,
  formatWhen,
  statementDocument,
  statementMonthDue,
  type Account,
  type BusinessProfile,
  type YearMonth,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { getAccount, hasStatement, listAccounts, statementOf } from '../db/repositories/accounts';
import {
  claimStatements,
  finishSending,
  startSending,
  statementClaimed,
  statementsToSend,
  type StatementClaim,
} from '../db/repositories/statement-emails';
import type { PdfRenderer } from './pdf/pool';
import type { Mailer } from './mailer';
import { startPoller } from './poller';

/** How often the server looks whether statements are due. */
const STATEMENT_POLL_MS = 10 * 60 * 1000;
/** Sends the mail server refused before a statement is left for staff. */
const MAX_ATTEMPTS = 5;

export interface StatementDeps {
  db: Db;
  mailer: Mailer;
  pdf: PdfRenderer;
  profile: BusinessProfile;
  now: () => Date;
  log?: { error(details: object, message: string): void };
}

/** The email of a statement: its subject and words. */
function statementMessage(account: Account, month: YearMonth, closingCents: number) {
  const monthText = formatWhen(`${month}-15`, 'monthLong');
  return {
    subject: `Statement for ${monthText}: ${account.legalName}`,
    message: [
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

/** The month's statement of every open account with a billing email and something to state. */
function dueClaims(db: Db, month: YearMonth): StatementClaim[] {
  return listAccounts(db).flatMap((account) => {
    if (!account.isActive || !account.billingEmail) return [];
    if (statementClaimed(db, account.id, month)) return [];
    const stated = statementOf(db, account.id, month);
    if (!hasStatement(stated)) return [];
    return [
      {
        accountId: account.id,
        month,
        recipientEmail: account.billingEmail,
        ...statementMessage(account, month, stated.closingCents),
      },
    ];
  });
}

/** Claims and sends what is due now; answers how many statements went out. */
export async function sendMonthlyStatements(deps: StatementDeps): Promise<number> {
  const now = deps.now().toISOString();
  const month = statementMonthDue(now);
  if (month) claimStatements(deps.db, dueClaims(deps.db, month), now);
  let sent = 0;
  for (const claim of statementsToSend(deps.db, MAX_ATTEMPTS)) {
    const account = getAccount(deps.db, claim.accountId);
    if (!account || !claim.month) continue;
    if (!startSending(deps.db, claim.id, now)) continue;
    const doc = statementDocument(
      statementOf(deps.db, account.id, claim.month),
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
    finishSending(deps.db, claim.id, outcome, deps.now().toISOString());
    if (outcome.ok) sent += 1;
    else deps.log?.error({ account: account.id, error: outcome.error }, 'statement email failed');
  }
  return sent;
}

/** Runs the statements on a timer (and once now) until stopped; runs never overlap. */
function createMonthlyStatements(
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
