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

/**
 * The largest grid index `(value - origin) / step` (in magnitude) at which neighbouring
 * lines are still told apart: 2^52, where consecutive doubles are 1 apart, so `k + 1` and
 * `k - 1` still differ from `k`. Beyond it the grid is finer than a double can resolve at
 * that distance from its origin (1 px cells 2^52 px away, or 1e-20 px cells at 10 px):
 * every value is as good as a line, and snapping leaves it where it is.
 */
const FINEST_GRID_INDEX = 2 ** 52

/**
 * How many lines the correction of a rounded index may step. The division is off by at
 * most an ulp of the index, so one step corrects it wherever lines are told apart; the
 * bound ends the loop where they are not (a far origin that absorbs `k * step`), which
 * then leaves the value where it is.
 */
const MAX_INDEX_CORRECTION = 4

/**
 * The grid line at or below `value` (the greatest `origin + k * step <= value`), or `value`
 * itself where the grid is finer than doubles resolve there (see {@link FINEST_GRID_INDEX}).
 * `step` is finite and > 0, `value` and `origin` finite.
 */
export function gridLineBelow(value: number, step: number, origin: number): number {
  const index = (value - origin) / step
  if (!(Math.abs(index) < FINEST_GRID_INDEX)) return value
  let k = Math.floor(index)
  // The division rounds: step the index back (or on) until the line is truly at or below.
  for (let n = 0; n < MAX_INDEX_CORRECTION && gridLine(k, step, origin) > value; n++) k--
  for (let n = 0; n < MAX_INDEX_CORRECTION && gridLine(k + 1, step, origin) <= value; n++) k++
  const line = gridLine(k, step, origin)
  return line <= value ? line : value
}

/**
 * The grid line at or above `value` (the least `origin + k * step >= value`), or `value`
 * itself where the grid is finer than doubles resolve there (see {@link FINEST_GRID_INDEX}).
 * `step` is finite and > 0, `value` and `origin` finite.
 */
export function gridLineAbove(value: number, step: number, origin: number): number {
  // The mirror image of the line below: negation is exact, so -value on the grid of origin
  // -origin has its line below at exactly minus this one. `+ 0` turns a -0 into 0.
  return -gridLineBelow(-value, step, -origin) + 0
}

/** The grid line nearest `value` (a tie goes to the line above: CSS pixel rounding's way). */
export function nearestLine(value: number, step: number, origin: number): number {
  const below = gridLineBelow(value, step, origin)
  const above = gridLineAbove(value, step, origin)
  return value - below < above - value ? below : above
}

/**
 * The grid point nearest `point` (each axis to its nearest line; ties to the larger
 * coordinate). A point already on the grid stays exactly where it is, as does a coordinate
 * where the grid is finer than a double resolves (cells under an ulp of the distance from
 * the origin).
 *
 * @throws TypeError or RangeError naming `point` or `grid` and the bad field, e.g.
 *   `snapToGrid: grid.x must be a finite number > 0 (got -10)`.
 * @example
 * snapToGrid({ x: 47, y: 12 }, { x: 20, y: 20 }) // { x: 40, y: 20 }
 * snapToGrid({ x: 47, y: 12 }, { x: 20, y: 20, origin: { x: 8, y: 8 } }) // { x: 48, y: 8 }
 */
export function snapToGrid(point: Readonly<Vec2>, grid: Readonly<SnapGrid>): Vec2 {
  const { x, y } = assertVector('snapToGrid:', 'point', point)
  const checked = assertSnapGrid('snapToGrid:', 'grid', grid)
  const origin = checked.origin ?? ZERO
  return {
    x: nearestLine(x, checked.x, origin.x),
    y: nearestLine(y, checked.y, origin.y),
  }
}

/**
 * Whether `point` lies on the grid.
 *
 * @throws TypeError or RangeError naming `point` or `grid` and the bad field, as
 *   {@link snapToGrid}.
 */
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
