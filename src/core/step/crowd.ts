/**
 * Stage 3b, crowd: bounds the work of a step whose broadphase found far more dynamic pairs
 * than bodies (issue #23, "bounded cost"): thousands of bodies added at one spot, or bodies
 * so fast that every swept box covers the board. Every later stage costs time in the number
 * of pairs (the push-out measures each pair in each of its rounds), so such a step took
 * seconds. Here the bodies are admitted in insertion order, each while it has at most
 * {@link CROWD_LIMIT} pairs with bodies admitted before it and, if it moves, at most that
 * many pairs in all (a body fast enough to sweep across a crowd is stopped, and the next
 * step sweeps only its box); the others are held for this
 * step: stopped where they are (no motion, velocity zeroed) and of infinite mass, so an
 * admitted body that meets one stops or is pushed out of it as it would by a wall, never
 * passes through it. Pairs of two held bodies are dropped (neither moves, so neither
 * overlap deepens), or, when contacts are tracked, kept as pairs that cross, which only the
 * report reads. The admitted bodies move apart, and the next step admits more: the
 * resolution is spread over frames ("spread the resolution over frames, or cap the work
 * per step and stop what is left rather than let it pass through", issue #23).
 * The first still body of every crowd is admitted, and a held body is still in the next
 * step, so each step makes progress.
 * Reads: `pairs`, the store's boxes. Writes: `pairs`, `pairCodes`, and for the
 * held bodies `deltaX/Y`, `integratedVelocityX/Y`, `startVelocityX/Y` and `inverseMass`.
 * Their broadphase bounds stay as the grid filed them (the grid reads them in later
 * queries), a superset of the box they keep.
 */
import { ensureCapacity } from '../broadphase/buffers.js'
import { CROSS } from '../world/responseCodes.js'
import type { StepContext } from './context.js'
import { CROWD_LIMIT, CROWD_PAIRS_PER_BODY } from './tolerances.js'

/**
 * Holds the bodies of crowds beyond {@link CROWD_LIMIT} when the step has more than
 * {@link CROWD_PAIRS_PER_BODY} pairs per dynamic body (see the file's comment); does
 * nothing otherwise. `sim.heldCount` is the number held (0 in an ordinary step).
 */
export function holdCrowds(sim: StepContext): void {
  const n = sim.dynamicCount
  const pairs = sim.pairs
  const pairCount = pairs.count
  sim.heldCount = 0
  if (pairCount <= CROWD_PAIRS_PER_BODY * n) return
  const { a: pairA, b: pairB } = pairs
  // Each pair listed under its later body (counting sort), so admission reads, for body k,
  // the bodies before it it pairs with.
  const start = (sim.crowdStart = ensureCapacity(sim.crowdStart, n + 1))
  const degree = (sim.crowdDegree = ensureCapacity(sim.crowdDegree, n))
  start.fill(0, 0, n + 1)
  degree.fill(0, 0, n)
  for (let p = 0; p < pairCount; p++) {
    const i = pairA[p] as number
    const j = pairB[p] as number
    const later = i > j ? i : j
    start[later + 1] = (start[later + 1] as number) + 1
    degree[i] = (degree[i] as number) + 1
    degree[j] = (degree[j] as number) + 1
  }
  for (let k = 0; k < n; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number)
  const earlier = (sim.crowdEarlier = ensureCapacity(sim.crowdEarlier, pairCount))
  const cursor = (sim.crowdCursor = ensureCapacity(sim.crowdCursor, n))
  for (let k = 0; k < n; k++) cursor[k] = start[k] as number
  for (let p = 0; p < pairCount; p++) {
    const i = pairA[p] as number
    const j = pairB[p] as number
    const later = i > j ? i : j
    const at = cursor[later] as number
    earlier[at] = i > j ? j : i
    cursor[later] = at + 1
  }
  const admitted = (sim.admitted = ensureCapacity(sim.admitted, n))
  let held = 0
  for (let k = 0; k < n; k++) {
    let met = 0
    const end = start[k + 1] as number
    for (let e = start[k] as number; e < end && met <= CROWD_LIMIT; e++) {
      met += admitted[earlier[e] as number] as number
    }
    // A moving body with more pairs than that sweeps across a crowd (a box at 1e6 px/s
    // sweeps its whole board): stopped, its next step sweeps only its box.
    const moving = sim.deltaX[k] !== 0 || sim.deltaY[k] !== 0
    const admit = met <= CROWD_LIMIT && !(moving && (degree[k] as number) > CROWD_LIMIT)
    admitted[k] = Number(admit)
    if (!admit) {
      held++
      stop(sim, k)
    }
  }
  sim.heldCount = held
  const codes = sim.pairCodes
  if (sim.contacts.enabled) {
    // Contacts are tracked: a pair of two held bodies stays, as one that crosses (no stage
    // but the report reads such a pair), so the report still sees them touch.
    for (let p = 0; p < pairCount; p++) {
      const either =
        (admitted[pairA[p] as number] as number) | (admitted[pairB[p] as number] as number)
      if (either === 0) codes[p] = CROSS
    }
    return
  }
  // Pairs with an admitted body stay (in order); pairs of two held bodies go.
  let kept = 0
  for (let p = 0; p < pairCount; p++) {
    const i = pairA[p] as number
    const j = pairB[p] as number
    pairA[kept] = i
    pairB[kept] = j
    codes[kept] = codes[p] as number
    kept += (admitted[i] as number) | (admitted[j] as number)
  }
  pairs.count = kept
}

/** Holds dynamic body k for this step: no motion, no velocity, infinite mass. */
function stop(sim: StepContext, k: number): void {
  sim.deltaX[k] = 0
  sim.deltaY[k] = 0
  sim.integratedVelocityX[k] = 0
  sim.integratedVelocityY[k] = 0
  sim.startVelocityX[k] = 0
  sim.startVelocityY[k] = 0
  sim.inverseMass[k] = 0
}

/** Whether the crowd stage holds dynamic body k (local index) in the current step. */
export function isHeld(sim: StepContext, k: number): boolean {
  return sim.heldCount > 0 && sim.admitted[k] === 0
}
