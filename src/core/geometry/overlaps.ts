import type { Rect, Vec2 } from './types.js'
import { assertRectangle, assertVector } from './validate.js'

/**
 * Whether two boxes overlap, **touching included** (a shared edge or corner counts).
 * This is the separating-axis test of article 001 ("Post"/"CJM" versions) written on edges,
 * and is equivalent to the Minkowski difference `a - b` containing the origin (articles
 * 000, 002). Each comparison is exact; no epsilon.
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative.
 * @example
 * overlaps({ x: 0, y: 0, width: 1, height: 1 }, { x: 1, y: 0, width: 1, height: 1 }) // true (touching)
 */
export function overlaps(a: Rect, b: Rect): boolean {
  assertRectangle('overlaps:', 'a', a)
  assertRectangle('overlaps:', 'b', b)
  return (
    a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
  )
}

/**
 * Whether the **interiors** of two boxes overlap: like {@link overlaps} with strict
 * comparisons, so touching along an edge or at a corner does not count. A zero-size box
 * strictly inside the other does count. This is the overlap that {@link sweep} reports as
 * `overlapping` and that a push-out must resolve.
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative.
 */
export function overlapsInterior(a: Rect, b: Rect): boolean {
  assertRectangle('overlapsInterior:', 'a', a)
  assertRectangle('overlapsInterior:', 'b', b)
  return interiorsOverlap(a, b)
}

/**
 * Hot-path twin of {@link overlapsInterior}: the same strict test in floats, with no
 * tolerance, without validating its inputs. Allocates nothing.
 */
export function interiorsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/**
 * Whether `point` lies in `rect`, boundary included.
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative.
 */
export function containsPoint(rect: Rect, point: Vec2): boolean {
  assertRectangle('containsPoint:', 'rect', rect)
  assertVector('containsPoint:', 'point', point)
  return (
    rect.x <= point.x &&
    point.x <= rect.x + rect.width &&
    rect.y <= point.y &&
    point.y <= rect.y + rect.height
  )
}
