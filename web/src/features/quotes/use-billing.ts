/**
 * The billing data hooks: invoices, payments, credit notes and completed jobs, read from Dexie
 * with live queries (confirmed rows with this device's pending mutations replayed over them), so
 * the Quotes & Billing tab works offline and a payment recorded here shows at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  bookingSchema,
  creditNoteSchema,
  documentRef,
  invoiceSchema,
  jobIdOfQuote,
  jobSchema,
  jobUpdateSchema,
  liveInvoices,
  paymentSchema,
  type Booking,
  type CreditNote,
  type Invoice,
  type Job,
  type JobUpdate,
  type NumberedRow,
  type Payment,
  type Quote,
} from '@pilbara/shared-schema';
import type { z } from 'zod';
import { db } from '../../sync';

const INVOICE_KEY_PREFIX = 'invoices:';

function parseAll<S extends z.ZodType>(schema: S, rows: readonly unknown[]): z.output<S>[] {
  const parsed: z.output<S>[] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

/** Everything the billing screens read, in one live query. */
export interface BillingRows {
  invoices: Invoice[];
  payments: Payment[];
  creditNotes: CreditNote[];
}

/** Invoices (newest first), payments and credit notes; undefined while the first read runs. */
export function useBillingRows(): BillingRows | undefined {
  return useLiveQuery(async () => {
    const [invoices, payments, creditNotes] = await Promise.all([
      db.invoices.toArray(),
      db.payments.toArray(),
      db.credit_notes.toArray(),
    ]);
    return {
      invoices: parseAll(invoiceSchema, invoices).sort(
        (a, b) =>
          b.createdAt.localeCompare(a.createdAt) ||
          b.id.localeCompare(a.id, 'en', { numeric: true }),
      ),
      payments: parseAll(paymentSchema, payments),
      creditNotes: parseAll(creditNoteSchema, creditNotes),
    };
  }, []);
}

/** Ids of invoices written by mutations still waiting in this device's outbox. */
export function usePendingInvoiceIds(): ReadonlySet<string> {
  return (
    useLiveQuery(async () => {
      const ids = new Set<string>();
      await db.outbox.each((item) => {
        for (const key of item.writes) {
          if (!key.startsWith(INVOICE_KEY_PREFIX)) continue;
          try {
            const id: unknown = JSON.parse(key.slice(INVOICE_KEY_PREFIX.length));
            if (typeof id === 'string') ids.add(id);
          } catch {
            // A key this screen does not understand names no invoice.
          }
        }
      });
      return ids;
    }, []) ?? new Set<string>()
  );
}

/** Each quote's standing invoice (not credited in full), by quote id. */
export function invoicesByQuote(invoices: readonly Invoice[]): ReadonlyMap<string, Invoice> {
  const byQuote = new Map<string, Invoice[]>();
  for (const invoice of invoices) {
    if (!invoice.quoteId) continue;
    byQuote.set(invoice.quoteId, [...(byQuote.get(invoice.quoteId) ?? []), invoice]);
  }
  const standing = new Map<string, Invoice>();
  for (const [quoteId, list] of byQuote) {
    const live = liveInvoices(list)[0];
    if (live) standing.set(quoteId, live);
  }
  return standing;
}

/** A completed job with nothing invoiced for it yet, and the quote to invoice it from. */
export interface JobToInvoice {
  job: Job;
  quote: Quote;
}

/**
 * Completed jobs that have no standing invoice, newest first, each with the quote to invoice it
 * from: its automatic quote (which names the job in its notes), unless that was turned down.
 * Completing a job always writes that quote, so every completed job has one.
 */
export function useJobsToInvoice(quotes: readonly Quote[] | undefined): JobToInvoice[] {
  return (
    useLiveQuery(async () => {
      const jobs = parseAll(jobSchema, await db.jobs.where('status').equals('Completed').toArray());
      const invoices = parseAll(invoiceSchema, await db.invoices.toArray());
      const invoicedJobs = new Set(
        liveInvoices(invoices).flatMap((invoice) => (invoice.jobId ? [invoice.jobId] : [])),
      );
      const standing = invoicesByQuote(invoices);
      return jobs
        .filter((job) => !invoicedJobs.has(job.id))
        .map((job): JobToInvoice[] => {
          const quote =
            (quotes ?? []).find(
              (candidate) =>
                jobIdOfQuote(candidate) === job.id &&
                candidate.status !== 'rejected' &&
                candidate.status !== 'expired',
            ) ?? null;
          return quote ? [{ job, quote }] : [];
        })
        .flat()
        .filter(({ quote }) => !standing.has(quote.id))
        .sort((a, b) => b.job.updatedAt.localeCompare(a.job.updatedAt));
    }, [quotes]) ?? []
  );
}

/**
 * What people call the jobs and quotes invoices refer to, by key: their numbers, or
 * the key itself while a row waits for its number.
 */
export function useDocumentRefs(): ReadonlyMap<string, string> {
  return (
    useLiveQuery(async () => {
      const refs = new Map<string, string>();
      const [jobs, quotes] = await Promise.all([db.jobs.toArray(), db.quotes.toArray()]);
      for (const row of [...jobs, ...quotes])
        refs.set(String(row.id), documentRef(row as NumberedRow));
      return refs;
    }, []) ?? new Map<string, string>()
  );
}

/** What the operations reports read: jobs, their history, and the bookings. */
export interface OperationsRows {
  jobs: Job[];
  updates: JobUpdate[];
  bookings: Booking[];
}

/** Jobs, job history and bookings from this device, for the reports; undefined while loading. */
export function useOperationsRows(): OperationsRows | undefined {
  return useLiveQuery(async () => {
    const [jobs, updates, bookings] = await Promise.all([
      db.jobs.toArray(),
      db.job_updates.toArray(),
      db.bookings.toArray(),
    ]);
    return {
      jobs: parseAll(jobSchema, jobs),
      updates: parseAll(jobUpdateSchema, updates),
      bookings: parseAll(bookingSchema, bookings),
    };
  }, []);
}
