/**
 * Stage 9, guard: no step makes an overlap (README, "The layout contract", clause 7). The
 * velocity passes and the push-out keep thrown cards apart by rules (`pushOut.ts`), but
 * nothing proves the rules converge on every board: the passes have no speculative
 * contacts with solids, so a wall can stop a card after the passes planned its partners'
 * motion with it. So the step checks its result. A colliding dynamic pair that started the
 * step at most {@link STUCK_DEPTH} deep and ends deeper is a breach: its two bodies go back
 * to where they started the step, and so does every body that a returned body would then
 * overlap deeper than both {@link STUCK_DEPTH} and their start, until no pair is left
 * so (a fixed point: each body returns once). This is conservative advancement's fallback
 * (stop at the last safe place rather than pass through), for a group instead of one body.
 *
 * Why the result keeps the invariant: the start of the step is a layout in which it held.
 * Two returned bodies are where they both were then, so their pair is as deep as it was;
 * a returned body and one that stays were checked against each other by the fixed point;
 * two that stay are where the push-out left them, and were checked by the breach scan. The
 * scan sees every pair that can overlap: the step's pairs (the broadphase's search boxes
 * hold both the start and the end of every body that stays inside its own), and, for a
 * body the push-out carried beyond its search box, a query of the grid and every other
 * such body.
 *
 * A group cannot return when one of its bodies would be back inside a solid (a kinematic
 * body or a wall the caller moved covers where it started) or meets a body of a group
 * that could not: such a group stays as the push-out left it, for the layout watch
 * (clause 5). Nor does the guard run in a step that holds a crowd (clause 6), whose pairs
 * were not all listed. Settle then gives returned bodies no velocity toward where they did
 * not go (`blockedVelocity`).
 * Reads: the store's boxes, `startX/Y`, `pairs`, `pairCodes`, the dynamic grid and bounds,
 * the solid candidates. Writes: the store's positions of returned bodies, `returnState`.
 */
import { ensureCapacity, type IndexBuffer } from '../broadphase/buffers.js'
import { reserveItemBounds } from '../broadphase/uniformGrid.js'
import { overlapAlongX, overlapAlongY } from '../world/bodyStore.js'
import { dynamicPairCode, pairCode } from '../world/pairCode.js'
import { CROSS, IGNORE } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { STUCK_DEPTH } from './tolerances.js'

/** `StepScratch.returnState`: a body the guard has not moved (yet). */
const STAYS = 0
/** A body of the group being returned. */
const IN_GROUP = 1
/** A body the guard returned to where it started the step. */
const RETURNED = 2
/** A body of a group that could not return: it stays, and no group that meets it returns. */
const HELD_BY_SOLID = 3

/**
 * Whether the pair of dynamic bodies `i` and `j` (local indices) is now deeper than both
 * {@link STUCK_DEPTH} and its depth at the start of the step (the smaller axis overlap of
 * their boxes, px): a breach of "no step makes or deepens an overlap beyond the stuck
 * depth". One function returning a boolean: a helper returning a depth would box it on
 * every pair of every step wherever V8 does not inline it.
 */
function deepened(sim: StepContext, i: number, j: number): boolean {
  const { x, y, width, height } = sim.store
  const a = sim.dynamic[i] as number
  const b = sim.dynamic[j] as number
  const wa = width[a] as number
  const wb = width[b] as number
  const xa = x[a] as number
  const xb = x[b] as number
  const alongX = Math.min(xa + wa, xb + wb) - Math.max(xa, xb)
  if (alongX <= STUCK_DEPTH) return false
  const ha = height[a] as number
  const hb = height[b] as number
  const ya = y[a] as number
  const yb = y[b] as number
  const depth = Math.min(alongX, Math.min(ya + ha, yb + hb) - Math.max(ya, yb))
  if (depth <= STUCK_DEPTH) return false
  const { startX, startY } = sim
  const sxa = startX[i] as number
  const sxb = startX[j] as number
  const sya = startY[i] as number
  const syb = startY[j] as number
  const startAlongX = Math.min(sxa + wa, sxb + wb) - Math.max(sxa, sxb)
  const startAlongY = Math.min(sya + ha, syb + hb) - Math.max(sya, syb)
  return depth > Math.min(startAlongX, startAlongY)
}

/** Whether dynamic bodies `i` and `j` (local indices) collide (their pair is neither ignored nor `cross`). */
function collide(sim: StepContext, i: number, j: number): boolean {
  const code = dynamicPairCode(sim, sim.dynamic[i] as number, sim.dynamic[j] as number)
  return code !== IGNORE && code !== CROSS
}

/**
 * Whether the last step's guard returned dynamic body `k` (local index) to where it started
 * the step: the push-out could not move it without making an overlap.
 */
export function returnedInLastStep(sim: StepContext, k: number): boolean {
  return sim.scratch.returnState[k] === RETURNED
}

/**
 * Returns the bodies that breached the invariant to where they started the step, with the
 * bodies their return meets (see the file's comment).
 */
export function undoNewOverlaps(ctx: StepScratch, sim: StepContext): void {
  const n = sim.dynamicCount
  ctx.returnState = ensureCapacity(ctx.returnState, n)
  ctx.returnState.fill(STAYS, 0, n)
  if (sim.heldCount > 0 || !sim.pairsComplete) return
  ctx.groupEndX = ensureCapacity(ctx.groupEndX, n)
  ctx.groupEndY = ensureCapacity(ctx.groupEndY, n)
  reserveItemBounds(ctx.guardBox, 1)
  listEscaped(ctx, sim)
  returnStepPairs(ctx, sim)
  returnEscapedPairs(ctx, sim)
}

/** Lists in `ctx.escaped` the bodies the step left outside their broadphase search boxes. */
function listEscaped(ctx: StepScratch, sim: StepContext): void {
  const escaped = ctx.escaped
  escaped.count = 0
  const { x, y, width, height } = sim.store
  const { minX, minY, maxX, maxY } = sim.dynamicBounds
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = sim.dynamic[k] as number
    const x0 = x[slot] as number
    const y0 = y[slot] as number
    const within =
      x0 >= (minX[k] as number) &&
      y0 >= (minY[k] as number) &&
      x0 + (width[slot] as number) <= (maxX[k] as number) &&
      y0 + (height[slot] as number) <= (maxY[k] as number)
    if (!within) escaped.push(k)
  }
}

/** Checks the step's pairs (their codes were found in the pairs stage). */
function returnStepPairs(ctx: StepScratch, sim: StepContext): void {
  const { a: pairA, b: pairB } = sim.pairs
  const codes = sim.pairCodes
  for (let p = 0; p < sim.pairs.count; p++) {
    if (codes[p] === CROSS) continue
    const i = pairA[p] as number
    const j = pairB[p] as number
    if (deepened(sim, i, j)) returnGroup(ctx, sim, i, j)
  }
}

/** Checks the pairs of the bodies that escaped their search boxes, which the step did not list. */
function returnEscapedPairs(ctx: StepScratch, sim: StepContext): void {
  const escaped = ctx.escaped
  const near = ctx.escapedNear
  for (let e = 0; e < escaped.count; e++) {
    const k = escaped.items[e] as number
    near.count = 0
    queryCurrentBox(ctx, sim, k, near)
    for (let q = 0; q < near.count; q++) {
      const j = near.items[q] as number
      if (j !== k && collide(sim, k, j) && deepened(sim, k, j)) returnGroup(ctx, sim, k, j)
    }
    for (let f = e + 1; f < escaped.count; f++) {
      const j = escaped.items[f] as number
      if (collide(sim, k, j) && deepened(sim, k, j)) returnGroup(ctx, sim, k, j)
    }
  }
}

/** Lists in `out` the bodies whose search boxes meet body `k`'s box where it is now. */
function queryCurrentBox(ctx: StepScratch, sim: StepContext, k: number, out: IndexBuffer): void {
  const { x, y, width, height } = sim.store
  const slot = sim.dynamic[k] as number
  const box = ctx.guardBox
  box.minX[0] = x[slot] as number
  box.minY[0] = y[slot] as number
  box.maxX[0] = (x[slot] as number) + (width[slot] as number)
  box.maxY[0] = (y[slot] as number) + (height[slot] as number)
  sim.dynamicGrid.queryItem(box, 0, out)
}

/**
 * Returns the group that grows from the breached pair `i`, `j` to a fixed point, or, when
 * one of its bodies cannot return, puts every body of it back where the push-out left it.
 */
function returnGroup(ctx: StepScratch, sim: StepContext, i: number, j: number): void {
  const state = ctx.returnState
  // A pair with a body already returned or held was settled by its group.
  if (state[i] !== STAYS || state[j] !== STAYS) {
    if (state[i] === RETURNED && state[j] === RETURNED) return
    // One stays where the push-out left it: the other's group is decided; the pair stands.
    if (state[i] === HELD_BY_SOLID || state[j] === HELD_BY_SOLID) return
  }
  const group = ctx.group
  group.count = 0
  if (state[i] === STAYS) joinGroup(ctx, sim, i)
  if (state[j] === STAYS) joinGroup(ctx, sim, j)
  let held = false
  for (let m = 0; m < group.count && !held; m++) {
    held =
      startsInSolid(sim, group.items[m] as number) ||
      !gatherPartners(ctx, sim, group.items[m] as number)
  }
  finishGroup(ctx, sim, held)
}

/** Adds body `k` to the group: keeps where the push-out left it and puts it back at its start. */
function joinGroup(ctx: StepScratch, sim: StepContext, k: number): void {
  const store = sim.store
  const slot = sim.dynamic[k] as number
  ctx.returnState[k] = IN_GROUP
  ctx.groupEndX[ctx.group.count] = store.x[slot] as number
  ctx.groupEndY[ctx.group.count] = store.y[slot] as number
  ctx.group.push(k)
  store.x[slot] = sim.startX[k] as number
  store.y[slot] = sim.startY[k] as number
}

/**
 * Adds to the group every body that returned body `k` now overlaps deeper than both
 * {@link STUCK_DEPTH} and their start. False when one of them cannot move (held by a solid).
 */
function gatherPartners(ctx: StepScratch, sim: StepContext, k: number): boolean {
  const near = ctx.guardNear
  near.count = 0
  queryCurrentBox(ctx, sim, k, near)
  const escaped = ctx.escaped
  for (let q = 0; q < near.count + escaped.count; q++) {
    const j = (q < near.count ? near.items[q] : escaped.items[q - near.count]) as number
    const state = ctx.returnState[j] as number
    if (j === k || state === IN_GROUP || state === RETURNED) continue
    if (!collide(sim, k, j) || !deepened(sim, k, j)) continue
    if (state === HELD_BY_SOLID) return false
    joinGroup(ctx, sim, j)
  }
  return true
}

/**
 * Whether body `k`'s box where it is now (its start) overlaps a solid it collides with:
 * a wall or kinematic body moved over where it started. Its solid candidates cover its
 * search box, which holds its start.
 */
function startsInSolid(sim: StepContext, k: number): boolean {
  const store = sim.store
  const slot = sim.dynamic[k] as number
  const items = sim.candidates.items
  for (let c = sim.candidateStart[k] as number; c < (sim.candidateStart[k + 1] as number); c++) {
    const solid = sim.solid[items[c] as number] as number
    if (overlapAlongX(store, slot, solid) <= 0 || overlapAlongY(store, slot, solid) <= 0) continue
    const code = pairCode(sim, slot, solid)
    if (code !== IGNORE && code !== CROSS) return true
  }
  return false
}

/** Marks the group returned, or, when `held`, puts its bodies back where the push-out left them. */
function finishGroup(ctx: StepScratch, sim: StepContext, held: boolean): void {
  const store = sim.store
  const group = ctx.group
  for (let m = 0; m < group.count; m++) {
    const k = group.items[m] as number
    ctx.returnState[k] = held ? HELD_BY_SOLID : RETURNED
    if (!held) continue
    const slot = sim.dynamic[k] as number
    store.x[slot] = ctx.groupEndX[m] as number
    store.y[slot] = ctx.groupEndY[m] as number
  }
}
