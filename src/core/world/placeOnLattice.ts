/**
 * Batched free-spot placement: "spread them by placement" (issue #23, bounded cost). When
 * hundreds of bodies sit on one spot, or one huge body lies over thousands of small ones,
 * neither the push-out (a few dozen bodies apart per step, `step/crowd.ts`) nor one
 * `findFreeSpot` search per body (O(n log n) each, so O(n^2 log n) for the crowd) settles
 * them within a frame's budget. This places a whole batch in one pass instead.
 *
 * The plane around the batch is cut into a lattice of cells as large as the batch's
 * largest body (width and height apart), with a cell's corner on the batch's centroid (the
 * mean of its top-left corners). A cell is blocked when its interior meets the interior of
 * a body that is not placed (touching is free, as in `findFreeSpot`), or when it does not
 * lie inside the enclosure. The free cells are served nearest the centroid first (distance
 * of the corners, then the smaller y, then the smaller x: deterministic), to the batch's
 * bodies nearest the centroid first (ties in the batch's order). Each body goes to its
 * cell's corner, so two placed bodies never overlap (their cells' interiors are disjoint),
 * and no placed body meets an obstacle or leaves the enclosure: both are checked in floating
 * point on the cell's own far edge, `x + cellWidth`, which is at least the body's `x + width`.
 *
 * The lattice is not the nearest free spot of each body (a spot between two cells is not
 * offered), which is the price of placing n bodies in O(n + cells log cells) rather than
 * O(n^2 log n). Its cells are at most {@link PLACEMENT_CELLS_PER_BODY} per body (at least
 * 4,096) in a square around the centroid, so the work is bounded whatever the enclosure;
 * bodies left without a cell are returned to the caller, unplaced.
 */
import type { StepContext } from '../step/context.js'
import { PLACEMENT_CELLS_PER_BODY } from '../step/tolerances.js'
import { STATIC, type BodyStore } from './bodyStore.js'
import { pairCode } from './pairCode.js'
import { IGNORE } from './responseCodes.js'

/** The sides of an enclosure (may be infinite: an open board), in px. */
export interface Enclosure {
  left: number
  top: number
  right: number
  bottom: number
}

/**
 * The board around dynamic `slot`: from its centre, the nearest static body's edge on each
 * side, among the static bodies of `solids` (slots, the first `count`) that meet it (layers)
 * and span the centre's other coordinate without covering the centre (the bounds walls, or
 * a panel between); infinite on an open side. Written into `out` (a caller that asks for
 * many bodies' enclosures passes one object for them all) and returned.
 */
export function enclosureOf(
  sim: StepContext,
  slot: number,
  solids: ArrayLike<number>,
  count: number,
  out: Enclosure = { left: 0, top: 0, right: 0, bottom: 0 },
): Enclosure {
  const store = sim.store
  const cx = (store.x[slot] as number) + 0.5 * (store.width[slot] as number)
  const cy = (store.y[slot] as number) + 0.5 * (store.height[slot] as number)
  let left = -Infinity
  let right = Infinity
  let top = -Infinity
  let bottom = Infinity
  for (let i = 0; i < count; i++) {
    const solid = solids[i] as number
    // Kinematic bodies go where they are told: only static ones bound the board.
    if (store.kind[solid] !== STATIC) continue
    if (pairCode(sim, slot, solid) === IGNORE) continue
    const x0 = store.x[solid] as number
    const y0 = store.y[solid] as number
    const x1 = x0 + (store.width[solid] as number)
    const y1 = y0 + (store.height[solid] as number)
    const spansY = y0 <= cy && cy <= y1
    const spansX = x0 <= cx && cx <= x1
    if (spansY && x1 <= cx) left = Math.max(left, x1)
    if (spansY && x0 >= cx) right = Math.min(right, x0)
    if (spansX && y1 <= cy) top = Math.max(top, y1)
    if (spansX && y0 >= cy) bottom = Math.min(bottom, y0)
  }
  out.left = left
  out.top = top
  out.right = right
  out.bottom = bottom
  return out
}

/** Fewest cells a lattice may have, whatever the batch's size. */
const MIN_LATTICE_CELLS = 4096

/**
 * Places the bodies of `batch` (store slots) on free cells of a lattice inside `within`
 * (see the file's comment), avoiding every body of the store outside the batch for which
 * `isObstacle(slot)` holds. Placed bodies are moved (their velocity zeroed, marked moved).
 * Returns the slots left without a cell, in the batch's order.
 */
export function placeOnLattice(
  store: BodyStore,
  batch: readonly number[],
  within: Enclosure,
  isObstacle: (slot: number) => boolean,
): number[] {
  let cellWidth = 0
  let cellHeight = 0
  let sumX = 0
  let sumY = 0
  for (const slot of batch) {
    cellWidth = Math.max(cellWidth, store.width[slot] as number)
    cellHeight = Math.max(cellHeight, store.height[slot] as number)
    sumX += store.x[slot] as number
    sumY += store.y[slot] as number
  }
  // A lattice of empty cells would offer one spot to every body.
  if (!(cellWidth > 0 && cellHeight > 0)) return [...batch]
  const anchorX = sumX / batch.length
  const anchorY = sumY / batch.length
  const half = Math.floor(
    Math.sqrt(Math.max(MIN_LATTICE_CELLS, PLACEMENT_CELLS_PER_BODY * batch.length)) / 2,
  )
  const columns = latticeRange(anchorX, cellWidth, within.left, within.right, half)
  const rows = latticeRange(anchorY, cellHeight, within.top, within.bottom, half)
  const columnCount = columns.last - columns.first + 1
  const rowCount = rows.last - rows.first + 1
  if (columnCount <= 0 || rowCount <= 0) return [...batch]
  const blocked = new Uint8Array(columnCount * rowCount)
  const placing = new Set(batch)
  for (let index = 0; index < store.count; index++) {
    const slot = store.order[index] as number
    if (placing.has(slot) || !isObstacle(slot)) continue
    const x0 = store.x[slot] as number
    const y0 = store.y[slot] as number
    const hitColumns = cellsMet(anchorX, cellWidth, columns, x0, x0 + (store.width[slot] as number))
    if (hitColumns === null) continue
    const [c0, c1] = hitColumns
    const hitRows = cellsMet(anchorY, cellHeight, rows, y0, y0 + (store.height[slot] as number))
    if (hitRows === null) continue
    const [r0, r1] = hitRows
    for (let r = r0; r <= r1; r++) blocked.fill(1, r * columnCount + c0, r * columnCount + c1 + 1)
  }
  const free: number[] = []
  for (let r = 0; r < rowCount; r++) {
    for (let c = 0; c < columnCount; c++) {
      if (blocked[r * columnCount + c] === 0) free.push(r * columnCount + c)
    }
  }
  // Nearest the anchor first, then the smaller y, then the smaller x (the cell's index).
  const distance = (cell: number): number => {
    const i = (cell % columnCount) + columns.first
    const j = Math.floor(cell / columnCount) + rows.first
    return (i * cellWidth) ** 2 + (j * cellHeight) ** 2
  }
  const cellDistance = new Float64Array(free.length)
  for (let f = 0; f < free.length; f++) cellDistance[f] = distance(free[f] as number)
  const nearer = (a: number, b: number): number =>
    (cellDistance[a] as number) - (cellDistance[b] as number) ||
    (free[a] as number) - (free[b] as number)
  // Only the cells the batch takes are sorted: the lattice has up to
  // PLACEMENT_CELLS_PER_BODY cells per body, and sorting them all was most of the placement.
  const served = Math.min(batch.length, free.length)
  const cellOrder = Array.from({ length: free.length }, (_, f) => f)
  selectLeast(cellOrder, served, nearer)
  const taken = cellOrder.slice(0, served).sort(nearer)
  const bodyDistance = (slot: number): number =>
    ((store.x[slot] as number) - anchorX) ** 2 + ((store.y[slot] as number) - anchorY) ** 2
  const bodies = [...batch].sort((a, b) => bodyDistance(a) - bodyDistance(b))
  for (let k = 0; k < served; k++) {
    const slot = bodies[k] as number
    const cell = free[taken[k] as number] as number
    store.x[slot] = anchorX + ((cell % columnCount) + columns.first) * cellWidth
    store.y[slot] = anchorY + (Math.floor(cell / columnCount) + rows.first) * cellHeight
    store.velocityX[slot] = 0
    store.velocityY[slot] = 0
    store.moved[slot] = 1
  }
  const left = new Set(bodies.slice(served))
  return batch.filter((slot) => left.has(slot))
}

/**
 * Reorders `items` so that its first `count` entries are its `count` least under `compare`
 * (a strict total order), in no particular order: Hoare's selection ("Find", CACM 1961,
 * algorithm 65) with the median of the first, middle and last entries as the pivot, in
 * O(length) comparisons on average. Past 2 log2(length) partitions the range left is
 * sorted instead (as introselect does), so no order of the items makes it quadratic.
 */
function selectLeast(
  items: number[],
  count: number,
  compare: (a: number, b: number) => number,
): void {
  let low = 0
  let high = items.length - 1
  let partitions = 2 * Math.ceil(Math.log2(items.length + 1))
  while (low < high && low < count && count <= high) {
    if (partitions-- === 0) {
      const sorted = items.slice(low, high + 1).sort(compare)
      for (let k = 0; k < sorted.length; k++) items[low + k] = sorted[k] as number
      return
    }
    // The first, middle and last entries put in order; the middle one is the pivot, so the
    // last entry, after it, stops the partition's scan from the right before `high`.
    const middle = (low + high) >>> 1
    if (compare(items[middle] as number, items[low] as number) < 0) swap(items, middle, low)
    if (compare(items[high] as number, items[low] as number) < 0) swap(items, high, low)
    if (compare(items[high] as number, items[middle] as number) < 0) swap(items, high, middle)
    const pivot = items[middle] as number
    // Hoare's partition: [low, j] holds no item after the pivot, [j + 1, high] none before.
    let i = low - 1
    let j = high + 1
    for (;;) {
      do i++
      while (compare(items[i] as number, pivot) < 0)
      do j--
      while (compare(items[j] as number, pivot) > 0)
      if (i >= j) break
      swap(items, i, j)
    }
    if (count <= j) high = j
    else low = j + 1
  }
}

function swap(items: number[], i: number, j: number): void {
  const item = items[i] as number
  items[i] = items[j] as number
  items[j] = item
}

/** A range of lattice indices, `first..last` (empty when `last < first`). */
interface LatticeRange {
  first: number
  last: number
}

/**
 * The lattice indices along one axis whose cells, `anchor + i * cell` to that plus `cell`,
 * lie inside `[low, high]` (checked in floating point, as the bodies will be placed) and
 * within `half` cells of the anchor.
 */
function latticeRange(
  anchor: number,
  cell: number,
  low: number,
  high: number,
  half: number,
): LatticeRange {
  let first = Math.max(-half, Math.ceil((low - anchor) / cell))
  let last = Math.min(half, Math.floor((high - anchor) / cell) - 1)
  while (first <= last && anchor + first * cell < low) first++
  while (first <= last && anchor + last * cell + cell > high) last--
  return { first, last }
}

/**
 * The cells of `range` (as offsets from its first) whose open interiors meet the open
 * interval `(from, to)` along one axis, or null when none does; a zero-length interval
 * meets the cell it lies in, as a zero-size box inside another meets it in `findFreeSpot`.
 */
function cellsMet(
  anchor: number,
  cell: number,
  range: LatticeRange,
  from: number,
  to: number,
): [number, number] | null {
  let first = Math.max(range.first, Math.floor((from - anchor) / cell) - 1)
  let last = Math.min(range.last, Math.floor((to - anchor) / cell) + 1)
  const meets = (i: number): boolean => {
    const edge = anchor + i * cell
    return edge < to && from < edge + cell
  }
  while (first <= last && !meets(first)) first++
  while (first <= last && !meets(last)) last--
  if (first > last) return null
  return [first - range.first, last - range.first]
}
