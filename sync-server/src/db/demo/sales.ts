/**
 * The demo's quotes and invoices (demo/sales.json): quotes in every status, the automatic quote
 * of the completed job, and five months of invoiced work paid, part paid, unpaid or credited,
 * each through the shared rules. Quotes and invoices are stored oldest first, so their numbers
 * follow the order they were issued.
 */
import {
  EXAMPLE_ABN,
  applyPayment,
  autoQuoteForCompletedJob,
  buildQuote,
  documentRef,
  issueCreditNote,
  raiseInvoice,
  type Invoice,
  type Job,
  type Payment,
  type QuoteData,
  type QuoteStatus,
  type RecordInvoicePaymentInput,
} from '@pilbara/shared-schema';
import { getRow } from '../rows';
import { mintIntegerId, mintTextId } from '../id-series';
import { DAY, type DemoContext } from './context';
import salesData from './sales.json' with { type: 'json' };
import type { AccountWrites, TimedWrite } from './accounts';

type DemoItem = QuoteData['items'][number];

/** A past sale: its quote, when it was invoiced, and how it was paid or corrected. */
interface PastSale {
  name: string;
  service: string;
  from: string | null;
  to: string | null;
  discount: number;
  items: DemoItem[];
  daysAgo: number;
  payments: {
    share: 'all' | 'half';
    daysLater: number;
    method: RecordInvoicePaymentInput['method'];
  }[];
  credit?: { amount: number; reason: string; daysLater: number };
  /** The buyer is a mine site with an ABN: a checksum-valid example, never a real business's. */
  buyerHasAbn?: boolean;
}

/** A quote of the quotes list, in its status. */
interface DemoQuote {
  status: QuoteStatus;
  name: string;
  service: string;
  from: string;
  to: string;
  distance: number;
  discount: number;
  items: DemoItem[];
  days: number;
}

// The data file, read as the types above (its words are checked by demo-data.test.ts).
const PAST_SALES = salesData.pastSales as PastSale[];
const QUOTES = salesData.quotes as DemoQuote[];

/**
 * Seeds the quotes and invoices; `completedJobId` is the job whose automatic quote is a draft.
 * The accounts' quotes and invoices (`accounts`) are stored among them in time order.
 */
export function seedSales(
  ctx: DemoContext,
  completedJobId: string,
  accounts: Pick<AccountWrites, 'quotes' | 'invoices'>,
): void {
  const { db, now, at, put } = ctx;
  // Quotes in every status; the draft is the automatic quote of the completed job.
  // Quotes and invoices are stored oldest first too (their numbers follow issue order): each
  // is gathered with its time, then written in time order below.
  const quoteWrites: { at: string; write: () => void }[] = [];
  const sales: {
    at: number;
    quoteId: string;
    payments: PastSale['payments'];
    credit?: PastSale['credit'];
    buyerAbn?: string;
  }[] = [];
  const completedJob = getRow<Job>(db, 'jobs', completedJobId) as Job;
  const autoQuote = autoQuoteForCompletedJob(
    completedJob,
    completedJob.updatedAt,
    mintTextId(db, 'Q', now),
  );
  quoteWrites.push({
    at: autoQuote.createdAt,
    write: () => put(db, 'quotes', { ...autoQuote, customerEmail: 'jack@example.com' }),
  });
  const quotes = QUOTES;
  quotes.forEach((quote, n) => {
    const createdAt = at(-quote.days * DAY);
    const stored = buildQuote(
      {
        customerName: quote.name,
        customerPhone: `0445 678 90${n}`,
        customerEmail: `quotes${n}@example.com`,
        vehicleType: n === 0 ? 'Mining haul support vehicle' : 'Ute',
        service: quote.service,
        fromLocation: quote.from,
        toLocation: quote.to,
        distance: quote.distance,
        notes: null,
        discountPercent: quote.discount,
        validDays: 14,
        items: quote.items,
      },
      { id: mintTextId(db, 'Q', now), now: createdAt },
    );
    quoteWrites.push({
      at: createdAt,
      write: () => put(db, 'quotes', { ...stored, status: quote.status }),
    });
    // Beth accepted a day later (her invoice raised with it) and paid by transfer.
    if (quote.status === 'accepted')
      sales.push({
        at: -(quote.days - 1) * DAY,
        quoteId: stored.id,
        payments: [{ share: 'all', daysLater: 2, method: 'bank-transfer' }],
      });
  });

  // Five months of earlier work, invoiced on acceptance and paid (or not) since.
  for (const [index, sale] of PAST_SALES.entries()) {
    const createdAt = at(-sale.daysAgo * DAY);
    const quote = buildQuote(
      {
        customerName: sale.name,
        // Each customer their own number: who owes what is by customer.
        customerPhone: `0455 100 2${String(index).padStart(2, '0')}`,
        customerEmail: `${sale.name.split(' ')[0]!.toLowerCase()}@example.com`,
        vehicleType: null,
        service: sale.service,
        fromLocation: sale.from,
        toLocation: sale.to,
        distance: 0,
        notes: null,
        discountPercent: sale.discount,
        validDays: 14,
        items: sale.items,
      },
      { id: mintTextId(db, 'Q', now), now: createdAt },
    );
    quoteWrites.push({
      at: createdAt,
      write: () => put(db, 'quotes', { ...quote, status: 'accepted' }),
    });
    sales.push({
      at: -sale.daysAgo * DAY,
      quoteId: quote.id,
      payments: sale.payments,
      ...(sale.credit ? { credit: sale.credit } : {}),
      ...(sale.buyerHasAbn ? { buyerAbn: EXAMPLE_ABN } : {}),
    });
  }
  for (const quote of accounts.quotes) quoteWrites.push({ at: at(quote.at), write: quote.write });
  for (const quote of quoteWrites.sort((a, b) => a.at.localeCompare(b.at))) quote.write();
  const invoiceWrites: TimedWrite[] = [
    ...accounts.invoices,
    ...sales.map((sale) => ({
      at: sale.at,
      write: () => sell(sale.quoteId, sale.at, sale.payments, sale.credit, sale.buyerAbn),
    })),
  ];
  for (const invoice of invoiceWrites.sort((a, b) => a.at - b.at)) invoice.write();

  /** Raises a quote's invoice at `offsetMs` from now, then applies its payments and credit. */
  function sell(
    quoteId: string,
    offsetMs: number,
    payments: PastSale['payments'],
    credit?: PastSale['credit'],
    buyerAbn?: string,
  ): void {
    const quote = getRow<Parameters<typeof raiseInvoice>[0]>(db, 'quotes', quoteId)!;
    let invoice: Invoice = raiseInvoice(quote, {
      id: mintTextId(db, 'INV', now),
      now: at(offsetMs),
      buyerAbn: buyerAbn ?? null,
    });
    put(db, 'invoices', invoice);
    const paid: Payment[] = [];
    for (const payment of payments) {
      const when = at(offsetMs + payment.daysLater * DAY);
      const amount =
        payment.share === 'all'
          ? invoice.amount - invoice.amountPaid
          : Math.floor(invoice.amount / 2);
      const outcome = applyPayment(
        invoice,
        paid,
        {
          id: mintIntegerId(db, 'payments'),
          invoiceId: invoice.id,
          amount,
          method: payment.method,
          reference: payment.method === 'bank-transfer' ? `EFT ${documentRef(invoice)}` : null,
          paidAt: when,
          stripePaymentIntentId: null,
          recordedBy: null,
          createdAt: when,
        },
        when,
      );
      if (!outcome.ok) throw new Error(outcome.message);
      invoice = outcome.invoice;
      paid.push(put<Payment>(db, 'payments', outcome.payment));
    }
    if (credit) {
      const when = at(offsetMs + credit.daysLater * DAY);
      const outcome = issueCreditNote(
        invoice,
        { id: mintTextId(db, 'CN', now), amount: credit.amount, reason: credit.reason },
        when,
      );
      if (!outcome.ok) throw new Error(outcome.message);
      invoice = outcome.invoice;
      put(db, 'credit_notes', outcome.creditNote);
    }
    put(db, 'invoices', invoice);
  }
}
