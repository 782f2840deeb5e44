/**
 * One sync leader per browser (docs/sync.md): the tab holding the Web Lock runs the engine; the
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
 * waiting. The returned promise settles once the engine has stopped.
 *
 * Stepping down gives the lock back at once, even while `lead` is still starting the engine and
 * before its stop has finished: a page going into WebKit's back/forward cache is frozen right
 * after `pagehide`, and anything still waiting on I/O then never finishes, so a lock held until
 * the stop completed stayed with the cached page and the next page of the app never synced
 * ("Not syncing"). The page leaving does its winding down (or, frozen, none) without the lock;
 * the server's once-only journal makes a short overlap with the next leader harmless.
 */
export function runAsLeader(
  name: string,
  lead: () => Promise<() => Promise<void>>,
  signal: AbortSignal,
  locks: LockManagerLike | undefined = lockManager(),
): Promise<void> {
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  let stopped: Promise<void> = Promise.resolve();
  const hold = async (): Promise<void> => {
    if (signal.aborted) return;
    const leading = lead();
    await Promise.race([leading, aborted]);
    await aborted;
    stopped = leading.then((stop) => stop());
  };
  if (!locks) return hold().then(() => stopped);
  return locks.request(name, { signal }, hold).then(
    () => stopped,
    (error: unknown) => {
      // Aborting while still queued rejects with AbortError: that is stepping down, not a failure.
      if ((error as { name?: string }).name !== 'AbortError') throw error;
    },
  );
}
