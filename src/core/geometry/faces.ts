/**
 * Placing a box against a face exactly, in floating point. A time of impact is exact in real
 * arithmetic, but a position computed from it (`x + dx * t`) is rounded, and so is a
 * distance added to a position: a card stopped at the bottom of a 300 px board by
 * `y + vy * t` landed at y = 240.00000000000003, its bottom 3e-14 px inside the wall. A body
 * stopped at a face is placed from the face instead, so that the contract's test in floats
 * (`y + height <= face`, the same sum every reader computes) holds to the last bit.
 */

/** 2^-53: `p - p * HALF_EPSILON` is the double just below a positive `p` (round to nearest). */
const HALF_EPSILON = Number.EPSILON / 2

/**
 * The position of a box of `size` whose far side touches `face` from before it: `face - size`
 * when `(face - size) + size <= face` in floats, else stepped down (one ulp, more only when
 * `size` is much coarser than the position) until it is. Never past `face - size` by more
 * than the rounding of that sum. Allocates nothing.
 *
 * @example
 * // 0.3 - 0.1 rounds to 0.19999999999999998, and that plus 0.1 is exactly 0.3: unchanged.
 * positionBeforeFace(0.3, 0.1) // 0.19999999999999998
 * // A 60 px card on the floor of a board 300 px high: its top at 240, its bottom at 300.
 * positionBeforeFace(300, 60) // 240
 */
export function positionBeforeFace(face: number, size: number): number {
  let position = face - size
  let step = Math.abs(position) * HALF_EPSILON || Number.MIN_VALUE
  while (position + size > face) {
    const below = position - step
    // A tie rounded back to the same double (a power of two below 0): a larger step.
    if (below !== position) position = below
    step *= 2
  }
  return position
}

/**
 * Where on one axis a box of `size` touches from outside the face of an obstacle spanning
 * `[start, start + extent]`: `before` it ({@link positionBeforeFace}) or after it, at
 * `start + extent` (the very sum every reader of the obstacle's far side computes).
 *
 * @example
 * // A 60 px card against a panel spanning y = 100..140: above it at 40, below it at 140.
 * positionAtFace(true, 100, 40, 60) // 40
 * positionAtFace(false, 100, 40, 60) // 140
 */
export function positionAtFace(
  before: boolean,
  start: number,
  extent: number,
  size: number,
): number {
  return before ? positionBeforeFace(start, size) : start + extent
}
