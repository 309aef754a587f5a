import {
  createMinkowskiEdges,
  minkowskiEdgesInto,
  type MinkowskiEdges,
} from './minkowskiDifference.js'
import { penetrationVectorInto } from './penetrationVector.js'
import { slabHitInto, type RayHit } from './rayFraction.js'
import type { Rect, SweepHit, Vec2 } from './types.js'
import {
  assertFiniteNumber,
  assertFiniteResult,
  assertRectangle,
  assertVector,
} from './validate.js'

/** The ray's start in b's frame: the origin of the Minkowski difference (never written). */
const ORIGIN: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 })

/**
 * What {@link sweepInto} works in: the Minkowski edges, the ray hit and the relative motion.
 * Each world (its step context, its moves) owns one, so no kernel keeps state between calls
 * and two worlds never share one.
 */
export interface SweepScratch {
  /** The Minkowski difference of the two boxes at the start, as edges. */
  readonly edges: MinkowskiEdges
  /** Where the ray from the origin first meets those edges. */
  readonly ray: RayHit
  /** The mover's motion relative to the other box: the ray's direction and length. */
  readonly relativeMotion: Vec2
}

/** A zeroed {@link SweepScratch}: make one per owner, once, and reuse it. */
export function createSweepScratch(): SweepScratch {
  return {
    edges: createMinkowskiEdges(),
    ray: { time: 0, normal: { x: 0, y: 0 } },
    relativeMotion: { x: 0, y: 0 },
  }
}

/**
 * Hot-path twin of {@link sweep}: writes the hit into `out` and returns `true`, or returns
 * `false` and leaves `out` unchanged. Does not validate its inputs.
 *
 * @param scratch - Where it works: the caller's {@link SweepScratch} (`createSweepScratch()`),
 *   with which it allocates nothing; without it, each call makes one.
 */
export function sweepInto(
  out: SweepHit,
  a: Rect,
  aDelta: Vec2,
  b: Rect,
  bDelta: Vec2,
  scratch: SweepScratch = createSweepScratch(),
): boolean {
  const { edges, ray, relativeMotion } = scratch
  // Sign conventions (article 003). Work in b's frame: a moves by the relative motion
  // d = aDelta - bDelta. A point p lies in the Minkowski difference b - a exactly when a
  // moved by p meets b (touching included), and in its open interior exactly when their
  // interiors overlap; so a moved by d * t enters b exactly when the ray d * t from the
  // origin enters b - a: the article's `boxB.minkowskiDifference(boxA)` with
  // `relativeMotion = (boxA.velocity - boxB.velocity) * dt`. The face of b - a that the ray
  // enters, with its outward normal, is the face of b that a hits, with the normal pointing
  // from b toward a: entering b - a's top face (moving down, +y) means a lands on b's top,
  // normal { 0, -1 }.
  minkowskiEdgesInto(edges, b, a)
  if (edges.left < 0 && edges.right > 0 && edges.top < 0 && edges.bottom > 0) {
    // The interiors already overlap (the origin is strictly inside b - a): the ray test
    // does not apply (article 003); report the discrete penetration vector instead.
    const penetration = out.penetration
    penetrationVectorInto(penetration, a, b, edges)
    out.time = 0
    out.normal.x = Math.sign(penetration.x)
    out.normal.y = Math.sign(penetration.y)
    out.touch.x = a.x
    out.touch.y = a.y
    out.overlapping = true
    return true
  }
  relativeMotion.x = aDelta.x - bDelta.x
  relativeMotion.y = aDelta.y - bDelta.y
  if (!slabHitInto(ray, ORIGIN, relativeMotion, edges)) return false
  // The origin is not inside, so the entry time is >= 0: touching and moving inward is a
  // hit at time 0 with the touched face's normal.
  const time = ray.time
  out.time = time
  out.normal.x = ray.normal.x
  out.normal.y = ray.normal.y
  out.touch.x = a.x + aDelta.x * time
  out.touch.y = a.y + aDelta.y * time
  out.penetration.x = 0
  out.penetration.y = 0
  out.overlapping = false
  return true
}

/**
 * Swept collision of a box `a` moving by `aDelta` against a box `b` moving by `bDelta`
 * during one step (article 003): the relative motion is ray-cast from the origin against
 * their Minkowski difference, which gives the fraction of the step at which `a` first
 * enters `b`. Unlike a discrete test it cannot miss a thin or fast box (no tunnelling),
 * within the precision of doubles: boxes whose widths together are less than about 1e-17
 * of the distance between them (a 10 px box and a 10 px wall 1e18 px apart) can round to a
 * miss, as in {@link rayFraction}; coordinates that far out are spaced 128 apart.
 *
 * - Interiors already overlapping: `{ time: 0, overlapping: true, penetration, normal }`
 *   with the penetration vector of `a` out of `b` (never `null`).
 * - Touching at the start and moving into each other: `{ time: 0, overlapping: false, normal }`.
 * - Touching and moving apart, sliding along the shared face, grazing a corner, arriving
 *   exactly at the end of the step, or missing: `null`.
 *
 * @param bDelta - `b`'s own motion during the step; defaults to `{ x: 0, y: 0 }`.
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative; RangeError naming the field of a result that
 *   would overflow (boxes near both ends of the number line).
 * @example
 * // A 10x10 box falls 100 px onto a platform 45 px below it: it lands halfway.
 * sweep({ x: 0, y: 0, width: 10, height: 10 }, { x: 0, y: 100 }, { x: -50, y: 55, width: 200, height: 5 })
 * // { time: 0.45, normal: { x: 0, y: -1 }, touch: { x: 0, y: 45 }, penetration: { x: 0, y: 0 }, overlapping: false }
 */
export function sweep(
  a: Rect,
  aDelta: Vec2,
  b: Rect,
  bDelta: Vec2 = { x: 0, y: 0 },
): SweepHit | null {
  assertRectangle('sweep:', 'a', a)
  assertVector('sweep:', 'aDelta', aDelta)
  assertRectangle('sweep:', 'b', b)
  assertVector('sweep:', 'bDelta', bDelta)
  // The motion of a relative to b: overflowed, every sweep would miss.
  assertFiniteNumber('sweep:', 'aDelta.x - bDelta.x', aDelta.x - bDelta.x)
  assertFiniteNumber('sweep:', 'aDelta.y - bDelta.y', aDelta.y - bDelta.y)
  const out = createSweepHit()
  return sweepInto(out, a, aDelta, b, bDelta, createSweepScratch())
    ? assertFiniteResult('sweep:', out)
    : null
}

/**
 * A zeroed {@link SweepHit}: the caller-owned record that {@link sweepInto} writes into.
 * Make one per call site, once, and reuse it every step.
 *
 * @example
 * const hit = createSweepHit()
 * const scratch = createSweepScratch()
 * if (sweepInto(hit, box, delta, wall, { x: 0, y: 0 }, scratch)) console.log(hit.time)
 */
export function createSweepHit(): SweepHit {
  return {
    time: 0,
    normal: { x: 0, y: 0 },
    touch: { x: 0, y: 0 },
    penetration: { x: 0, y: 0 },
    overlapping: false,
  }
}
