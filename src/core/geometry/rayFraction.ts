import { createMinkowskiEdges, type MinkowskiEdges } from './minkowskiDifference.js'
import type { Rect, Vec2 } from './types.js'
import { assertRectangle, assertVector } from './validate.js'

/** Where a ray first enters a box: the fraction of the ray and the entered face's normal. */
export interface RayHit {
  /** Fraction of `delta`, in [0, 1], at which the ray enters the box (0 when it starts inside). */
  time: number
  /** Outward unit normal of the entered face; `{ 0, 0 }` when the ray starts inside. */
  normal: Vec2
}

/**
 * The slab method (Liang-Barsky clipping; the same idea as bump.lua's
 * `rect_getSegmentIntersectionIndices`) on a box given by its edges. Internal: {@link sweep}
 * calls it with the exact edges of a Minkowski difference, {@link rayHitInto} with a Rect's.
 *
 * The ray is `origin + delta * t`. On each axis the times when it is strictly between the
 * two edges form an open interval (enter, exit); the ray is in the box's **open interior**
 * during the intersection of the two intervals. It hits when that intersection is not empty
 * and meets [0, 1): so touching a corner (enter === exit), running along a face (a zero
 * delta on an axis whose coordinate is on an edge: empty interval), starting on a face and
 * leaving, or arriving exactly at t = 1 are not hits, while starting on a face and moving
 * inward is a hit at t = 0. Zero deltas are tested, never divided by, so no NaN arises from
 * finite inputs. Comparisons are exact: no epsilon.
 */
export function slabHitInto(out: RayHit, origin: Vec2, delta: Vec2, box: MinkowskiEdges): boolean {
  // Objects, not numbers: V8 boxes the doubles passed to a call it does not inline, and
  // this one is often too long to inline, so nine numbers as arguments made garbage on
  // every call of a drag's world.move (bench/RESULTS.md, "Design choices and their
  // measurements").
  const { x: originX, y: originY } = origin
  const { x: deltaX, y: deltaY } = delta
  const { left, top, right, bottom } = box
  let enter = -Infinity
  let exit = Infinity
  let normalX = 0
  let normalY = 0
  if (deltaX === 0) {
    if (!(left < originX && originX < right)) return miss(out)
  } else {
    const toLeft = (left - originX) / deltaX
    const toRight = (right - originX) / deltaX
    // Moving right enters through the left face (normal -x), moving left through the right face.
    if (deltaX > 0) {
      enter = toLeft
      exit = toRight
      normalX = -1
    } else {
      enter = toRight
      exit = toLeft
      normalX = 1
    }
  }
  if (deltaY === 0) {
    if (!(top < originY && originY < bottom)) return miss(out)
  } else {
    const toTop = (top - originY) / deltaY
    const toBottom = (bottom - originY) / deltaY
    const enterY = deltaY > 0 ? toTop : toBottom
    const exitY = deltaY > 0 ? toBottom : toTop
    // Strict `>`: when both axes are entered at the same instant (through a corner, into
    // the interior) the x face wins, like penetrationVector's tie-breaking.
    if (enterY > enter) {
      enter = enterY
      normalX = 0
      normalY = deltaY > 0 ? -1 : 1
    }
    if (exitY < exit) exit = exitY
  }
  if (!(enter < exit && enter < 1 && exit > 0)) return miss(out)
  if (enter > 0) {
    out.time = enter
    out.normal.x = normalX
    out.normal.y = normalY
  } else {
    // Started inside (enter < 0) or on a face moving inward (enter === 0, keep the face).
    out.time = 0
    out.normal.x = enter === 0 ? normalX : 0
    out.normal.y = enter === 0 ? normalY : 0
  }
  return true
}

function miss(out: RayHit): false {
  out.time = Infinity
  out.normal.x = 0
  out.normal.y = 0
  return false
}

/**
 * Hot-path twin of {@link rayFraction} that also reports the entered face: writes the hit
 * into `out` and returns `true`, or sets `out` to `{ time: Infinity, normal: { 0, 0 } }` and
 * returns `false`. Does not validate its inputs.
 *
 * @param rectEdges - Where it writes `rect`'s edges: the caller's {@link MinkowskiEdges}
 *   (`createMinkowskiEdges()`), with which it allocates nothing; without it, each call makes one.
 */
export function rayHitInto(
  out: RayHit,
  origin: Vec2,
  delta: Vec2,
  rect: Rect,
  rectEdges: MinkowskiEdges = createMinkowskiEdges(),
): boolean {
  rectEdges.left = rect.x
  rectEdges.top = rect.y
  rectEdges.right = rect.x + rect.width
  rectEdges.bottom = rect.y + rect.height
  return slabHitInto(out, origin, delta, rectEdges)
}

/**
 * The fraction `t` in [0, 1] of the segment `origin + delta * t` at which it first enters
 * the interior of `rect` (article 003's `getRayIntersectionFraction`, computed with the
 * exact slab method instead of the article's edge-by-edge segment test, which misses
 * colinear cases). Returns `0` when the origin is strictly inside, and `Infinity` when the
 * segment never enters the interior: grazing a corner or sliding along a face is not an
 * entry. A zero `delta` gives 0 inside and Infinity elsewhere.
 *
 * The fractions are doubles: a box less than about 1e-16 of its distance from the origin
 * across (a 1 px box 1e16 px away) gives equal entry and exit fractions and counts as a
 * miss. Coordinates that far out are themselves spaced about that far apart.
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative.
 * @example
 * rayFraction({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: -1, width: 2, height: 2 }) // 0.5
 */
export function rayFraction(origin: Vec2, delta: Vec2, rect: Rect): number {
  assertVector('rayFraction:', 'origin', origin)
  assertVector('rayFraction:', 'delta', delta)
  assertRectangle('rayFraction:', 'rect', rect)
  const hit: RayHit = { time: 0, normal: { x: 0, y: 0 } }
  rayHitInto(hit, origin, delta, rect, createMinkowskiEdges())
  return hit.time
}
