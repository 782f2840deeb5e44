/**
 * What the first screens of a sign-in share (lib/driver-preview.ts, lib/admin-preview.ts): the
 * answer's rows held in memory for the screens of this page, and the hand checks of its rows.
 * Never written anywhere: a reload, a sign-out or another sign-in drops them. Checked by hand,
 * not with zod, for the reason auth-user.ts gives (the sign-in code is on public pages).
 */
import { useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import type { Job } from '@pilbara/shared-schema';

/** One first screen held for the page: `hold` keeps (or with null forgets), `use` reads it. */
export interface HeldScreen<T> {
  hold(screen: T | null): void;
  use(): T | null;
}

function store<T>(): HeldScreen<T> {
  let held: T | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    hold(screen) {
      if (held === screen) return;
      held = screen;
      for (const listener of listeners) listener();
    },
    use() {
      return useSyncExternalStore(
        subscribe,
        () => held,
        () => null,
      );
    },
  };
}

/** Whether the first screen held last has been on screen (see `useAfterFirstScreen`). */
const painted = store<true>();

export function heldScreen<T>(): HeldScreen<T> {
  const screens = store<T>();
  return {
    hold(screen) {
      if (screen !== null) painted.hold(null);
      screens.hold(screen);
    },
    use: screens.use,
  };
}

/** Said by a first screen once it is on screen: the staff code may take the main thread now. */
export function useSayFirstScreenPainted(): void {
  useEffect(() => painted.hold(true), []);
}

/** Whether the first screen held last has said it is on screen. */
export function useFirstScreenPainted(): boolean {
  return painted.use() === true;
}

/**
 * How many rows of a list a first screen draws: `first` (what a phone shows of the list, and one
 * more) in the frame that puts the screen up, every row once that frame has been painted, as a
 * deferred render behind anything the person does. Drawing a dozen or more rows with the rest of
 * the screen held a slow phone's first frame back by about half a second.
 */
export function useRowsAfterFirstFrame(first: number): number {
  const painted = useFirstScreenPainted();
  return useDeferredValue(painted ? Number.POSITIVE_INFINITY : first, first);
}

/** Whether `value` is an object whose `fields` are all strings. */
export function hasTextFields(value: unknown, fields: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return fields.every((field) => typeof row[field] === 'string');
}

export function isJob(value: unknown): value is Job {
  return hasTextFields(value, ['id', 'status', 'customerName', 'createdAt', 'updatedAt']);
}
