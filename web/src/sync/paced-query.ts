/**
 * Screens that read whole tables, paced while a snapshot page is written. Each committed part of
 * a page wakes every live query over the tables it touched, and a screen reading thousands of
 * jobs reads and renders them all again: parts a few tens of milliseconds apart would keep the
 * main thread busy with re-reads of lists that change by a few rows. While a snapshot page is
 * being applied, {@link usePacedLiveQuery} reads again at most once per {@link PACE_MS} (and at
 * the page's end); at any other time it is `useLiveQuery`, following every change at once.
 */
import { useRef, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';

/** How often a paced screen reads again while a snapshot page is written. */
export const PACE_MS = 1000;

let applying = false;
let tick = 0;
let lastTick = 0;
const listeners = new Set<() => void>();

function bump(at: number): void {
  tick += 1;
  lastTick = at;
  for (const listener of listeners) listener();
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `useLiveQuery(querier, deps)`, except while a snapshot page is being written: the result read
 * last is kept (and nothing is read, so no commit wakes the query) until the next pace tick, which
 * reads again. Every row still shows: the page's end always reads.
 */
export function usePacedLiveQuery<T>(
  querier: () => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined {
  const paceTick = useSyncExternalStore(
    subscribe,
    () => tick,
    () => 0,
  );
  const kept = useRef<{ tick: number; deps: readonly unknown[]; result: T } | null>(null);
  return useLiveQuery(async () => {
    const held = kept.current;
    const same =
      held !== null &&
      held.tick === paceTick &&
      held.deps.length === deps.length &&
      held.deps.every((dep, i) => Object.is(dep, deps[i]));
    if (same && applying) return held.result;
    const result = await querier();
    kept.current = { tick: paceTick, deps, result };
    return result;
  }, [...deps, paceTick]);
}
