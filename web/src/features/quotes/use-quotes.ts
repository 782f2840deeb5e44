/**
 * The quotes manager's data hooks: quotes, this device's unsynced quote ids,
 * all read from Dexie with live queries so the screen works offline and updates as sync runs.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { quoteSchema, type Quote } from '@pilbara/shared-schema';
import { db } from '../../sync';

const QUOTE_KEY_PREFIX = 'quotes:';

/** Every quote, newest first; undefined while the first read runs. */
export function useQuotes(): Quote[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.quotes.toArray();
    const quotes: Quote[] = [];
    for (const row of rows) {
      const parsed = quoteSchema.safeParse(row);
      if (parsed.success) quotes.push(parsed.data);
    }
    return quotes.sort(
      (a, b) =>
        b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id, 'en', { numeric: true }),
    );
  }, []);
}

/** Ids of quotes written by mutations still waiting in this device's outbox. */
export function usePendingQuoteIds(): ReadonlySet<string> {
  return (
    useLiveQuery(async () => {
      const ids = new Set<string>();
      await db.outbox.each((item) => {
        for (const key of item.writes) {
          if (!key.startsWith(QUOTE_KEY_PREFIX)) continue;
          try {
            const id: unknown = JSON.parse(key.slice(QUOTE_KEY_PREFIX.length));
            if (typeof id === 'string') ids.add(id);
          } catch {
            // A key this screen does not understand names no quote.
          }
        }
      });
      return ids;
    }, []) ?? new Set<string>()
  );
}
