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
 * body the push-out carried beyond its search box, a query of the grid, and a grid of such
 * bodies for their pairs among themselves.
 *
 * What it does not cover: an overlap being resolved. A body that started the step deeper
 * than {@link STUCK_DEPTH} in another (a card added on top of others, a board shrunk under
 * its cards) is pushed out over several steps, and the push-out passes such an overlap
 * along to its neighbours as it goes; returned, the whole row would stop for good. So a
 * group with such a body stays as the push-out left it, as does a group with a body that
 * would be back inside a solid (a kinematic body or a wall the caller moved covers where it
 * started) or that meets a body of a group that had to stay; the layout watch (clause 5)
 * decides those. Nor does the guard run in a step that holds a crowd (clause 6), whose
 * pairs were not all listed. So a step that starts with no overlap deeper than
 * {@link STUCK_DEPTH} and no body in a solid ends with none. Settle then gives returned
 * bodies no velocity toward where they did not go (`blockedVelocity`).
 * Reads: the store's boxes, `startX/Y`, `pairs`, `pairCodes`, the dynamic grid and bounds,
 * the solid candidates. Writes: the store's positions of returned bodies, `returnState`.
 */
import { ensureCapacity } from '../broadphase/buffers.js'
import { reserveItemBounds } from '../broadphase/uniformGrid.js'
import { penetrationDepth } from '../world/bodyStore.js'
import { dynamicPairCode } from '../world/pairCode.js'
import { CROSS, keepsApart } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { leftSearchBox, overlapsSolidDeeperThan, searchBoxesMeeting } from './pairs.js'
import { overlapBeyondSlop } from './pushOut.js'
import { STUCK_DEPTH } from './tolerances.js'

/** `StepScratch.returnState`: a body the guard has not moved (yet). */
const STAYS = 0
/** A body of the group being returned. */
const IN_GROUP = 1
/** A body the guard returned to where it started the step. */
const RETURNED = 2
/**
 * A body that stays where the push-out left it, and no group that meets it returns: it
 * started the step in a deep overlap ({@link markStartedDeep}), or its group had to stay.
 */
const HELD = 3

/**
 * How deep dynamic bodies `i` and `j` (local indices) overlapped at the start of the step:
 * {@link penetrationDepth} at their start positions (<= 0: apart or touching), px.
 */
function depthAtStart(sim: StepContext, i: number, j: number): number {
  const { startX, startY } = sim
  const { width, height } = sim.store
  const a = sim.dynamic[i] as number
  const b = sim.dynamic[j] as number
  const xi = startX[i] as number
  const xj = startX[j] as number
  const yi = startY[i] as number
  const yj = startY[j] as number
  const alongX = Math.min(xi + (width[a] as number), xj + (width[b] as number)) - Math.max(xi, xj)
  const alongY = Math.min(yi + (height[a] as number), yj + (height[b] as number)) - Math.max(yi, yj)
  return Math.min(alongX, alongY)
}

/**
 * Whether the pair of dynamic bodies `i` and `j` (local indices) is now deeper than both
 * {@link STUCK_DEPTH} and its depth at the start of the step: a breach of "no step makes
 * or deepens an overlap beyond the stuck depth".
 */
function deepened(sim: StepContext, i: number, j: number): boolean {
  const depth = penetrationDepth(sim.store, sim.dynamic[i] as number, sim.dynamic[j] as number)
  return depth > STUCK_DEPTH && depth > depthAtStart(sim, i, j)
}

/** Whether dynamic bodies `i` and `j` (local indices) collide (their pair is neither ignored nor `cross`). */
function collide(sim: StepContext, i: number, j: number): boolean {
  const code = dynamicPairCode(sim, sim.dynamic[i] as number, sim.dynamic[j] as number)
  return keepsApart(code)
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
  ctx.startedDeepMarked = false
  ctx.escaped.count = 0
  if (sim.heldCount > 0) return
  listEscaped(ctx, sim)
  if (!sim.pairsComplete) return
  ctx.groupEndX = ensureCapacity(ctx.groupEndX, n)
  ctx.groupEndY = ensureCapacity(ctx.groupEndY, n)
  reserveItemBounds(ctx.guardBox, 1)
  // The push-out's first round measured every pair but those that cross, after every other
  // motion of the step, and found none beyond PUSH_SLOP (< STUCK_DEPTH) to push; so nothing
  // has moved since, and with no body out of its search box every pair that can overlap was
  // among those.
  if (sim.pushedPairs === 0 && ctx.escaped.count === 0) return
  if (ctx.escaped.count > 0) indexEscaped(ctx, sim)
  returnStepPairs(ctx, sim)
  if (ctx.escaped.count > 0) returnEscapedPairs(ctx, sim)
}

/** Lists in `ctx.escaped` the bodies the step left outside their broadphase search boxes. */
function listEscaped(ctx: StepScratch, sim: StepContext): void {
  const escaped = ctx.escaped
  escaped.count = 0
  for (let k = 0; k < sim.dynamicCount; k++) if (leftSearchBox(sim, k)) escaped.push(k)
}

/**
 * Checks the step's pairs (their codes were found in the pairs stage), most of which only
 * touch: the push-out's cheap reject skips those at most PUSH_SLOP deep.
 */
function returnStepPairs(ctx: StepScratch, sim: StepContext): void {
  const { x, y, width, height } = sim.store
  const { a: pairA, b: pairB } = sim.pairs
  const { dynamic, pairCodes } = sim
  for (let p = 0; p < sim.pairs.count; p++) {
    const i = pairA[p] as number
    const j = pairB[p] as number
    const beyondSlop = overlapBeyondSlop(
      x,
      y,
      width,
      height,
      dynamic[i] as number,
      dynamic[j] as number,
    )
    if (beyondSlop === 0 || pairCodes[p] === CROSS) continue
    if (deepened(sim, i, j)) returnGroup(ctx, sim, i, j)
  }
}

/**
 * Files the escaped bodies' boxes where the step left them in a grid of their own: a pair
 * of them, or a returned body and one of them, may meet outside every search box. A body
 * in it stays where it is filed unless it returns, and returned bodies are not looked up.
 */
function indexEscaped(ctx: StepScratch, sim: StepContext): void {
  const { x, y, width, height } = sim.store
  const escaped = ctx.escaped
  const boxes = ctx.escapedBoxes
  reserveItemBounds(boxes, escaped.count)
  for (let e = 0; e < escaped.count; e++) {
    const slot = sim.dynamic[escaped.items[e] as number] as number
    boxes.minX[e] = x[slot] as number
    boxes.minY[e] = y[slot] as number
    boxes.maxX[e] = (x[slot] as number) + (width[slot] as number)
    boxes.maxY[e] = (y[slot] as number) + (height[slot] as number)
  }
  ctx.escapedGrid.build(boxes, escaped.count)
}

/**
 * Checks the pairs of the bodies that escaped their search boxes, which the step did not
 * list: each against the grid of search boxes, and among themselves through their own grid
 * (a compressed board can carry hundreds of bodies out of their boxes in one step; checked
 * two by two, that cost their square).
 */
function returnEscapedPairs(ctx: StepScratch, sim: StepContext): void {
  const escaped = ctx.escaped
  const near = ctx.escapedNear
  for (let e = 0; e < escaped.count; e++) {
    const k = escaped.items[e] as number
    near.count = 0
    searchBoxesMeeting(sim, k, ctx.guardBox, near)
    for (let q = 0; q < near.count; q++) {
      const j = near.items[q] as number
      if (j !== k && collide(sim, k, j) && deepened(sim, k, j)) returnGroup(ctx, sim, k, j)
    }
  }
  const pairs = ctx.escapedPairs
  pairs.count = 0
  ctx.escapedGrid.pairs(pairs)
  for (let p = 0; p < pairs.count; p++) {
    const k = escaped.items[pairs.a[p] as number] as number
    const j = escaped.items[pairs.b[p] as number] as number
    if (collide(sim, k, j) && deepened(sim, k, j)) returnGroup(ctx, sim, k, j)
  }
}

/**
 * Returns the group that grows from the breached pair `i`, `j` to a fixed point, or, when
 * one of its bodies cannot return, puts every body of it back where the push-out left it.
 */
function returnGroup(ctx: StepScratch, sim: StepContext, i: number, j: number): void {
  if (!ctx.startedDeepMarked) markStartedDeep(ctx, sim)
  const state = ctx.returnState
  // Both returned: as deep as at the start. One held: it stays, and so does the pair.
  if (state[i] === RETURNED && state[j] === RETURNED) return
  if (state[i] === HELD || state[j] === HELD) return
  const group = ctx.group
  group.count = 0
  if (state[i] === STAYS) joinGroup(ctx, sim, i)
  if (state[j] === STAYS) joinGroup(ctx, sim, j)
  let held = false
  // A member whose start (where joining put it) overlaps a solid cannot return there: a
  // wall or kinematic body moved over it.
  for (let m = 0; m < group.count && !held; m++) {
    held =
      overlapsSolidDeeperThan(sim, group.items[m] as number, 0) ||
      !gatherPartners(ctx, sim, group.items[m] as number)
  }
  finishGroup(ctx, sim, held)
}

/**
 * Marks {@link HELD} the bodies that started the step deeper than {@link STUCK_DEPTH} in
 * another (an overlap being resolved: the push-out passes it along over steps, and clause 5
 * decides it), so no group with one of them returns. Once per step, at the first breach: the
 * step's pairs hold every pair that overlapped at its start (search boxes hold the starts).
 */
function markStartedDeep(ctx: StepScratch, sim: StepContext): void {
  ctx.startedDeepMarked = true
  const { a: pairA, b: pairB } = sim.pairs
  const codes = sim.pairCodes
  const state = ctx.returnState
  for (let p = 0; p < sim.pairs.count; p++) {
    if (codes[p] === CROSS) continue
    const i = pairA[p] as number
    const j = pairB[p] as number
    if (depthAtStart(sim, i, j) <= STUCK_DEPTH) continue
    state[i] = HELD
    state[j] = HELD
  }
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
 * {@link STUCK_DEPTH} and their start. False when one of them is {@link HELD}.
 */
function gatherPartners(ctx: StepScratch, sim: StepContext, k: number): boolean {
  const near = ctx.guardNear
  near.count = 0
  searchBoxesMeeting(sim, k, ctx.guardBox, near)
  // The escaped bodies its box meets: filed after the search boxes', as local indices.
  const searched = near.count
  if (ctx.escaped.count > 0) ctx.escapedGrid.queryItem(ctx.guardBox, 0, near)
  for (let q = 0; q < near.count; q++) {
    const item = near.items[q] as number
    const j = q < searched ? item : (ctx.escaped.items[item] as number)
    const state = ctx.returnState[j] as number
    if (j === k || state === IN_GROUP || state === RETURNED) continue
    if (!collide(sim, k, j) || !deepened(sim, k, j)) continue
    if (state === HELD) return false
    joinGroup(ctx, sim, j)
  }
  return true
}

/** Marks the group returned, or, when `held`, puts its bodies back where the push-out left them. */
function finishGroup(ctx: StepScratch, sim: StepContext, held: boolean): void {
  const store = sim.store
  const group = ctx.group
  for (let m = 0; m < group.count; m++) {
    const k = group.items[m] as number
    ctx.returnState[k] = held ? HELD : RETURNED
    if (!held) continue
    const slot = sim.dynamic[k] as number
    store.x[slot] = ctx.groupEndX[m] as number
    store.y[slot] = ctx.groupEndY[m] as number
  }
}
