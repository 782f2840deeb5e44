/**
 * Screens that read whole tables, paced while a snapshot page is written. Each committed part of
 * a page wakes every live query over the tables it touched, and a screen reading thousands of
 * jobs reads and renders them all again: parts a few tens of milliseconds apart would keep the
 * main thread busy with re-reads of lists that change by a few rows. While a snapshot page is
 * being applied, {@link usePacedLiveQuery} reads again at most once per {@link PACE_MS} (and at
 * the page's end); at any other time it is `useLiveQuery`, following every change at once.
 */
import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { dequal } from 'dequal';

/** How often a paced screen reads again while a snapshot page is written. */
export const PACE_MS = 1000;

let applying = false;
let lastTick = 0;
const listeners = new Set<() => void>();

function bump(at: number): void {
  lastTick = at;
  for (const listener of [...listeners]) listener();
}

/**
 * The page apply's side: a snapshot page starts (`'start'`), one of its parts committed
 * (`'part'`), or it ended, written or not (`'end'`). `at` is the apply's clock, in ms.
 */
export function snapshotPaceNote(event: 'start' | 'part' | 'end', at: number): void {
  if (event === 'start') {
    if (!applying) lastTick = at;
    applying = true;
    return;
  }
  if (event === 'end') {
    applying = false;
    bump(at);
    return;
  }
  if (at - lastTick >= PACE_MS) bump(at);
}

interface Subscription {
  unsubscribe(): void;
}

/**
 * A Dexie live query that, while a snapshot page is written, keeps the result it read last (and
 * reads nothing, so no commit wakes it) until the next pace tick, which reads again. A read equal
 * to the one held gives the held result back: the hook then draws nothing again, as a tick finds
 * most tables unchanged (a page writes a few of them) and a snapshot rewrites rows as they were.
 * The ticks reach the query here rather than through React state, which would draw every paced
 * screen at every tick.
 */
function pacedLiveQuery<T>(querier: () => Promise<T> | T) {
  return {
    subscribe(next: (value: T) => void, fail?: (error: unknown) => void): Subscription {
      let held: { result: T } | null = null;
      let inner: Subscription | null = null;
      const read = () => {
        inner?.unsubscribe();
        // A tick's first run reads; a commit waking it later in the page does not.
        let due = true;
        inner = liveQuery(async () => {
          if (held && applying && !due) return held.result;
          due = false;
          const result = await querier();
          if (held && dequal(held.result, result)) return held.result;
          held = { result };
          return result;
        }).subscribe({ next, error: (error: unknown) => fail?.(error) });
      };
      listeners.add(read);
      read();
      return {
        unsubscribe() {
          listeners.delete(read);
          inner?.unsubscribe();
        },
      };
    },
  };
}

/**
 * `useLiveQuery(querier, deps)`, except while a snapshot page is being written: the result read
 * last is kept until the next pace tick. Every row still shows: the page's end always reads.
 */
export function usePacedLiveQuery<T>(
  querier: () => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined {
  return useObservable(() => pacedLiveQuery(querier), [...deps]);
}
