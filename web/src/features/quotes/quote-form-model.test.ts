import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PRICES,
  MESSAGES,
  quickAddCatalogue,
  quoteInputSchema,
  routeSurcharge,
  type Quote,
} from '@pilbara/shared-schema';
import {
  addCatalogueItem,
  emptyQuoteForm,
  formTotals,
  parseCustomItem,
  quoteToForm,
  saveBlocker,
  toSaveArgs,
  withRouteSurcharge,
  type QuoteFormValues,
} from './quote-form-model';

const catalogue = quickAddCatalogue(BUILT_IN_PRICES);
const towing = catalogue.service.find((entry) => entry.description === 'Emergency Towing')!; // $180
const strap = catalogue.parts[0]!; // Tow Strap Heavy Duty $45

function form(overrides: Partial<QuoteFormValues> = {}): QuoteFormValues {
  return { ...emptyQuoteForm(), ...overrides };
}

describe('quote form model', () => {
  it('starts empty, valid 14 days, no discount', () => {
    expect(emptyQuoteForm()).toMatchObject({
      items: [],
      validDays: 14,
      discountPercent: 0,
      distance: 0,
    });
  });

  it('blocks saving with the spec messages: items first, then customer details', () => {
    expect(saveBlocker(form())).toBe(MESSAGES.QUOTE_ITEMS_REQUIRED);
    const items = addCatalogueItem([], towing, 'service');
    expect(saveBlocker(form({ items }))).toBe(MESSAGES.QUOTE_CUSTOMER_REQUIRED);
    expect(saveBlocker(form({ items, customerName: 'Dana', customerPhone: '  ' }))).toBe(
      MESSAGES.QUOTE_CUSTOMER_REQUIRED,
    );
    expect(saveBlocker(form({ items, customerName: 'Dana', customerPhone: '0412' }))).toBeNull();
  });

  it('adds a catalogue entry once and raises its quantity on a second press', () => {
    const once = addCatalogueItem([], towing, 'service');
    const twice = addCatalogueItem(once, towing, 'service');
    const line = {
      description: 'Emergency Towing',
      unitPrice: 18000,
      category: 'service',
      priceKey: 'towing.emergency',
    };
    expect(once).toEqual([{ ...line, quantity: 1 }]);
    expect(twice).toEqual([{ ...line, quantity: 2 }]);
    expect(addCatalogueItem(twice, strap, 'parts')).toHaveLength(2);
  });

  it('swaps the route surcharge line for the larger one of the new places', () => {
    const items = addCatalogueItem([], towing, 'service');
    const samson = withRouteSurcharge(
      items,
      routeSurcharge(BUILT_IN_PRICES, 'Karratha', 'Point Samson'),
    );
    expect(samson.map((item) => [item.description, item.unitPrice])).toEqual([
      ['Emergency Towing', 18000],
      ['Location surcharge (Point Samson)', 7500],
    ]);
    const roebourne = withRouteSurcharge(
      samson,
      routeSurcharge(BUILT_IN_PRICES, 'Roebourne', null),
    );
    expect(roebourne.map((item) => item.description)).toEqual([
      'Emergency Towing',
      'Location surcharge (Roebourne)',
    ]);
    expect(withRouteSurcharge(roebourne, routeSurcharge(BUILT_IN_PRICES, 'Dampier', null))).toEqual(
      items,
    );
  });

  it('prices live with the shared rule: Karratha → Tom Price ×1.4, 10 % off', () => {
    const items = [
      {
        description: 'Emergency Towing',
        quantity: 1,
        unitPrice: 18000,
        category: 'service' as const,
      },
      {
        description: 'Tow Strap Heavy Duty',
        quantity: 2,
        unitPrice: 4500,
        category: 'parts' as const,
      },
    ];
    const totals = formTotals({
      items,
      fromLocation: 'Karratha',
      toLocation: 'Tom Price',
      discountPercent: 10,
    });
    expect(totals).toMatchObject({
      itemsSubtotalCents: 27000,
      multiplier: 1.4,
      basePriceCents: 37800,
      discountAmountCents: 3780,
      finalPriceCents: 34020,
    });
  });

  it('treats an emptied discount or location as none', () => {
    const items = addCatalogueItem([], towing, 'service');
    expect(
      formTotals({ items, fromLocation: '', toLocation: '', discountPercent: '' }).finalPriceCents,
    ).toBe(18000);
  });

  it('checks a custom item: description and a price above 0, in cents without float error', () => {
    expect(
      parseCustomItem({ description: '', unitPrice: '10', quantity: 1, category: 'misc' }),
    ).toEqual({ ok: false, message: MESSAGES.QUOTE_ITEM_DETAILS });
    expect(
      parseCustomItem({ description: 'Bolt', unitPrice: '0', quantity: 1, category: 'misc' }),
    ).toEqual({ ok: false, message: MESSAGES.QUOTE_ITEM_DETAILS });
    expect(
      parseCustomItem({ description: 'Bolt', unitPrice: '', quantity: 1, category: 'misc' }),
    ).toEqual({ ok: false, message: MESSAGES.QUOTE_ITEM_DETAILS });
    expect(
      parseCustomItem({ description: ' Fuse ', unitPrice: '0.29', quantity: 3, category: 'parts' }),
    ).toEqual({
      ok: true,
      item: { description: 'Fuse', unitPrice: 29, quantity: 3, category: 'parts' },
    });
  });

  it('turns the form into quote.save arguments the shared input schema accepts', () => {
    const values = form({
      customerName: ' Dana Reid ',
      customerPhone: '0412 345 678',
      customerEmail: '',
      fromLocation: 'Karratha',
      toLocation: '',
      distance: '',
      discountPercent: 5,
      validDays: '',
      notes: '  ',
      items: addCatalogueItem([], towing, 'service'),
    });
    const args = toSaveArgs(values, 'Q-2026-7');
    expect(args).toMatchObject({
      id: 'Q-2026-7',
      customerName: 'Dana Reid',
      customerEmail: null,
      toLocation: null,
      distance: 0,
      notes: null,
      validDays: 14,
      discountPercent: 5,
      items: [
        { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
      ],
    });
    expect(quoteInputSchema.safeParse(args).success).toBe(true);
  });

  it('fills the form from a draft and keeps its remaining validity', () => {
    const quote: Quote = {
      id: 'Q-2026-3',
      customerName: 'Sam',
      customerPhone: '0400',
      customerEmail: null,
      vehicleType: null,
      service: 'Emergency Towing',
      fromLocation: 'Dampier',
      toLocation: null,
      distance: 12.5,
      items: [
        {
          id: 'Q-2026-3-1',
          description: 'Emergency Towing',
          quantity: 2,
          unitPrice: 18000,
          total: 36000,
          category: 'service',
        },
      ],
      itemsSubtotal: 36000,
      basePrice: 43200,
      discountPercent: 0,
      discountAmount: 0,
      finalPrice: 43200,
      notes: null,
      validUntil: '2026-11-30T00:00:00.000Z',
      status: 'draft',
      createdAt: '2026-11-16T00:00:00.000Z',
      updatedAt: '2026-11-16T00:00:00.000Z',
    };
    const values = quoteToForm(quote, '2026-11-21T12:00:00.000Z');
    expect(values).toMatchObject({
      customerEmail: '',
      fromLocation: 'Dampier',
      toLocation: '',
      distance: 12.5,
      validDays: 9,
    });
    // The line keeps its id, so an edit merges line by line with another owner's.
    expect(values.items).toEqual([
      {
        lineId: 'Q-2026-3-1',
        description: 'Emergency Towing',
        quantity: 2,
        unitPrice: 18000,
        category: 'service',
        priceKey: null,
      },
    ]);
    const args = toSaveArgs(
      {
        ...values,
        customerPhone: '0412345678',
        items: [...values.items, { ...values.items[0]!, lineId: undefined }],
      },
      quote.id,
      () => 'new-line',
    );
    expect(args.items.map((item) => item.id)).toEqual(['Q-2026-3-1', 'new-line']);
  });
});
