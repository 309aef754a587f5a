import type { Vec2 } from '../geometry/types.js'
import { assertPositive, assertVector, describeValue } from '../geometry/validate.js'

/**
 * A snapping grid: the places whose top-left corner is `origin + (i * x, j * y)` for
 * integers i and j. `x` and `y` are the cell's width and height (world units, CSS pixels
 * in a DOM container), finite and > 0; `origin` is a grid point (a `<PhysicsWorld>` puts
 * it at its container's content box).
 */
export interface SnapGrid {
  /** Cell width, > 0. */
  x: number
  /** Cell height, > 0. */
  y: number
  /** A point of the grid. @default { x: 0, y: 0 } */
  origin?: Vec2 | undefined
}

const ZERO: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 })

/**
 * Grid coordinates along one axis are always computed as `origin + k * step` from an
 * integer `k`, never by adding steps up: two snaps of nearby values that land on the same
 * grid line then give the same number, so a body snapped twice does not creep by an ulp.
 */
function gridLine(k: number, step: number, origin: number): number {
  // `+ 0` turns -0 (from k = -0) into 0: snapping must be a fixed point, bit for bit.
  return origin + k * step + 0
}

/** The grid line at or below `value` (the greatest `origin + k * step <= value`). */
export function gridLineBelow(value: number, step: number, origin: number): number {
  let k = Math.floor((value - origin) / step)
  // The division rounds: step the index back (or on) until the line is truly at or below.
  while (gridLine(k, step, origin) > value) k--
  while (gridLine(k + 1, step, origin) <= value) k++
  return gridLine(k, step, origin)
}

/** The grid line at or above `value` (the least `origin + k * step >= value`). */
export function gridLineAbove(value: number, step: number, origin: number): number {
  let k = Math.ceil((value - origin) / step)
  while (gridLine(k, step, origin) < value) k++
  while (gridLine(k - 1, step, origin) >= value) k--
  return gridLine(k, step, origin)
}

/** The grid line nearest `value` (a tie goes to the line above: CSS pixel rounding's way). */
export function nearestLine(value: number, step: number, origin: number): number {
  const below = gridLineBelow(value, step, origin)
  const above = gridLineAbove(value, step, origin)
  return value - below < above - value ? below : above
}

/**
 * The grid point nearest `point` (each axis to its nearest line; ties to the larger
 * coordinate). A point already on the grid stays exactly where it is.
 *
 * @example
 * snapToGrid({ x: 47, y: 12 }, { x: 20, y: 20 }) // { x: 40, y: 20 }
 * snapToGrid({ x: 47, y: 12 }, { x: 20, y: 20, origin: { x: 8, y: 8 } }) // { x: 48, y: 8 }
 */
export function snapToGrid(point: Readonly<Vec2>, grid: Readonly<SnapGrid>): Vec2 {
  const origin = grid.origin ?? ZERO
  return {
    x: nearestLine(point.x, grid.x, origin.x),
    y: nearestLine(point.y, grid.y, origin.y),
  }
}

/** Whether `point` lies on the grid. */
export function isOnGrid(point: Readonly<Vec2>, grid: Readonly<SnapGrid>): boolean {
  const snapped = snapToGrid(point, grid)
  return snapped.x === point.x && snapped.y === point.y
}

/**
 * Checks a grid: an object with `x` and `y` finite and > 0 (a cell of 0 or NaN has no grid
 * points), and an optional finite `origin`. Throws naming `field` and the bad part, e.g.
 * `findFreeSpot: options.grid.x must be a finite number > 0 (got 0)`.
 */
export function assertSnapGrid(subject: string, field: string, value: unknown): SnapGrid {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { x, y } (got ${describeValue(value)})`,
    )
  }
  const { x, y, origin } = value as Record<string, unknown>
  const grid: SnapGrid = {
    x: assertPositive(subject, `${field}.x`, x),
    y: assertPositive(subject, `${field}.y`, y),
  }
  if (origin !== undefined) grid.origin = assertVector(subject, `${field}.origin`, origin)
  return grid
}
