import { describe, expect, it } from 'vitest';
import {
  divideRoundHalfUp,
  lineTotalCents,
  locationMultiplierBasisPoints,
  priceQuote,
} from './pricing';
import { QUOTE_LIMITS } from '../constants/limits';

const issueItems = [
  { unitPrice: 18000, quantity: 1 },
  { unitPrice: 4500, quantity: 2 },
];

describe('priceQuote', () => {
  it('prices the issue example: 270 × 1.4 less 10 % is 34020 cents', () => {
    expect(priceQuote(issueItems, 'Karratha', 'Tom Price', 10)).toEqual({
      itemsSubtotalCents: 27000,
      multiplier: 1.4,
      multiplierBasisPoints: 14000,
      basePriceCents: 37800,
      discountAmountCents: 3780,
      finalPriceCents: 34020,
    });
  });

  it('takes no discount at 0 %', () => {
    const price = priceQuote(issueItems, 'Karratha', 'Tom Price', 0);
    expect(price.discountAmountCents).toBe(0);
    expect(price.finalPriceCents).toBe(37800);
  });

  it('halves the price at 50 %', () => {
    const price = priceQuote(issueItems, 'Karratha', 'Karratha', 50);
    expect(price.basePriceCents).toBe(27000);
    expect(price.finalPriceCents).toBe(13500);
  });

  it('uses 1 when both locations are unset', () => {
    const price = priceQuote(issueItems, null, undefined, 0);
    expect(price.multiplier).toBe(1);
    expect(price.finalPriceCents).toBe(27000);
  });

  it('uses 1 for an unknown location and the other one when it is larger', () => {
    expect(priceQuote(issueItems, 'Perth', '', 0).multiplier).toBe(1);
    expect(priceQuote(issueItems, 'Perth', 'Newman', 0).multiplier).toBe(1.5);
  });

  it('takes the larger multiplier whichever side it is on', () => {
    expect(priceQuote(issueItems, 'Marble Bar', 'Roebourne', 0).multiplier).toBe(1.6);
    expect(priceQuote(issueItems, 'Roebourne', 'Marble Bar', 0).multiplier).toBe(1.6);
  });

  it('multiplies quantities above 1 into the subtotal', () => {
    const price = priceQuote(
      [
        { unitPrice: 450, quantity: 37 },
        { unitPrice: 9500, quantity: 3 },
      ],
      'Karratha',
      null,
      0,
    );
    expect(price.itemsSubtotalCents).toBe(450 * 37 + 9500 * 3);
  });

  it('rounds the multiplied price half up to a cent', () => {
    // 1 cent × 1.15 = 1.15 → 1; 10 cents × 1.15 = 11.5 → 12; 30 × 1.35 = 40.5 → 41.
    const list = { Yarraloola: 11500 };
    const base = (cents: number) =>
      priceQuote([{ unitPrice: cents, quantity: 1 }], 'Yarraloola', null, 0, list).basePriceCents;
    expect(base(1)).toBe(1);
    expect(base(10)).toBe(12);
    expect(
      priceQuote([{ unitPrice: 30, quantity: 1 }], 'Port Hedland', null, 0).basePriceCents,
    ).toBe(41);
  });

  it('rounds the discount half up and keeps base = discount + final', () => {
    const price = priceQuote([{ unitPrice: 1005, quantity: 1 }], null, null, 10);
    expect(price.discountAmountCents).toBe(101);
    expect(price.finalPriceCents).toBe(904);
    expect(price.discountAmountCents + price.finalPriceCents).toBe(price.basePriceCents);
  });

  it('prices an empty quote at 0', () => {
    expect(priceQuote([], 'Tom Price', 'Newman', 10).finalPriceCents).toBe(0);
  });

  it('clamps discounts outside 0-100', () => {
    expect(priceQuote(issueItems, null, null, 150).finalPriceCents).toBe(0);
    expect(priceQuote(issueItems, null, null, -5).finalPriceCents).toBe(27000);
  });

  it('keeps a 1.1 multiplier exact where floats would not (1.1 × 100 cents = 110)', () => {
    const list = { Pannawonica: 11000, Onslow: 12000 };
    expect(
      priceQuote([{ unitPrice: 100, quantity: 1 }], 'Pannawonica', null, 0, list).basePriceCents,
    ).toBe(110);
    expect(
      priceQuote([{ unitPrice: 123456, quantity: 7 }], 'Onslow', null, 0, list).basePriceCents,
    ).toBe(1037030);
  });

  it('takes its multipliers from the price list given, not the built-in one', () => {
    const list = { 'Tom Price': 15000 };
    expect(priceQuote(issueItems, 'Karratha', 'Tom Price', 0, list).basePriceCents).toBe(40500);
    expect(priceQuote(issueItems, 'Karratha', 'Tom Price', 0).basePriceCents).toBe(37800);
  });

  it('applies no multiplier to the near towns, which carry flat surcharges instead', () => {
    for (const town of ['Dampier', 'Wickham', 'Roebourne', 'Point Samson'])
      expect(priceQuote(issueItems, 'Karratha', town, 0).multiplier).toBe(1);
  });
});

describe('the largest quote the limits allow', () => {
  it('prices in safe integers, to the cent', () => {
    // Subtotal at its cap ($10,000,000) through the dearest location with no discount.
    const items = Array.from({ length: 10 }, () => ({ unitPrice: 100_000_000, quantity: 1 }));
    const price = priceQuote(items, 'Marble Bar', 'Karratha', 0);
    expect(price.itemsSubtotalCents).toBe(QUOTE_LIMITS.maxSubtotalCents);
    expect(price.finalPriceCents).toBe(1_600_000_000);
    expect(Number.isSafeInteger(price.itemsSubtotalCents * price.multiplierBasisPoints)).toBe(true);
    expect(priceQuote(items, 'Marble Bar', null, 37).finalPriceCents).toBe(1_008_000_000);
  });
});

describe('pricing helpers', () => {
  it('matches location names ignoring case and spaces', () => {
    expect(locationMultiplierBasisPoints('  tom price ')).toBe(14000);
    expect(locationMultiplierBasisPoints('Karratha')).toBe(10000);
  });

  it('rounds integer division half up', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(7, 3)).toBe(2);
    expect(divideRoundHalfUp(0, 3)).toBe(0);
  });

  it('totals a line', () => {
    expect(lineTotalCents({ unitPrice: 4500, quantity: 2 })).toBe(9000);
  });
});
