/**
 * Stage 1, pairs: lists the dynamic and solid bodies (when the store changed), rebuilds the
 * solids' grid (when a solid changed) and, after integration, finds the dynamic pairs and
 * each dynamic body's solid candidates.
 * Reads: the store's bodies, kinds, layers and masks; the swept bounds of `integrate`.
 * Writes: `dynamic`, `solid`, the grids, `pairs`, `pairCodes`, `candidates`,
 * `candidateStart`, `solidPairs`, `crowded`, `pairsComplete`, `listedPairs`. No position or
 * velocity. Later stages and the layout watch ask through its queries (search boxes left or
 * met, solids overlapped) what a body meets beyond the step's pairs.
 */
import { DYNAMIC, KINEMATIC, penetrationDepth } from '../world/bodyStore.js'
import {
  countsToGroupStarts,
  ensureCapacity,
  rewindGroupStarts,
  type IndexBuffer,
} from '../broadphase/buffers.js'
import type { StepContext } from './context.js'
import { dynamicPairCode, pairCode, strongerResponse } from '../world/pairCode.js'
import { IGNORE, keepsApart } from '../world/responseCodes.js'
import { reserveItemBounds, type ItemBounds } from '../broadphase/uniformGrid.js'
import { writeSlotBounds } from '../broadphase/bodyIndex.js'
import { sweptBoxWithin } from './sweep.js'
import { CROWD_PAIRS_PER_BODY } from './tolerances.js'

export function collectBodies(sim: StepContext): void {
  sim.listedPairs = 0
  const store = sim.store
  // Nothing was added, removed or retyped since the last step: the lists stand.
  if (store.version === sim.collectedVersion) return
  sim.collectedVersion = store.version
  sim.dynamic = ensureCapacity(sim.dynamic, store.count)
  let dynamicCount = 0
  let solidCount = 0
  for (let index = 0; index < store.count; index++) {
    const slot = store.order[index] as number
    if (store.kind[slot] === DYNAMIC) sim.dynamic[dynamicCount++] = slot
    else solidCount++
  }
  sim.dynamicCount = dynamicCount
  if (solidCount !== sim.solidCount) sim.solidsDirty = true
  const n = dynamicCount
  sim.startX = ensureCapacity(sim.startX, n)
  sim.startY = ensureCapacity(sim.startY, n)
  sim.width = ensureCapacity(sim.width, n)
  sim.height = ensureCapacity(sim.height, n)
  sim.startVelocityX = ensureCapacity(sim.startVelocityX, n)
  sim.startVelocityY = ensureCapacity(sim.startVelocityY, n)
  sim.integratedVelocityX = ensureCapacity(sim.integratedVelocityX, n)
  sim.integratedVelocityY = ensureCapacity(sim.integratedVelocityY, n)
  sim.solvedVelocityX = ensureCapacity(sim.solvedVelocityX, n)
  sim.solvedVelocityY = ensureCapacity(sim.solvedVelocityY, n)
  sim.inverseMass = ensureCapacity(sim.inverseMass, n)
  // Room for the velocity pass to list every body, without a branch (and one spare).
  sim.sweptBodies.reserve(n + 1)
  sim.deltaX = ensureCapacity(sim.deltaX, n)
  sim.deltaY = ensureCapacity(sim.deltaY, n)
  sim.candidateStart = ensureCapacity(sim.candidateStart, n + 1)
  reserveItemBounds(sim.dynamicBounds, n)
}

/** Rebuilds the grid of solids (static and kinematic bodies) and their kinematic pairs. */
export function indexSolids(sim: StepContext): void {
  const store = sim.store
  sim.solid = ensureCapacity(sim.solid, store.count)
  let count = 0
  for (let index = 0; index < store.count; index++) {
    const slot = store.order[index] as number
    if (store.kind[slot] !== DYNAMIC) sim.solid[count++] = slot
  }
  sim.solidCount = count
  const bounds = sim.solidBounds
  reserveItemBounds(bounds, count)
  for (let i = 0; i < count; i++) writeSlotBounds(bounds, i, store, sim.solid[i] as number)
  sim.solidGrid.build(bounds, count)
  const candidates = sim.candidatePairs
  candidates.count = 0
  sim.solidGrid.pairs(candidates)
  sim.solidPairs.count = 0
  for (let p = 0; p < candidates.count; p++) {
    const a = sim.solid[candidates.a[p] as number] as number
    const b = sim.solid[candidates.b[p] as number] as number
    if (store.kind[a] === KINEMATIC || store.kind[b] === KINEMATIC) {
      if (pairCode(sim, a, b) !== IGNORE) sim.solidPairs.push(a, b)
    }
  }
  sim.solidsDirty = false
}

/**
 * Each dynamic body's pairs (from the swept bounds `integrate` wrote) and its solid
 * candidates. The grid is built anew in every step, not kept across steps as a neighbour
 * list (Verlet's "skin", Box2D's fat bounds): where bodies move about a tenth of their
 * size per step, the fastest body leaves its fat bounds every few steps, and each rebuild
 * then lists about twice the pairs (and sorts them by index, so a restored world solves
 * them in the same order); a prototype gained nothing over the whole run
 * (bench/RESULTS.md, "Design choices and their measurements").
 */
export function findPairs(sim: StepContext): void {
  sim.dynamicGrid.build(sim.dynamicBounds, sim.dynamicCount)
  const candidates = sim.candidatePairs
  candidates.count = 0
  // A crowd's pairs are listed by the crowd stage (`crowd.ts`), a bounded number per body:
  // the list stops past this many, unless contacts are tracked (the report names every
  // touching pair, so it needs them all).
  const cap = CROWD_PAIRS_PER_BODY * sim.dynamicCount
  const complete = sim.dynamicGrid.pairs(candidates, sim.contacts.enabled ? Infinity : cap)
  sim.listedPairs += candidates.count
  sim.crowded = candidates.count > cap
  sim.pairsComplete = complete
  if (complete) filterPairs(sim)
  else sim.pairs.count = 0
  findSolidCandidates(sim)
}

/** The broadphase's candidate pairs that may collide (layers, masks, filter), with their response codes. */
function filterPairs(sim: StepContext): void {
  const candidates = sim.candidatePairs
  const count = candidates.count
  const codes = (sim.pairCodes = ensureCapacity(sim.pairCodes, count))
  if (
    sim.settings.filter === undefined &&
    sim.store.selectiveCount === 0 &&
    sim.overflowCount === 0
  ) {
    // No filter, every body's mask has every layer and no body overflows: every candidate
    // is a pair (the two buffers trade places), with the stronger response of its bodies
    // (what dynamicPairCode gives it then).
    sim.candidatePairs = sim.pairs
    sim.pairs = candidates
    const { a: pairA, b: pairB } = candidates
    const { dynamic } = sim
    const response = sim.store.response
    for (let p = 0; p < count; p++) {
      const slotA = dynamic[pairA[p] as number] as number
      codes[p] = strongerResponse(response, slotA, dynamic[pairB[p] as number] as number)
    }
    return
  }
  const pairs = sim.pairs
  pairs.reserve(count)
  // Every candidate is written, and kept unless its code says to ignore it: no branch on
  // whether to keep it, and no check for room at each pair (push's); measured faster
  // (bench/RESULTS.md, "Design choices and their measurements").
  const { a: candidateA, b: candidateB } = candidates
  const { a: pairA, b: pairB } = pairs
  const dynamic = sim.dynamic
  let kept = 0
  for (let p = 0; p < count; p++) {
    const i = candidateA[p] as number
    const j = candidateB[p] as number
    const code = dynamicPairCode(sim, dynamic[i] as number, dynamic[j] as number)
    pairA[kept] = i
    pairB[kept] = j
    codes[kept] = code
    kept += Number(code !== IGNORE)
  }
  pairs.count = kept
}

/**
 * Each dynamic body's solid candidates, as a compact list (counting sort). Solids are
 * usually few and large (walls, the board), so each solid asks the dynamic grid for the
 * bodies near it, rather than every body asking the solid grid.
 */
function findSolidCandidates(sim: StepContext): void {
  const n = sim.dynamicCount
  const start = sim.candidateStart
  start.fill(0, 0, n + 1)
  const hits = sim.candidatePairs
  hits.count = 0
  const near = sim.freshCandidates
  const solids = sim.solidBounds
  for (let s = 0; s < sim.solidCount; s++) {
    near.count = 0
    sim.dynamicGrid.queryItem(solids, s, near)
    for (let q = 0; q < near.count; q++) {
      const k = near.items[q] as number
      start[k + 1] = (start[k + 1] as number) + 1
      hits.push(s, k)
    }
  }
  countsToGroupStarts(start, n)
  const list = sim.candidates
  list.items = ensureCapacity(list.items, start[n] as number)
  list.count = start[n] as number
  // Fill in solid order, so each body's candidates are in insertion order.
  for (let h = 0; h < hits.count; h++) {
    const k = hits.b[h] as number
    list.items[start[k] as number] = hits.a[h] as number
    start[k] = (start[k] as number) + 1
  }
  rewindGroupStarts(start, n)
}

/**
 * Whether dynamic body `k` (local index), where it is now, overlaps one of its solid
 * candidates that it collides with (`keepsApart`) deeper than `depth` px along both axes
 * (its penetration depth). The candidates cover its search box: a body still inside it
 * (or where it started the step) meets no other solid.
 */
export function overlapsSolidDeeperThan(sim: StepContext, k: number, depth: number): boolean {
  const store = sim.store
  const slot = sim.dynamic[k] as number
  const items = sim.candidates.items
  const end = sim.candidateStart[k + 1] as number
  for (let c = sim.candidateStart[k] as number; c < end; c++) {
    const solid = sim.solid[items[c] as number] as number
    if (penetrationDepth(store, slot, solid) <= depth) continue
    if (keepsApart(pairCode(sim, slot, solid))) return true
  }
  return false
}

/**
 * Whether dynamic body `k` (local index) now lies outside its search box, the bounds the
 * broadphase found its pairs in: a push-out carried it past them, and a pair it has now
 * may not be among the step's.
 */
export function leftSearchBox(sim: StepContext, k: number): boolean {
  const { x, y, width, height } = sim.store
  const slot = sim.dynamic[k] as number
  const within = sweptBoxWithin(
    sim.dynamicBounds,
    k,
    x[slot] as number,
    y[slot] as number,
    width[slot] as number,
    height[slot] as number,
    0,
    0,
  )
  return within === 0
}

/**
 * Lists in `out` the dynamic bodies whose search boxes meet body `k`'s box where it is now
 * (touching included), `k` among them: its partners beyond the step's pairs, once
 * {@link leftSearchBox}. `box` is the one-item bounds the query writes the box into.
 */
export function searchBoxesMeeting(
  sim: StepContext,
  k: number,
  box: ItemBounds,
  out: IndexBuffer,
): void {
  const { x, y, width, height } = sim.store
  const slot = sim.dynamic[k] as number
  box.minX[0] = x[slot] as number
  box.minY[0] = y[slot] as number
  box.maxX[0] = (x[slot] as number) + (width[slot] as number)
  box.maxY[0] = (y[slot] as number) + (height[slot] as number)
  sim.dynamicGrid.queryItem(box, 0, out)
}
