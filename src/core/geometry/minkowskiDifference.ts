import type { Rect } from './types.js'
import { assertFiniteResult, assertRectangle } from './validate.js'

/**
 * The four edges of a Minkowski difference `a - b`, each computed from the input edges
 * directly (article 002: `left = a.left - b.right`, `right = a.right - b.left`,
 * `top = a.top - b.bottom`, `bottom = a.bottom - b.top`).
 *
 * Why not a {@link Rect}: `rect.x + rect.width` re-adds two rounded numbers, so in floating
 * point its sign can disagree with the exact comparison `a.right >= b.left`. Each edge here
 * is one subtraction, whose sign is always exact, so every test built on these edges
 * (overlap, penetration, sweep) agrees with the plain edge comparisons, and swapping `a`
 * and `b` negates the edges exactly. Internal to the kernel.
 */
export interface MinkowskiEdges {
  /** `a.left - b.right`. */
  left: number
  /** `a.top - b.bottom`. */
  top: number
  /** `a.right - b.left`. */
  right: number
  /** `a.bottom - b.top`. */
  bottom: number
}

/**
 * Zeroed {@link MinkowskiEdges}: the record `penetrationVectorInto` and `rayHitInto` work in
 * when the caller passes one (then they allocate nothing). Make one per owner and reuse it.
 *
 * @example
 * const edges = createMinkowskiEdges()
 * const out = { x: 0, y: 0 }
 * for (const wall of walls) if (penetrationVectorInto(out, box, wall, edges)) resolve(out)
 */
export function createMinkowskiEdges(): MinkowskiEdges {
  return { left: 0, top: 0, right: 0, bottom: 0 }
}

/** Writes the edges of `a - b` into `out` (internal; no validation, no allocation). */
export function minkowskiEdgesInto(out: MinkowskiEdges, a: Rect, b: Rect): MinkowskiEdges {
  out.left = a.x - (b.x + b.width)
  out.right = a.x + a.width - b.x
  out.top = a.y - (b.y + b.height)
  out.bottom = a.y + a.height - b.y
  return out
}

/**
 * Hot-path twin of {@link minkowskiDifference}: writes `a - b` into `out` and returns it.
 * Does not validate its inputs and allocates nothing; `out` may be `a` or `b`.
 */
export function minkowskiDifferenceInto(out: Rect, a: Rect, b: Rect): Rect {
  // Read everything before writing: `out` may alias an input.
  const x = a.x - (b.x + b.width)
  const y = a.y - (b.y + b.height)
  const width = a.width + b.width
  const height = a.height + b.height
  out.x = x
  out.y = y
  out.width = width
  out.height = height
  return out
}

/**
 * The Minkowski difference `a - b` of two boxes: the set of all `p - q` with `p` in `a` and
 * `q` in `b` (articles 000 and 002). For boxes it is itself a box: its top-left is
 * `a`'s top-left minus `b`'s bottom-right, its size the sum of the sizes. It contains the
 * origin exactly when `a` and `b` overlap; the closest point of its boundary to the origin
 * is the smallest move of `b` that separates them (so {@link penetrationVector} of `a` is
 * its negation).
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative; RangeError naming the field of a result that
 *   would overflow (boxes near both ends of the number line).
 * @example
 * minkowskiDifference({ x: 0, y: 0, width: 2, height: 2 }, { x: 1, y: 1, width: 2, height: 2 })
 * // { x: -3, y: -3, width: 4, height: 4 }: contains (0, 0), so the boxes overlap
 */
export function minkowskiDifference(a: Rect, b: Rect): Rect {
  assertRectangle('minkowskiDifference:', 'a', a)
  assertRectangle('minkowskiDifference:', 'b', b)
  const difference = minkowskiDifferenceInto({ x: 0, y: 0, width: 0, height: 0 }, a, b)
  return assertFiniteResult('minkowskiDifference:', difference)
}
