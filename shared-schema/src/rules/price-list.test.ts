import { describe, expect, it } from 'vitest';
import type { PriceItem, PriceList } from '../entities/price-list';
import { priceItemSchema } from '../entities/price-list';
import {
  BUILT_IN_PRICES,
  DEFAULT_PRICE_ITEMS,
  afterHoursText,
  coverageSurchargeText,
  effectiveVersion,
  locationMultipliers,
  priceCents,
  priceTable,
  publicPriceCard,
  publicPriceDetails,
  quickAddCatalogue,
  resolvePrice,
  routeSurcharge,
  serviceRates,
  tableOfItems,
} from './price-list';

const towing = (amount: number): PriceItem => ({
  key: 'towing.emergency',
  label: 'Emergency Towing',
  unit: 'each',
  amount,
  category: 'service',
  note: null,
});

function list(
  id: number,
  accountId: number | null,
  versions: [string, PriceItem[], string?][],
): PriceList {
  return {
    id,
    name: accountId ? 'Club rates' : 'Default prices',
    accountId,
    versions: versions.map(([effectiveFrom, items, savedAt]) => ({
      effectiveFrom,
      items,
      savedAt: savedAt ?? '2026-11-01T00:00:00.000Z',
      savedBy: 'Owner',
    })),
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

describe('the built-in list', () => {
  it('is a valid list with one item per key, in whole cents', () => {
    for (const entry of DEFAULT_PRICE_ITEMS) expect(priceItemSchema.parse(entry)).toEqual(entry);
    const keys = DEFAULT_PRICE_ITEMS.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('settles the spec contradictions one way for every page and the quote tool', () => {
    // Emergency towing: the quote tool's $180 + $4.50/km, on the pricing page too.
    expect(publicPriceCard(BUILT_IN_PRICES, 'towing.emergency')).toMatchObject({
      priceCents: 18000,
      perKmCents: 450,
    });
    expect(
      serviceRates(BUILT_IN_PRICES).find((rate) => rate.service === 'Emergency Towing'),
    ).toMatchObject({ baseCents: 18000, perKmCents: 450 });
    // Dampier: no surcharge on the map, and no multiplier in the quote tool.
    expect(coverageSurchargeText(BUILT_IN_PRICES, 'Dampier')).toBe('None');
    expect(locationMultipliers(BUILT_IN_PRICES).Dampier).toBeUndefined();
    // Point Samson: +$75 on the map, and the same $75 line in the quote tool.
    expect(coverageSurchargeText(BUILT_IN_PRICES, 'Point Samson')).toBe('+$75');
    expect(routeSurcharge(BUILT_IN_PRICES, 'Karratha', 'Point Samson')).toEqual({
      description: 'Location surcharge (Point Samson)',
      unitPriceCents: 7500,
      priceKey: 'location.point-samson',
    });
    // After hours: one flat $50 call-out, on the pages and in the quick-add.
    expect(afterHoursText(BUILT_IN_PRICES)).toBe(
      'A $50 after-hours call-out fee applies between 10PM-6AM.',
    );
    expect(quickAddCatalogue(BUILT_IN_PRICES).service).toContainEqual({
      description: 'After Hours Service',
      unitPriceCents: 5000,
      priceKey: 'after-hours.call-out',
    });
  });

  it('keeps the remote towns on multipliers and a mine site on a quote', () => {
    expect(locationMultipliers(BUILT_IN_PRICES)).toEqual({
      Karratha: 10000,
      'Port Hedland': 13500,
      'Tom Price': 14000,
      Newman: 15000,
      'Marble Bar': 16000,
    });
    expect(coverageSurchargeText(BUILT_IN_PRICES, 'Tom Price')).toBe('+40%');
    expect(coverageSurchargeText(BUILT_IN_PRICES, 'Mining Sites')).toBe('Quote required');
  });

  it("has the spec's quick-add parts and misc items", () => {
    const catalogue = quickAddCatalogue(BUILT_IN_PRICES);
    expect(catalogue.parts).toHaveLength(8);
    expect(catalogue.misc).toHaveLength(6);
    expect(
      catalogue.misc.find((entry) => entry.description === 'Mileage Charge per km')?.unitPriceCents,
    ).toBe(450);
  });

  it('prints local towing with its included km and the rate after', () => {
    const card = publicPriceCard(BUILT_IN_PRICES, 'towing.local');
    expect(card && publicPriceDetails(card)).toEqual(['First 15 km included', 'Then $3.50 per km']);
  });
});

describe('effectiveVersion', () => {
  const prices = list(1, null, [
    ['2026-07-01', [towing(18000)]],
    ['2027-01-01', [towing(19500)]],
    ['2026-12-01', [towing(18500)], '2026-11-02T00:00:00.000Z'],
    ['2026-12-01', [towing(18800)], '2026-11-05T00:00:00.000Z'],
  ]);

  it('takes the latest version on or before the day', () => {
    expect(effectiveVersion(prices, '2026-06-30')).toBeUndefined();
    expect(effectiveVersion(prices, '2026-07-01')?.items[0]?.amount).toBe(18000);
    expect(effectiveVersion(prices, '2026-11-30')?.items[0]?.amount).toBe(18000);
    expect(effectiveVersion(prices, '2027-01-01')?.items[0]?.amount).toBe(19500);
  });

  it('takes the later-saved of two versions of one day', () => {
    expect(effectiveVersion(prices, '2026-12-15')?.items[0]?.amount).toBe(18800);
  });
});

describe('price resolution: the account list, then the default list, then the built-in item', () => {
  const lists = [
    list(1, null, [
      ['2026-07-01', [towing(18000)]],
      [
        '2026-12-01',
        [
          towing(19500),
          {
            ...towing(2500),
            key: 'storage.daily',
            label: 'Storage per day',
            unit: 'day',
            category: 'misc',
          },
        ],
      ],
    ]),
    list(2, 7, [['2026-11-15', [towing(15000)]]]),
  ];

  it("uses the account's own price from its effective date", () => {
    expect(resolvePrice(priceTable(lists, 7, '2026-11-14'), 'towing.emergency')).toMatchObject({
      source: 'default',
      effectiveFrom: '2026-07-01',
      item: { amount: 18000 },
    });
    expect(resolvePrice(priceTable(lists, 7, '2026-11-15'), 'towing.emergency')).toMatchObject({
      source: 'account',
      effectiveFrom: '2026-11-15',
      item: { amount: 15000 },
    });
  });

  it('gives other customers the default list in force that day', () => {
    expect(priceCents(priceTable(lists, null, '2026-11-30'), 'towing.emergency')).toBe(18000);
    expect(priceCents(priceTable(lists, 3, '2026-12-01'), 'towing.emergency')).toBe(19500);
  });

  it('falls back to the built-in item for a key no list has', () => {
    expect(resolvePrice(priceTable(lists, 7, '2026-12-01'), 'recovery.winch')).toMatchObject({
      source: 'built-in',
      effectiveFrom: null,
      item: { amount: 8000 },
    });
  });

  it("holds the owners' own items once their version is in force", () => {
    expect(resolvePrice(priceTable(lists, null, '2026-11-30'), 'storage.daily')).toBeUndefined();
    expect(priceCents(priceTable(lists, null, '2026-12-01'), 'storage.daily')).toBe(2500);
    expect(quickAddCatalogue(priceTable(lists, null, '2026-12-01')).misc).toContainEqual({
      description: 'Storage per day',
      unitPriceCents: 2500,
      priceKey: 'storage.daily',
    });
  });

  it('is the built-in list before any version', () => {
    expect(priceTable([], null, '2026-11-20').effectiveFrom).toBeNull();
    expect(priceCents(priceTable([], null, '2026-11-20'), 'towing.emergency')).toBe(18000);
  });

  it('reads a public copy of the items the same way', () => {
    const copy = tableOfItems([towing(19900)], '2027-01-01');
    expect(publicPriceCard(copy, 'towing.emergency')?.priceCents).toBe(19900);
    expect(copy.effectiveFrom).toBe('2027-01-01');
  });
});
