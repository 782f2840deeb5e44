/**
 * What the overdue invoice reminders read (services/invoice-reminders.ts): the invoices still
 * pending, whether a reminder is already claimed, and whether a customer takes emails at all.
 */
import type { RemindableInvoice } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { statement } from '../statements';

/** A pending invoice, with what its reminder says and where it goes. */
export interface UnpaidInvoice extends RemindableInvoice {
  id: string;
  number: string | null;
  jobId: string | null;
  quoteId: string | null;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  amountRefunded: number;
}

/**
 * The invoices still pending that fell due between `from` and `to` (ISO instants; a date-only
 * due date compares as that day's start), oldest first: a coarse window around the reminder
 * days, so a run reads a few rows rather than every unpaid invoice. The rule decides exactly.
 */
export function pendingInvoicesDueBetween(db: Db, from: string, to: string): UnpaidInvoice[] {
  return statement(
    db,
    `SELECT id, number, jobId, quoteId, customerName, customerEmail, customerPhone, amount,
            amountPaid, amountCredited, amountRefunded, status, dueDate, createdAt
       FROM invoices
      WHERE status = 'pending' AND COALESCE(dueDate, createdAt) BETWEEN ? AND ?
      ORDER BY createdAt, id`,
  ).all(from, to) as UnpaidInvoice[];
}

/** Whether any message (email or text) is recorded under this once-only key. */
export function messageClaimed(db: Db, onceKey: string): boolean {
  return (
    statement(db, 'SELECT 1 FROM notifications WHERE onceKey = ? LIMIT 1').get(onceKey) !==
    undefined
  );
}

/**
 * Whether the customer with this email takes emails (no preferences row: yes). A payment
 * reminder is not news about a job, so only `emailEnabled` counts, not `jobUpdates`.
 */
export function wantsEmails(db: Db, email: string): boolean {
  const prefs = statement(
    db,
    'SELECT emailEnabled FROM notification_preferences WHERE customerEmail = ? COLLATE NOCASE LIMIT 1',
  ).get(email) as { emailEnabled: number } | undefined;
  return !prefs || Boolean(prefs.emailEnabled);
}
