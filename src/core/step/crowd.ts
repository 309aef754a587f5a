/**
 * Stage 3b, crowd: bounds the work of a step whose broadphase found far more dynamic pairs
 * than bodies (issue #23, "bounded cost"): thousands of bodies added at one spot, or bodies
 * so fast that every swept box covers the board. Every later stage costs time in the number
 * of pairs (the push-out measures each pair in each of its rounds), and a full list of a
 * crowd of n bodies at one spot has n^2 / 2 pairs, so such a step took seconds. The pairs
 * stage stops listing once it has more than `CROWD_PAIRS_PER_BODY` pairs per body
 * (`findPairs`); then this stage admits the bodies in insertion order, each while it has at
 * most {@link CROWD_LIMIT} pairs with bodies admitted before it and, if it moves, at most
 * that many pairs in all (a body fast enough to sweep across a crowd is stopped, and the
 * next step sweeps only its box); the others are held for this step: stopped where they
 * are (no motion, velocity zeroed) and of infinite mass, so an admitted body that meets one
 * stops or is pushed out of it as it would by a wall, never passes through it.
 *
 * The admitted bodies' pairs come from the grid, by layer class (`layerPartition.ts`: a
 * scan visits only the partners whose layers meet its body's, so a crowd on layers that
 * ignore each other costs no more than one that collides), in insertion order: each
 * admitted body scans all its partners and counts itself into the admitted-before count
 * of each later one, so a body with more than {@link CROWD_LIMIT} admitted partners before
 * it is held without a scan of its own, and a moving body's scan stops past that many
 * partners. Every pair with an admitted body is listed once (by that
 * body when the other comes later or is held, else by the other), and no pair of two held
 * bodies is (neither moves, so neither overlap deepens): in a crowd of n bodies at one
 * spot the step lists about (limit + 1) n pairs, never the crowd's n^2 / 2. When contacts
 * are tracked, the list is complete (the report names every touching pair, and a crowd of
 * n touching bodies has n^2 / 2 of them); then the pairs of two held bodies are kept as
 * pairs that cross, which only the report reads.
 *
 * The admitted bodies move apart, and the next step admits more: the resolution is spread
 * over frames ("spread the resolution over frames, or cap the work per step and stop what
 * is left rather than let it pass through", issue #23). The first still body of every crowd
 * is admitted, and a held body is still in the next step, so each step makes progress.
 * Reads: the dynamic grid, `pairs` (when complete), the store's boxes, layers and masks. Writes: `pairs`,
 * `pairCodes`, `admitted`, `crowdMet`, `heldCount`, `listedPairs`, and for the held bodies
 * `deltaX/Y`, `integratedVelocityX/Y`, `startVelocityX/Y` and `inverseMass`. Their
 * broadphase bounds stay as the grid filed them (the grid reads them in later queries), a
 * superset of the box they keep.
 */
import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
import type { OverlapVisitor } from '../broadphase/uniformGrid.js'
import { dynamicPairCode } from '../world/pairCode.js'
import { CROSS, IGNORE } from '../world/responseCodes.js'
import type { StepContext } from './context.js'
import { LayerPartition } from './layerPartition.js'
import { CROWD_LIMIT } from './tolerances.js'

/**
 * The scan of one body's pairs in a crowded step (see the file's comment): the partners it
 * meets that may collide, with their codes. One per world, kept in its
 * {@link StepContext} (see {@link crowdScanOf}).
 */
export class CrowdScan implements OverlapVisitor {
  /** The body scanned (local index) and its slot. */
  private body = 0
  private slot = 0
  /** Whether the scan stops past {@link CROWD_LIMIT} partners (a moving body's). */
  private bounded = false
  /** The partners met that may collide (local indices) and each pair's code, in the order met. */
  readonly partners = new IndexBuffer()
  readonly codes = new IndexBuffer()
  /** Partners the scans of the step visited, ignored ones too: their work. */
  visited = 0
  /** The step's dynamic bodies by layer class: a scan visits only partners whose layers meet. */
  readonly classes = new LayerPartition()

  constructor(private readonly sim: StepContext) {}

  /**
   * Scans body k's partners; with `bounded`, stops past {@link CROWD_LIMIT} of them and
   * returns true (the list is then incomplete), else lists them all and returns false.
   */
  scan(k: number, bounded: boolean): boolean {
    this.body = k
    this.slot = this.sim.dynamic[k] as number
    this.bounded = bounded
    this.partners.count = 0
    this.codes.count = 0
    return this.classes.visitOverlaps(k, this)
  }

  meet(j: number): boolean {
    const sim = this.sim
    this.visited++
    const other = sim.dynamic[j] as number
    // The pair's code as the full list's filter gives it: the earlier body first.
    const code =
      j < this.body
        ? dynamicPairCode(sim, other, this.slot)
        : dynamicPairCode(sim, this.slot, other)
    if (code === IGNORE) return false
    this.partners.push(j)
    this.codes.push(code)
    return this.bounded && this.partners.count > CROWD_LIMIT
  }
}

/**
 * Holds the bodies of crowds beyond {@link CROWD_LIMIT} when the pairs stage found more
 * than `CROWD_PAIRS_PER_BODY` candidate pairs per dynamic body, and lists the pairs
 * the step solves (see the file's comment); does nothing otherwise. `sim.heldCount` is the
 * number held (0 in an ordinary step).
 */
export function holdCrowds(sim: StepContext): void {
  sim.heldCount = 0
  if (!sim.crowded) return
  const n = sim.dynamicCount
  const admitted = (sim.admitted = ensureCapacity(sim.admitted, n))
  // Each body's partners admitted before it, counted as each admitted body scans its own:
  // a body with more is held without a scan of its own.
  const met = (sim.crowdMet = ensureCapacity(sim.crowdMet, n))
  met.fill(0, 0, n)
  const complete = sim.pairsComplete
  const pairs = sim.pairs
  if (!complete) pairs.count = 0
  const scan = crowdScanOf(sim)
  scan.classes.build(sim, sim.dynamic, n, sim.dynamicBounds, sim.dynamicGrid)
  scan.visited = 0
  const partners = scan.partners
  let held = 0
  for (let k = 0; k < n; k++) {
    // A moving body with more pairs than the limit sweeps across a crowd (a box at 1e6 px/s
    // sweeps its whole board): stopped, its next step sweeps only its box.
    const moving = sim.deltaX[k] !== 0 || sim.deltaY[k] !== 0
    partners.count = 0
    const hold = (met[k] as number) > CROWD_LIMIT || scan.scan(k, moving)
    admitted[k] = Number(!hold)
    if (hold) {
      held++
      stop(sim, k)
      continue
    }
    for (let q = 0; q < partners.count; q++) {
      const j = partners.items[q] as number
      if (j > k) met[j] = (met[j] as number) + 1
    }
    if (!complete) listPairsOf(sim, k)
  }
  sim.heldCount = held
  sim.listedPairs += scan.visited
  if (!complete) return
  const { a: pairA, b: pairB } = pairs
  const codes = sim.pairCodes
  const pairCount = pairs.count
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

/** The world's {@link CrowdScan}, made in its first crowded step. */
function crowdScanOf(sim: StepContext): CrowdScan {
  const kept = sim.crowdScan
  if (kept instanceof CrowdScan) return kept
  const scan = new CrowdScan(sim)
  sim.crowdScan = scan
  return scan
}

/**
 * Lists the pairs of admitted body k that no body before it listed: with every body after
 * it, and with the held bodies before it (an admitted body before it listed their pair).
 */
function listPairsOf(sim: StepContext, k: number): void {
  const { partners, codes } = crowdScanOf(sim)
  const pairs = sim.pairs
  pairs.reserve(pairs.count + partners.count)
  sim.pairCodes = ensureCapacity(sim.pairCodes, pairs.count + partners.count)
  const pairCodes = sim.pairCodes
  for (let q = 0; q < partners.count; q++) {
    const j = partners.items[q] as number
    if (j < k && sim.admitted[j] === 1) continue
    pairCodes[pairs.count] = codes.items[q] as number
    pairs.push(j < k ? j : k, j < k ? k : j)
  }
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
