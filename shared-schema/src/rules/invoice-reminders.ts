/**
 * Chasing an unpaid invoice: when a payment reminder is due (docs/messages.md). The server claims
 * each reminder once by its day (sync-server/src/services/invoice-reminders.ts); this says which
 * day's reminder, if any, an invoice calls for at a given moment, so the rule is the same
 * wherever it is read.
 */
import { balanceDue, type Settlement } from './settlement';
import { perthDaysBetween } from './dates';

/** Days past the due date on which a reminder goes: each once. */
export const OVERDUE_REMINDER_DAYS = [7, 14, 30] as const;

/** A reminder's day: one of {@link OVERDUE_REMINDER_DAYS}. */
export type OverdueReminderDay = (typeof OVERDUE_REMINDER_DAYS)[number];

/**
 * Days after the last reminder's day during which it may still go. An invoice older than that
 * when reminders are first switched on (or after the server was off for weeks) is the owners' to
 * chase by phone: a text out of the blue about a months-old invoice helps nobody.
 */
export const OVERDUE_REMINDER_GRACE_DAYS = 7;

/** What the rule reads of an invoice. */
export type RemindableInvoice = Settlement & {
  status: string;
  /** When payment was due (a date or an instant); null: on issue. */
  dueDate: string | null;
  /** The issue instant. */
  createdAt: string;
};

/** Whole days the invoice is past its due date at `now` (Perth calendar days; 0 when not yet). */
function daysOverdue(
  invoice: Pick<RemindableInvoice, 'dueDate' | 'createdAt'>,
  now: string,
): number {
  return Math.max(0, perthDaysBetween(invoice.dueDate ?? invoice.createdAt, now));
}

/**
 * The reminder an invoice calls for at `now`: the latest reminder day it has reached, while a
 * balance is still owed on a pending invoice; null otherwise (paid, cancelled, credited in
 * full, not yet 7 days overdue, or past the last day's grace). Only the latest day counts, so a
 * server that was off across two reminder days sends one reminder, not two at once; the caller
 * claims each day once, so asking again sends nothing more.
 */
export function dueOverdueReminder(
  invoice: RemindableInvoice,
  now: string,
): { day: OverdueReminderDay; daysOverdue: number } | null {
  if (invoice.status !== 'pending' || balanceDue(invoice) <= 0) return null;
  const days = daysOverdue(invoice, now);
  const last = OVERDUE_REMINDER_DAYS[OVERDUE_REMINDER_DAYS.length - 1]!;
  if (days >= last + OVERDUE_REMINDER_GRACE_DAYS) return null;
  let reached: OverdueReminderDay | null = null;
  for (const day of OVERDUE_REMINDER_DAYS) if (days >= day) reached = day;
  return reached === null ? null : { day: reached, daysOverdue: days };
}

/** The subject and words of the reminder email (the text message is rules/sms.ts's). */
export function overdueReminderEmail(facts: {
  reference: string;
  amount: string;
  daysOverdue: number;
  business: string;
  phone: string;
}): { subject: string; news: string } {
  return {
    subject: `Payment reminder: invoice ${facts.reference} is ${facts.daysOverdue} days overdue`,
    news:
      `Our records show ${facts.amount} still owing on invoice ${facts.reference} from ` +
      `${facts.business}, now ${facts.daysOverdue} days past its due date. If you have paid ` +
      `already, thank you, and please ignore this email. Questions? Call us on ${facts.phone}.`,
  };
}
