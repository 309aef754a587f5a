import type { Rect, Vec2 } from '../geometry/types.js'
import {
  assertNumberInRange,
  assertRectangle,
  assertVector,
  describeValue,
} from '../geometry/validate.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import { ownCorner, type BodyStore } from './bodyStore.js'
import { IndexBuffer } from '../broadphase/buffers.js'
import type { BodyId, FreeSpotOptions, Size } from './types.js'
import { assertSnapGrid, gridLineAbove, gridLineBelow, type SnapGrid } from './snap.js'

const SUBJECT = 'findFreeSpot:'

/**
 * The largest number below `edge - size` whose sum with `size` does not pass `edge`: the
 * left (or top) place of a box of `size` touching `edge` from before it. `edge - size`
 * rounded up would leave the box overlapping by an ulp.
 */
export function placeBefore(edge: number, size: number): number {
  let place = edge - size
  while (place + size > edge) place -= Math.max(Math.abs(place) * Number.EPSILON, Number.MIN_VALUE)
  return place
}

/** Whether the open interiors of two boxes meet (touching is free; a zero-size box inside another meets it). */
function interiorsMeet(
  x: number,
  y: number,
  width: number,
  height: number,
  store: BodyStore,
  slot: number,
): boolean {
  const ox = store.x[slot] as number
  const oy = store.y[slot] as number
  return (
    x < ox + (store.width[slot] as number) &&
    ox < x + width &&
    y < oy + (store.height[slot] as number) &&
    oy < y + height
  )
}

/**
 * `world.findFreeSpot`: the nearest place for the top-left corner of a box of `size` where
 * its interior meets no body's (touching is free), inside `options.within` when given.
 *
 * Why the candidates suffice: the places where the box meets body `o` form the open box
 * `(o.x - width, o.x + o.width) x (o.y - height, o.y + o.height)` (the Minkowski difference
 * of article 002). The free places are what those open boxes leave of the plane (or of the
 * allowed range of `within`), a closed set, and its nearest point to `near` is `near`
 * itself or lies on the border of one of the open boxes: at an x taken from `near.x`, the
 * boxes' left and right borders and `within`'s edges, and a y taken likewise. The search
 * tries those crossings nearest first (distance, then y, then x: deterministic).
 *
 * Built on the broadphase: it asks the body index for the bodies within `r` of `near`
 * (plus the box's size), doubling `r` until the nearest free candidate among them is
 * within `r` (then no body further out can hold a nearer one) or the query holds every
 * body (then the answer is final, or `null` when `within` holds no free place). Each
 * candidate x is checked with one index query for its whole column, and each corner on it
 * with a binary search ({@link ColumnTest}). A round still tries up to the square of the
 * bodies near `near` in corners, so a crowded board is slower than a sparse one: meant for
 * layout changes, not for every frame.
 */
export function findFreeSpot(
  store: BodyStore,
  index: BodyIndex,
  size: Size,
  near: Vec2,
  options?: FreeSpotOptions,
): Vec2 | null {
  if (size === null || typeof size !== 'object') {
    throw new TypeError(
      `${SUBJECT} size must be an object { width, height } (got ${describeValue(size)})`,
    )
  }
  const ownWidth = assertNumberInRange(SUBJECT, 'size.width', size.width, 0)
  const ownHeight = assertNumberInRange(SUBJECT, 'size.height', size.height, 0)
  const given = assertVector(SUBJECT, 'near', near)
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`${SUBJECT} options must be an object (got ${describeValue(options)})`)
  }
  const givenWithin =
    options?.within === undefined
      ? undefined
      : assertRectangle(SUBJECT, 'options.within', options.within)
  const ignored = ignoredSlots(store, options?.ignore)
  const givenGrid =
    options?.grid === undefined ? undefined : assertSnapGrid(SUBJECT, 'options.grid', options.grid)
  // The search runs on collision extents (boxes grown by the store's margin, half the
  // world's gap): the box's, `near`, `within` and the grid are grown or shifted alike, and
  // the corner found is the box's own again.
  const margin = store.margin
  const spot = nearestFreeExtents(
    store,
    index,
    ownWidth + 2 * margin,
    ownHeight + 2 * margin,
    { x: given.x - margin, y: given.y - margin },
    givenWithin && {
      x: givenWithin.x - margin,
      y: givenWithin.y - margin,
      width: givenWithin.width + 2 * margin,
      height: givenWithin.height + 2 * margin,
    },
    ignored,
    givenGrid && {
      x: givenGrid.x,
      y: givenGrid.y,
      origin: { x: (givenGrid.origin?.x ?? 0) - margin, y: (givenGrid.origin?.y ?? 0) - margin },
    },
  )
  // `+ 0` turns -0 into 0: a spot is a place, and `-0` would only confuse equality checks.
  return spot && { x: ownCorner(spot.x, margin) + 0, y: ownCorner(spot.y, margin) + 0 }
}

/**
 * {@link findFreeSpot}'s search, on collision extents: the nearest corner for a box of
 * `width` x `height` near `from` where its interior meets no extents but those `ignored`,
 * inside `within` and on `grid` when given.
 */
function nearestFreeExtents(
  store: BodyStore,
  index: BodyIndex,
  width: number,
  height: number,
  from: Vec2,
  within: Rect | undefined,
  ignored: Set<number>,
  grid: SnapGrid | undefined,
): Vec2 | null {
  // The allowed range of the top-left corner.
  let minX = -Infinity
  let minY = -Infinity
  let maxX = Infinity
  let maxY = Infinity
  if (within !== undefined) {
    if (width > within.width || height > within.height) return null
    minX = within.x
    minY = within.y
    maxX = placeBefore(within.x + within.width, width)
    maxY = placeBefore(within.y + within.height, height)
    // Rounding can leave no place when the box is exactly as large as `within`.
    if (maxX < minX || maxY < minY) return null
  }
  const startX = Math.min(Math.max(from.x, minX), maxX)
  const startY = Math.min(Math.max(from.y, minY), maxY)
  const found = new IndexBuffer()
  const under = new IndexBuffer()
  const isFree = (x: number, y: number): boolean => {
    under.count = 0
    index.query(x, y, x + width, y + height, under)
    for (let k = 0; k < under.count; k++) {
      const slot = under.items[k] as number
      if (!ignored.has(slot) && interiorsMeet(x, y, width, height, store, slot)) return false
    }
    return true
  }
  // `near` itself is the only place at distance 0; a clamped start is one candidate among others.
  if (grid === undefined && startX === from.x && startY === from.y && isFree(startX, startY))
    return { x: startX, y: startY }
  const column = new ColumnTest(store, index, width, height, ignored)
  let radius = Math.max(width, height, 1)

  for (;;) {
    found.count = 0
    index.query(
      from.x - radius,
      from.y - radius,
      from.x + radius + width,
      from.y + radius + height,
      found,
    )
    const xs = [startX]
    const ys = [startY]
    if (within !== undefined) {
      xs.push(minX, maxX)
      ys.push(minY, maxY)
    }
    for (let k = 0; k < found.count; k++) {
      const slot = found.items[k] as number
      if (ignored.has(slot)) continue
      const x = store.x[slot] as number
      const y = store.y[slot] as number
      xs.push(placeBefore(x, width), x + (store.width[slot] as number))
      ys.push(placeBefore(y, height), y + (store.height[slot] as number))
    }
    const complete =
      found.count === store.count && coversWithin(from, radius, width, height, within)
    const best = nearestFree(
      grid === undefined ? xs : onGridLines(xs, grid.x, grid.origin?.x ?? 0),
      grid === undefined ? ys : onGridLines(ys, grid.y, grid.origin?.y ?? 0),
      from,
      minX,
      minY,
      maxX,
      maxY,
      complete ? Infinity : radius,
      column,
    )
    if (best !== null || complete) return best
    radius *= 2
  }
}

/**
 * The grid lines next to each candidate coordinate (the line at or below it and the line
 * at or above it), for a search restricted to a grid. Why they suffice: let p be the
 * nearest free grid point. Unless its x is a line next to `near.x` (or next to an edge of
 * the allowed range), the grid point one cell nearer `near` in x is nearer still, so it is
 * blocked, by a body whose open Minkowski box holds it and not p: the box's border lies
 * between the two, and p's x is the line next to that border. The same holds for y. (A
 * border `o.x - width` enters as `placeBefore(o.x, width)`, and the line below it keeps
 * `x + width <= o.x` exactly, as rounding is monotonic.)
 */
function onGridLines(values: readonly number[], step: number, origin: number): number[] {
  const lines: number[] = []
  for (const value of values) {
    lines.push(gridLineBelow(value, step, origin), gridLineAbove(value, step, origin))
  }
  return lines
}

/** Whether the query of radius `radius` around `from` holds all of `within` (or there is none). */
function coversWithin(
  from: Vec2,
  radius: number,
  width: number,
  height: number,
  within: Rect | undefined,
): boolean {
  if (within === undefined) return true
  return (
    from.x - radius <= within.x &&
    from.y - radius <= within.y &&
    within.x + within.width <= from.x + radius + width &&
    within.y + within.height <= from.y + radius + height
  )
}

/**
 * Which corners `(x, y)` of one column `x` are free for a box of `width` x `height`: the
 * same test as `interiorsMeet` against every body not ignored, answered from one index
 * query for the whole column instead of one per corner. The column's bodies are sorted by
 * top; a corner y meets one exactly when some body with `top < y + height` has
 * `top + its height > y`, i.e. when the largest bottom among the bodies before the first top
 * at or past `y + height` exceeds y (a binary search and a prefix maximum, computed with the
 * very sums `interiorsMeet` computes, so the answers are identical).
 */
class ColumnTest {
  private readonly found = new IndexBuffer()
  /** The column's body tops, ascending. */
  private tops: number[] = []
  /** `bottoms[k]`: the lowest bottom among the first k + 1 bodies in top order. */
  private bottoms: number[] = []

  constructor(
    private readonly store: BodyStore,
    private readonly index: BodyIndex,
    private readonly width: number,
    private readonly height: number,
    private readonly ignored: Set<number>,
  ) {}

  /** Loads column `x` for corners y in `[low, high]`. */
  load(x: number, low: number, high: number): void {
    const { store, found, width } = this
    found.count = 0
    this.index.query(x, low, x + width, high + this.height, found)
    const column: { top: number; bottom: number }[] = []
    for (let k = 0; k < found.count; k++) {
      const slot = found.items[k] as number
      if (this.ignored.has(slot)) continue
      const ox = store.x[slot] as number
      if (!(x < ox + (store.width[slot] as number) && ox < x + width)) continue
      const top = store.y[slot] as number
      column.push({ top, bottom: top + (store.height[slot] as number) })
    }
    column.sort((p, q) => p.top - q.top)
    this.tops = column.map((body) => body.top)
    let deepest = -Infinity
    this.bottoms = column.map((body) => (deepest = Math.max(deepest, body.bottom)))
  }

  /** Whether corner `y` of the loaded column is free. */
  isFree(y: number): boolean {
    const reach = y + this.height
    // The number of bodies whose top is before `reach` (tops are sorted).
    let lo = 0
    let hi = this.tops.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((this.tops[mid] as number) < reach) lo = mid + 1
      else hi = mid
    }
    return lo === 0 || !((this.bottoms[lo - 1] as number) > y)
  }
}

/**
 * The nearest free crossing of `xs` and `ys` within the allowed range and within `reach` of
 * `from` (Euclidean distance; ties: smaller y, then smaller x), or `null`. The xs are tried
 * nearest first, and for each x the ys nearest first up to the first free one (the best
 * place on that x, or one tied with it); an x or y further than the best distance so far is
 * not tried. Each x costs one index query for its column ({@link ColumnTest}) and a binary
 * search per y tried.
 */
function nearestFree(
  xs: number[],
  ys: number[],
  from: Vec2,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  reach: number,
  column: ColumnTest,
): Vec2 | null {
  const byDistance = (origin: number) => (p: number, q: number) =>
    Math.abs(p - origin) - Math.abs(q - origin) || p - q
  const nearXs = [...new Set(xs)].filter((x) => x >= minX && x <= maxX).sort(byDistance(from.x))
  const nearYs = [...new Set(ys)].filter((y) => y >= minY && y <= maxY).sort(byDistance(from.y))
  if (nearYs.length === 0) return null
  const lowestY = Math.min(...nearYs)
  const highestY = Math.max(...nearYs)
  let bestX = 0
  let bestY = 0
  let bestDistance = Infinity
  for (const x of nearXs) {
    const dx = x - from.x
    const bound = Math.min(reach, bestDistance)
    if (Math.abs(dx) > bound) break
    // Every y tried below is within `bound` of from.y (a pixel more: the query may hold
    // more bodies than needed, never fewer).
    column.load(x, Math.max(lowestY, from.y - bound - 1), Math.min(highestY, from.y + bound + 1))
    for (const y of nearYs) {
      const distance = Math.hypot(dx, y - from.y)
      if (distance > reach || distance > bestDistance) break
      const better = distance < bestDistance || y < bestY || (y === bestY && x < bestX)
      if (better && column.isFree(y)) {
        bestX = x
        bestY = y
        bestDistance = distance
      }
    }
  }
  // `+ 0` turns -0 into 0: a spot is a place, and `-0` would only confuse equality checks.
  return bestDistance === Infinity ? null : { x: bestX + 0, y: bestY + 0 }
}

/** The slots of `options.ignore`, checked: an array of ids of bodies in the world. */
function ignoredSlots(store: BodyStore, ignore: readonly BodyId[] | undefined): Set<number> {
  const slots = new Set<number>()
  if (ignore === undefined) return slots
  if (!Array.isArray(ignore)) {
    throw new TypeError(
      `${SUBJECT} options.ignore must be an array of body ids (got ${describeValue(ignore)})`,
    )
  }
  ignore.forEach((id: unknown, k) => {
    const slot = typeof id === 'string' ? store.slot(id) : -1
    if (slot < 0) {
      throw new RangeError(
        `${SUBJECT} options.ignore[${k}]: body ${describeValue(id)} does not exist (unknown or removed id)`,
      )
    }
    slots.add(slot)
  })
  return slots
}
