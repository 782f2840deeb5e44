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
import { formatWhen } from '../rules/date-format';
import { documentRef } from '../rules/document-number';
import { isRefund } from './invoice';
import { balanceDue } from '../rules/settlement';

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
      label: formatWhen(start.format('YYYY-MM-DD'), 'month'),
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
    // A refund is money going back out: it comes off what the month received.
    if (row) row.receivedCents += isRefund(payment) ? -payment.amount : payment.amount;
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

/**
 * The columns of the aged receivables report: balances by days since the invoice was issued
 * (invoices are due on issue, so this is also days overdue).
 */
export const RECEIVABLE_AGES = [
  { key: 'current', label: 'Current', minDays: 0 },
  { key: 'days30', label: '30+ days', minDays: 30 },
  { key: 'days60', label: '60+ days', minDays: 60 },
  { key: 'days90', label: '90+ days', minDays: 90 },
] as const;
/** A column of {@link RECEIVABLE_AGES}. */
export type ReceivableAge = (typeof RECEIVABLE_AGES)[number]['key'];

/** What one customer owes, by age. */
export interface CustomerReceivable {
  /** The name (and phone, email) on their latest unpaid invoice. */
  customer: string;
  phone: string | null;
  email: string | null;
  /** Their unpaid invoices' numbers, oldest first. */
  invoices: string[];
  current: number;
  days30: number;
  days60: number;
  days90: number;
  totalCents: number;
}

/** The aged receivables report: per customer, and the totals of each column. */
export interface AgedReceivables {
  customers: CustomerReceivable[];
  totals: Record<ReceivableAge, number> & { totalCents: number };
}

/**
 * Who owes what, and for how long: each customer's unpaid balances in the columns current (under
 * 30 days since issue), 30+, 60+ and 90+ days, largest total first, with the totals. A customer is
 * known by their phone digits, else their email, else their name, so two spellings of one
 * customer with the same phone are one row. Invoices in credit (a refund owed) owe nothing here.
 */
export function agedReceivables(
  invoices: readonly Invoice[],
  now: string,
  refOf: (invoice: Invoice) => string = documentRef,
): AgedReceivables {
  const byCustomer = new Map<string, CustomerReceivable & { latest: string }>();
  const totals = { current: 0, days30: 0, days60: 0, days90: 0, totalCents: 0 };
  const owing = invoices
    .filter((invoice) => balanceDue(invoice) > 0)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const invoice of owing) {
    const owed = balanceDue(invoice);
    const age = Math.max(0, perthDaysBetween(invoice.createdAt, now));
    const column = [...RECEIVABLE_AGES].reverse().find((bucket) => age >= bucket.minDays);
    const key = column?.key ?? 'current';
    const digits = (invoice.customerPhone ?? '').replace(/\D/g, '');
    const who =
      digits.length >= 8
        ? `phone:${digits.slice(-9)}`
        : invoice.customerEmail
          ? `email:${invoice.customerEmail.trim().toLowerCase()}`
          : `name:${invoice.customerName.trim().toLowerCase()}`;
    const row = byCustomer.get(who) ?? {
      customer: invoice.customerName,
      phone: invoice.customerPhone,
      email: invoice.customerEmail,
      invoices: [],
      current: 0,
      days30: 0,
      days60: 0,
      days90: 0,
      totalCents: 0,
      latest: invoice.createdAt,
    };
    if (invoice.createdAt >= row.latest) {
      // Named and reached as on their latest invoice.
      row.customer = invoice.customerName;
      row.phone = invoice.customerPhone;
      row.email = invoice.customerEmail;
      row.latest = invoice.createdAt;
    }
    row.invoices.push(refOf(invoice));
    row[key] += owed;
    row.totalCents += owed;
    totals[key] += owed;
    totals.totalCents += owed;
    byCustomer.set(who, row);
  }
  const customers = [...byCustomer.values()]
    .map(({ latest: _latest, ...row }): CustomerReceivable => row)
    .sort((a, b) => b.totalCents - a.totalCents || a.customer.localeCompare(b.customer));
  return { customers, totals };
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
