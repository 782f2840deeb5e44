/**
 * Failure guards (issue 14): counters of failed attempts that lock a key for a while once it has
 * failed too often — a sign-in per account and per address, the phone digits tried against one
 * job id. Counting is rate-limiter-flexible's in-memory limiter; a restart forgets the counts,
 * which only ever lets a locked-out customer in sooner.
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

/**
 * The key of a job id or booking reference in the phone-proof guard: one count per id, whichever
 * call the proof came to (the portal, the dashboard, feedback; issue 25).
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
