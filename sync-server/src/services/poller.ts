/**
 * A background job run on a timer and on demand (the notifier, the daily fleet summary): once
 * at start, every `pollMs` after, and whenever `run()` is called. Runs never overlap: a call
 * during a run gets that run, and with `queueWhileRunning` one more run follows it (the
 * notifier: what the caller just wrote is seen). A failed run is logged and the next trigger
 * tries again; after `stop()` nothing new starts.
 */

export interface Poller<T> {
  /** Runs the job now, or after the run in progress; resolves with the last run's result. */
  run(): Promise<T>;
  /** Stops the timer, then waits for a run in flight. */
  stop(): Promise<void>;
  /** Whether `stop()` was called. */
  readonly stopped: boolean;
}

export function startPoller<T>(options: {
  work: () => Promise<T>;
  /** What a failed run, or a run after stopping, resolves with. */
  idle: T;
  pollMs: number;
  /** Whether a call during a run queues one more run after it. */
  queueWhileRunning: boolean;
  /** Told of a run that threw while the poller was not stopping. */
  onError: (error: unknown) => void;
}): Poller<T> {
  let current: Promise<T> | null = null;
  let again = false;
  let stopped = false;

  function run(): Promise<T> {
    if (stopped) return current ?? Promise.resolve(options.idle);
    if (current) {
      again = options.queueWhileRunning;
      return current;
    }
    current = (async () => {
      let result: T;
      try {
        do {
          again = false;
          try {
            result = await options.work();
          } catch (error) {
            result = options.idle;
            // A closed database during shutdown, or a bad row: log and try again next trigger.
            if (!stopped) options.onError(error);
          }
        } while (again && !stopped);
      } finally {
        current = null;
      }
      return result;
    })();
    return current;
  }

  const timer = setInterval(() => void run(), options.pollMs);
  timer.unref();
  void run();

  return {
    run,
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
