/**
 * Sends the texts the notifier claimed: each at most once, none lost.
 *
 * - Before each send the number is checked against the opt-out list again (a STOP may have come
 *   in since the claim) and against its category's budget (shared-schema `smsBudgetProblem`):
 *   texts of that category handed to the provider in the last hour to this number and in all;
 *   for a booking acknowledgement also those to bookings from the same address in the last day,
 *   and, for a number that never had a job, those to it in the last day. Each category counts
 *   apart, so a flood of bookings spends only the acknowledgements' budget and job texts go;
 *   staff alert texts have theirs (STAFF_SMS_PER_HOUR) and go first. A
 *   text over its budget is not sent: it is failed with the reason, which staff see in the job's
 *   history and may resend by hand; a category's whole budget running out is also shown on the
 *   admin panel (services/server-warnings.ts). Budgets count from the database, so a restart
 *   does not reset them.
 * - The row is marked `sending` before the provider is asked. A server that stops mid-send leaves
 *   it so; the next start fails it with that said ({@link failInterruptedTexts}) rather than
 *   sending it again, as the provider may have taken it.
 * - A provider that certainly did not take the text (429, 5xx, unreachable) is tried again after
 *   SMS_RETRY_DELAYS_MS (1, 5, 15, 60 minutes); after the last, or at once for a refusal
 *   (an invalid number, an unsubscribed recipient), the text is failed with the provider's reason.
 */
import {
  SMS_NOT_SENT,
  SMS_RETRY_DELAYS_MS,
  smsBudgetProblem,
  type SmsBudget,
  type SmsBudgetCounts,
  type SmsCategory,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import {
  bookingAcksFromAddressSince,
  dueTexts,
  failInterruptedTexts,
  isOptedOut,
  markTextFailed,
  markTextSent,
  numberHadJob,
  retryTextLater,
  startSending,
  textsAttemptedSince,
  type PendingText,
} from '../db/repositories/sms';
import { redactPhones, type SmsSender } from './sms';

/** The budget of each category (config.ts `sms.budgets`). */
export type SmsBudgets = Readonly<Record<SmsCategory, SmsBudget>>;

export interface SmsDeliveryDeps {
  db: Db;
  sender: SmsSender;
  budgets: SmsBudgets;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What the budget of `text`'s category counts, read from the database. */
function budgetCounts(db: Db, text: PendingText, budget: SmsBudget, now: Date): SmsBudgetCounts {
  const hour = textsAttemptedSince(
    db,
    text.recipientPhone,
    new Date(now.getTime() - HOUR_MS),
    text.category,
    text.id,
  );
  const counts: SmsBudgetCounts = {
    toNumberLastHour: hour.toNumber,
    inCategoryLastHour: hour.total,
  };
  const dayAgo = new Date(now.getTime() - DAY_MS);
  if (budget.perAddressPerDay !== undefined && text.sourceAddress) {
    counts.fromAddressLastDay = bookingAcksFromAddressSince(
      db,
      text.sourceAddress,
      dayAgo,
      text.id,
    );
  }
  if (budget.newNumberPerDay !== undefined) {
    counts.numberHadJob = numberHadJob(db, text.recipientPhone);
    if (!counts.numberHadJob) {
      counts.toNumberLastDay = textsAttemptedSince(
        db,
        text.recipientPhone,
        dayAgo,
        text.category,
        text.id,
      ).toNumber;
    }
  }
  return counts;
}

/** Fails texts a stopped server left mid-send (see the module comment). */
export function recoverInterruptedTexts(deps: Pick<SmsDeliveryDeps, 'db' | 'log'>): void {
  const count = failInterruptedTexts(deps.db, SMS_NOT_SENT.interrupted);
  if (count > 0) {
    deps.log?.warn?.({ count }, 'texts interrupted by a stop were marked failed, not resent');
  }
}

/** Sends every text that is due. */
export async function deliverTexts(deps: SmsDeliveryDeps): Promise<void> {
  const { db } = deps;
  for (const text of dueTexts(db, deps.now())) {
    if (isOptedOut(db, text.recipientPhone)) {
      markTextFailed(db, text.id, SMS_NOT_SENT.optedOut, deps.now());
      continue;
    }
    const budget = deps.budgets[text.category];
    const problem = smsBudgetProblem(
      text.category,
      budget,
      budgetCounts(db, text, budget, deps.now()),
    );
    if (problem) {
      markTextFailed(db, text.id, problem.reason, deps.now());
      if (problem.limit === 'total') {
        deps.log?.error(
          { notificationId: text.id, category: text.category, cap: budget.perHour },
          'hourly text budget of the category reached',
        );
      }
      continue;
    }
    if (!startSending(db, text.id, deps.now())) continue;
    const result = await deps.sender.send({ to: text.recipientPhone, body: text.message });
    if (result.ok) {
      markTextSent(db, text.id, result.id, deps.now());
      continue;
    }
    const attempt = text.attempts + 1;
    const delay = SMS_RETRY_DELAYS_MS[attempt - 1];
    if (result.retry && delay !== undefined) {
      retryTextLater(
        db,
        text.id,
        `Retrying (attempt ${attempt} failed): ${result.error}`,
        new Date(deps.now().getTime() + delay),
      );
    } else {
      markTextFailed(db, text.id, result.error, deps.now());
    }
    deps.log?.error(
      { notificationId: text.id, attempt, retry: result.retry, error: redactPhones(result.error) },
      'text message not sent',
    );
  }
}
