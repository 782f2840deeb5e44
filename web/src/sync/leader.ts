/**
 * One sync leader per browser (DESIGN §5): the tab holding the Web Lock runs the engine; the
 * others wait in the lock's queue and see every change through Dexie live queries. When the
 * leader's tab closes, the browser releases the lock and the next tab takes over.
 */

/** The lock name; one per database, so tests with their own database elect their own leader. */
export function leaderLockName(dbName: string): string {
  return `pilbara-sync-leader:${dbName}`;
}

interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
}

function lockManager(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks;
}

/**
 * Runs `lead` while this tab holds the leader lock; `lead` returns the function that stops it.
 * Without Web Locks (old browsers, tests) this tab leads. Abort `signal` to step down or stop
 * waiting.
 */
export function runAsLeader(
  name: string,
  lead: () => Promise<() => Promise<void>>,
  signal: AbortSignal,
  locks: LockManagerLike | undefined = lockManager(),
): Promise<void> {
  const hold = async (): Promise<void> => {
    if (signal.aborted) return;
    const stop = await lead();
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await stop();
  };
  if (!locks) return hold();
  return locks.request(name, { signal }, hold).then(
    () => undefined,
    (error: unknown) => {
      // Aborting while still queued rejects with AbortError: that is stepping down, not a failure.
      if ((error as { name?: string }).name !== 'AbortError') throw error;
    },
  );
}
