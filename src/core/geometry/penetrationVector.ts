import {
  createMinkowskiEdges,
  minkowskiEdgesInto,
  type MinkowskiEdges,
} from './minkowskiDifference.js'
import type { Rect, Vec2 } from './types.js'
import { assertFiniteResult, assertRectangle } from './validate.js'

/**
 * Hot-path twin of {@link penetrationVector}: writes the shortest move of `a` out of `b`
 * into `out`. Returns `false` (and sets `out` to `{ 0, 0 }`) when the boxes are apart.
 * Does not validate its inputs.
 *
 * @param edges - Where it works: the caller's {@link MinkowskiEdges} (`createMinkowskiEdges()`),
 *   with which it allocates nothing; without it, each call makes one.
 */
export function penetrationVectorInto(
  out: Vec2,
  a: Rect,
  b: Rect,
  edges: MinkowskiEdges = createMinkowskiEdges(),
): boolean {
  // The edges of b - a are the four axis moves of a that end with a touching b:
  // left = b.left - a.right (<= 0: move a left), right = b.right - a.left (>= 0: move right),
  // top = b.top - a.bottom (<= 0: move up), bottom = b.bottom - a.top (>= 0: move down).
  // The origin is in b - a exactly when they overlap, and the shortest move is the closest
  // point of its boundary to the origin (article 000's closestPointOnBoundsToPoint, article
  // 002's "smallest of top, bottom, left and right"). A diagonal move is never shorter.
  const { left, right, top, bottom } = minkowskiEdgesInto(edges, b, a)
  if (left > 0 || right < 0 || top > 0 || bottom < 0) {
    out.x = 0
    out.y = 0
    return false
  }
  // Tie-breaking: strict `<` keeps the first candidate in the order
  // left, right, up, down, i.e. the x axis before y, the negative direction before positive.
  // The articles break ties otherwise, each as its loop happens to: article 000 tries
  // left, right, then down (its y grows downward too) before up; article 004 keeps the
  // positive side of an axis on a tie and y when both axes tie. Only the order differs,
  // never the length. One documented rule, the same on every path (the world's contacts
  // use it too), is what matters: a tie is a box exactly half inside, and any of the
  // equal moves frees it.
  let x = left
  let y = 0
  let shortest = -left
  if (right < shortest) {
    shortest = right
    x = right
  }
  if (-top < shortest) {
    shortest = -top
    x = 0
    y = top
  }
  if (bottom < shortest) {
    x = 0
    y = bottom
  }
  out.x = x
  out.y = y
  return true
}

/**
 * The penetration vector (articles 000, 002; article 004's "minimum translation distance"):
 * the shortest move of `a` that leaves it touching `b` without overlapping. It is always
 * along one axis. Returns `{ x: 0, y: 0 }` when the boxes only touch and `null` when they
 * are apart.
 *
 * Ties are broken deterministically: the x axis before the y axis, then the negative
 * direction (left, up) before the positive one.
 *
 * @throws RangeError / TypeError naming the argument when a field or a far edge (`x + width`)
 *   is not finite or a size is negative; RangeError naming the field of a result that
 *   would overflow (boxes near both ends of the number line).
 * @example
 * // a overlaps b's left edge by 1: push a left by 1
 * penetrationVector({ x: 0, y: 0, width: 2, height: 2 }, { x: 1, y: -5, width: 10, height: 10 })
 * // { x: -1, y: 0 }
 */
export function penetrationVector(a: Rect, b: Rect): Vec2 | null {
  assertRectangle('penetrationVector:', 'a', a)
  assertRectangle('penetrationVector:', 'b', b)
  const out = { x: 0, y: 0 }
  return penetrationVectorInto(out, a, b, createMinkowskiEdges())
    ? assertFiniteResult('penetrationVector:', out)
    : null
}
