/**
 * fast-check arbitraries shared by the geometry tests.
 *
 * "Grid" values are multiples of 1/8 within a few thousand units: every sum, difference and
 * product with a multiple of 1/2048 is exact in floating point, so properties can compare
 * the kernel with an exact oracle without tolerances.
 */
import fc from 'fast-check'
import type { Rect, Vec2 } from '../../../src/core/geometry/index.js'

const GRID = 8

/** A multiple of 1/8 in [-range, range]. */
export function gridNumber(range: number): fc.Arbitrary<number> {
  return fc.integer({ min: -range * GRID, max: range * GRID }).map((n) => n / GRID)
}

/** A non-negative multiple of 1/8 up to `max`. */
export function gridSize(max: number): fc.Arbitrary<number> {
  return fc.integer({ min: 0, max: max * GRID }).map((n) => n / GRID)
}

/** A box on the grid; positions in [-100, 100], sizes in [0, 60]. */
export const gridRect: fc.Arbitrary<Rect> = fc.record({
  x: gridNumber(100),
  y: gridNumber(100),
  width: gridSize(60),
  height: gridSize(60),
})

/** A displacement on the grid, in [-200, 200] per axis, often axis-parallel or zero. */
export const gridDelta: fc.Arbitrary<Vec2> = fc.oneof(
  fc.record({ x: gridNumber(200), y: gridNumber(200) }),
  fc.record({ x: gridNumber(200), y: fc.constant(0) }),
  fc.record({ x: fc.constant(0), y: gridNumber(200) }),
  fc.constant({ x: 0, y: 0 }),
)

/** Any finite double of moderate magnitude (no NaN, no infinities). */
export const finiteNumber: fc.Arbitrary<number> = fc.double({
  min: -1e6,
  max: 1e6,
  noNaN: true,
  noDefaultInfinity: true,
})

/** Any finite double >= 0 of moderate magnitude. */
export const finiteSize: fc.Arbitrary<number> = fc.double({
  min: 0,
  max: 1e6,
  noNaN: true,
  noDefaultInfinity: true,
})

/** A box with arbitrary finite coordinates (rounding happens). */
export const finiteRect: fc.Arbitrary<Rect> = fc.record({
  x: finiteNumber,
  y: finiteNumber,
  width: finiteSize,
  height: finiteSize,
})

/** A displacement with arbitrary finite coordinates. */
export const finiteVec2: fc.Arbitrary<Vec2> = fc.record({ x: finiteNumber, y: finiteNumber })

/** Builds a box from article 001's centre and half-extents form. */
export function rectFromCenter(
  cx: number,
  cy: number,
  halfWidth: number,
  halfHeight: number,
): Rect {
  return { x: cx - halfWidth, y: cy - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight }
}

/** `rect` moved by `delta * t`. */
export function moved(rect: Rect, delta: Vec2, t = 1): Rect {
  return { ...rect, x: rect.x + delta.x * t, y: rect.y + delta.y * t }
}

/** Signed overlap depth of `a` and `b` on each axis (negative: a gap of that size). */
export function overlapDepth(a: Rect, b: Rect): Vec2 {
  return {
    x: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    y: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}
