/**
 * Stage 7: sweep against solids (article 003), and the swept move the push-out uses.
 * Reads `sweptBodies`, `deltaX/Y`, the solid candidates of the broadphase (or a fresh query
 * of the solids' grid when a motion leaves its bounds) and each pair's response.
 * Writes the store's position of each swept body and, when a hit bounces, slides or stops
 * it, its velocity; the hit log; contacts by sweep.
 */
import { bounceInto, penetrationVectorInto, respondInto, sweepInto } from '../geometry/index.js'
import type { Rect, SweepHit, Vec2 } from '../geometry/types.js'
import { KINEMATIC, loadRect, placeAtFace } from '../world/bodyStore.js'
import { positionAtFace, positionBeforeFace } from '../geometry/faces.js'
import { interiorsOverlap } from '../geometry/overlaps.js'
import { CROSS, IGNORE, keepsApart, RESPONSE_NAMES } from '../world/responseCodes.js'
import { FROM_PUSH, FROM_SWEEP } from '../world/contactTracker.js'
import { dynamicPairCode, pairCode } from '../world/pairCode.js'
import type { StepContext, StepScratch } from './context.js'
import { MAX_HITS, MAX_SEPARATIONS, PUSH_SLOP, TOUCH_TOLERANCE } from './tolerances.js'
import type { ItemBounds } from '../broadphase/uniformGrid.js'

/**
 * Whether a sweep that hit (`sweep`, of the mover by `motion`) blocks the motion, at
 * `sweep.time` (0 for a start overlap). A deep start overlap does not block: the body is
 * let out ({@link sweepDynamic} drops the part of its motion into the solid); a
 * rounding-level one blocks motion into the obstacle ({@link TOUCH_TOLERANCE}), and so does
 * one up to {@link PUSH_SLOP} between two dynamic bodies (`dynamicPair`): the step leaves
 * those, so a box resting that deep in another still stops or pushes it.
 * It answers a boolean and reads the motion from its object: V8 boxes the doubles passed
 * to and returned from a call it does not inline, and the step must not allocate.
 */
export function blocks(sweep: SweepHit, motion: Vec2, dynamicPair = false): boolean {
  if (!sweep.overlapping) return true
  const depth = Math.abs(sweep.penetration.x) + Math.abs(sweep.penetration.y)
  if (depth > (dynamicPair ? PUSH_SLOP : TOUCH_TOLERANCE)) return false
  return motion.x * sweep.normal.x + motion.y * sweep.normal.y < 0
}

/**
 * Whether the box `box` swept by `motion` stays inside item k's bounds (the motion comes in
 * an object: V8 boxes doubles passed to a call it does not inline).
 */
function sweptWithin(bounds: ItemBounds, k: number, box: Rect, motion: Vec2): boolean {
  return sweptBoxWithin(bounds, k, box.x, box.y, box.width, box.height, motion.x, motion.y) === 1
}

/**
 * {@link sweptWithin} of the box at `x, y` of size `width, height` moved by `dx, dy`, as 1 or
 * 0. Without branches, as `StepContext.integrate` writes the same bounds: `x + (d - |d|) / 2`
 * is `d < 0 ? x + d : x` bit for bit, and `&` of the four tests as numbers (`Number` of a
 * comparison compiles to no branch in V8) leaves one branch for the caller instead of four
 * that random motions mispredict. Small enough for V8 to inline, so its doubles are not boxed.
 */
export function sweptBoxWithin(
  bounds: ItemBounds,
  k: number,
  x: number,
  y: number,
  width: number,
  height: number,
  dx: number,
  dy: number,
): number {
  return (
    Number(x + 0.5 * (dx - Math.abs(dx)) >= (bounds.minX[k] as number)) &
    Number(y + 0.5 * (dy - Math.abs(dy)) >= (bounds.minY[k] as number)) &
    Number(x + 0.5 * (dx + Math.abs(dx)) + width <= (bounds.maxX[k] as number)) &
    Number(y + 0.5 * (dy + Math.abs(dy)) + height <= (bounds.maxY[k] as number))
  )
}

/**
 * Points the candidate slice at the solids that may meet dynamic k (in `mover`) moving by
 * `motion`:
 * the step's candidates while the motion stays inside the bounds the broadphase saw,
 * else a fresh query (a bounce sends the rest of the motion elsewhere, and that part
 * must not tunnel either). Returns false when there is no solid to test.
 */
function selectCandidates(ctx: StepScratch, sim: StepContext, k: number): boolean {
  if (sweptWithin(sim.dynamicBounds, k, ctx.sweepMover, ctx.sweepMotion)) {
    ctx.sweepCandidateItems = sim.candidates.items
    ctx.sweepCandidateBegin = sim.candidateStart[k] as number
    ctx.sweepCandidateEnd = sim.candidateStart[k + 1] as number
    return ctx.sweepCandidateEnd > ctx.sweepCandidateBegin
  }
  const fresh = sim.freshCandidates
  fresh.count = 0
  sim.solidGrid.querySwept(ctx.sweepMover, ctx.sweepMotion, fresh)
  ctx.sweepCandidateItems = fresh.items
  ctx.sweepCandidateBegin = 0
  ctx.sweepCandidateEnd = fresh.count
  return ctx.sweepCandidateEnd > 0
}

/**
 * The first dynamic body that `mover` (dynamic k) moving by `motion` hits, or -1; the hit
 * is left in `hit` (the caller compares its time with the solids': no time is passed in,
 * as V8 would box it). Only needed when the motion leaves the bounds
 * the broadphase saw (a hit in the velocity pass flung the body further than its own
 * velocity would take it): within them, the velocity pass's contacts already keep it from
 * passing through its neighbours. Each other body is swept too, from where it started the
 * step by its own motion of the step (article 003's relative motion), so bodies that move
 * together do not stop each other, whichever of them moves first.
 */
function firstDynamicHit(ctx: StepScratch, sim: StepContext, k: number): number {
  const store = sim.store
  const slot = sim.dynamic[k] as number
  const near = sim.freshDynamics
  near.count = 0
  const dx = ctx.sweepMotion.x
  const dy = ctx.sweepMotion.y
  sim.dynamicGrid.querySwept(ctx.sweepMover, ctx.sweepMotion, near)
  let best = -1
  let bestTime = Infinity
  let normalX = 0
  let normalY = 0
  for (let q = 0; q < near.count; q++) {
    const local = near.items[q] as number
    if (local === k) continue
    const other = sim.dynamic[local] as number
    const code = dynamicPairCode(sim, slot, other)
    if (!keepsApart(code)) continue
    ctx.sweepObstacle.x = sim.startX[local] as number
    ctx.sweepObstacle.y = sim.startY[local] as number
    ctx.sweepObstacle.width = store.width[other] as number
    ctx.sweepObstacle.height = store.height[other] as number
    ctx.sweepOtherMotion.x = sim.deltaX[local] as number
    ctx.sweepOtherMotion.y = sim.deltaY[local] as number
    if (
      !sweepInto(
        ctx.sweepHit,
        ctx.sweepMover,
        ctx.sweepMotion,
        ctx.sweepObstacle,
        ctx.sweepOtherMotion,
        ctx.kernel,
      )
    )
      continue
    // A body touched at the start is the velocity pass's contact (and the push-out's), and
    // rounding in two nearly equal motions must not stop a pair that moves together.
    if (ctx.sweepHit.overlapping || ctx.sweepHit.time === 0) continue
    const closing =
      (ctx.sweepOtherMotion.x - dx) * ctx.sweepHit.normal.x +
      (ctx.sweepOtherMotion.y - dy) * ctx.sweepHit.normal.y
    if (closing < TOUCH_TOLERANCE) continue
    const time = ctx.sweepHit.time
    if (time < bestTime) {
      best = other
      bestTime = time
      normalX = ctx.sweepHit.normal.x
      normalY = ctx.sweepHit.normal.y
    }
  }
  ctx.sweepHit.time = bestTime
  ctx.sweepHit.normal.x = normalX
  ctx.sweepHit.normal.y = normalY
  return best
}

/**
 * When (a fraction of the motion, or Infinity) the box in `sweepMover`, moving by
 * `sweepMotion` along one axis and of zero size across it, enters the seam of two candidate
 * solids placed edge to edge on either side of its line (one above and one below a body of
 * zero height moving along x; one left and one right of a body of zero width moving along
 * y). Each solid alone is only grazed, which a sweep lets pass (a box slides along a face,
 * bump.lua), but the seam is inside their union: a zero-size body slipped through two walls
 * there. It enters where the solids' spans along the motion overlap by more than a point;
 * on an entry, the time and the normal (against the motion) go to `sweepHit` and the solid
 * whose face comes first to {@link StepScratch.seamSolid}. Only candidates that block the
 * body count (a pair that crosses or ignores leaves the other solid's face a face). The
 * pairs are tried two by two: a zero-size body moving along a seam line is rare, and it
 * has few candidates.
 */
function seamAhead(ctx: StepScratch, sim: StepContext, slot: number): number {
  const mover = ctx.sweepMover
  const alongX = ctx.sweepMotion.y === 0
  const motion = alongX ? ctx.sweepMotion.x : ctx.sweepMotion.y
  if (motion === 0 || ctx.sweepMotion.x * ctx.sweepMotion.y !== 0) return Infinity
  if ((alongX ? mover.height : mover.width) !== 0) return Infinity
  const line = alongX ? mover.y : mover.x
  const leading = alongX
    ? mover.x + (motion > 0 ? mover.width : 0)
    : mover.y + (motion > 0 ? mover.height : 0)
  const { x, y, width, height } = sim.store
  const items = ctx.sweepCandidateItems
  let best = Infinity
  for (let c = ctx.sweepCandidateBegin; c < ctx.sweepCandidateEnd; c++) {
    const before = sim.solid[items[c] as number] as number
    // The solid on the lower side of the line: it ends at the line.
    const beforeEnd = alongX
      ? (y[before] as number) + (height[before] as number)
      : (x[before] as number) + (width[before] as number)
    if (beforeEnd !== line || (alongX ? height[before] : width[before]) === 0) continue
    const code = pairCode(sim, slot, before)
    if (!keepsApart(code)) continue
    const beforeStart = alongX ? (x[before] as number) : (y[before] as number)
    const beforeSpan = alongX ? (width[before] as number) : (height[before] as number)
    for (let d = ctx.sweepCandidateBegin; d < ctx.sweepCandidateEnd; d++) {
      const after = sim.solid[items[d] as number] as number
      // The solid on the upper side: it starts at the line.
      if ((alongX ? y[after] : x[after]) !== line || (alongX ? height[after] : width[after]) === 0)
        continue
      const afterStart = alongX ? (x[after] as number) : (y[after] as number)
      const afterSpan = alongX ? (width[after] as number) : (height[after] as number)
      const low = Math.max(beforeStart, afterStart)
      const high = Math.min(beforeStart + beforeSpan, afterStart + afterSpan)
      if (high <= low) continue
      const afterCode = pairCode(sim, slot, after)
      if (!keepsApart(afterCode)) continue
      // The leading edge reaches the seam's near end within this motion.
      const entry = motion > 0 ? low : high
      const time = (entry - leading) / motion
      if (time < 0 || time >= 1 || time >= best) continue
      best = time
      // The solid whose face the body meets first: the one whose span starts at the entry.
      const first = (motion > 0 ? beforeStart : beforeStart + beforeSpan) === entry ? before : after
      ctx.seamSolid = first
    }
  }
  if (best === Infinity) return best
  ctx.sweepHit.time = best
  ctx.sweepHit.normal.x = alongX ? -Math.sign(motion) : 0
  ctx.sweepHit.normal.y = alongX ? 0 : -Math.sign(motion)
  return best
}

/**
 * Moves dynamic body `k` (a local index of the step) by `(motionX[k], motionY[k])` (arrays
 * rather than two numbers: V8 boxes a double passed to a call it does not inline, and the
 * step must not allocate), swept against the
 * solids (static and kinematic bodies) so it can never pass through one, whatever the
 * speed and however thin the solid (article 003). At the first hit it stops at the touch
 * point and the rest of the motion follows the pair's response (slide, touch, bounce;
 * `cross` passes and is only reported), like bump.lua's `move`. With `respond` the body's
 * velocity gets the same response; without it (a push-out) only the motion is clipped.
 */
export function sweepDynamic(
  ctx: StepScratch,
  sim: StepContext,
  k: number,
  motionX: Float64Array,
  motionY: Float64Array,
  respond: boolean,
): void {
  let dx = motionX[k] as number
  let dy = motionY[k] as number
  const store = sim.store
  const slot = sim.dynamic[k] as number
  const tracking = sim.contacts.enabled
  // The fraction of the step already travelled when a hit happens (for the bounce speed).
  let elapsed = 0
  // Whether a hit bounced the rest of the motion back: the velocity pass's contacts do not
  // cover that part (a light card bounced off a wall went back through the cards behind it).
  let bounced = false
  ctx.sweepStopped = false
  for (let round = 0; round < MAX_HITS && (dx !== 0 || dy !== 0); round++) {
    loadRect(ctx.sweepMover, store, slot)
    // Only the step's own motion is checked against other dynamic bodies (see firstDynamicHit).
    ctx.sweepMotion.x = dx
    ctx.sweepMotion.y = dy
    const beyondBounds =
      respond && (bounced || !sweptWithin(sim.dynamicBounds, k, ctx.sweepMover, ctx.sweepMotion))
    if (!selectCandidates(ctx, sim, k) && !beyondBounds) {
      store.x[slot] = ctx.sweepMover.x + dx
      store.y[slot] = ctx.sweepMover.y + dy
      keepOutsideSolids(ctx, sim, slot)
      return
    }
    let bestTime = Infinity
    let bestSolid = -1
    let bestCode = 0
    let normalX = 0
    let normalY = 0
    for (let c = ctx.sweepCandidateBegin; c < ctx.sweepCandidateEnd; c++) {
      const solid = sim.solid[ctx.sweepCandidateItems[c] as number] as number
      const code = pairCode(sim, slot, solid)
      if (code === IGNORE) continue
      if (
        !sweepInto(
          ctx.sweepHit,
          ctx.sweepMover,
          ctx.sweepMotion,
          loadRect(ctx.sweepObstacle, store, solid),
          ctx.sweepStill,
          ctx.kernel,
        )
      )
        continue
      if (!blocks(ctx.sweepHit, ctx.sweepMotion)) {
        // A deep start overlap lets the body out and along, never further in (layout
        // contract, clause 2): the motion loses its part into the solid, along the
        // penetration's normal (article 002), and the candidates are swept again with the
        // rest. Each axis is dropped at most once, so this rescans at most twice.
        const normal = ctx.sweepHit.normal
        if (ctx.sweepHit.overlapping && dx * normal.x + dy * normal.y < 0) {
          if (normal.x !== 0) dx = 0
          if (normal.y !== 0) dy = 0
          ctx.sweepStopped = true
          ctx.sweepMotion.x = dx
          ctx.sweepMotion.y = dy
          bestTime = Infinity
          bestSolid = -1
          c = ctx.sweepCandidateBegin - 1
        }
        continue
      }
      const time = ctx.sweepHit.time
      if (code === CROSS) {
        if (tracking)
          sim.contacts.touch(slot, solid, ctx.sweepHit.normal.x, ctx.sweepHit.normal.y, FROM_SWEEP)
        continue
      }
      // Strict: among equal times the first candidate (insertion order) wins.
      if (time < bestTime) {
        bestTime = time
        bestSolid = solid
        bestCode = code
        normalX = ctx.sweepHit.normal.x
        normalY = ctx.sweepHit.normal.y
      }
    }
    if (bestTime > 0 && seamAhead(ctx, sim, slot) < bestTime) {
      bestTime = ctx.sweepHit.time
      bestSolid = ctx.seamSolid
      bestCode = pairCode(sim, slot, bestSolid)
      normalX = ctx.sweepHit.normal.x
      normalY = ctx.sweepHit.normal.y
    }
    if (beyondBounds) {
      const other = firstDynamicHit(ctx, sim, k)
      if (other >= 0 && ctx.sweepHit.time < bestTime) {
        // A dynamic body in the way: stop at it and slide the rest of the motion along it;
        // the velocity is left for the next step's contact to share (article 002).
        const time = ctx.sweepHit.time
        store.x[slot] = ctx.sweepMover.x + dx * time
        store.y[slot] = ctx.sweepMover.y + dy * time
        if (tracking)
          sim.contacts.touch(slot, other, ctx.sweepHit.normal.x, ctx.sweepHit.normal.y, FROM_SWEEP)
        const ids = store.ids as string[]
        // `motion` still holds (dx, dy), and `hit` the time and normal.
        sim.hits.add(ids[slot]!, ids[other]!, ctx.sweepMover, ctx.sweepMotion, ctx.sweepHit)
        ctx.sweepMotion.x = dx * (1 - time)
        ctx.sweepMotion.y = dy * (1 - time)
        respondInto(ctx.sweepMotion, 'slide', ctx.sweepMotion, ctx.sweepHit.normal)
        dx = ctx.sweepMotion.x
        dy = ctx.sweepMotion.y
        elapsed += (1 - elapsed) * time
        continue
      }
    }
    if (bestSolid < 0) {
      store.x[slot] = ctx.sweepMover.x + dx
      store.y[slot] = ctx.sweepMover.y + dy
      keepOutsideSolids(ctx, sim, slot)
      return
    }
    store.x[slot] = ctx.sweepMover.x + dx * bestTime
    store.y[slot] = ctx.sweepMover.y + dy * bestTime
    placeAtFace(store, slot, bestSolid, normalX, normalY)
    ctx.sweepStopped = true
    if (tracking) sim.contacts.touch(slot, bestSolid, normalX, normalY, FROM_SWEEP)
    ctx.sweepHit.time = bestTime
    ctx.sweepHit.normal.x = normalX
    ctx.sweepHit.normal.y = normalY
    if (respond) {
      const ids = store.ids as string[]
      // `motion` still holds (dx, dy).
      sim.hits.add(ids[slot]!, ids[bestSolid]!, ctx.sweepMover, ctx.sweepMotion, ctx.sweepHit)
    }
    const response = respond ? RESPONSE_NAMES[bestCode]! : 'slide'
    // Only a bounce reads a restitution (article 004); it reaches the bounce through
    // `bounce`, or a call made with it, not boxed: respondInto, too large to inline, gets
    // the other responses without one.
    const bouncing = response === 'bounce'
    if (bouncing) {
      ctx.sweepBounce[0] = Math.max(
        store.restitution[slot] as number,
        store.restitution[bestSolid] as number,
      )
    }
    elapsed += (1 - elapsed) * bestTime
    let rebounds = bouncing
    if (respond) {
      ctx.sweepVelocity.x = store.velocityX[slot] as number
      ctx.sweepVelocity.y = store.velocityY[slot] as number
      if (bouncing) {
        ctx.sweepBounce[1] = elapsed
        bounceOffSolid(ctx, sim, k, ctx.sweepVelocity, ctx.sweepHit.normal)
        // Too slow to bounce (no speed away from the solid is left): the rest of the motion
        // slides as well. Reflected, it lifted a body come to rest on a floor by
        // e·g·h²/(1 + e) every step, where it hovered with no velocity, reported idle.
        rebounds =
          ctx.sweepVelocity.x * ctx.sweepHit.normal.x +
            ctx.sweepVelocity.y * ctx.sweepHit.normal.y >
          0
      } else respondInto(ctx.sweepVelocity, response, ctx.sweepVelocity, ctx.sweepHit.normal)
      store.velocityX[slot] = ctx.sweepVelocity.x
      store.velocityY[slot] = ctx.sweepVelocity.y
    }
    ctx.sweepMotion.x = dx * (1 - bestTime)
    ctx.sweepMotion.y = dy * (1 - bestTime)
    bounced = bounced || rebounds
    if (rebounds) bounceMotion(ctx)
    else
      respondInto(
        ctx.sweepMotion,
        bouncing ? 'slide' : response,
        ctx.sweepMotion,
        ctx.sweepHit.normal,
      )
    dx = ctx.sweepMotion.x
    dy = ctx.sweepMotion.y
  }
}

/**
 * Keeps body `slot`, just placed at the end of a motion from {@link StepScratch.sweepMover}
 * that no selected candidate stopped, outside every candidate solid it started outside of
 * (touching counts as outside). The sweep found no hit in real arithmetic, but the end
 * position is rounded (`x + dx`, where `dx` was solved to close the gap exactly): a card
 * thrown at the right wall ended at x = 400.00000000000006 before a face at 500, its right
 * side 6e-14 px inside. Such a body is placed at the face it started before, on the axis it
 * was separated on (of two, the one it ends less deep on). Layout contract, clause 2: no body
 * ends a step inside a static body, by placement, not by a tolerance.
 */
function keepOutsideSolids(ctx: StepScratch, sim: StepContext, slot: number): void {
  const store = sim.store
  const start = ctx.sweepMover
  const items = ctx.sweepCandidateItems
  for (let c = ctx.sweepCandidateBegin; c < ctx.sweepCandidateEnd; c++) {
    const solid = sim.solid[items[c] as number] as number
    const code = pairCode(sim, slot, solid)
    if (!keepsApart(code)) continue
    const end = loadRect(ctx.sweepMoved, store, slot)
    const obstacle = loadRect(ctx.sweepObstacle, store, solid)
    if (!interiorsOverlap(end, obstacle)) continue
    const { x, y, width, height } = end
    const left = obstacle.x
    const top = obstacle.y
    const right = left + obstacle.width
    const bottom = top + obstacle.height
    const beforeX = start.x + start.width <= left
    const afterX = start.x >= right
    const beforeY = start.y + start.height <= top
    const afterY = start.y >= bottom
    const outsideX = beforeX || afterX
    const outsideY = beforeY || afterY
    if (!outsideX && !outsideY) continue
    const depthX = Math.min(x + width - left, right - x)
    const depthY = Math.min(y + height - top, bottom - y)
    if (outsideX && (!outsideY || depthX <= depthY)) {
      store.x[slot] = positionAtFace(beforeX, left, obstacle.width, width)
    } else {
      store.y[slot] = positionAtFace(beforeY, top, obstacle.height, height)
    }
    ctx.sweepStopped = true
  }
}

/**
 * Bounces the rest of the step's `motion` off the solid hit (article 004), with the
 * restitution in {@link bounce}. A function of its own, so that the kernel's `bounceInto`
 * is inlined here and its restitution argument is not boxed (in the sweep, too large to
 * inline it, it was: about 1 byte per body and step in a bouncing world).
 */
function bounceMotion(ctx: StepScratch): void {
  bounceInto(ctx.sweepMotion, ctx.sweepMotion, ctx.sweepHit.normal, ctx.sweepBounce[0] as number)
}

/**
 * Article 004's bounce of dynamic k's `velocity` off a solid, with the restitution and
 * the fraction of the step elapsed at the impact in {@link bounce}. The velocity already
 * holds the whole step's gravity, but only the part before the impact hits the solid:
 * that part is reflected (times the restitution) and the part
 * after it slows the way back. Reflecting the end-of-step velocity instead gave each bounce
 * up to two steps of gravity for free, so an elastic box bounced higher every time.
 */
function bounceOffSolid(
  ctx: StepScratch,
  sim: StepContext,
  k: number,
  velocity: Vec2,
  normal: Vec2,
): void {
  const restitution = ctx.sweepBounce[0] as number
  const elapsed = ctx.sweepBounce[1] as number
  const approach = velocity.x * normal.x + velocity.y * normal.y
  // Only a velocity into the solid bounces. Article 004 flips the velocity on every
  // overlap, and warns that its response "doesn't work properly": a box still overlapping
  // in the next step is flipped back into the wall, and sticks or jitters there.
  if (approach >= 0) return
  const gained =
    ((sim.integratedVelocityX[k] as number) - (sim.startVelocityX[k] as number)) * normal.x +
    ((sim.integratedVelocityY[k] as number) - (sim.startVelocityY[k] as number)) * normal.y
  // `gained` < 0: gravity pushed toward the solid; the part after the impact is not reflected.
  const afterImpact = gained * (1 - elapsed)
  const impact = approach - afterImpact
  const target = Math.max(0, -restitution * impact + afterImpact)
  velocity.x += (target - approach) * normal.x
  velocity.y += (target - approach) * normal.y
}

/** A way out of a solid that sweeps through no other solid. */
const WAY_CLEAR = 0
/**
 * A way out that sweeps through a kinematic body only: taken when no way is clear, as
 * kinematic bodies go where they are told (a drag) and may cover a card, while static
 * bodies and the bounds are hard.
 */
const WAY_KINEMATIC = 1
/** A way out that sweeps through a static body: never taken. */
const WAY_BLOCKED = 2

/**
 * How clear the way out in {@link StepScratch.sweepMoved} is (body `slot` moved along one
 * axis from {@link StepScratch.sweepMover}): {@link WAY_CLEAR}, {@link WAY_KINEMATIC} or
 * {@link WAY_BLOCKED}, by the solids the region it sweeps (for an axis move, the box spanning
 * both places) overlaps by more than {@link TOUCH_TOLERANCE}, among those the body did not
 * overlap at the start. All solids are asked (the solids' grid), never the step's
 * candidates: a way checked against a subset ended inside a bounds wall, and the next round
 * pushed the body out through the wall's far side (issue #23).
 */
function wayOutClear(ctx: StepScratch, sim: StepContext, slot: number): number {
  const store = sim.store
  const mover = ctx.sweepMover
  const moved = ctx.sweepMoved
  const region = ctx.sweepRegion
  region.x = Math.min(mover.x, moved.x)
  region.y = Math.min(mover.y, moved.y)
  region.width = Math.max(mover.x, moved.x) - region.x + mover.width
  region.height = Math.max(mover.y, moved.y) - region.y + mover.height
  const near = sim.wayOutSolids
  near.count = 0
  let clearance = WAY_CLEAR
  sim.solidGrid.query(region.x, region.y, region.x + region.width, region.y + region.height, near)
  for (let q = 0; q < near.count; q++) {
    const solid = sim.solid[near.items[q] as number] as number
    const code = pairCode(sim, slot, solid)
    if (!keepsApart(code)) continue
    const obstacle = loadRect(ctx.sweepObstacle, store, solid)
    if (!penetrationVectorInto(ctx.sweepPenetration, region, obstacle, ctx.kernel.edges)) continue
    const through =
      Math.abs(ctx.sweepPenetration.x) + Math.abs(ctx.sweepPenetration.y) > TOUCH_TOLERANCE
    const before = penetrationVectorInto(ctx.sweepPenetration, mover, obstacle, ctx.kernel.edges)
      ? Math.abs(ctx.sweepPenetration.x) + Math.abs(ctx.sweepPenetration.y)
      : 0
    if (!through) {
      // The way grazes the solid within rounding: only where it leads counts, exactly (the
      // places are set from faces): it may not end inside a solid it started outside of.
      // Else a card wedged between a wall and a panel 7e-15 px closer than its height took
      // the way that ended 7e-15 px inside the wall.
      if (before > 0 || !interiorsOverlap(moved, obstacle)) continue
    } else if (before > TOUCH_TOLERANCE && wayKeepsSolid(ctx)) continue
    if (store.kind[solid] !== KINEMATIC) return WAY_BLOCKED
    clearance = WAY_KINEMATIC
  }
  return clearance
}

/**
 * Whether the way in {@link StepScratch.sweepMoved} may leave a solid (in
 * {@link StepScratch.sweepObstacle}) the body overlaps: only by the solid's near side on the
 * way's axis, never through it (a card half inside a 4096-px bounds wall was pushed out
 * beyond it). A way that keeps overlapping the solid is let through: in a corner each
 * round clears one solid and enters none (the way may deepen this one, which a later
 * round clears), so the rounds end.
 */
function wayKeepsSolid(ctx: StepScratch): boolean {
  const mover = ctx.sweepMover
  const moved = ctx.sweepMoved
  const solid = ctx.sweepObstacle
  const after = penetrationVectorInto(ctx.sweepPenetration, moved, solid, ctx.kernel.edges)
    ? Math.abs(ctx.sweepPenetration.x) + Math.abs(ctx.sweepPenetration.y)
    : 0
  if (after > TOUCH_TOLERANCE) return true
  const outLeft = mover.x + mover.width - solid.x
  const outRight = solid.x + solid.width - mover.x
  const outUp = mover.y + mover.height - solid.y
  const outDown = solid.y + solid.height - mover.y
  if (moved.x < mover.x) return outLeft <= outRight
  if (moved.x > mover.x) return outRight <= outLeft
  if (moved.y < mover.y) return outUp <= outDown
  return outDown <= outUp
}

/**
 * Keeps the way in {@link StepScratch.sweepMoved} in {@link StepScratch.sweepBest} (length,
 * the place x and y it leads to, clearance) when its clearance ({@link wayOutClear}) is
 * better than the best so far, or as good and shorter (strictly: among equal ones the first
 * stays).
 */
function considerWay(ctx: StepScratch, sim: StepContext, slot: number): void {
  const best = ctx.sweepBest
  const moveX = ctx.sweepMoved.x - ctx.sweepMover.x
  const moveY = ctx.sweepMoved.y - ctx.sweepMover.y
  const length = Math.abs(moveX) + Math.abs(moveY)
  const known = best[3] as number
  if (known === WAY_CLEAR && length >= (best[0] as number)) return
  const clearance = wayOutClear(ctx, sim, slot)
  if (clearance === WAY_BLOCKED) return
  if (clearance > known || (clearance === known && length >= (best[0] as number))) return
  best[0] = length
  best[1] = ctx.sweepMoved.x
  best[2] = ctx.sweepMoved.y
  best[3] = clearance
}

/**
 * How deep body `slot` (its box in {@link StepScratch.sweepMover}) is inside `solid`: the
 * length of its penetration vector, px, left in {@link StepScratch.sweepPenetration} with the
 * solid's box in {@link StepScratch.sweepObstacle}. 0 when the pair is ignored or crosses,
 * or when the boxes only touch or are apart.
 */
function depthInSolid(ctx: StepScratch, sim: StepContext, slot: number, solid: number): number {
  const code = pairCode(sim, slot, solid)
  if (!keepsApart(code)) return 0
  loadRect(ctx.sweepObstacle, sim.store, solid)
  if (
    !penetrationVectorInto(
      ctx.sweepPenetration,
      ctx.sweepMover,
      ctx.sweepObstacle,
      ctx.kernel.edges,
    )
  )
    return 0
  return Math.abs(ctx.sweepPenetration.x) + Math.abs(ctx.sweepPenetration.y)
}

/**
 * Gathers the solids of one kind (`kinematic` or static) whose interior body `slot` (in
 * {@link StepScratch.sweepMover}) overlaps, among the selected candidates, into
 * {@link StepScratch.sweepWays}: where the four axis moves that clear all of them lead (left,
 * right: an x; up, down: a y), placed from the solids' faces (`positionBeforeFace`), so the
 * body ends outside each to the last bit. Returns the first such solid, or -1 when there is
 * none.
 */
function overlappedSolids(
  ctx: StepScratch,
  sim: StepContext,
  slot: number,
  kinematic: boolean,
): number {
  const store = sim.store
  const ways = ctx.sweepWays
  const mover = ctx.sweepMover
  ways[0] = mover.x
  ways[1] = mover.x
  ways[2] = mover.y
  ways[3] = mover.y
  let first = -1
  for (let c = ctx.sweepCandidateBegin; c < ctx.sweepCandidateEnd; c++) {
    const solid = sim.solid[ctx.sweepCandidateItems[c] as number] as number
    if ((store.kind[solid] === KINEMATIC) !== kinematic) continue
    if (depthInSolid(ctx, sim, slot, solid) <= TOUCH_TOLERANCE) continue
    if (first < 0) first = solid
    const obstacle = ctx.sweepObstacle
    ways[0] = Math.min(ways[0], positionBeforeFace(obstacle.x, mover.width))
    ways[1] = Math.max(ways[1], obstacle.x + obstacle.width)
    ways[2] = Math.min(ways[2], positionBeforeFace(obstacle.y, mover.height))
    ways[3] = Math.max(ways[3], obstacle.y + obstacle.height)
  }
  return first
}

/**
 * Moves dynamic body `k` out of every solid its interior overlaps (a body added or
 * teleported into a wall, a static grown over it). All overlapped solids are solved
 * together: of the four axis moves that clear every one of them at once, the shortest
 * admissible one is taken (the penetration vector of articles 000/002, generalised from one
 * box to several), so a box squeezed between two walls never bounces from one into the
 * other. A way is admissible when it leaves each overlapped solid by its near side (never
 * through it: a card half inside a 4096-px bounds wall was pushed out beyond it) and sweeps
 * through no other static body ({@link wayOutClear}); a way clear of kinematic bodies too is
 * preferred. With no admissible way the body is wedged
 * and stays where it is: the world's overflow pass relocates it or reports it (README,
 * "The layout contract"). Repeats while the new place overlaps other solids. Velocity into
 * the solid is removed (slide).
 */
export function separateFromSolids(ctx: StepScratch, sim: StepContext, k: number): void {
  const store = sim.store
  const slot = sim.dynamic[k] as number
  for (let round = 0; round < MAX_SEPARATIONS; round++) {
    loadRect(ctx.sweepMover, store, slot)
    ctx.sweepMotion.x = 0
    ctx.sweepMotion.y = 0
    if (!selectCandidates(ctx, sim, k)) return
    // Static bodies and the bounds are hard, kinematic ones go where they are told: the
    // ways out clear the static bodies the body overlaps, or, when it overlaps none, the
    // kinematic ones.
    let first = overlappedSolids(ctx, sim, slot, false)
    if (first < 0) first = overlappedSolids(ctx, sim, slot, true)
    if (first < 0) return
    const ways = ctx.sweepWays
    // Each way is written into `moved` here, not passed: V8 boxes the doubles passed to a
    // call it does not inline. Same tie-breaking as the kernel's penetration vector: x
    // before y, negative first. The shortest way of the best clearance is taken: clear,
    // else through kinematic bodies only.
    ctx.sweepMoved.width = ctx.sweepMover.width
    ctx.sweepMoved.height = ctx.sweepMover.height
    ctx.sweepBest[0] = Infinity
    ctx.sweepBest[1] = 0
    ctx.sweepBest[2] = 0
    ctx.sweepBest[3] = WAY_BLOCKED
    ctx.sweepMoved.y = ctx.sweepMover.y
    ctx.sweepMoved.x = ways[0] as number
    considerWay(ctx, sim, slot)
    ctx.sweepMoved.x = ways[1] as number
    considerWay(ctx, sim, slot)
    ctx.sweepMoved.x = ctx.sweepMover.x
    ctx.sweepMoved.y = ways[2] as number
    considerWay(ctx, sim, slot)
    ctx.sweepMoved.y = ways[3] as number
    considerWay(ctx, sim, slot)
    // In a corner (a bounds wall on two sides) no single move clears every solid: each
    // solid's own penetration vector is tried, one solid a round.
    if (ctx.sweepBest[3] === WAY_BLOCKED) {
      for (let c = ctx.sweepCandidateBegin; c < ctx.sweepCandidateEnd; c++) {
        const solid = sim.solid[ctx.sweepCandidateItems[c] as number] as number
        if (depthInSolid(ctx, sim, slot, solid) <= TOUCH_TOLERANCE) continue
        // The penetration vector's way, placed from the face it leaves by.
        const obstacle = ctx.sweepObstacle
        const outX = ctx.sweepPenetration.x
        const outY = ctx.sweepPenetration.y
        ctx.sweepMoved.x =
          outX === 0
            ? ctx.sweepMover.x
            : positionAtFace(outX < 0, obstacle.x, obstacle.width, ctx.sweepMover.width)
        ctx.sweepMoved.y =
          outY === 0
            ? ctx.sweepMover.y
            : positionAtFace(outY < 0, obstacle.y, obstacle.height, ctx.sweepMover.height)
        considerWay(ctx, sim, slot)
      }
    }
    // Wedged: every way out goes through a static body or the bounds.
    if (ctx.sweepBest[3] === WAY_BLOCKED) return
    store.x[slot] = ctx.sweepBest[1]
    store.y[slot] = ctx.sweepBest[2]
    ctx.sweepHit.normal.x = Math.sign(ctx.sweepBest[1] - ctx.sweepMover.x)
    ctx.sweepHit.normal.y = Math.sign(ctx.sweepBest[2] - ctx.sweepMover.y)
    ctx.sweepVelocity.x = store.velocityX[slot] as number
    ctx.sweepVelocity.y = store.velocityY[slot] as number
    if (
      ctx.sweepVelocity.x * ctx.sweepHit.normal.x + ctx.sweepVelocity.y * ctx.sweepHit.normal.y <
      0
    ) {
      respondInto(ctx.sweepVelocity, 'slide', ctx.sweepVelocity, ctx.sweepHit.normal)
      store.velocityX[slot] = ctx.sweepVelocity.x
      store.velocityY[slot] = ctx.sweepVelocity.y
    }
    if (sim.contacts.enabled) {
      sim.contacts.touch(slot, first, ctx.sweepHit.normal.x, ctx.sweepHit.normal.y, FROM_PUSH)
    }
  }
}
/**
 * Moves every body the velocity pass did not move freely ({@link StepContext.sweptBodies},
 * in insertion order) by its displacement, swept against the solids near it (article 003).
 */
export function sweepAgainstSolids(sim: StepContext): void {
  const swept = sim.sweptBodies
  for (let q = 0; q < swept.count; q++) {
    const k = swept.items[q] as number
    separateFromSolids(sim.scratch, sim, k)
    sweepDynamic(sim.scratch, sim, k, sim.deltaX, sim.deltaY, true)
  }
}
