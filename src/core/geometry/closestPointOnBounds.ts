import type { Rect, Vec2 } from './types.js'
import { assertRectangle, assertVector } from './validate.js'

/**
 * Hot-path twin of {@link closestPointOnBounds}: writes the point into `out` and returns it.
 * Does not validate its inputs and allocates nothing.
 */
export function closestPointOnBoundsInto(out: Vec2, rect: Rect, point: Vec2): Vec2 {
  // Article 000's closestPointOnBoundsToPoint: the nearest of the four edges, reached
  // straight along one axis (a diagonal is never shorter: article 002's legs and
  // hypotenuse). Strict `<` keeps the first of equals in the order left, right, top,
  // bottom, the order of penetrationVector; the article tries the bottom edge before the top.
  const left = rect.x
  const right = rect.x + rect.width
  const top = rect.y
  const bottom = rect.y + rect.height
  let x = left
  let y = point.y
  let shortest = Math.abs(point.x - left)
  if (Math.abs(right - point.x) < shortest) {
    shortest = Math.abs(right - point.x)
    x = right
  }
  if (Math.abs(point.y - top) < shortest) {
    shortest = Math.abs(point.y - top)
    x = point.x
    y = top
  }
  if (Math.abs(bottom - point.y) < shortest) {
    x = point.x
    y = bottom
  }
  out.x = x
  out.y = y
  return out
}

/**
 * The point of `rect`'s boundary nearest to `point` along an axis (article 000's
 * `closestPointOnBoundsToPoint`): `point` moved straight onto the nearest edge's line.
 * Meant for a point inside the box or on its boundary, where it is the nearest boundary
 * point of all; for a point outside, the edge lines are read as if they went on for ever.
 * With the origin and the Minkowski difference `b − a` of two overlapping boxes it is the
 * penetration vector of `a`: `penetrationVector(a, b)` equals
 * `closestPointOnBounds(minkowskiDifference(b, a), { x: 0, y: 0 })`, ties included, up to
 * the rounding of the difference's far edges (exact on integers and halves: the kernel's
 * penetration vector reads each edge of `b − a` from one subtraction).
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative.
 * @example
 * closestPointOnBounds({ x: -2, y: -1, width: 3, height: 4 }, { x: 0, y: 0 }) // { x: 1, y: 0 }
 */
export function closestPointOnBounds(rect: Rect, point: Vec2): Vec2 {
  assertRectangle('closestPointOnBounds:', 'rect', rect)
  assertVector('closestPointOnBounds:', 'point', point)
  return closestPointOnBoundsInto({ x: 0, y: 0 }, rect, point)
}
