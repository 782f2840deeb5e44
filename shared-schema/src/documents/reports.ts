/**
 * What the owners look at on the Quotes & Billing tab: revenue month by month, what is owed and
 * for how long, and which services bring the money in. Pure figures in cents; the screen draws
 * them as charts.
 */
import dayjs from 'dayjs';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { perthDate, perthDaysBetween } from '../rules/dates';
import { balanceDue } from './invoice';

/** One month of revenue: invoiced (less credit notes) and received, in cents. */
export interface MonthRevenue {
  /** `YYYY-MM` (Perth). */
  month: string;
  /** 'Nov 26'. */
  label: string;
  invoicedCents: number;
  receivedCents: number;
}

function monthOf(instant: string): string {
  return perthDate(instant).slice(0, 7);
}

/**
 * Revenue of the `months` months up to and including the month of `now` (Perth), oldest first:
 * tax invoices issued less credit notes issued, and payments received, each in its month.
 */
export function monthlyRevenue(
  invoices: readonly Invoice[],
  creditNotes: readonly CreditNote[],
  payments: readonly Payment[],
  now: string,
  months = 12,
): MonthRevenue[] {
  const last = dayjs(`${monthOf(now)}-01`);
  const rows: MonthRevenue[] = [];
  const index = new Map<string, MonthRevenue>();
  for (let back = months - 1; back >= 0; back -= 1) {
    const start = last.subtract(back, 'month');
    const row = {
      month: start.format('YYYY-MM'),
      label: start.format('MMM YY'),
      invoicedCents: 0,
      receivedCents: 0,
    };
    rows.push(row);
    index.set(row.month, row);
  }
  for (const invoice of invoices) {
    const row = index.get(monthOf(invoice.createdAt));
    if (row) row.invoicedCents += invoice.amount;
  }
  for (const note of creditNotes) {
    const row = index.get(monthOf(note.createdAt));
    if (row) row.invoicedCents -= note.amount;
  }
  for (const payment of payments) {
    const row = index.get(monthOf(payment.paidAt));
    if (row) row.receivedCents += payment.amount;
  }
  return rows;
}

/** The age buckets of unpaid invoices, by days since issue. */
export const AGE_BUCKETS = [
  { label: '0–30 days', maxDays: 30 },
  { label: '31–60 days', maxDays: 60 },
  { label: '61–90 days', maxDays: 90 },
  { label: 'Over 90 days', maxDays: Number.POSITIVE_INFINITY },
] as const;

/** What is owed in one age bucket. */
export interface AgeBucket {
  label: string;
  count: number;
  owedCents: number;
}

/** Balances still due, grouped by how many days ago (Perth dates) each invoice was issued. */
export function unpaidByAge(invoices: readonly Invoice[], now: string): AgeBucket[] {
  const buckets: AgeBucket[] = AGE_BUCKETS.map((bucket) => ({
    label: bucket.label,
    count: 0,
    owedCents: 0,
  }));
  for (const invoice of invoices) {
    const owed = balanceDue(invoice);
    if (owed <= 0) continue;
    const age = Math.max(0, perthDaysBetween(invoice.createdAt, now));
    const at = AGE_BUCKETS.findIndex((bucket) => age <= bucket.maxDays);
    const bucket = buckets[at];
    if (!bucket) continue;
    bucket.count += 1;
    bucket.owedCents += owed;
  }
  return buckets;
}

/** Revenue of one service. */
export interface ServiceRevenue {
  service: string;
  revenueCents: number;
  invoiceCount: number;
}

/** The name revenue of an invoice without a service is shown under. */
export const OTHER_SERVICE = 'Other';

/**
 * Revenue by the service invoiced (less what was credited on those invoices), largest first;
 * invoices credited in full count nothing.
 */
export function revenueByService(invoices: readonly Invoice[]): ServiceRevenue[] {
  const totals = new Map<string, ServiceRevenue>();
  for (const invoice of invoices) {
    const revenue = invoice.amount - invoice.amountCredited;
    if (revenue <= 0) continue;
    const service = invoice.service?.trim() || OTHER_SERVICE;
    const row = totals.get(service) ?? { service, revenueCents: 0, invoiceCount: 0 };
    row.revenueCents += revenue;
    row.invoiceCount += 1;
    totals.set(service, row);
  }
  return [...totals.values()].sort(
    (a, b) => b.revenueCents - a.revenueCents || a.service.localeCompare(b.service),
  );
}
