import fc from 'fast-check'

/**
 * Setup file of the `unit` and `browser` Vitest projects: the seed of every fast-check
 * property. `npm test` replays one fixed seed, so a run on a clean clone checks the same
 * thousands of random scenes each time and its result does not depend on luck;
 * `npm run fuzz` (which sets `FUZZ_RUNS`) draws fresh seeds to find new counterexamples.
 * `FUZZ_SEED=<n>` replays a seed that a failure printed (fast-check prints it with the
 * counterexample), in either mode.
 */
const FIXED_SEED = 20261127

// A browser test page has no `process`: it always replays the fixed seed.
const env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env
const chosen = env.FUZZ_SEED ?? (env.FUZZ_RUNS ? undefined : String(FIXED_SEED))
if (chosen !== undefined) {
  const seed = Number(chosen)
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`FUZZ_SEED: expected an integer seed, got "${chosen}"`)
  }
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed })
}
