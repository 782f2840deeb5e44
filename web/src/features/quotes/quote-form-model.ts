/**
 * The New/Edit Quote form's values and how they become `quote.save` arguments.
 * Prices in the form are already cents (catalogue entries and custom items are converted with
 * `dollarsToCents` when added), so the live totals use exactly the pricing rule the server runs.
 */
import {
  MESSAGES,
  QUOTE_DEFAULTS,
  customQuoteItemFormSchema,
  dollarsToCents,
  locationMultipliers,
  priceQuote,
  quoteFormSchema,
  type PriceTable,
  type QuickAddEntry,
  type Quote,
  type QuoteData,
  type QuoteItemCategory,
  type QuotePrice,
} from '@pilbara/shared-schema';

/**
 * One line in the form; `unitPrice` is cents. `lineId` is the stored line's id (kept so an edit
 * merges line by line with another owner's, rules/merge.ts); a new line gets one when saved.
 * (Not `id`: the form's field array uses that name for its own keys.)
 */
export interface FormItem {
  lineId?: string;
  description: string;
  quantity: number;
  unitPrice: number;
  category: QuoteItemCategory;
  /** The price-list item the line came from (its price is the list's). */
  priceKey?: string | null;
}

/** Everything the form edits. Numbers the inputs may leave empty are `number | ''`. */
export interface QuoteFormValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  vehicleType: string;
  service: string;
  fromLocation: string;
  toLocation: string;
  distance: number | '';
  discountPercent: number | '';
  validDays: number | '';
  notes: string;
  items: FormItem[];
  /** Work on account: the account (its id as text, '' for none), its site and the PO. */
  accountId: string;
  siteId: string;
  poNumber: string;
}

/** A fresh form: no items, valid 14 days, no discount. */
export function emptyQuoteForm(): QuoteFormValues {
  return {
    customerName: '',
    customerPhone: '',
    customerEmail: '',
    vehicleType: '',
    service: '',
    fromLocation: '',
    toLocation: '',
    distance: 0,
    discountPercent: 0,
    validDays: QUOTE_DEFAULTS.validDays,
    notes: '',
    items: [],
    accountId: '',
    siteId: '',
    poNumber: '',
  };
}

/**
 * The form filled from a stored draft. The remaining validity is rounded up to whole days so
 * re-saving an untouched draft keeps (about) its valid-until date.
 */
export function quoteToForm(quote: Quote, now: string): QuoteFormValues {
  const left = Math.ceil((Date.parse(quote.validUntil) - Date.parse(now)) / 86_400_000);
  return {
    customerName: quote.customerName,
    customerPhone: quote.customerPhone,
    customerEmail: quote.customerEmail ?? '',
    vehicleType: quote.vehicleType ?? '',
    service: quote.service ?? '',
    fromLocation: quote.fromLocation ?? '',
    toLocation: quote.toLocation ?? '',
    distance: quote.distance,
    discountPercent: quote.discountPercent,
    validDays: Math.min(365, Math.max(1, Number.isFinite(left) ? left : QUOTE_DEFAULTS.validDays)),
    notes: quote.notes ?? '',
    items: quote.items.map((item) => ({
      lineId: item.id,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      category: item.category,
      priceKey: item.priceKey ?? null,
    })),
    accountId: quote.accountId ? String(quote.accountId) : '',
    siteId: quote.siteId ?? '',
    poNumber: quote.poNumber ?? '',
  };
}

/** A number input's value, decimals allowed, falling back to 0 when empty or unreadable. */
function numberOrZero(value: number | string | ''): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** The discount the pricing rule sees: a whole percent, 0 when the field is empty. */
export function discountOf(value: number | ''): number {
  return Math.round(Math.max(0, numberOrZero(value)));
}

/**
 * Live totals of the form, by the shared pricing rule with the price list's multipliers (the
 * built-in list's when none is given).
 */
export function formTotals(
  values: Pick<QuoteFormValues, 'items' | 'fromLocation' | 'toLocation' | 'discountPercent'>,
  prices?: PriceTable,
): QuotePrice {
  const lines = values.items.map((item) => ({
    unitPrice: item.unitPrice,
    quantity: Math.max(1, Math.trunc(numberOrZero(item.quantity))),
  }));
  return priceQuote(
    lines,
    values.fromLocation || null,
    values.toLocation || null,
    discountOf(values.discountPercent),
    prices ? locationMultipliers(prices) : undefined,
  );
}

/**
 * Adds a catalogue entry: a second press on the same entry raises its quantity instead of adding
 * a duplicate line.
 */
export function addCatalogueItem(
  items: readonly FormItem[],
  entry: Pick<QuickAddEntry, 'description' | 'unitPriceCents'> & { priceKey?: string | null },
  category: QuoteItemCategory,
): FormItem[] {
  const index = items.findIndex(
    (item) =>
      item.description === entry.description &&
      item.unitPrice === entry.unitPriceCents &&
      item.category === category,
  );
  if (index === -1)
    return [
      ...items,
      {
        description: entry.description,
        quantity: 1,
        unitPrice: entry.unitPriceCents,
        category,
        priceKey: entry.priceKey ?? null,
      },
    ];
  return items.map((item, i) => (i === index ? { ...item, quantity: item.quantity + 1 } : item));
}

/** The custom-item fields as typed (unit price in dollars, as text). */
export interface CustomItemDraft {
  description: string;
  unitPrice: string;
  quantity: number | '';
  category: QuoteItemCategory;
}

export function emptyCustomItem(): CustomItemDraft {
  return { description: '', unitPrice: '', quantity: 1, category: 'misc' };
}

/** A custom item checked with the shared form schema: a line in cents, or 'Please fill in item details'. */
export function parseCustomItem(
  draft: CustomItemDraft,
): { ok: true; item: FormItem } | { ok: false; message: string } {
  const parsed = customQuoteItemFormSchema.safeParse({
    description: draft.description,
    unitPrice: draft.unitPrice,
    quantity: draft.quantity === '' ? 1 : draft.quantity,
    category: draft.category,
  });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.QUOTE_ITEM_DETAILS };
  return {
    ok: true,
    item: {
      description: parsed.data.description,
      quantity: parsed.data.quantity,
      unitPrice: dollarsToCents(parsed.data.unitPrice),
      category: parsed.data.category,
    },
  };
}

/**
 * Why Save is disabled, in the form's own messages, or null when the quote can be saved: items first,
 * then the customer's name and phone.
 */
export function saveBlocker(
  values: Pick<QuoteFormValues, 'items' | 'customerName' | 'customerPhone'>,
): string | null {
  if (values.items.length === 0) return MESSAGES.QUOTE_ITEMS_REQUIRED;
  if (!values.customerName.trim() || !values.customerPhone.trim())
    return MESSAGES.QUOTE_CUSTOMER_REQUIRED;
  return null;
}

/**
 * The form's schema is the shared one (shared-schema `quoteFormSchema`): the API body's fields
 * and MESSAGES, reading '' as empty, with the form's 0-50 discount range.
 */
export { quoteFormSchema };

/** The `quote.save` arguments for `id`: the form read by the shared form schema (prices in cents; the mutator computes the totals). */
export function toSaveArgs(
  values: QuoteFormValues,
  id: string,
  newLineId: () => string = () => crypto.randomUUID(),
): QuoteData & { id: string } {
  const parsed = quoteFormSchema.parse(values);
  return {
    ...parsed,
    items: parsed.items.map((item, index) => ({
      ...item,
      id: values.items[index]?.lineId ?? newLineId(),
      priceKey: values.items[index]?.priceKey ?? null,
    })),
    accountId: values.accountId ? Number(values.accountId) : null,
    siteId: values.accountId && values.siteId ? values.siteId : null,
    poNumber: values.accountId ? values.poNumber.trim() || null : null,
    id,
  };
}

/**
 * The items with the route's surcharge line replaced: any line from a location's price taken
 * out, and the larger surcharge of the two places put in (rules/price-list.ts `routeSurcharge`).
 */
export function withRouteSurcharge(
  items: readonly FormItem[],
  surcharge: QuickAddEntry | null,
): FormItem[] {
  const kept = items.filter((item) => !item.priceKey?.startsWith('location.'));
  return surcharge
    ? [
        ...kept,
        {
          description: surcharge.description,
          quantity: 1,
          unitPrice: surcharge.unitPriceCents,
          category: 'misc',
          priceKey: surcharge.priceKey,
        },
      ]
    : kept;
}
