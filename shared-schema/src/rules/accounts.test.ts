import { describe, expect, it } from 'vitest';
import type { Invoice } from '../entities/invoice';
import { raiseInvoice } from '../documents/invoice';
import { pricedQuote } from '../documents/test-fixtures';
import { anAccount } from '../sync/mutators/test-fixtures';
import {
  blanketPoUse,
  creditHoldText,
  creditStanding,
  effectivePoNumber,
  expiringInductionLine,
  expiringInductions,
  inductionWarnings,
  poMissing,
  siteLabel,
} from './accounts';

const blanket = anAccount({
  poRule: { kind: 'blanket', number: 'BPO-7781', expiresOn: '2026-12-31', capCents: 500_000 },
});

function invoiceOf(
  id: string,
  cents: number,
  at: string,
  options: { po?: string | null; account?: typeof blanket } = {},
): Invoice {
  const account = options.account ?? blanket;
  const quote = pricedQuote([
    { description: 'Winch Recovery', quantity: 1, unitPrice: cents, category: 'service' },
  ]);
  return raiseInvoice(
    { ...quote, id: `Q-${id.slice(4)}`, accountId: account.id },
    { id, now: at, account, poNumber: options.po === undefined ? 'BPO-7781' : options.po },
  );
}

describe('purchase orders', () => {
  it('gives a job the blanket PO unless it has its own', () => {
    expect(effectivePoNumber(blanket.poRule, null)).toBe('BPO-7781');
    expect(effectivePoNumber(blanket.poRule, ' PO-9 ')).toBe('PO-9');
    expect(effectivePoNumber({ kind: 'per-job' }, '')).toBeNull();
  });

  it('holds back invoicing only for an account that needs a PO per job and has none', () => {
    expect(poMissing(anAccount(), null)).toBe(true);
    expect(poMissing(anAccount(), '   ')).toBe(true);
    expect(poMissing(anAccount(), '4500012345')).toBe(false);
    expect(poMissing(blanket, null)).toBe(false);
    expect(poMissing(anAccount({ poRule: { kind: 'none' } }), null)).toBe(false);
    expect(poMissing(undefined, null)).toBe(false);
  });
});

describe('blanketPoUse', () => {
  const today = '2026-11-20';

  it('counts what the invoices on the PO come to, less credit notes', () => {
    const invoices = [
      invoiceOf('INV-2026-1', 150_000, '2026-10-01T02:00:00.000Z'),
      { ...invoiceOf('INV-2026-2', 100_000, '2026-10-20T02:00:00.000Z'), amountCredited: 20_000 },
      invoiceOf('INV-2026-3', 70_000, '2026-11-01T02:00:00.000Z', { po: 'PO-OTHER' }),
      {
        ...invoiceOf('INV-2026-4', 60_000, '2026-11-02T02:00:00.000Z'),
        status: 'cancelled' as const,
      },
      { ...invoiceOf('INV-2026-5', 40_000, '2026-11-03T02:00:00.000Z'), accountId: 99 },
    ];
    const use = blanketPoUse(blanket, invoices, today);
    expect(use).toMatchObject({
      number: 'BPO-7781',
      usedCents: 230_000,
      remainingCents: 270_000,
      nearCap: false,
      overCap: false,
      daysToExpiry: 41,
      nearExpiry: false,
      warnings: [],
    });
  });

  it('warns from 80% of the cap, and past it', () => {
    const near = blanketPoUse(
      blanket,
      [invoiceOf('INV-2026-1', 400_000, '2026-10-01T02:00:00.000Z')],
      today,
    );
    expect(near).toMatchObject({ nearCap: true, remainingCents: 100_000 });
    expect(near?.warnings).toEqual(['Blanket PO BPO-7781 has $1,000.00 left of $5,000.00']);
    const over = blanketPoUse(
      blanket,
      [invoiceOf('INV-2026-1', 550_000, '2026-10-01T02:00:00.000Z')],
      today,
    );
    expect(over).toMatchObject({ overCap: true, nearCap: false, remainingCents: -50_000 });
    expect(over?.warnings[0]).toContain('over its value by $500.00');
  });

  it('warns within 14 days of expiry, and once expired', () => {
    expect(blanketPoUse(blanket, [], '2026-12-17')?.warnings).toEqual([
      'Blanket PO BPO-7781 expires in 14 days (31 Dec 2026)',
    ]);
    expect(blanketPoUse(blanket, [], '2026-12-31')?.warnings).toEqual([
      'Blanket PO BPO-7781 expires today (31 Dec 2026)',
    ]);
    expect(blanketPoUse(blanket, [], '2027-01-01')).toMatchObject({ expired: true });
  });

  it('is nothing for an account without a blanket PO', () => {
    expect(blanketPoUse(anAccount(), [], today)).toBeUndefined();
  });
});

describe('creditStanding', () => {
  const account = anAccount({ creditLimitCents: 200_000 });

  it('is clear within the limit and with nothing 30 days overdue', () => {
    const invoices = [invoiceOf('INV-2026-1', 150_000, '2026-11-01T02:00:00.000Z', { account })];
    const standing = creditStanding(account, invoices, '2026-11-20');
    expect(standing).toEqual({ onHold: false, owedCents: 150_000, reasons: [] });
    expect(creditHoldText(standing)).toBeNull();
  });

  it('holds an account over its limit', () => {
    const invoices = [
      invoiceOf('INV-2026-1', 150_000, '2026-11-01T02:00:00.000Z', { account }),
      invoiceOf('INV-2026-2', 60_000, '2026-11-10T02:00:00.000Z', { account }),
    ];
    const standing = creditStanding(account, invoices, '2026-11-20');
    expect(standing.onHold).toBe(true);
    expect(creditHoldText(standing)).toBe('Owes $2,100.00, over its $2,000.00 limit');
  });

  it('holds an account with an invoice 30 or more days past its due date', () => {
    // Issued 1 Oct on 14-day terms: due 15 Oct; 14 Nov is day 30.
    const invoices = [
      {
        ...invoiceOf('INV-2026-1', 50_000, '2026-10-01T02:00:00.000Z', { account }),
        number: 'INV-2026-1',
      },
    ];
    expect(creditStanding(account, invoices, '2026-11-13').onHold).toBe(false);
    const standing = creditStanding(account, invoices, '2026-11-14');
    expect(creditHoldText(standing)).toBe('INV-2026-1 is 30 days overdue ($500.00 owing)');
  });

  it('forgets an overdue invoice once paid, and never holds on a limit of 0', () => {
    const paid = {
      ...invoiceOf('INV-2026-1', 500_000, '2026-08-01T02:00:00.000Z', { account }),
      amountPaid: 500_000,
      status: 'paid' as const,
    };
    expect(creditStanding(account, [paid], '2026-11-20').onHold).toBe(false);
    const noLimit = anAccount({ creditLimitCents: 0 });
    const big = invoiceOf('INV-2026-2', 9_000_000, '2026-11-19T02:00:00.000Z', {
      account: noLimit,
    });
    expect(creditStanding(noLimit, [big], '2026-11-20').onHold).toBe(false);
  });
});

describe('site inductions', () => {
  const site = anAccount().sites[0]!;

  it('says nothing for an inducted driver and truck', () => {
    expect(inductionWarnings(site, { driverId: 2, vehicleId: 1 }, '2026-11-20')).toEqual([]);
  });

  it('warns of a driver or truck not inducted at the site', () => {
    expect(
      inductionWarnings(
        site,
        { driverId: 3, driverName: 'Jess Kerr', vehicleId: 4, vehicleName: 'Little Blue' },
        '2026-11-20',
      ),
    ).toEqual([
      'Jess Kerr is not inducted at Cape Lambert gate 2',
      'Little Blue is not inducted at Cape Lambert gate 2',
    ]);
  });

  it('warns of an induction that has expired', () => {
    expect(inductionWarnings(site, { driverId: 2, driverName: 'Mick' }, '2027-07-01')).toEqual([
      "Mick's induction at Cape Lambert gate 2 expired on 30 Jun 2027",
    ]);
  });

  it('lists the inductions expiring within 30 days, soonest first', () => {
    const soon = anAccount({
      sites: [
        {
          ...site,
          inductions: [
            { id: 'i1', kind: 'driver', userId: 2, vehicleId: null, expiresOn: '2026-12-20' },
            { id: 'i2', kind: 'vehicle', userId: null, vehicleId: 1, expiresOn: '2026-11-25' },
            { id: 'i3', kind: 'driver', userId: 3, vehicleId: null, expiresOn: '2026-12-21' },
            { id: 'i4', kind: 'driver', userId: 4, vehicleId: null, expiresOn: '2026-11-19' },
          ],
        },
      ],
    });
    const closed = anAccount({ id: 2, isActive: false, sites: soon.sites });
    const names = (kind: string, id: number) => `${kind} ${id}`;
    const found = expiringInductions([soon, closed], '2026-11-20', names);
    expect(found.map(expiringInductionLine)).toEqual([
      'vehicle 1 at Cape Lambert Iron, Cape Lambert gate 2: expires 2026-11-25 (5 days)',
      'driver 2 at Cape Lambert Iron, Cape Lambert gate 2: expires 2026-12-20 (30 days)',
    ]);
  });

  it('prints a site with its location', () => {
    expect(siteLabel(site)).toBe('Cape Lambert gate 2, Cape Lambert Rd, Wickham');
  });
});
