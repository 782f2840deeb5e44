/**
 * Failure guards: counters of failed attempts — the phone digits tried against one job id lock
 * that id for a while once they failed too often; sign-in failures make the one failing wait,
 * longer each time ({@link BackoffGuard}). Counting is rate-limiter-flexible's in-memory limiter;
 * a restart forgets the counts, which only ever lets a held-back customer in sooner.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';

export interface FailureGuardOptions {
  /** Failures allowed within `windowSeconds` before the key locks. */
  failures: number;
  windowSeconds: number;
  /** How long a locked key stays locked. */
  lockSeconds: number;
}

export class FailureGuard {
  private readonly limiter: RateLimiterMemory;

  constructor(private readonly options: FailureGuardOptions) {
    this.limiter = new RateLimiterMemory({
      points: options.failures,
      duration: options.windowSeconds,
    });
  }

  /** Milliseconds the key stays locked, or 0 when it is not locked. */
  async lockedFor(key: string): Promise<number> {
    const state = await this.limiter.get(key);
    return state && state.consumedPoints >= this.options.failures ? state.msBeforeNext : 0;
  }

  /** Counts a failure; the one that reaches the limit locks the key for `lockSeconds`. */
  async fail(key: string): Promise<void> {
    const state = await this.limiter.penalty(key, 1);
    if (state.consumedPoints >= this.options.failures) {
      await this.limiter.block(key, this.options.lockSeconds);
    }
  }

  /** Forgets the key's failures (a success). */
  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

export interface BackoffOptions {
  /** Failures within `windowSeconds` that cost nothing. */
  free: number;
  windowSeconds: number;
  /** The longest wait a failure can impose. */
  maxWaitSeconds: number;
}

/**
 * Sign-in failures that slow the one failing, not lock the account: from the `free`-th failure in
 * the window on, each failure makes the key wait before its next try, the wait doubling every time
 * (1 s, 2 s, 4 s… up to `maxWaitSeconds`). A guesser gets a handful of tries an hour; the owner,
 * signing in from a device that signed in before, is counted apart (routes/auth) and never waits
 * for them. Counting is rate-limiter-flexible's, in memory.
 */
export class BackoffGuard {
  private readonly failures: RateLimiterMemory;
  private readonly waits: RateLimiterMemory;

  constructor(private readonly options: BackoffOptions) {
    this.failures = new RateLimiterMemory({ points: 1_000_000, duration: options.windowSeconds });
    this.waits = new RateLimiterMemory({ points: 1, duration: options.maxWaitSeconds });
  }

  /** Milliseconds the key must still wait before its next try, or 0. */
  async waitFor(key: string): Promise<number> {
    const state = await this.waits.get(key);
    return state && state.consumedPoints > 1 ? state.msBeforeNext : 0;
  }

  /**
   * Counts a failure; from the `free`-th on the key waits before its next try, 1 s after it and
   * twice as long after each further one.
   */
  async fail(key: string): Promise<void> {
    const { consumedPoints } = await this.failures.penalty(key, 1);
    const over = consumedPoints - this.options.free;
    if (over < 0) return;
    const seconds = Math.min(2 ** Math.min(over, 30), this.options.maxWaitSeconds);
    await this.waits.block(key, seconds);
  }

  /** Forgets the key's failures (a success). */
  async clear(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.waits.delete(key)]);
  }
}

/**
 * The key of a job id or booking reference in the phone-proof guard: one count per id, whichever
 * call the proof came to (the portal, the dashboard, feedback).
 */
export function phoneProofKey(id: string): string {
  return `id:${id.trim().toUpperCase()}`;
}

/** Whole minutes, at least 1, of a wait in milliseconds (for the messages). */
export function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * A budget of `points` per `seconds` shared by the whole server: the cap on emails the public
 * forms may cause. `take` answers whether one more fits.
 */
export class SharedBudget {
  private readonly limiter: RateLimiterMemory;

  constructor(points: number, seconds: number) {
    this.limiter = new RateLimiterMemory({ points, duration: seconds });
  }

  async take(): Promise<boolean> {
    try {
      await this.limiter.consume('all');
      return true;
    } catch {
      return false;
    }
  }
}
