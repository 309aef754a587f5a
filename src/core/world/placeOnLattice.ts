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
 * offered), which is the price of placing n bodies in O(cells + n log n) rather than
 * O(n^2 log n). Its cells are at most {@link PLACEMENT_CELLS_PER_BODY} per body (at least
 * 4,096) in a square around the centroid, so the work is bounded whatever the enclosure;
 * bodies left without a cell are returned to the caller, unplaced.
 */
import type { Rect } from '../geometry/types.js'
import type { StepContext } from '../step/context.js'
import { PLACEMENT_CELLS_PER_BODY } from '../step/tolerances.js'
import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
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

/**
 * The board around dynamic `slot` ({@link enclosureOf}, among the solids the last step
 * indexed) as a rectangle; null when a side is open. Allocates the rectangle: for
 * decisions, not for every step.
 */
export function closedEnclosure(sim: StepContext, slot: number): Rect | null {
  const { left, top, right, bottom } = enclosureOf(sim, slot, sim.solid, sim.solidCount)
  if (![left, right, top, bottom].every(Number.isFinite)) return null
  return { x: left, y: top, width: right - left, height: bottom - top }
}

/** Fewest cells a lattice may have, whatever the batch's size. */
const MIN_LATTICE_CELLS = 4096

/**
 * Places batches of bodies on free cells of a lattice (see the file's comment). One per
 * crowd spreader: its buffers grow to the largest batch and lattice met, and are reused.
 * Orders are found without a comparator (a comparator sort called its closure n log n
 * times, most of a cold placement): the least cells by a selection on their keys, and the
 * order of cells and bodies by ranking ({@link LatticePlacement.rank}).
 */
export class LatticePlacement {
  /** The slots of the last batch left without a cell, in the batch's order. */
  readonly left = new IndexBuffer()
  /** Per lattice cell: 1 when an obstacle meets it. */
  private blocked = new Uint8Array(0)
  /**
   * The free cells near the anchor (indices, increasing; see
   * {@link LatticePlacement.listNearFreeCells}), and each one's squared distance from it.
   */
  private free = new Int32Array(0)
  private cellDistance = new Float64Array(0)
  /** Positions in `free`: the batch's share of the nearest first, after the selection. */
  private cellOrder = new Int32Array(0)
  /** Per position in `free`: 1 when the selection serves it. */
  private served = new Uint8Array(0)
  /** The served positions in `free`, increasing, their distances, and their order by rank. */
  private taken = new Int32Array(0)
  private takenDistance = new Float64Array(0)
  private takenOrder = new Int32Array(0)
  /** Batch positions by rank (the nearest the anchor first), and their distances. */
  private bodyOrder = new Int32Array(0)
  private bodyDistance = new Float64Array(0)
  /** Per slot: 1 while its body is in the batch being placed. */
  private placing = new Uint8Array(0)
  /** {@link LatticePlacement.rank}'s buffers: the keys sorted, each key's ranks given. */
  private sortedKeys = new Float64Array(0)
  private ranksGiven = new Int32Array(0)
  /** The lattice's columns and rows, and the cells an obstacle meets along one axis. */
  private readonly columns: LatticeRange = { first: 0, last: 0 }
  private readonly rows: LatticeRange = { first: 0, last: 0 }
  private readonly met: LatticeRange = { first: 0, last: 0 }

  /**
   * Places the bodies of `batch[0 .. count)` (store slots) on free cells of a lattice inside
   * `within` (see the file's comment), avoiding every body of the store outside the batch
   * unless `passable[slot]` is non-zero. Placed bodies are moved (their velocity zeroed,
   * marked moved); the others are listed in {@link LatticePlacement.left}. Returns the
   * number placed.
   */
  place(
    store: BodyStore,
    batch: Int32Array,
    count: number,
    within: Enclosure,
    passable: ArrayLike<number>,
  ): number {
    const left = this.left
    left.count = 0
    let cellWidth = 0
    let cellHeight = 0
    let sumX = 0
    let sumY = 0
    for (let b = 0; b < count; b++) {
      const slot = batch[b] as number
      cellWidth = Math.max(cellWidth, store.width[slot] as number)
      cellHeight = Math.max(cellHeight, store.height[slot] as number)
      sumX += store.x[slot] as number
      sumY += store.y[slot] as number
    }
    // A lattice of empty cells would offer one spot to every body.
    if (!(cellWidth > 0 && cellHeight > 0)) return this.leaveAll(batch, count)
    const anchorX = sumX / count
    const anchorY = sumY / count
    const half = Math.floor(
      Math.sqrt(Math.max(MIN_LATTICE_CELLS, PLACEMENT_CELLS_PER_BODY * count)) / 2,
    )
    const { columns, rows } = this
    latticeRange(anchorX, cellWidth, within.left, within.right, half, columns)
    latticeRange(anchorY, cellHeight, within.top, within.bottom, half, rows)
    const columnCount = columns.last - columns.first + 1
    const rowCount = rows.last - rows.first + 1
    if (columnCount <= 0 || rowCount <= 0) return this.leaveAll(batch, count)
    const cells = columnCount * rowCount
    const blocked = (this.blocked = ensureCapacity(this.blocked, cells))
    blocked.fill(0, 0, cells)
    const placing = (this.placing = ensureCapacity(this.placing, store.capacity))
    for (let b = 0; b < count; b++) placing[batch[b] as number] = 1
    const met = this.met
    for (let index = 0; index < store.count; index++) {
      const slot = store.order[index] as number
      if (placing[slot] === 1 || (passable[slot] ?? 0) !== 0) continue
      const x0 = store.x[slot] as number
      const y0 = store.y[slot] as number
      const x1 = x0 + (store.width[slot] as number)
      const y1 = y0 + (store.height[slot] as number)
      if (!cellsMet(anchorX, cellWidth, columns, x0, x1, met)) continue
      const c0 = met.first - columns.first
      const c1 = met.last - columns.first
      if (!cellsMet(anchorY, cellHeight, rows, y0, y1, met)) continue
      for (let r = met.first - rows.first; r <= met.last - rows.first; r++) {
        blocked.fill(1, r * columnCount + c0, r * columnCount + c1 + 1)
      }
    }
    for (let b = 0; b < count; b++) placing[batch[b] as number] = 0
    const freeCount = this.listNearFreeCells(count, cellWidth, cellHeight, columnCount)
    const { free, cellDistance, cellOrder } = this
    // Cells nearest the anchor first, then the smaller y, then the smaller x (the cell's
    // index, increasing with the position in `free`). Only the cells the batch takes are
    // ordered: the lattice has up to PLACEMENT_CELLS_PER_BODY cells per body, and sorting
    // them all was most of the placement.
    const served = Math.min(count, freeCount)
    selectLeast(cellOrder, freeCount, served, cellDistance)
    const isServed = (this.served = ensureCapacity(this.served, freeCount))
    isServed.fill(0, 0, freeCount)
    for (let k = 0; k < served; k++) isServed[cellOrder[k] as number] = 1
    const taken = (this.taken = ensureCapacity(this.taken, served))
    const takenDistance = (this.takenDistance = ensureCapacity(this.takenDistance, served))
    let takenCount = 0
    for (let f = 0; f < freeCount; f++) {
      if (isServed[f] === 0) continue
      taken[takenCount] = f
      takenDistance[takenCount++] = cellDistance[f] as number
    }
    const takenOrder = (this.takenOrder = ensureCapacity(this.takenOrder, served))
    this.rank(takenDistance, served, takenOrder)
    // Bodies nearest the anchor first, then in the batch's order.
    const bodyOrder = (this.bodyOrder = ensureCapacity(this.bodyOrder, count))
    const bodyDistance = (this.bodyDistance = ensureCapacity(this.bodyDistance, count))
    for (let b = 0; b < count; b++) {
      const slot = batch[b] as number
      bodyDistance[b] =
        ((store.x[slot] as number) - anchorX) ** 2 + ((store.y[slot] as number) - anchorY) ** 2
    }
    this.rank(bodyDistance, count, bodyOrder)
    for (let k = 0; k < served; k++) {
      const slot = batch[bodyOrder[k] as number] as number
      const cell = free[taken[takenOrder[k] as number] as number] as number
      store.x[slot] = anchorX + ((cell % columnCount) + columns.first) * cellWidth
      store.y[slot] = anchorY + (Math.floor(cell / columnCount) + rows.first) * cellHeight
      store.velocityX[slot] = 0
      store.velocityY[slot] = 0
      store.moved[slot] = 1
    }
    if (served < count) {
      // The farthest bodies are left, listed in the batch's order: `placing` marks them.
      for (let k = served; k < count; k++) placing[batch[bodyOrder[k] as number] as number] = 1
      left.reserve(count - served)
      for (let b = 0; b < count; b++) {
        const slot = batch[b] as number
        if (placing[slot] === 0) continue
        placing[slot] = 0
        left.push(slot)
      }
    }
    return served
  }

  /**
   * Lists in `free` (increasing cell index), with their squared distances from the anchor
   * in `cellDistance` and `cellOrder` set to `0 .. n - 1`, the free cells within a reach
   * of the anchor that holds at least `wanted` of them, or every free cell when the whole
   * lattice does not; returns their number, n. Every free cell left out lies beyond the
   * reach, so it comes after each listed one in the order of service: the `wanted` first
   * cells of that order are listed. The reach starts where the ellipse of cells around the
   * anchor holds `2 wanted` cells and doubles while too few of them are free, so the lists
   * hold a few cells per body, not the lattice's {@link PLACEMENT_CELLS_PER_BODY}.
   */
  private listNearFreeCells(
    wanted: number,
    cellWidth: number,
    cellHeight: number,
    columnCount: number,
  ): number {
    const { blocked, columns, rows } = this
    // Lattice points (i, j) with (i cellWidth)^2 + (j cellHeight)^2 <= reach^2 fill an
    // ellipse of about pi reach^2 / (cellWidth cellHeight) cells.
    let reachSquared = (2 * wanted * cellWidth * cellHeight) / Math.PI
    for (;;) {
      const reach = Math.sqrt(reachSquared)
      // The box around the ellipse, one cell wider on each side: a cell outside it is at
      // least a cell beyond the reach, far more than rounding can close.
      const reachColumns = Math.ceil(reach / cellWidth) + 1
      const reachRows = Math.ceil(reach / cellHeight) + 1
      const i0 = Math.max(columns.first, -reachColumns)
      const i1 = Math.min(columns.last, reachColumns)
      const j0 = Math.max(rows.first, -reachRows)
      const j1 = Math.min(rows.last, reachRows)
      const wholeLattice =
        i0 === columns.first && i1 === columns.last && j0 === rows.first && j1 === rows.last
      const boxCells = Math.max(0, i1 - i0 + 1) * Math.max(0, j1 - j0 + 1)
      const free = (this.free = ensureCapacity(this.free, boxCells))
      const cellDistance = (this.cellDistance = ensureCapacity(this.cellDistance, boxCells))
      const cellOrder = (this.cellOrder = ensureCapacity(this.cellOrder, boxCells))
      let listed = 0
      for (let j = j0; j <= j1; j++) {
        const rowStart = (j - rows.first) * columnCount - columns.first
        for (let i = i0; i <= i1; i++) {
          const cell = rowStart + i
          if (blocked[cell] === 1) continue
          const distance = (i * cellWidth) ** 2 + (j * cellHeight) ** 2
          if (distance > reachSquared && !wholeLattice) continue
          free[listed] = cell
          cellDistance[listed] = distance
          cellOrder[listed] = listed
          listed++
        }
      }
      if (listed >= wanted || wholeLattice) return listed
      // Cells so small that their area rounds to 0 leave a reach that 4 times cannot grow:
      // the whole lattice then.
      reachSquared = reachSquared * 4 > reachSquared ? reachSquared * 4 : Infinity
    }
  }

  /** Lists the whole batch in {@link LatticePlacement.left}; returns 0 (none placed). */
  private leaveAll(batch: Int32Array, count: number): number {
    const left = this.left
    left.reserve(count)
    for (let b = 0; b < count; b++) left.items[b] = batch[b] as number
    left.count = count
    return 0
  }

  /**
   * Writes into `order[0 .. count)` the items `0 .. count - 1` by increasing `keys[item]`,
   * ties in the items' order. The keys are sorted by the engine's numeric sort (in place,
   * no comparator), and each item in turn takes the next rank of its key, found by a binary
   * search: O(count log count), and the one order whatever sort the engine uses.
   */
  private rank(keys: Float64Array, count: number, order: Int32Array): void {
    const sorted = (this.sortedKeys = ensureCapacity(this.sortedKeys, count))
    for (let k = 0; k < count; k++) sorted[k] = keys[k] as number
    // The view sorts just the keys (one small object per placement).
    sorted.subarray(0, count).sort()
    const given = (this.ranksGiven = ensureCapacity(this.ranksGiven, count))
    given.fill(0, 0, count)
    for (let item = 0; item < count; item++) {
      const first = firstAtLeast(sorted, count, keys[item] as number)
      order[first + (given[first] as number)] = item
      given[first] = (given[first] as number) + 1
    }
  }
}

/** The first index of `sorted[0 .. count)` (increasing) whose value is at least `key`. */
function firstAtLeast(sorted: Float64Array, count: number, key: number): number {
  let low = 0
  let high = count
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] as number) < key) low = middle + 1
    else high = middle
  }
  return low
}

/** Whether item `a` comes before item `b`: the smaller key, then the smaller item. */
function before(keys: Float64Array, a: number, b: number): boolean {
  const keyA = keys[a] as number
  const keyB = keys[b] as number
  return keyA < keyB || (keyA === keyB && a < b)
}

/**
 * Reorders `items[0 .. length)` so that its first `count` entries are its `count` least
 * by {@link before} over `keys`, in no particular order: Hoare's selection ("Find",
 * CACM 1961, algorithm 65) with the median of the first, middle and last entries as the
 * pivot, in O(length) comparisons on average. Past 2 log2(length) partitions the range
 * left is sorted instead (as introselect does), so no order of the items makes it
 * quadratic.
 */
function selectLeast(items: Int32Array, length: number, count: number, keys: Float64Array): void {
  let low = 0
  let high = length - 1
  let partitions = 2 * Math.ceil(Math.log2(length + 1))
  while (low < high && low < count && count <= high) {
    if (partitions-- === 0) {
      heapSort(items, low, high + 1, keys)
      return
    }
    // The first, middle and last entries put in order; the middle one is the pivot, so the
    // last entry, after it, stops the partition's scan from the right before `high`.
    const middle = (low + high) >>> 1
    if (before(keys, items[middle] as number, items[low] as number)) swap(items, middle, low)
    if (before(keys, items[high] as number, items[low] as number)) swap(items, high, low)
    if (before(keys, items[high] as number, items[middle] as number)) swap(items, high, middle)
    const pivot = items[middle] as number
    // Hoare's partition: [low, j] holds no item after the pivot, [j + 1, high] none before.
    let i = low - 1
    let j = high + 1
    for (;;) {
      do i++
      while (before(keys, items[i] as number, pivot))
      do j--
      while (before(keys, pivot, items[j] as number))
      if (i >= j) break
      swap(items, i, j)
    }
    if (count <= j) high = j
    else low = j + 1
  }
}

/**
 * Sorts `items[from .. to)` by {@link before} over `keys` in place: heapsort (Williams,
 * CACM 1964, algorithm 232), O(n log n) for every input, without a buffer.
 */
function heapSort(items: Int32Array, from: number, to: number, keys: Float64Array): void {
  const n = to - from
  for (let root = (n >>> 1) - 1; root >= 0; root--) siftDown(items, from, root, n, keys)
  for (let end = n - 1; end > 0; end--) {
    swap(items, from, from + end)
    siftDown(items, from, 0, end, keys)
  }
}

/** Moves entry `root` of the max-heap `items[from .. from + size)` down to its place. */
function siftDown(
  items: Int32Array,
  from: number,
  root: number,
  size: number,
  keys: Float64Array,
): void {
  let parent = root
  for (;;) {
    let child = 2 * parent + 1
    if (child >= size) return
    const right = from + child + 1
    if (child + 1 < size && before(keys, items[from + child] as number, items[right] as number)) {
      child++
    }
    if (!before(keys, items[from + parent] as number, items[from + child] as number)) return
    swap(items, from + parent, from + child)
    parent = child
  }
}

function swap(items: Int32Array, i: number, j: number): void {
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
 * Writes into `range` the lattice indices along one axis whose cells, `anchor + i * cell` to
 * that plus `cell`, lie inside `[low, high]` (checked in floating point, as the bodies will
 * be placed) and within `half` cells of the anchor.
 */
function latticeRange(
  anchor: number,
  cell: number,
  low: number,
  high: number,
  half: number,
  range: LatticeRange,
): void {
  let first = Math.max(-half, Math.ceil((low - anchor) / cell))
  let last = Math.min(half, Math.floor((high - anchor) / cell) - 1)
  while (first <= last && anchor + first * cell < low) first++
  while (first <= last && anchor + last * cell + cell > high) last--
  range.first = first
  range.last = last
}

/**
 * Whether some cells of `range` have open interiors that meet the open interval
 * `(from, to)` along one axis; if so, writes the first and last of them (lattice indices)
 * into `met`. A zero-length interval meets the cell it lies in, as a zero-size box inside
 * another meets it in `findFreeSpot`.
 */
function cellsMet(
  anchor: number,
  cell: number,
  range: LatticeRange,
  from: number,
  to: number,
  met: LatticeRange,
): boolean {
  let first = Math.max(range.first, Math.floor((from - anchor) / cell) - 1)
  let last = Math.min(range.last, Math.floor((to - anchor) / cell) + 1)
  while (first <= last && !cellMeets(anchor + first * cell, cell, from, to)) first++
  while (first <= last && !cellMeets(anchor + last * cell, cell, from, to)) last--
  met.first = first
  met.last = last
  return first <= last
}

/** Whether the open cell `(edge, edge + cell)` meets the open interval `(from, to)`. */
function cellMeets(edge: number, cell: number, from: number, to: number): boolean {
  return edge < to && from < edge + cell
}
