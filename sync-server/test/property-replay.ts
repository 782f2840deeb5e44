/**
 * Vitest setup for the property tests (fast-check): a failure prints fast-check's seed and
 * counterexample path; setting them in the environment replays that exact run.
 *   PROP_SEED=<seed> PROP_PATH=<path> npx vitest run <file> -t '<test name>'
 */
import fc from 'fast-check';

const seed = process.env.PROP_SEED;
if (seed) {
  const path = process.env.PROP_PATH;
  fc.configureGlobal({ seed: Number(seed), ...(path ? { path, endOnFailure: true } : {}) });
}
