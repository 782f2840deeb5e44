import { describe, expect, it } from 'vitest';
import type { Account } from '../../entities/account';
import type { Row } from '../mutator';
import { NOW, aBooking, aJob, aQuote, anAccount, ok, rejected, row, tables } from './test-fixtures';

const account = anAccount();
const accountRow = account as unknown as Row;

/** The account as the form sends it (what `account.save` takes). */
function formOf(stored: Account) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = stored;
  return fields;
}

describe('account.save', () => {
  it('makes an account offline with its terms, PO rule and sites, minting inner ids', () => {
    const result = ok(tables({}), 'account.save', {
      id: 5,
      name: 'Pilbara Haulage',
      type: 'fleet',
      legalName: 'Pilbara Haulage Pty Ltd',
      abn: '51 824 753 556',
      terms: { kind: 'eom', days: 30 },
      poRule: { kind: 'per-job' },
      contacts: [{ name: 'Lee Tran', email: 'lee@haulage.example' }],
      sites: [{ name: 'Depot', location: 'Karratha Industrial Estate' }],
    });
    expect(row(result.tables, 'accounts', 5)).toMatchObject({
      name: 'Pilbara Haulage',
      terms: { kind: 'eom', days: 30 },
      creditLimitCents: 0,
      isActive: true,
      contacts: [{ id: 'c1', name: 'Lee Tran', role: null }],
      sites: [{ id: 's1', name: 'Depot', inductions: [] }],
      createdAt: NOW,
    });
  });

  it('refuses an ABN that fails the check, naming the field', () => {
    expect(
      rejected(tables({}), 'account.save', {
        id: 5,
        name: 'X',
        type: 'fleet',
        legalName: 'X Pty Ltd',
        abn: '12 345 678 901',
      }),
    ).toMatchObject({
      code: 'invalid_args',
      fields: { abn: 'This ABN is not valid: check the 11 digits' },
    });
  });

  it("merges two owners' edits of different parts", () => {
    const base = { ...accountRow };
    const theirs = { ...account, creditLimitCents: 2_000_000 };
    const mine = {
      ...formOf(account),
      terms: { kind: 'days' as const, days: 20 },
      sites: [
        ...account.sites,
        { id: 'x9', name: 'Parker Point', location: 'Dampier', inductions: [] },
      ],
      base,
    };
    const result = ok(tables({ accounts: [theirs as unknown as Row] }), 'account.save', mine);
    expect(row(result.tables, 'accounts', 1)).toMatchObject({
      creditLimitCents: 2_000_000,
      terms: { days: 20 },
      sites: [{ id: 's1' }, { id: 'x9', name: 'Parker Point' }],
    });
  });

  it('refuses an edit that collides with another owner’s, naming what collided', () => {
    const theirs = { ...account, terms: { kind: 'days', days: 30 } };
    const refusal = rejected(tables({ accounts: [theirs as unknown as Row] }), 'account.save', {
      ...formOf(account),
      terms: { kind: 'days', days: 20 },
      base: accountRow,
    });
    expect(refusal).toMatchObject({ code: 'conflict' });
    expect(refusal.message).toContain('terms');
  });
});

describe('priceList.save', () => {
  const items = [
    {
      key: 'towing.emergency',
      label: 'Emergency Towing',
      unit: 'each',
      amount: 19500,
      category: 'service',
    },
    { key: 'storage.daily', label: 'Storage per day', unit: 'day', amount: 2500, category: 'misc' },
  ];

  it('keeps every version, and replaces one of the same day', () => {
    const first = ok(tables({}), 'priceList.save', { id: 1, effectiveFrom: '2026-12-01', items });
    const second = ok(first.tables, 'priceList.save', {
      id: 1,
      effectiveFrom: '2027-01-01',
      items: [{ ...items[0], amount: 20000 }],
    });
    const third = ok(second.tables, 'priceList.save', {
      id: 1,
      effectiveFrom: '2026-12-01',
      items: [{ ...items[0], amount: 19000 }],
    });
    const stored = row(third.tables, 'price_lists', 1);
    expect(stored).toMatchObject({ accountId: null, name: 'Default prices' });
    expect(
      (stored?.versions as { effectiveFrom: string; items: { amount: number }[] }[]).map(
        (version) => [version.effectiveFrom, version.items[0]?.amount],
      ),
    ).toEqual([
      ['2026-12-01', 19000],
      ['2027-01-01', 20000],
    ]);
  });

  it('never changes a day already past', () => {
    expect(
      rejected(tables({}), 'priceList.save', { id: 1, effectiveFrom: '2026-11-20', items }),
    ).toMatchObject({ code: 'invalid_args', field: 'effectiveFrom' });
  });

  it('gives an account one list of its own', () => {
    const own = ok(tables({ accounts: [accountRow] }), 'priceList.save', {
      id: 2,
      accountId: 1,
      effectiveFrom: '2026-11-21',
      items,
    });
    expect(row(own.tables, 'price_lists', 2)).toMatchObject({ accountId: 1 });
    expect(
      rejected(own.tables, 'priceList.save', {
        id: 3,
        accountId: 1,
        effectiveFrom: '2026-11-21',
        items,
      }),
    ).toMatchObject({ code: 'conflict', related: { entity: 'price_lists', id: 2 } });
  });
});

describe('work on account', () => {
  it('opens a job for the account at its site, with the blanket PO when none is given', () => {
    const blanket = {
      ...account,
      poRule: { kind: 'blanket', number: 'BPO-1', expiresOn: '2027-06-30', capCents: 500_000 },
    };
    const result = ok(tables({ accounts: [blanket as unknown as Row] }), 'job.create', {
      id: 'JOB-2026-P9',
      updateId: 3,
      customerName: 'Priya Nair',
      phone: '0891 000 111',
      service: '4x4 Recovery',
      location: 'Cape Lambert gate 2',
      accountId: 1,
      siteId: 's1',
      creditDecision: {
        hold: 'Owes $12,000.00, over its $10,000.00 limit',
        reason: 'Standing order',
      },
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-P9')).toMatchObject({
      accountId: 1,
      siteId: 's1',
      poNumber: 'BPO-1',
      creditHoldNote:
        'Credit hold (Owes $12,000.00, over its $10,000.00 limit): Staff went ahead: Standing order',
    });
  });

  it('refuses a site that is not the account’s', () => {
    expect(
      rejected(tables({ accounts: [accountRow] }), 'job.create', {
        id: 'JOB-2026-P9',
        updateId: 3,
        customerName: 'Priya',
        phone: '0891 000 111',
        service: '4x4 Recovery',
        location: 'Gate',
        accountId: 1,
        siteId: 's7',
      }),
    ).toMatchObject({ code: 'invalid_args', field: 'siteId' });
  });

  it('carries a booking’s account, site and PO onto its job, with the credit decision', () => {
    const booking = aBooking({ accountId: 1, siteId: 's1', poNumber: '4500012345' });
    const result = ok(tables({ bookings: [booking as unknown as Row] }), 'booking.approve', {
      bookingId: booking.id,
      jobId: 'JOB-2026-P4',
      updateId: 8,
      creditDecision: { hold: 'INV-2026-1 is 41 days overdue ($500.00 owing)', reason: null },
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-P4')).toMatchObject({
      accountId: 1,
      siteId: 's1',
      poNumber: '4500012345',
      creditHoldNote:
        'Credit hold (INV-2026-1 is 41 days overdue ($500.00 owing)): Staff went ahead',
    });
    expect(row(result.tables, 'job_updates', 8)?.message).toContain('Credit hold');
  });

  it('records a PO entered later in the job’s history', () => {
    const result = ok(tables({ jobs: [aJob() as unknown as Row] }), 'job.setPo', {
      id: 'JOB-2026-1',
      poNumber: ' 4500012345 ',
      updateId: 4,
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({ poNumber: '4500012345' });
    expect(row(result.tables, 'job_updates', 4)?.message).toBe('PO number 4500012345 entered');
  });
});

describe('invoicing work on account', () => {
  const completed = aJob({
    status: 'Completed',
    progress: 100,
    accountId: 1,
    siteId: 's1',
    poNumber: null,
  });
  const quote = aQuote({ id: 'Q-2026-2', jobId: completed.id, accountId: 1, siteId: 's1' });
  const state = tables({
    accounts: [accountRow],
    jobs: [completed as unknown as Row],
    quotes: [quote as unknown as Row],
  });
  const args = { id: 'INV-2026-P1', quoteId: quote.id, jobId: completed.id, accountId: 1 };

  it('waits for the PO of an account that needs one on every job', () => {
    expect(rejected(state, 'invoice.raise', args)).toMatchObject({
      code: 'invalid_state',
      field: 'poNumber',
    });
  });

  it('bills the account once the PO is entered: its PO, site, ABN and due date', () => {
    const withPo = ok(state, 'job.setPo', {
      id: completed.id,
      poNumber: '4500012345',
      updateId: 4,
    });
    const result = ok(withPo.tables, 'invoice.raise', args);
    expect(row(result.tables, 'invoices', 'INV-2026-P1')).toMatchObject({
      accountId: 1,
      customerName: 'Cape Lambert Iron Pty Ltd',
      buyerAbn: '51 824 753 556',
      poNumber: '4500012345',
      siteName: 'Cape Lambert gate 2, Cape Lambert Rd, Wickham',
      // NOW is 21 Nov 18:00 in Perth; 14-day terms.
      dueDate: '2026-12-05',
    });
  });

  it('refuses an account that is not the quote’s', () => {
    expect(rejected(state, 'invoice.raise', { ...args, accountId: null })).toMatchObject({
      code: 'conflict',
      field: 'accountId',
    });
  });
});

describe('quotes priced from the price list', () => {
  const lists = [
    {
      id: 1,
      name: 'Default prices',
      accountId: null,
      versions: [
        {
          effectiveFrom: '2026-11-01',
          items: [
            {
              key: 'towing.emergency',
              label: 'Emergency Towing',
              unit: 'each',
              amount: 19500,
              category: 'service',
              note: null,
            },
            {
              key: 'location.tom-price',
              label: 'Tom Price',
              unit: 'multiplier',
              amount: 15000,
              category: null,
              note: null,
            },
          ],
          savedAt: '2026-10-30T00:00:00.000Z',
          savedBy: 'Owner',
        },
      ],
      createdAt: '2026-10-30T00:00:00.000Z',
      updatedAt: '2026-10-30T00:00:00.000Z',
    },
  ];
  const body = {
    id: 'Q-2026-P3',
    customerName: 'Dana',
    customerPhone: '0412345678',
    toLocation: 'Tom Price',
    items: [{ description: 'Emergency Towing', quantity: 1, priceKey: 'towing.emergency' }],
  };

  it('takes the list’s price and multiplier in force, and keeps them on the quote', () => {
    const result = ok(tables({ price_lists: lists }), 'quote.save', body);
    const stored = row(result.tables, 'quotes', 'Q-2026-P3');
    expect(stored).toMatchObject({
      itemsSubtotal: 19500,
      multiplierBasisPoints: 15000,
      multiplierLocation: 'Tom Price',
      basePrice: 29250,
      items: [{ unitPrice: 19500, priceKey: 'towing.emergency' }],
    });
  });

  it('refuses an item the list does not have', () => {
    expect(
      rejected(tables({ price_lists: lists }), 'quote.save', {
        ...body,
        items: [{ description: 'Teleport', quantity: 1, priceKey: 'teleport.instant' }],
      }),
    ).toMatchObject({ code: 'invalid_args', field: 'items.0.priceKey' });
  });

  it('prices the automatic quote of a completed job from the list', () => {
    const listed: Row[] = [
      {
        ...lists[0]!,
        versions: [
          {
            ...lists[0]!.versions[0]!,
            items: [
              {
                key: 'auto-quote.completed-job',
                label: 'Completed job',
                unit: 'each',
                amount: 24000,
                category: null,
                note: null,
              },
            ],
          },
        ],
      },
    ];
    const result = ok(
      tables({ jobs: [aJob({ status: 'In Progress' }) as unknown as Row], price_lists: listed }),
      'job.complete',
      { id: 'JOB-2026-1', updateId: 5, quoteId: 'Q-2026-P7' },
    );
    expect(row(result.tables, 'quotes', 'Q-2026-P7')).toMatchObject({ finalPrice: 24000 });
  });
});
