import type { Rect, Vec2 } from '../geometry/types.js'
import {
  assertNumberInRange,
  assertRectangle,
  assertVector,
  assertObject,
  describeValue,
} from '../geometry/validate.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import { ownCorner, type BodyStore } from './bodyStore.js'
import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
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
 * The buffers of {@link findFreeSpot}'s search, reused from call to call: one per world
 * (its `findFreeSpot`) and one per layout watch, which searches after steps. Growable
 * arrays start empty and are replaced, never shrunk, when a search needs more, so repeated
 * searches over a board allocate nothing per body.
 */
export class FreeSpotScratch {
  /** The bodies a query found, and those a place is checked against. */
  readonly found = new IndexBuffer()
  readonly under = new IndexBuffer()
  /** The slots of `options.ignore`: 1 while a search runs, else 0. */
  ignored = new Uint8Array(0)
  /** The bodies of the round (slots, not ignored). */
  readonly bodies = new IndexBuffer()
  /** The round's candidate xs and ys, and their counts (grid lines, when on a grid). */
  xs = new Float64Array(0)
  ys = new Float64Array(0)
  xCount = 0
  yCount = 0
  /** A spare buffer {@link onGridLines} writes grid lines into (then trades with `xs` or `ys`). */
  lines = new Float64Array(0)
  /** {@link sortedWithin}'s results. */
  sortedXs = new Float64Array(0)
  sortedYs = new Float64Array(0)
  /** {@link nearestFree}'s runs of each blocking body and its counting sorts. */
  enter = new Int32Array(0)
  leave = new Int32Array(0)
  top = new Int32Array(0)
  bottom = new Int32Array(0)
  enterStart = new Int32Array(0)
  leaveStart = new Int32Array(0)
  enterCursor = new Int32Array(0)
  leaveCursor = new Int32Array(0)
  entering = new Int32Array(0)
  leaving = new Int32Array(0)
  readonly tree = new CoverTree()
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
 * finds the nearest free crossing (distance, then y, then x: deterministic) by a sweep
 * line over the xs ({@link nearestFree}).
 *
 * Built on the broadphase: it asks the body index for the bodies within `r` of `near`
 * (plus the box's size), doubling `r` until the nearest free candidate among them is
 * within `r` (then no body further out can hold a nearer one) or the query holds every
 * body, or all of `within` when given (then the answer is final, or `null` when `within`
 * holds no free place). A round
 * costs O(n log n) in the n bodies it found, so a full board answers `null` in about as
 * long as an empty one answers its first spot. The search works in `scratch`'s buffers: a
 * world and its layout watch each keep one, so their searches allocate nothing per body.
 */
export function findFreeSpot(
  store: BodyStore,
  index: BodyIndex,
  size: Size,
  near: Vec2,
  options?: FreeSpotOptions,
  scratch: FreeSpotScratch = new FreeSpotScratch(),
): Vec2 | null {
  if (size === null || typeof size !== 'object') {
    throw new TypeError(
      `${SUBJECT} size must be an object { width, height } (got ${describeValue(size)})`,
    )
  }
  const ownWidth = assertNumberInRange(SUBJECT, 'size.width', size.width, 0)
  const ownHeight = assertNumberInRange(SUBJECT, 'size.height', size.height, 0)
  const given = assertVector(SUBJECT, 'near', near)
  if (options !== undefined) assertObject(SUBJECT, 'options', options)
  const givenWithin =
    options?.within === undefined
      ? undefined
      : assertRectangle(SUBJECT, 'options.within', options.within)
  const ignore = options?.ignore
  assertIgnored(store, ignore)
  const givenGrid =
    options?.grid === undefined ? undefined : assertSnapGrid(SUBJECT, 'options.grid', options.grid)
  // The search runs on collision extents (boxes grown by the store's margin, half the
  // world's gap): the box's, `near`, `within` and the grid are grown or shifted alike, and
  // the corner found is the box's own again.
  const margin = store.margin
  markIgnored(store, ignore, scratch, 1)
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
    givenGrid && {
      x: givenGrid.x,
      y: givenGrid.y,
      origin: { x: (givenGrid.origin?.x ?? 0) - margin, y: (givenGrid.origin?.y ?? 0) - margin },
    },
    scratch,
  )
  markIgnored(store, ignore, scratch, 0)
  // `+ 0` turns -0 into 0: a spot is a place, and `-0` would only confuse equality checks.
  return spot && { x: ownCorner(spot.x, margin) + 0, y: ownCorner(spot.y, margin) + 0 }
}

/**
 * {@link findFreeSpot}'s search, on collision extents: the nearest corner for a box of
 * `width` x `height` near `from` where its interior meets no extents but those marked in
 * `scratch.ignored`, inside `within` and on `grid` when given.
 */
function nearestFreeExtents(
  store: BodyStore,
  index: BodyIndex,
  width: number,
  height: number,
  from: Vec2,
  within: Rect | undefined,
  grid: SnapGrid | undefined,
  scratch: FreeSpotScratch,
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
  const { found, under, ignored, bodies } = scratch
  // `near` itself is the only place at distance 0; a clamped start is one candidate among others.
  if (grid === undefined && startX === from.x && startY === from.y) {
    under.count = 0
    index.query(startX, startY, startX + width, startY + height, under)
    let free = true
    for (let k = 0; k < under.count && free; k++) {
      const slot = under.items[k] as number
      free = ignored[slot] === 1 || !interiorsMeet(startX, startY, width, height, store, slot)
    }
    if (free) return { x: startX, y: startY }
  }
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
    // The candidates: `startX` (and `within`'s edges), then two per body, on each axis.
    const room = 3 + 2 * found.count
    const xs = (scratch.xs = ensureCapacity(scratch.xs, room))
    const ys = (scratch.ys = ensureCapacity(scratch.ys, room))
    let xCount = 0
    let yCount = 0
    xs[xCount++] = startX
    ys[yCount++] = startY
    if (within !== undefined) {
      xs[xCount++] = minX
      xs[xCount++] = maxX
      ys[yCount++] = minY
      ys[yCount++] = maxY
    }
    bodies.count = 0
    bodies.reserve(found.count)
    for (let k = 0; k < found.count; k++) {
      const slot = found.items[k] as number
      if (ignored[slot] === 1) continue
      bodies.items[bodies.count++] = slot
      const x = store.x[slot] as number
      const y = store.y[slot] as number
      xs[xCount++] = placeBefore(x, width)
      xs[xCount++] = x + (store.width[slot] as number)
      ys[yCount++] = placeBefore(y, height)
      ys[yCount++] = y + (store.height[slot] as number)
    }
    scratch.xCount = xCount
    scratch.yCount = yCount
    if (grid !== undefined) onGridLines(scratch, grid)
    // Final once nothing outside the query can block a place: with `within`, once the query
    // holds all of it (a box placed inside lies inside the query, so every body it could meet
    // was found; a full board beside thousands of bodies elsewhere answers after its own);
    // without, once the query holds every body.
    const complete =
      within === undefined
        ? found.count === store.count
        : coversWithin(from, radius, width, height, within)
    const best = nearestFree(
      scratch,
      from,
      minX,
      minY,
      maxX,
      maxY,
      complete ? Infinity : radius,
      store,
      width,
      height,
    )
    if (best !== null || complete) return best
    radius *= 2
    // Once the doubled query is within a factor 2 of holding all of `within`, it asks for all
    // of it: the round it skips would find most of the bodies the complete one finds. (Only
    // upwards: a radius that rounding left short of complete doubles on.)
    if (within !== undefined) {
      const covering = radiusCovering(from, width, height, within)
      if (radius < covering && covering <= 2 * radius) radius = covering
    }
  }
}

/** The least radius of a query around `from` that holds all of `within` ({@link coversWithin}, up to rounding). */
function radiusCovering(from: Vec2, width: number, height: number, within: Rect): number {
  return Math.max(
    from.x - within.x,
    from.y - within.y,
    within.x + within.width - from.x - width,
    within.y + within.height - from.y - height,
  )
}

/**
 * Replaces the candidate coordinates of `scratch` (`xs`, `ys`) by the grid lines next to
 * each (the line at or below it and the line at or above it), for a search restricted to a
 * grid. Why they suffice: let p be the nearest free grid point. Unless its x is a line next
 * to `near.x` (or next to an edge of the allowed range), the grid point one cell nearer
 * `near` in x is nearer still, so it is blocked, by a body whose open Minkowski box holds
 * it and not p: the box's border lies between the two, and p's x is the line next to that
 * border. The same holds for y. (A border `o.x - width` enters as `placeBefore(o.x, width)`,
 * and the line below it keeps `x + width <= o.x` exactly, as rounding is monotonic.)
 */
function onGridLines(scratch: FreeSpotScratch, grid: SnapGrid): void {
  const xs = scratch.xs
  scratch.xs = linesNextTo(xs, scratch.xCount, grid.x, grid.origin?.x ?? 0, scratch.lines)
  scratch.xCount *= 2
  const ys = scratch.ys
  scratch.ys = linesNextTo(ys, scratch.yCount, grid.y, grid.origin?.y ?? 0, xs)
  scratch.yCount *= 2
  scratch.lines = ys
}

/**
 * Writes into `into` (grown when short, and returned) the grid lines of spacing `step` and
 * origin `origin` next to each of `values[0 .. count)`: at or below it, then at or above it.
 */
function linesNextTo(
  values: Float64Array<ArrayBuffer>,
  count: number,
  step: number,
  origin: number,
  into: Float64Array<ArrayBuffer>,
): Float64Array<ArrayBuffer> {
  const lines = ensureCapacity(into, 2 * count)
  for (let i = 0; i < count; i++) {
    const value = values[i] as number
    lines[2 * i] = gridLineBelow(value, step, origin)
    lines[2 * i + 1] = gridLineAbove(value, step, origin)
  }
  return lines
}

/** Whether the query of radius `radius` around `from` holds all of `within`. */
function coversWithin(
  from: Vec2,
  radius: number,
  width: number,
  height: number,
  within: Rect,
): boolean {
  return (
    from.x - radius <= within.x &&
    from.y - radius <= within.y &&
    within.x + within.width <= from.x + radius + width &&
    within.y + within.height <= from.y + radius + height
  )
}

/**
 * Cover counts over the candidate ys (ascending), with range updates and the nearest
 * uncovered index to a position: a segment tree with lazy additions (each node holds the
 * least count in its range). The sweep of {@link nearestFree} keeps in it, for the column
 * it is at, how many bodies block each corner y. Reused from search to search
 * ({@link CoverTree.reset}).
 */
class CoverTree {
  private least = new Int32Array(0)
  private pending = new Int32Array(0)
  private size = 0

  /** Makes the tree `size` indices long, every count 0. */
  reset(size: number): void {
    const nodes = 4 * Math.max(size, 1)
    this.least = ensureCapacity(this.least, nodes)
    this.pending = ensureCapacity(this.pending, nodes)
    this.least.fill(0, 0, nodes)
    this.pending.fill(0, 0, nodes)
    this.size = size
  }
  /** Adds `amount` to the counts of indices `[from, to]`. */
  add(from: number, to: number, amount: number): void {
    this.addWithin(1, 0, this.size - 1, from, to, amount)
  }

  private addWithin(
    node: number,
    low: number,
    high: number,
    from: number,
    to: number,
    amount: number,
  ): void {
    if (to < low || high < from) return
    if (from <= low && high <= to) {
      this.least[node] = (this.least[node] as number) + amount
      this.pending[node] = (this.pending[node] as number) + amount
      return
    }
    const middle = (low + high) >> 1
    this.addWithin(2 * node, low, middle, from, to, amount)
    this.addWithin(2 * node + 1, middle + 1, high, from, to, amount)
    this.least[node] =
      Math.min(this.least[2 * node] as number, this.least[2 * node + 1] as number) +
      (this.pending[node] as number)
  }

  /** The first index in `[from, size)` whose count is 0, or -1. */
  firstFreeFrom(from: number): number {
    return this.firstFree(1, 0, this.size - 1, from, 0)
  }

  /** The last index in `[0, to]` whose count is 0, or -1. */
  lastFreeUpTo(to: number): number {
    return this.lastFree(1, 0, this.size - 1, to, 0)
  }

  /** `above`: the additions pending on the node's ancestors. */
  private firstFree(node: number, low: number, high: number, from: number, above: number): number {
    if (high < from || (this.least[node] as number) + above > 0) return -1
    if (low === high) return low
    const below = above + (this.pending[node] as number)
    const middle = (low + high) >> 1
    const left = this.firstFree(2 * node, low, middle, from, below)
    return left >= 0 ? left : this.firstFree(2 * node + 1, middle + 1, high, from, below)
  }

  private lastFree(node: number, low: number, high: number, to: number, above: number): number {
    if (low > to || (this.least[node] as number) + above > 0) return -1
    if (low === high) return low
    const below = above + (this.pending[node] as number)
    const middle = (low + high) >> 1
    const right = this.lastFree(2 * node + 1, middle + 1, high, to, below)
    return right >= 0 ? right : this.lastFree(2 * node, low, middle, to, below)
  }
}

/**
 * Writes into `out` the values of `values` (the first `count`) in `[low, high]`, ascending,
 * each once; returns how many (`out` holds at least `count`).
 */
function sortedWithin(
  values: Float64Array,
  count: number,
  low: number,
  high: number,
  out: Float64Array,
): number {
  let keptCount = 0
  for (let i = 0; i < count; i++) {
    const value = values[i] as number
    if (value >= low && value <= high) out[keptCount++] = value
  }
  out.subarray(0, keptCount).sort()
  let unique = 0
  for (let i = 0; i < keptCount; i++) {
    const value = out[i] as number
    if (unique === 0 || value !== out[unique - 1]) out[unique++] = value
  }
  return unique
}

/** The first index of ascending `values` (the first `count`) whose value v has `edge < v + size` (true from there on), or `count`. */
function firstReaching(values: Float64Array, count: number, edge: number, size: number): number {
  let low = 0
  let high = count
  while (low < high) {
    const middle = (low + high) >> 1
    if (edge < (values[middle] as number) + size) high = middle
    else low = middle + 1
  }
  return low
}

/** The first index of ascending `values` (the first `count`) whose value is not below `edge`, or `count`. */
function firstNotBelow(values: Float64Array, count: number, edge: number): number {
  let low = 0
  let high = count
  while (low < high) {
    const middle = (low + high) >> 1
    if (!((values[middle] as number) < edge)) high = middle
    else low = middle + 1
  }
  return low
}

/**
 * The nearest free crossing of the candidate `xs` and `ys` of `scratch` within the allowed
 * range and within `reach` of `from` (Euclidean distance; ties: smaller y, then smaller x),
 * or `null`, for a box of `width` x `height` among the round's `bodies` (slots). A sweep
 * line over the xs (the plane sweep of Preparata and Shamos, "Computational Geometry",
 * 8.4): body `o` blocks corner `(x, y)` exactly when `x < o.x + o.width && o.x < x + width`
 * and the same on y (`interiorsMeet`); each of these tests is monotone in x (or y), so a
 * binary search over the sorted candidates gives the run of xs and the run of ys each body
 * blocks, with the very sums `interiorsMeet` computes. Sweeping the xs in order, a body's y
 * run is counted in a {@link CoverTree} while the sweep is in its x run, and at each x the
 * tree gives the nearest y no body blocks, above and below `from.y`. Time O(n log n) for n
 * bodies, whether or not there is a free spot (trying every crossing took O(n^2) binary
 * searches, about a second for 2,000 cards of a full board).
 */
function nearestFree(
  scratch: FreeSpotScratch,
  from: Vec2,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  reach: number,
  store: BodyStore,
  width: number,
  height: number,
): Vec2 | null {
  // Within `reach` on each axis too: a corner there keeps its box inside the area the
  // bodies were asked for, whatever the rounding of its distance.
  const sortedXs = (scratch.sortedXs = ensureCapacity(scratch.sortedXs, scratch.xCount))
  const sortedYs = (scratch.sortedYs = ensureCapacity(scratch.sortedYs, scratch.yCount))
  const columns = sortedWithin(
    scratch.xs,
    scratch.xCount,
    Math.max(minX, from.x - reach),
    Math.min(maxX, from.x + reach),
    sortedXs,
  )
  const rows = sortedWithin(
    scratch.ys,
    scratch.yCount,
    Math.max(minY, from.y - reach),
    Math.min(maxY, from.y + reach),
    sortedYs,
  )
  if (columns === 0 || rows === 0) return null
  // Each blocking body's runs: xs[enter .. leave) and ys[top .. bottom]; the bodies listed
  // by the x they enter at and by the x they leave at (counting sorts).
  const bodies = scratch.bodies
  const count = bodies.count
  const enter = (scratch.enter = ensureCapacity(scratch.enter, count))
  const leave = (scratch.leave = ensureCapacity(scratch.leave, count))
  const top = (scratch.top = ensureCapacity(scratch.top, count))
  const bottom = (scratch.bottom = ensureCapacity(scratch.bottom, count))
  const enterStart = (scratch.enterStart = ensureCapacity(scratch.enterStart, columns + 2))
  const leaveStart = (scratch.leaveStart = ensureCapacity(scratch.leaveStart, columns + 2))
  enterStart.fill(0, 0, columns + 2)
  leaveStart.fill(0, 0, columns + 2)
  let blocking = 0
  for (let b = 0; b < count; b++) {
    const slot = bodies.items[b] as number
    const ox = store.x[slot] as number
    const oy = store.y[slot] as number
    const first = firstReaching(sortedXs, columns, ox, width)
    const after = firstNotBelow(sortedXs, columns, ox + (store.width[slot] as number))
    const upper = firstReaching(sortedYs, rows, oy, height)
    const below = firstNotBelow(sortedYs, rows, oy + (store.height[slot] as number))
    if (first >= after || upper >= below) continue
    enter[blocking] = first
    leave[blocking] = after
    top[blocking] = upper
    bottom[blocking] = below - 1
    enterStart[first + 1] = (enterStart[first + 1] as number) + 1
    leaveStart[after + 1] = (leaveStart[after + 1] as number) + 1
    blocking++
  }
  for (let i = 0; i <= columns; i++) {
    enterStart[i + 1] = (enterStart[i + 1] as number) + (enterStart[i] as number)
    leaveStart[i + 1] = (leaveStart[i + 1] as number) + (leaveStart[i] as number)
  }
  const entering = (scratch.entering = ensureCapacity(scratch.entering, blocking))
  const leaving = (scratch.leaving = ensureCapacity(scratch.leaving, blocking))
  const enterCursor = (scratch.enterCursor = ensureCapacity(scratch.enterCursor, columns + 2))
  const leaveCursor = (scratch.leaveCursor = ensureCapacity(scratch.leaveCursor, columns + 2))
  for (let i = 0; i < columns + 2; i++) {
    enterCursor[i] = enterStart[i] as number
    leaveCursor[i] = leaveStart[i] as number
  }
  for (let b = 0; b < blocking; b++) {
    const e = enter[b] as number
    entering[enterCursor[e] as number] = b
    enterCursor[e] = (enterCursor[e] as number) + 1
    const l = leave[b] as number
    leaving[leaveCursor[l] as number] = b
    leaveCursor[l] = (leaveCursor[l] as number) + 1
  }
  const tree = scratch.tree
  tree.reset(rows)
  const split = firstNotBelow(sortedYs, rows, from.y)
  let bestX = 0
  let bestY = 0
  let bestDistance = Infinity
  for (let i = 0; i < columns; i++) {
    for (let e = leaveStart[i] as number; e < (leaveStart[i + 1] as number); e++) {
      const b = leaving[e] as number
      tree.add(top[b] as number, bottom[b] as number, -1)
    }
    for (let e = enterStart[i] as number; e < (enterStart[i + 1] as number); e++) {
      const b = entering[e] as number
      tree.add(top[b] as number, bottom[b] as number, 1)
    }
    const x = sortedXs[i] as number
    const dx = x - from.x
    if (Math.abs(dx) > Math.min(reach, bestDistance)) continue
    // The nearest free y below from.y, then the nearest at or above it.
    for (let side = 0; side < 2; side++) {
      const index = side === 0 ? tree.lastFreeUpTo(split - 1) : tree.firstFreeFrom(split)
      if (index < 0) continue
      const y = sortedYs[index] as number
      const distance = Math.hypot(dx, y - from.y)
      if (distance > reach) continue
      // Ties go to the least y, then the least x. Every compare runs every time (bits, not
      // `&&`): a tie is rare, and V8 deoptimized the loop's compiled code, which it keeps
      // for later calls, at the first tie of each call (`npm run bench:deopts`).
      const tie =
        Number(distance === bestDistance) &
        (Number(y < bestY) | (Number(y === bestY) & Number(x < bestX)))
      if (distance < bestDistance || tie === 1) {
        bestX = x
        bestY = y
        bestDistance = distance
      }
    }
  }
  // `+ 0` turns -0 into 0: a spot is a place, and `-0` would only confuse equality checks.
  return bestDistance === Infinity ? null : { x: bestX + 0, y: bestY + 0 }
}

/** Checks `options.ignore`: an array of ids of bodies in the world. */
function assertIgnored(store: BodyStore, ignore: readonly BodyId[] | undefined): void {
  if (ignore === undefined) return
  if (!Array.isArray(ignore)) {
    throw new TypeError(
      `${SUBJECT} options.ignore must be an array of body ids (got ${describeValue(ignore)})`,
    )
  }
  for (let k = 0; k < ignore.length; k++) {
    const id: unknown = ignore[k]
    if (typeof id !== 'string' || store.slot(id) < 0) {
      throw new RangeError(
        `${SUBJECT} options.ignore[${k}]: body ${describeValue(id)} does not exist (unknown or removed id)`,
      )
    }
  }
}

/** Sets the marks of `scratch.ignored` of the (checked) slots of `ignore` to `mark`. */
function markIgnored(
  store: BodyStore,
  ignore: readonly BodyId[] | undefined,
  scratch: FreeSpotScratch,
  mark: number,
): void {
  scratch.ignored = ensureCapacity(scratch.ignored, store.capacity)
  if (ignore === undefined) return
  for (let k = 0; k < ignore.length; k++) scratch.ignored[store.slot(ignore[k] as BodyId)] = mark
}
