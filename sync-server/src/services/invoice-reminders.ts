/**
 * Overdue invoices are chased (docs/messages.md): an email, and a text where the customer allows
 * it, on the 7th, 14th and 30th day past the due date (shared-schema `dueOverdueReminder`), each
 * with the amount still owing and the pay link.
 *
 * Nothing in the change log marks the day an invoice becomes overdue, so the notifier asks the
 * clock on every run (like the staff escalations). Each reminder is claimed under the key of its
 * invoice and day (`invoice:<id>:day:<n>`) in the same `notifications` table and unique index as
 * every other message, in one transaction: a second run, a replayed batch or a restart finds the
 * claim and sends nothing more. A paid invoice is no longer pending and is never asked about.
 */
import {
  OVERDUE_REMINDER_DAYS,
  OVERDUE_REMINDER_GRACE_DAYS,
  addDaysIso,
  balanceDue,
  dueOverdueReminder,
  formatCents,
  jobIdOfQuote,
  overdueReminderEmail,
  trackingUrl,
} from '@pilbara/shared-schema';
import { inTransaction, type Db } from '../db/connection';
import { mintIntegerId } from '../db/id-series';
import { claimComposedEmail } from '../db/repositories/notifications';
import {
  messageClaimed,
  pendingInvoicesDueBetween,
  wantsEmails,
  type UnpaidInvoice,
} from '../db/repositories/invoice-reminders';
import { jobTrackingToken, quoteJobLink } from '../db/repositories/sms';
import { composeEmail } from './customer-emails';
import { claimInvoiceReminderText, payUrl, type SmsClaimContext } from './sms-notices';

/** Why a reminder email to a customer who turned emails off is recorded as not sent. */
const EMAILS_OFF = 'Not sent: the customer turned emails off (notification preferences)';

/**
 * Where the reminder sends the customer to pay: the quote's pay link (it takes the balance of
 * the quote's invoice); without a quote, the job's tracking link; else the portal's search.
 */
function payLink(ctx: SmsClaimContext, invoice: UnpaidInvoice): string {
  if (invoice.quoteId) return payUrl(ctx, invoice.quoteId);
  const job = invoice.jobId ? jobTrackingToken(ctx.db, invoice.jobId) : undefined;
  if (job?.trackingToken) return trackingUrl(ctx.publicUrl, job.trackingToken);
  const reference = invoice.number ?? invoice.id;
  return `${ctx.publicUrl.replace(/\/+$/, '')}/customer-portal?search=${encodeURIComponent(reference)}`;
}

/** The job an invoice is about: its own, or its quote's. */
function jobOf(db: Db, invoice: UnpaidInvoice): string | null {
  if (invoice.jobId) return invoice.jobId;
  const quote = invoice.quoteId ? quoteJobLink(db, invoice.quoteId) : undefined;
  return quote ? jobIdOfQuote(quote) : null;
}

/**
 * Claims every reminder due by the clock (see the module comment). `ctx.now` is the claim's
 * time; the texts go by the customers' path (services/sms-delivery.ts: caps, retries, STOP), the
 * emails with the other composed emails.
 */
export function claimInvoiceReminders(ctx: SmsClaimContext): void {
  // Read first, outside a transaction: on almost every run nothing is due, and the notifier
  // runs every few seconds, so it must not take the write lock for nothing.
  const last = OVERDUE_REMINDER_DAYS[OVERDUE_REMINDER_DAYS.length - 1]!;
  const window = pendingInvoicesDueBetween(
    ctx.db,
    addDaysIso(ctx.now, -(last + OVERDUE_REMINDER_GRACE_DAYS + 1)),
    addDaysIso(ctx.now, -(OVERDUE_REMINDER_DAYS[0] - 1)),
  );
  const dueNow = window.flatMap((invoice) => {
    const reminder = dueOverdueReminder(invoice, ctx.now);
    if (!reminder) return [];
    const onceKey = `invoice:${invoice.id}:day:${reminder.day}`;
    return messageClaimed(ctx.db, onceKey) ? [] : [{ invoice, reminder, onceKey }];
  });
  if (dueNow.length === 0) return;
  inTransaction(ctx.db, () => {
    for (const { invoice, reminder, onceKey } of dueNow) {
      // Checked again in the transaction, so a reminder is composed once; the index is the
      // real guard.
      if (messageClaimed(ctx.db, onceKey)) continue;
      const reference = invoice.number ?? invoice.id;
      const amount = formatCents(balanceDue(invoice));
      const link = payLink(ctx, invoice);
      const jobId = jobOf(ctx.db, invoice);
      const email = invoice.customerEmail?.trim() || null;
      if (email) {
        const words = overdueReminderEmail({
          reference,
          amount,
          daysOverdue: reminder.daysOverdue,
          business: ctx.business,
          phone: ctx.phone,
        });
        claimComposedEmail(
          ctx.db,
          {
            event: 'invoice_overdue',
            onceKey,
            to: email,
            jobId,
            quoteId: invoice.quoteId,
            subject: words.subject,
            ...composeEmail({
              name: invoice.customerName,
              news: words.news,
              lead: 'Pay online',
              link,
              label: `Pay invoice ${reference}`,
            }),
            ...(wantsEmails(ctx.db, email) ? {} : { notSent: EMAILS_OFF }),
          },
          mintIntegerId(ctx.db, 'notifications'),
          ctx.now,
        );
      }
      claimInvoiceReminderText(ctx, {
        onceKey,
        phone: invoice.customerPhone,
        email,
        jobId,
        quoteId: invoice.quoteId,
        reference,
        link,
        amount,
        daysOverdue: reminder.daysOverdue,
      });
    }
  });
}
