/**
 * The owners' price list as rules: the built-in default items, which version of a list applies
 * on a day, how one price is found (the account's own list, then the default list, then the
 * built-in item), and every view of the prices the product shows — the pricing page, the coverage
 * map's surcharges, the FAQ, the quote tool's quick-add, its pricing panel and its locations.
 *
 * One list decides every price (the spec's two sets of prices disagreed; docs/accounts-and-pricing.md
 * says how each was settled). Nothing here imports zod, so public pages can use it without the
 * schemas.
 */
import type { PriceItem, PriceList, PriceListVersion } from '../entities/price-list';
import type { QuoteItemCategory } from '../constants/statuses';
import { formatCents, formatPrice } from './money';

/** The built-in item of a key, as the product ships it (see {@link DEFAULT_PRICE_ITEMS}). */
function item(
  key: string,
  label: string,
  amount: number,
  options: Partial<Pick<PriceItem, 'unit' | 'category' | 'note'>> = {},
): PriceItem {
  return {
    key,
    label,
    unit: options.unit ?? 'each',
    amount,
    category: options.category === undefined ? 'service' : options.category,
    note: options.note ?? null,
  };
}

const perKm = (key: string, label: string, amount: number): PriceItem =>
  item(key, label, amount, { unit: 'km', category: null });

const location = (key: string, label: string, amount: number, unit: 'each' | 'multiplier') =>
  item(key, label, amount, { unit, category: null });

/**
 * The default price list as the product ships it, GST included. Where the spec's public pages
 * and its quote tool disagreed, the item holds the settled figure:
 *
 * - emergency towing: $180 + $4.50/km (the quote tool's, which invoices have carried);
 * - Dampier and Wickham: no surcharge, Roebourne +$50, Point Samson +$75 (the coverage map's flat
 *   surcharges: the per-km rates already pay for the distance, so the near towns carry no
 *   multiplier on top); the remote towns keep the quote tool's multipliers;
 * - after hours: one flat $50 call-out between 10PM and 6AM (the quote tool's line), not 50%.
 */
export const DEFAULT_PRICE_ITEMS: readonly PriceItem[] = [
  item('towing.local', 'Local Towing', 12000, { note: 'First 15 km included' }),
  perKm('towing.local.per-km', 'Local towing per km after the first 15 km', 350),
  item('towing.emergency', 'Emergency Towing', 18000),
  perKm('towing.emergency.per-km', 'Emergency towing per km', 450),
  item('towing.long-distance', 'Long Distance Towing', 15000),
  perKm('towing.long-distance.per-km', 'Long distance towing per km', 380),
  item('towing.heavy-duty', 'Heavy Duty Towing', 20000),
  perKm('towing.heavy-duty.per-km', 'Heavy duty towing per km', 550),
  item('recovery.4x4', '4x4 Recovery', 22000),
  perKm('recovery.4x4.per-km', '4x4 recovery per km', 520),
  item('recovery.heavy-vehicle', 'Heavy Vehicle Recovery', 35000),
  perKm('recovery.heavy-vehicle.per-km', 'Heavy vehicle recovery per km', 680),
  item('recovery.basic', 'Basic Recovery', 18000),
  item('recovery.complex', 'Complex Recovery', 28000),
  item('recovery.extreme', 'Extreme Recovery', 38000),
  item('recovery.winch', 'Winch Recovery', 8000),
  item('roadside.assistance', 'Roadside Assistance', 12000),
  perKm('roadside.assistance.per-km', 'Roadside assistance per km', 250),
  item('repairs.vehicle', 'Vehicle Repairs', 9500),
  item('repairs.diagnostic', 'Diagnostic', 9500),
  item('repairs.mobile', 'Mobile Repairs', 11000, { unit: 'hour' }),
  item('repairs.engine', 'Engine Repairs', 15000, { unit: 'hour' }),
  item('repairs.transmission', 'Transmission Repairs', 16000, { unit: 'hour' }),
  item('after-hours.call-out', 'After Hours Service', 5000, { note: '10PM-6AM' }),
  item('auto-quote.completed-job', 'Completed job (automatic quote)', 20000, { category: null }),
  item('parts.tow-strap', 'Tow Strap Heavy Duty', 4500, { category: 'parts' }),
  item('parts.shackle-set', 'Shackle Set', 2500, { category: 'parts' }),
  item('parts.recovery-boards', 'Recovery Board Set', 12000, { category: 'parts' }),
  item('parts.jumper-cables', 'Jumper Cables', 3500, { category: 'parts' }),
  item('parts.tyre-repair-kit', 'Tire Repair Kit', 2800, { category: 'parts' }),
  item('parts.emergency-fuel', 'Emergency Fuel', 1500, { category: 'parts' }),
  item('parts.coolant', 'Coolant Top-up', 1200, { category: 'parts' }),
  item('parts.oil-change', 'Oil Change', 8500, { category: 'parts' }),
  item('misc.call-out', 'Call-out Fee', 7500, { category: 'misc' }),
  item('misc.mileage', 'Mileage Charge per km', 450, { category: 'misc' }),
  item('misc.waiting-time', 'Waiting Time per hour', 9500, { category: 'misc' }),
  item('misc.equipment-setup', 'Equipment Setup', 4000, { category: 'misc' }),
  item('misc.site-access', 'Site Access Fee', 3500, { category: 'misc' }),
  item('misc.documentation', 'Documentation Fee', 1500, { category: 'misc' }),
  location('location.karratha', 'Karratha', 10000, 'multiplier'),
  location('location.dampier', 'Dampier', 0, 'each'),
  location('location.wickham', 'Wickham', 0, 'each'),
  location('location.roebourne', 'Roebourne', 5000, 'each'),
  location('location.point-samson', 'Point Samson', 7500, 'each'),
  location('location.port-hedland', 'Port Hedland', 13500, 'multiplier'),
  location('location.tom-price', 'Tom Price', 14000, 'multiplier'),
  location('location.newman', 'Newman', 15000, 'multiplier'),
  location('location.marble-bar', 'Marble Bar', 16000, 'multiplier'),
];

/** Keys the product reads by name (the views below); any other key is the owners' own item. */
export const PRICE_KEYS = {
  autoQuote: 'auto-quote.completed-job',
  afterHours: 'after-hours.call-out',
  localTowing: 'towing.local',
  basicRecovery: 'recovery.basic',
} as const;

/** The prefix of a location's item: `location.point-samson`. */
const LOCATION_PREFIX = 'location.';
/** The suffix of an item's per-km companion: `towing.emergency.per-km`. */
const PER_KM_SUFFIX = '.per-km';

/** Where a resolved price came from. */
export type PriceSource = 'account' | 'default' | 'built-in';

/** A price as the product uses it, with where it came from. */
export interface ResolvedPrice {
  item: PriceItem;
  source: PriceSource;
  /** The first day of the list version it came from; null for a built-in item. */
  effectiveFrom: string | null;
}

/** The prices that apply to one customer on one day, by key. */
export interface PriceTable {
  /** The first day of the default list's version in force (null: the built-in items). */
  effectiveFrom: string | null;
  prices: ReadonlyMap<string, ResolvedPrice>;
}

/**
 * The version of a list in force on `date` (a Perth `YYYY-MM-DD`): the one with the latest
 * `effectiveFrom` on or before it (the later-saved one when two share the day), or undefined
 * when the list starts later.
 */
export function effectiveVersion(
  list: Pick<PriceList, 'versions'> | undefined,
  date: string,
): PriceListVersion | undefined {
  let best: PriceListVersion | undefined;
  for (const version of list?.versions ?? []) {
    if (version.effectiveFrom > date) continue;
    if (
      !best ||
      version.effectiveFrom > best.effectiveFrom ||
      (version.effectiveFrom === best.effectiveFrom && version.savedAt >= best.savedAt)
    )
      best = version;
  }
  return best;
}

/** The default list among stored lists: the one without an account (the oldest, if several). */
export function defaultPriceList<L extends Pick<PriceList, 'id' | 'accountId'>>(
  lists: readonly L[],
): L | undefined {
  return [...lists].filter((list) => list.accountId === null).sort((a, b) => a.id - b.id)[0];
}

/** The account's own list among stored lists, if it has one. */
export function accountPriceList<L extends Pick<PriceList, 'id' | 'accountId'>>(
  lists: readonly L[],
  accountId: number | null | undefined,
): L | undefined {
  if (accountId === null || accountId === undefined) return undefined;
  return [...lists].filter((list) => list.accountId === accountId).sort((a, b) => a.id - b.id)[0];
}

/**
 * The prices for a customer on `date`: every built-in item, replaced by the default list's item
 * of the same key in force that day, replaced in turn by the account's own list's. A key only a
 * list has (an item the owners added) is there too.
 */
export function priceTable(
  lists: readonly PriceList[],
  accountId: number | null | undefined,
  date: string,
): PriceTable {
  const prices = new Map<string, ResolvedPrice>();
  for (const builtIn of DEFAULT_PRICE_ITEMS)
    prices.set(builtIn.key, { item: builtIn, source: 'built-in', effectiveFrom: null });
  const base = effectiveVersion(defaultPriceList(lists), date);
  for (const listed of base?.items ?? [])
    prices.set(listed.key, {
      item: listed,
      source: 'default',
      effectiveFrom: base?.effectiveFrom ?? null,
    });
  const own = effectiveVersion(accountPriceList(lists, accountId), date);
  for (const listed of own?.items ?? [])
    prices.set(listed.key, {
      item: listed,
      source: 'account',
      effectiveFrom: own?.effectiveFrom ?? null,
    });
  return { effectiveFrom: base?.effectiveFrom ?? null, prices };
}

/** A table of these items alone (the public pages' copy from `/api/prices`, or the built-ins). */
export function tableOfItems(
  items: readonly PriceItem[],
  effectiveFrom: string | null = null,
): PriceTable {
  const prices = new Map<string, ResolvedPrice>();
  for (const entry of DEFAULT_PRICE_ITEMS)
    prices.set(entry.key, { item: entry, source: 'built-in', effectiveFrom: null });
  for (const entry of items)
    prices.set(entry.key, { item: entry, source: 'default', effectiveFrom });
  return { effectiveFrom, prices };
}

/** The built-in prices: what the public pages are pre-rendered with. */
export const BUILT_IN_PRICES: PriceTable = tableOfItems([]);

/** One price by key, or undefined when no list or built-in item has it. */
export function resolvePrice(table: PriceTable, key: string): ResolvedPrice | undefined {
  return table.prices.get(key);
}

/** The cents of a money item by key (0 when absent or a multiplier). */
export function priceCents(table: PriceTable, key: string): number {
  const found = table.prices.get(key)?.item;
  return found && found.unit !== 'multiplier' ? found.amount : 0;
}

/** Every item of a table, in the built-in order and then the owners' own items by key. */
export function tableItems(table: PriceTable): PriceItem[] {
  const order = new Map(DEFAULT_PRICE_ITEMS.map((entry, index) => [entry.key, index]));
  return [...table.prices.values()]
    .map((resolved) => resolved.item)
    .sort(
      (a, b) =>
        (order.get(a.key) ?? Number.MAX_SAFE_INTEGER) -
          (order.get(b.key) ?? Number.MAX_SAFE_INTEGER) || a.key.localeCompare(b.key),
    );
}

/** One entry of the quote tool's quick-add. */
export interface QuickAddEntry {
  description: string;
  unitPriceCents: number;
  priceKey: string;
}

/** The quote tool's quick-add by category: every money item with a category, in list order. */
export function quickAddCatalogue(
  table: PriceTable,
): Readonly<Record<QuoteItemCategory, readonly QuickAddEntry[]>> {
  const catalogue: Record<QuoteItemCategory, QuickAddEntry[]> = {
    service: [],
    parts: [],
    misc: [],
  };
  for (const entry of tableItems(table)) {
    if (!entry.category || entry.unit === 'multiplier') continue;
    catalogue[entry.category].push({
      description: entry.label,
      unitPriceCents: entry.amount,
      priceKey: entry.key,
    });
  }
  return catalogue;
}

/** One row of the quote tool's Pricing Structure panel: a service with its per-km rate. */
export interface ServiceRateRow {
  service: string;
  key: string;
  baseCents: number;
  perKmCents: number;
  /** The least the service is charged: its base (a per-km rate only adds to it). */
  minimumCents: number;
}

/** The services that have a per-km rate, for the Pricing Structure panel and the service picker. */
export function serviceRates(table: PriceTable): ServiceRateRow[] {
  return tableItems(table)
    .filter((entry) => entry.category === 'service' && table.prices.has(entry.key + PER_KM_SUFFIX))
    .map((entry) => ({
      service: entry.label,
      key: entry.key,
      baseCents: entry.amount,
      perKmCents: priceCents(table, entry.key + PER_KM_SUFFIX),
      minimumCents: entry.amount,
    }));
}

/** How a place is priced: a multiplier on the items (basis points) or a flat surcharge (cents). */
export interface LocationRule {
  name: string;
  key: string;
  multiplierBasisPoints: number | null;
  surchargeCents: number | null;
}

/** Every priced place, in list order. */
export function locationRules(table: PriceTable): LocationRule[] {
  return tableItems(table)
    .filter((entry) => entry.key.startsWith(LOCATION_PREFIX))
    .map((entry) => ({
      name: entry.label,
      key: entry.key,
      multiplierBasisPoints: entry.unit === 'multiplier' ? entry.amount : null,
      surchargeCents: entry.unit === 'multiplier' ? null : entry.amount,
    }));
}

function findLocation(
  table: PriceTable,
  name: string | null | undefined,
): LocationRule | undefined {
  if (!name) return undefined;
  const wanted = name.trim().toLowerCase();
  return locationRules(table).find((rule) => rule.name.toLowerCase() === wanted);
}

/**
 * The multipliers of the places that have one, by name, in basis points: what the quote
 * pricing rule (rules/pricing.ts) applies to a route.
 */
export function locationMultipliers(table: PriceTable): Readonly<Record<string, number>> {
  return Object.fromEntries(
    locationRules(table)
      .filter((rule) => rule.multiplierBasisPoints !== null)
      .map((rule) => [rule.name, rule.multiplierBasisPoints as number]),
  );
}

/**
 * The surcharge line a route takes: the larger flat surcharge of its two ends, as a quote line
 * priced from the list (the quote form adds it when a place is picked; staff may remove it).
 * Null when neither end has a surcharge above $0.
 */
export function routeSurcharge(
  table: PriceTable,
  from: string | null | undefined,
  to: string | null | undefined,
): QuickAddEntry | null {
  const ends = [findLocation(table, from), findLocation(table, to)].filter(
    (rule): rule is LocationRule => rule !== undefined && (rule.surchargeCents ?? 0) > 0,
  );
  const largest = ends.sort((a, b) => (b.surchargeCents ?? 0) - (a.surchargeCents ?? 0))[0];
  if (!largest) return null;
  return {
    description: `Location surcharge (${largest.name})`,
    unitPriceCents: largest.surchargeCents ?? 0,
    priceKey: largest.key,
  };
}

/** How a coverage area's pricing reads: 'None', '+$50', '+40%', or 'Quote required'. */
export function coverageSurchargeText(table: PriceTable, area: string): string {
  const rule = findLocation(table, area);
  if (!rule) return 'Quote required';
  if (rule.multiplierBasisPoints !== null) {
    const percent = (rule.multiplierBasisPoints - 10000) / 100;
    return percent <= 0 ? 'None' : `+${percent}%`;
  }
  return (rule.surchargeCents ?? 0) > 0 ? `+${formatPrice(rule.surchargeCents ?? 0)}` : 'None';
}

/** A card of the pricing page. */
export interface PublicPriceCard {
  key: string;
  label: string;
  priceCents: number;
  unit: PriceItem['unit'];
  /** The per-km rate after the price, when the item has one. */
  perKmCents: number | null;
  note: string | null;
}

/** The pricing page's groups: the keys each shows, in order. */
export const PUBLIC_PRICE_GROUPS = [
  {
    title: 'Towing',
    lead: 'Cars, utes, 4WDs and light trucks.',
    keys: ['towing.local', 'towing.emergency', 'towing.heavy-duty'],
  },
  {
    title: '4x4 Recovery',
    lead: 'Priced by how hard the recovery is.',
    keys: ['recovery.basic', 'recovery.complex', 'recovery.extreme'],
  },
  {
    title: 'Repairs',
    lead: 'Mobile mechanic at your home, work or roadside.',
    keys: ['repairs.diagnostic', 'repairs.mobile', 'repairs.engine', 'repairs.transmission'],
  },
] as const;

/** One card of the pricing page from the table (undefined when the key has no price). */
export function publicPriceCard(table: PriceTable, key: string): PublicPriceCard | undefined {
  const found = table.prices.get(key)?.item;
  if (!found) return undefined;
  const perKm = table.prices.get(key + PER_KM_SUFFIX)?.item;
  return {
    key,
    label: found.label,
    priceCents: found.amount,
    unit: found.unit,
    perKmCents: perKm ? perKm.amount : null,
    note: found.note,
  };
}

/** The lines a pricing card prints under its price ('First 15 km included', 'Then $3.50 per km'). */
export function publicPriceDetails(card: PublicPriceCard): string[] {
  const details: string[] = [];
  if (card.note) details.push(card.note);
  if (card.perKmCents !== null)
    details.push(`${card.note ? 'Then ' : ''}${formatCents(card.perKmCents)} per km`);
  return details;
}

/** The after-hours rule as the public pages and the quote tool state it. */
export interface AfterHoursRule {
  cents: number;
  /** When it applies ('10PM-6AM'). */
  window: string;
}

/** The after-hours call-out from the table. */
export function afterHoursRule(table: PriceTable): AfterHoursRule {
  const found = table.prices.get(PRICE_KEYS.afterHours)?.item;
  return { cents: found?.amount ?? 0, window: found?.note ?? '10PM-6AM' };
}

/** 'A $50 after-hours call-out fee applies between 10PM-6AM.' */
export function afterHoursText(table: PriceTable): string {
  const rule = afterHoursRule(table);
  return `A ${formatPrice(rule.cents)} after-hours call-out fee applies between ${rule.window}.`;
}
