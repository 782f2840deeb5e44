/**
 * The demo's accounts (demo/accounts.json): a mine site that needs a PO on every job, a fleet on
 * a blanket PO and end-of-month terms, and a roadside club with its own price; each with
 * completed jobs, their quotes priced from the price list and their invoices (paid or not), so
 * the month before this one has a statement for each. The mine's newest job still waits for its
 * PO, and the club's oldest invoice is over 30 days overdue (a credit hold).
 *
 * The accounts and the club's price list are written at once. The jobs, quotes and invoices are
 * handed back as writes with their times, so the demo loader stores them among its own in time
 * order and the document numbers follow issue order.
 */
import {
  applyPayment,
  autoQuoteForCompletedJob,
  buildQuote,
  documentRef,
  perthDate,
  priceTable,
  raiseInvoice,
  siteLabel,
  siteOf,
  type Account,
  type Invoice,
  type Job,
  type Payment,
  type PriceItem,
  type PriceList,
  type Quote,
} from '@pilbara/shared-schema';
import { findRows } from '../rows';
import { mintIntegerId, mintTextId } from '../id-series';
import { findUserByUsername } from '../repositories/users';
import { DAY, HOUR, type DemoContext } from './context';
import accountsData from './accounts.json' with { type: 'json' };

interface DemoAccountJob {
  service: string;
  daysAgo: number;
  po: string | null;
  /** Price-list keys and quantities. */
  items: [string, number][];
  paid?: { daysLater: number };
}

interface DemoInduction {
  kind: 'driver' | 'vehicle';
  /** The driver's or truck's place in the demo's list. */
  driver?: number;
  vehicle?: number;
  daysLeft: number;
}

interface DemoAccount {
  key: string;
  name: string;
  type: Account['type'];
  legalName: string;
  billingEmail: string;
  terms: Account['terms'];
  creditLimitCents: number;
  poRule:
    | { kind: 'none' }
    | { kind: 'per-job' }
    | { kind: 'blanket'; number: string; daysLeft: number; capCents: number };
  notes: string | null;
  contacts: Omit<Account['contacts'][number], 'id'>[];
  sites: (Omit<Account['sites'][number], 'id' | 'inductions'> & {
    inductions: DemoInduction[];
  })[];
  ownPrices?: PriceItem[];
  jobs: DemoAccountJob[];
}

// The data file, read as the types above (its words are checked by demo-data.test.ts).
const ACCOUNTS = accountsData.accounts as DemoAccount[];

/** A write the demo loader makes in time order: when it happened (ms from now), and the write. */
export interface TimedWrite {
  at: number;
  write(): void;
}

/** The accounts' jobs, quotes and invoices to store among the demo's own. */
export interface AccountWrites {
  jobs: TimedWrite[];
  quotes: TimedWrite[];
  invoices: TimedWrite[];
}

/** ABNs that pass the ATO's check and belong to no business a customer could mistake. */
const DEMO_ABNS = ['51 824 753 556', '53 004 085 616', '33 051 775 556'];

/** Writes the demo accounts and plans their jobs, quotes and invoices. */
export function seedAccounts(ctx: DemoContext): AccountWrites {
  const { db, now, at, put } = ctx;
  const writes: AccountWrites = { jobs: [], quotes: [], invoices: [] };
  const drivers = ctx.drivers.map((name) => {
    const username = (name.split(' ')[0] ?? name).toLowerCase().replace(/[^a-z0-9._-]/g, '');
    return findUserByUsername(db, username || 'driver', 'staff')?.id ?? null;
  });
  const vehicles = findRows<{ id: number }>(db, 'vehicles').map((vehicle) => vehicle.id);
  const lists: PriceList[] = findRows<PriceList>(db, 'price_lists');

  ACCOUNTS.forEach((data, index) => {
    const created = at(-120 * DAY);
    const poRule: Account['poRule'] =
      data.poRule.kind === 'blanket'
        ? {
            kind: 'blanket',
            number: data.poRule.number,
            expiresOn: perthDate(at(data.poRule.daysLeft * DAY)),
            capCents: data.poRule.capCents,
          }
        : data.poRule;
    const account: Account = {
      id: mintIntegerId(db, 'accounts'),
      name: data.name,
      type: data.type,
      legalName: data.legalName,
      abn: DEMO_ABNS[index % DEMO_ABNS.length] ?? null,
      billingEmail: data.billingEmail,
      contacts: data.contacts.map((contact, n) => ({ ...contact, id: `c${n + 1}` })),
      sites: data.sites.map((site, n) => ({
        ...site,
        id: `s${n + 1}`,
        inductions: site.inductions.flatMap((entry, m) => {
          const userId = entry.kind === 'driver' ? (drivers[entry.driver ?? 0] ?? null) : null;
          const vehicleId =
            entry.kind === 'vehicle' ? (vehicles[entry.vehicle ?? 0] ?? null) : null;
          if (userId === null && vehicleId === null) return [];
          return [
            {
              id: `i${m + 1}`,
              kind: entry.kind,
              userId,
              vehicleId,
              expiresOn: perthDate(at(entry.daysLeft * DAY)),
            },
          ];
        }),
      })),
      terms: data.terms,
      creditLimitCents: data.creditLimitCents,
      poRule,
      notes: data.notes,
      isActive: true,
      createdAt: created,
      updatedAt: created,
    };
    put(db, 'accounts', account);
    if (data.ownPrices) {
      const list: PriceList = {
        id: mintIntegerId(db, 'price_lists'),
        name: `${data.name} rates`,
        accountId: account.id,
        versions: [
          {
            effectiveFrom: perthDate(created),
            items: data.ownPrices,
            savedAt: created,
            savedBy: ctx.drivers[0],
          },
        ],
        createdAt: created,
        updatedAt: created,
      };
      put(db, 'price_lists', list);
      lists.push(list);
    }
    for (const job of data.jobs) planJob(account, job, data.key);
  });
  return writes;

  /** The job, its automatic quote priced from the list, and its invoice once it has a PO. */
  function planJob(account: Account, data: DemoAccountJob, key: string): void {
    const site = account.sites[0];
    const start = -data.daysAgo * DAY;
    const done = start + 3 * HOUR;
    const contact = account.contacts[0];
    let job: Job | undefined;
    let quote: Quote | undefined;
    writes.jobs.push({
      at: start,
      write: () => {
        job = {
          id: mintTextId(db, 'JOB', now),
          customerName: contact?.name ?? account.name,
          phone: contact?.phone ?? '0891 000 000',
          email: contact?.email ?? null,
          status: 'Completed',
          service: data.service,
          location: site ? siteLabel(site) : 'Karratha',
          estimatedArrival: null,
          progress: 100,
          assignedTo: ctx.drivers[key === 'fleet' ? 1 : 0],
          notes: null,
          trackingToken: null,
          accountId: account.id,
          siteId: site?.id ?? null,
          poNumber: data.po ?? (account.poRule.kind === 'blanket' ? account.poRule.number : null),
          createdAt: at(start),
          updatedAt: at(done),
        };
        put(db, 'jobs', job);
        const steps: [Job['status'], number, string][] = [
          ['Assigned', start, `Job created: ${data.service}`],
          ['En Route', start + 15 * 60 * 1000, 'Driver en route'],
          ['In Progress', start + HOUR, 'Service started'],
          ['Completed', done, 'Job completed'],
        ];
        for (const [status, when, message] of steps)
          put(db, 'job_updates', {
            id: mintIntegerId(db, 'job_updates'),
            jobId: job.id,
            message,
            status,
            createdAt: at(when),
          });
      },
    });
    writes.quotes.push({
      at: done,
      write: () => {
        if (!job) return;
        const prices = priceTable(lists, account.id, perthDate(at(done)));
        const auto = autoQuoteForCompletedJob(job, at(done), mintTextId(db, 'Q', now), prices);
        const priced = buildQuote(
          {
            customerName: account.legalName,
            customerPhone: job.phone,
            customerEmail: account.billingEmail,
            vehicleType: null,
            service: data.service,
            fromLocation: null,
            toLocation: null,
            distance: 0,
            notes: auto.notes,
            discountPercent: 0,
            validDays: 30,
            accountId: account.id,
            siteId: job.siteId ?? null,
            poNumber: job.poNumber ?? null,
            items: data.items.map(([priceKey, quantity]) => ({
              description: prices.prices.get(priceKey)?.item.label ?? priceKey,
              quantity,
              priceKey,
              category: prices.prices.get(priceKey)?.item.category ?? 'misc',
            })),
          },
          { id: auto.id, now: at(done), prices },
        );
        quote = {
          ...priced,
          jobId: job.id,
          status: job.poNumber || account.poRule.kind !== 'per-job' ? 'accepted' : 'draft',
        };
        put(db, 'quotes', quote);
      },
    });
    writes.invoices.push({
      at: done + HOUR,
      write: () => {
        if (!job || !quote || quote.status !== 'accepted') return;
        const issued = at(done + HOUR);
        let invoice: Invoice = raiseInvoice(quote, {
          id: mintTextId(db, 'INV', now),
          now: issued,
          jobId: job.id,
          account,
          siteName: siteOf(account, job.siteId)
            ? siteLabel(siteOf(account, job.siteId) as Account['sites'][number])
            : null,
          poNumber: job.poNumber ?? null,
        });
        // Stored first: the payment's reference names the number the invoice is given.
        invoice = put<Invoice>(db, 'invoices', invoice);
        if (data.paid) {
          const when = at(done + data.paid.daysLater * DAY);
          const outcome = applyPayment(
            invoice,
            [],
            {
              id: mintIntegerId(db, 'payments'),
              invoiceId: invoice.id,
              amount: invoice.amount,
              method: 'bank-transfer',
              reference: `EFT ${documentRef(invoice)}`,
              paidAt: when,
              stripePaymentIntentId: null,
              recordedBy: null,
              createdAt: when,
            },
            when,
          );
          if (!outcome.ok) throw new Error(outcome.message);
          put<Payment>(db, 'payments', outcome.payment);
          put(db, 'invoices', outcome.invoice);
        }
      },
    });
  }
}
