/**
 * Article 001's form of a box: a centre and half extents, with its overlap test and the
 * conversions to and from the kernel's top-left {@link Rect}. Article 001 is written for 3D
 * (its `Point` has `x`, `y` and `z`); the library is 2D, so every test here is on `x` and `y`
 * and the article's `z` test is dropped. Article 000's `AABB` class is this form too
 * (`center`, `extents`): its `minkowskiDifference` returns the box whose top-left is
 * `min − other.max` and whose size is the sum of the sizes, which is `minkowskiDifference`
 * on the boxes converted with {@link centreBoxToRect}.
 */
import type { Rect, Vec2 } from './types.js'
import {
  assertFiniteResult,
  assertNumberInRange,
  assertRectangle,
  assertVector,
  describeValue,
} from './validate.js'

/**
 * A box in article 001's form: its centre and its half extents (half the width and half the
 * height; article 001's `c` and `r`). Half extents are never negative. In the kernel's screen
 * coordinates (y down) the box spans `center.x ± halfExtents.x` and `center.y ± halfExtents.y`.
 */
export interface CentreBox {
  /** The box's centre (article 001's `c`). */
  center: Vec2
  /** Half the width and half the height (article 001's `r`), never negative. */
  halfExtents: Vec2
}

/**
 * Throws unless `value` is a centre box with a finite centre and finite, non-negative half
 * extents (a TypeError for a non-object, else a RangeError naming the field).
 */
function assertCentreBox(subject: string, field: string, value: unknown): void {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { center, halfExtents } (got ${describeValue(value)})`,
    )
  }
  const { center, halfExtents } = value as Record<string, unknown>
  assertVector(subject, `${field}.center`, center)
  if (halfExtents === null || typeof halfExtents !== 'object') {
    throw new TypeError(
      `${subject} ${field}.halfExtents must be an object { x, y } (got ${describeValue(halfExtents)})`,
    )
  }
  // Like a Rect's width and height: a finite number >= 0.
  const { x, y } = halfExtents as Record<string, unknown>
  assertNumberInRange(subject, `${field}.halfExtents.x`, x, 0)
  assertNumberInRange(subject, `${field}.halfExtents.y`, y, 0)
}

/**
 * Article 001's overlap test (`testAABBAABB`, the "Post" and "CJM" versions of its table):
 * two boxes overlap unless, on some axis, the distance between their centres is more than
 * the sum of their half extents, `|a.c − b.c| > a.r + b.r`. **Touching counts as overlap**
 * (the article's `>` is strict), as in {@link overlaps}. No epsilon (the article's update:
 * with `<` and `>` an epsilon only shifts the error). The difference of the centres and the
 * sum of the half extents are each rounded once, so on arbitrary doubles this test and
 * {@link overlaps} on the boxes' {@link centreBoxToRect} can differ in the last bit at an exact
 * touch; whenever the arithmetic is exact (integers, halves, any coarse grid) they agree.
 *
 * The article has two forms: an early exit (`if (|Δc| > r) return false` per axis) and a
 * branch-free "SIMD" bonus (`x = |Δc.x| <= r.x`, ..., `return x && y && z`). They give the
 * same answer because, for numbers that are not NaN, `<=` is exactly the negation of `>`, and
 * "no axis separated" is "every axis overlapping". (With a NaN both comparisons are false and
 * the forms would disagree; the input checks refuse NaN.) JavaScript has no SIMD for plain
 * numbers and its `&&` short-circuits, so a branch-free form gains nothing here: the kernel
 * writes the one expression `dx <= rx && dy <= ry`, which evaluates like the early exit.
 *
 * The article is 3D; the library is 2D, so its third test (`z`) is dropped.
 *
 * @throws TypeError when a box or a vector is not an object; RangeError naming the field
 *   when a number is not finite or a half extent is negative.
 * @example
 * const unitBox = (x: number, y: number) => ({ center: { x, y }, halfExtents: { x: 0.5, y: 0.5 } })
 * centreBoxOverlaps(unitBox(0, 0), unitBox(1, 0)) // true: 1 apart, reach 1: touching (table row 2)
 * centreBoxOverlaps(unitBox(0, 0), unitBox(1.5, 0)) // false: 1.5 > 1 on x (row 3)
 */
export function centreBoxOverlaps(a: CentreBox, b: CentreBox): boolean {
  assertCentreBox('centreBoxOverlaps:', 'a', a)
  assertCentreBox('centreBoxOverlaps:', 'b', b)
  // Article 001: `if (Abs(a.c[i] - b.c[i]) > (a.r[i] + b.r[i])) return false` for i = 0, 1
  // (its i = 2, z, does not exist in 2D).
  return (
    Math.abs(a.center.x - b.center.x) <= a.halfExtents.x + b.halfExtents.x &&
    Math.abs(a.center.y - b.center.y) <= a.halfExtents.y + b.halfExtents.y
  )
}

/**
 * Hot-path twin of {@link centreBoxToRect}: writes `box`'s `Rect` into `out` and returns it.
 * Does not validate its input and allocates nothing.
 */
export function centreBoxToRectInto(out: Rect, box: CentreBox): Rect {
  const { center, halfExtents } = box
  out.x = center.x - halfExtents.x
  out.y = center.y - halfExtents.y
  out.width = 2 * halfExtents.x
  out.height = 2 * halfExtents.y
  return out
}

/**
 * The kernel's {@link Rect} of a box given by centre and half extents: top-left
 * `center − halfExtents`, size `2 · halfExtents`. The size is exact; the corner is one
 * subtraction, so it is exact whenever the result fits a double (integers, halves, any
 * multiple of a small power of two of moderate size).
 *
 * @throws TypeError when `box` or one of its vectors is not an object; RangeError naming
 *   the field when a number is not finite or a half extent is negative, or when a field of
 *   the result would overflow.
 * @example
 * centreBoxToRect({ center: { x: 1, y: 0 }, halfExtents: { x: 0.5, y: 0.5 } })
 * // { x: 0.5, y: -0.5, width: 1, height: 1 }
 */
export function centreBoxToRect(box: CentreBox): Rect {
  assertCentreBox('centreBoxToRect:', 'box', box)
  const rect = centreBoxToRectInto({ x: 0, y: 0, width: 0, height: 0 }, box)
  return assertFiniteResult('centreBoxToRect:', rect)
}

/**
 * Hot-path twin of {@link rectToCentreBox}: writes `rect`'s centre and half extents into
 * `out` (into its existing `center` and `halfExtents` objects) and returns it. Does not
 * validate its input and allocates nothing.
 */
export function rectToCentreBoxInto(out: CentreBox, rect: Rect): CentreBox {
  // Read everything before writing.
  const halfWidth = rect.width / 2
  const halfHeight = rect.height / 2
  const x = rect.x + halfWidth
  const y = rect.y + halfHeight
  out.center.x = x
  out.center.y = y
  out.halfExtents.x = halfWidth
  out.halfExtents.y = halfHeight
  return out
}

/**
 * Article 001's form of a {@link Rect}: its centre `(x + width / 2, y + height / 2)` and half
 * extents `(width / 2, height / 2)`. The inverse of {@link centreBoxToRect}: a round trip
 * gives back the same numbers whenever the sums are exact (integers and halves, for example).
 *
 * @throws TypeError when `rect` is not an object; RangeError naming the field when a number
 *   is not finite or a size is negative.
 * @example
 * rectToCentreBox({ x: 0, y: 0, width: 4, height: 2 })
 * // { center: { x: 2, y: 1 }, halfExtents: { x: 2, y: 1 } }
 */
export function rectToCentreBox(rect: Rect): CentreBox {
  assertRectangle('rectToCentreBox:', 'rect', rect)
  return rectToCentreBoxInto({ center: { x: 0, y: 0 }, halfExtents: { x: 0, y: 0 } }, rect)
}
