/**
 * The prices the public pages show, from the owners' price list (DESIGN: one price list). The
 * pages are pre-rendered at build time with the built-in prices; once a page has hydrated it asks
 * the server for the list in force today (`GET /api/prices`) and shows that, so a price the
 * owners change reaches the pages without a new build. The last answer is kept on the device so
 * an offline visit shows the prices last seen rather than the built-in ones.
 *
 * The answer is checked by hand rather than with zod: the public pages keep zod out of their
 * first load.
 */
import { startTransition, useEffect, useState } from 'react';
import {
  BUILT_IN_PRICES,
  PRICE_CATEGORIES,
  PRICE_UNITS,
  tableOfItems,
  type PriceItem,
  type PriceTable,
} from '@pilbara/shared-schema';
import { apiRequest } from '../lib/http';
import { usePageHydrated } from '../lib/hydration';

const PRICES_STORAGE_KEY = 'publicPrices';

function isPriceItem(value: unknown): value is PriceItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.key === 'string' &&
    typeof item.label === 'string' &&
    (PRICE_UNITS as readonly unknown[]).includes(item.unit) &&
    typeof item.amount === 'number' &&
    Number.isInteger(item.amount) &&
    item.amount >= 0 &&
    (item.category === null || (PRICE_CATEGORIES as readonly unknown[]).includes(item.category)) &&
    (item.note === null || typeof item.note === 'string')
  );
}

/** The table of a `/api/prices` answer (or a kept copy), or null when it is not one. */
function parsePrices(value: unknown): PriceTable | null {
  if (typeof value !== 'object' || value === null) return null;
  const { effectiveFrom, items } = value as Record<string, unknown>;
  if (effectiveFrom !== null && typeof effectiveFrom !== 'string') return null;
  if (!Array.isArray(items) || !items.every(isPriceItem)) return null;
  return tableOfItems(items, effectiveFrom);
}

function readKept(): PriceTable | null {
  try {
    const raw = window.localStorage.getItem(PRICES_STORAGE_KEY);
    return raw ? parsePrices(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function keep(answer: unknown): void {
  try {
    window.localStorage.setItem(PRICES_STORAGE_KEY, JSON.stringify(answer));
  } catch {
    // Storage full or blocked: the prices live in memory for this visit.
  }
}

/** One request a page load, whichever parts of the page show prices. */
let pending: Promise<PriceTable | null> | null = null;

function fetchPrices(): Promise<PriceTable | null> {
  pending ??= apiRequest<unknown>('/api/prices')
    .then((answer) => {
      const table = parsePrices(answer);
      if (table) keep(answer);
      return table;
    })
    .catch(() => null);
  return pending;
}

/**
 * The public prices: the built-in ones while the page hydrates (what its HTML was rendered
 * with), then the kept copy, then the server's.
 */
export function usePublicPrices(): PriceTable {
  const [table, setTable] = useState<PriceTable>(BUILT_IN_PRICES);
  const hydrated = usePageHydrated();
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    const kept = readKept();
    if (kept) startTransition(() => setTable(kept));
    void fetchPrices().then((fresh) => {
      if (live && fresh) startTransition(() => setTable(fresh));
    });
    return () => {
      live = false;
    };
  }, [hydrated]);
  return table;
}
