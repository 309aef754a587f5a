import type { Rect, Vec2 } from '../geometry/types.js'
import { ensureCapacity, type IndexBuffer, type PairBuffer } from './buffers.js'

/**
 * Bounds of the items a broadphase indexes: item `i` spans
 * `[minX[i], maxX[i]] x [minY[i], maxY[i]]`. The arrays belong to the caller and are read,
 * not copied, so they must not change between `build` and the queries.
 */
export interface ItemBounds {
  minX: Float64Array<ArrayBuffer>
  minY: Float64Array<ArrayBuffer>
  maxX: Float64Array<ArrayBuffer>
  maxY: Float64Array<ArrayBuffer>
}

/** Empty item bounds, ready for {@link reserveItemBounds}. */
export function createItemBounds(): ItemBounds {
  return {
    minX: new Float64Array(64),
    minY: new Float64Array(64),
    maxX: new Float64Array(64),
    maxY: new Float64Array(64),
  }
}

/** Grows item bounds to hold `count` items (keeps the arrays when they are big enough). */
export function reserveItemBounds(bounds: ItemBounds, count: number): void {
  bounds.minX = ensureCapacity(bounds.minX, count)
  bounds.minY = ensureCapacity(bounds.minY, count)
  bounds.maxX = ensureCapacity(bounds.maxX, count)
  bounds.maxY = ensureCapacity(bounds.maxY, count)
}

/** Whether the bounds of items `i` and `j` overlap, touching included (article 001's test on edges). */
export function boundsOverlap(bounds: ItemBounds, i: number, j: number): boolean {
  return (
    (bounds.minX[i] as number) <= (bounds.maxX[j] as number) &&
    (bounds.minX[j] as number) <= (bounds.maxX[i] as number) &&
    (bounds.minY[i] as number) <= (bounds.maxY[j] as number) &&
    (bounds.minY[j] as number) <= (bounds.maxY[i] as number)
  )
}

/** An item's width and height, for `build` to pick the larger by index. */
const extentPick = new Float64Array(2)

/** An item spanning more cells than this goes to the overflow list instead (a huge wall, a fast mover's sweep). */
const MAX_CELLS_PER_ITEM = 64
/** Cells per item at most; above it the cell grows, so memory stays linear in the item count. */
const CELLS_PER_ITEM = 4
/** `UniformGrid.itemCells` of an item in the overflow list. */
const OVERFLOW = -1
/** `UniformGrid.itemCells` of an item in more than 2 x 2 cells (but not too many). */
const SPREAD = -2

/**
 * The broadphase: a uniform grid rebuilt from scratch by a counting sort on every build.
 *
 * Why a grid and not sort-and-sweep: measured on the benchmark's "boxes" scene (10,000
 * boxes of 8-40 px over 15% of the arena, 2-core machine), building this grid and listing
 * its pairs took about 2.4 ms against about 12 ms for an x-axis sort-and-sweep (sort plus
 * sweep), because the sweep compares each box with every box whose x-interval it crosses
 * (~50 at that density) while a cell of twice the mean box size holds about 3. Building is two linear passes (count, then fill) over flat typed
 * arrays, so cost grows linearly with the number of items and nothing is allocated once
 * the arrays have grown to the world's size.
 *
 * Cell size is automatic: twice the mean item extent (1.5 to 3 times gave the same step
 * time within noise on that scene), grown when the arena is so sparse that cells would
 * outnumber items more than {@link CELLS_PER_ITEM} to one. Items spanning more than
 * {@link MAX_CELLS_PER_ITEM} cells are kept in an overflow list and tested against
 * everything.
 */
export class UniformGrid {
  private bounds: ItemBounds | undefined
  private count = 0
  private originX = 0
  private originY = 0
  private inverseCell = 1
  private columns = 0
  private rows = 0
  private cellStart = new Int32Array(2)
  /** As long as `cellStart`, so `build` copies it whole (a subarray view would be allocated). */
  private cellCursor = new Int32Array(2)
  private cellItems = new Int32Array(64)
  /**
   * Per cell entry (parallel to `cellItems`): bit 1 when the cell is in its item's first
   * column, bit 2 when in its first row. See `cellPairs`.
   */
  private entryFirst = new Uint8Array(64)
  /** The cells holding two items or more, in cell order (one spare entry: see `build`). */
  private crowded = new Int32Array(64)
  private crowdedCount = 0
  /** Pairs of entries sharing a cell, tested by `cellPairs`: at most that many pairs. */
  private pairTests = 0
  /**
   * Each item's cells, from `build`'s pass 1 for its pass 2: for an item in at most 2 x 2
   * cells, its first cell times 4, plus 2 when it spans two columns, plus 1 when it spans
   * two rows (one number: pass 2 reads one array, not four); {@link OVERFLOW} for an
   * overflow item; {@link SPREAD} for any other (its cells are worked out again).
   */
  private itemCells = new Int32Array(64)
  private overflow: IndexBuffer | undefined
  private overflowItems = new Int32Array(16)
  private overflowCount = 0
  private stamps = new Int32Array(64)
  private stamp = 0
  /**
   * The area of the current query (fields, not arguments: see {@link UniformGrid.queryItem});
   * set to a fraction first so V8 stores them as doubles from the start.
   */
  private areaMinX = 0.5
  private areaMinY = 0.5
  private areaMaxX = 0.5
  private areaMaxY = 0.5

  /** The side of a cell after the last build. */
  get cellSize(): number {
    return 1 / this.inverseCell
  }

  /** The x of the grid's left edge (column 0) after the last build: the items' least x. */
  get left(): number {
    return this.originX
  }

  /** The y of the grid's top edge (row 0) after the last build: the items' least y. */
  get top(): number {
    return this.originY
  }

  /** Columns of cells after the last build; 0 when it indexed no items. */
  get columnCount(): number {
    return this.columns
  }

  /** Rows of cells after the last build; 0 when it indexed no items. */
  get rowCount(): number {
    return this.rows
  }

  /** Indexes items `0 .. count)` by their bounds. */
  build(bounds: ItemBounds, count: number): void {
    this.bounds = bounds
    this.count = count
    this.overflowCount = 0
    if (count === 0) {
      this.columns = 0
      this.rows = 0
      return
    }
    let left = Infinity
    let top = Infinity
    let right = -Infinity
    let bottom = -Infinity
    let extentSum = 0
    for (let i = 0; i < count; i++) {
      const x0 = bounds.minX[i] as number
      const y0 = bounds.minY[i] as number
      const x1 = bounds.maxX[i] as number
      const y1 = bounds.maxY[i] as number
      if (x0 < left) left = x0
      if (y0 < top) top = y0
      if (x1 > right) right = x1
      if (y1 > bottom) bottom = y1
      // The larger extent picked by index: Math.max is a branch, mispredicted half the time.
      extentPick[0] = x1 - x0
      extentPick[1] = y1 - y0
      extentSum += extentPick[Number(extentPick[1] > extentPick[0])] as number
    }
    const width = right - left
    const height = bottom - top
    let cell = Math.max((2 * extentSum) / count, 1e-9 * Math.max(width, height, 1))
    const maxCells = CELLS_PER_ITEM * count + 16
    if ((width / cell + 1) * (height / cell + 1) > maxCells) {
      cell = Math.max(width, height, cell) / Math.floor(Math.sqrt(maxCells) - 1)
    }
    this.originX = left
    this.originY = top
    if (Number.isFinite(width) && Number.isFinite(height)) {
      this.inverseCell = 1 / cell
      this.columns = Math.floor(width * this.inverseCell) + 1
      this.rows = Math.floor(height * this.inverseCell) + 1
    } else {
      // Items near both ends of the number line (finite edges, but an extent past
      // Number.MAX_VALUE): one cell holds them all. Correct, if slow.
      this.inverseCell = 0
      this.columns = 1
      this.rows = 1
    }
    const cells = this.columns * this.rows
    this.reserve(count, cells)

    // Pass 1: each item's cell range, and how many items each cell gets. (Fields are read
    // into locals: the loops are the hottest of the broadphase.)
    const { cellStart, itemCells, columns } = this
    const { minX, minY, maxX, maxY } = bounds
    const inverseCell = this.inverseCell
    const lastColumnIndex = columns - 1
    const lastRowIndex = this.rows - 1
    cellStart.fill(0, 0, cells + 1)
    for (let i = 0; i < count; i++) {
      const c0 = clampFloor(((minX[i] as number) - left) * inverseCell, lastColumnIndex)
      const r0 = clampFloor(((minY[i] as number) - top) * inverseCell, lastRowIndex)
      const c1 = clampFloor(((maxX[i] as number) - left) * inverseCell, lastColumnIndex)
      const r1 = clampFloor(((maxY[i] as number) - top) * inverseCell, lastRowIndex)
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_CELLS_PER_ITEM) {
        this.overflowItems = ensureCapacity(this.overflowItems, this.overflowCount + 1)
        this.overflowItems[this.overflowCount++] = i
        itemCells[i] = OVERFLOW
        continue
      }
      const right = c1 - c0
      const down = r1 - r0
      if (right <= 1 && down <= 1) {
        // At most 2 x 2 cells (most items: a cell is twice the mean item), written out
        // without branches: whether an item crosses a cell edge is a coin toss, mispredicted
        // half the time. A cell it does not cross gets 0 added (to the first cell's count).
        itemCells[i] = (r0 * columns + c0) * 4 + right * 2 + down
        const first = r0 * columns + c0 + 1
        const below = first + down * columns
        ;(cellStart[first] as number)++
        cellStart[first + right] = (cellStart[first + right] as number) + right
        cellStart[below] = (cellStart[below] as number) + down
        cellStart[below + right] = (cellStart[below + right] as number) + (right & down)
        continue
      }
      itemCells[i] = SPREAD
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) (cellStart[r * columns + c + 1] as number)++
      }
    }
    // Prefix sums of the counts; on the way, the cells with two items or more (listed
    // without a branch: whether a cell has company is a coin toss) and the tests
    // `cellPairs` will make, so it reserves its room once.
    const crowded = (this.crowded = ensureCapacity(this.crowded, cells + 1))
    let crowdedCount = 0
    let tests = 0
    for (let c = 0; c < cells; c++) {
      const size = cellStart[c + 1] as number
      crowded[crowdedCount] = c
      crowdedCount += Number(size >= 2)
      tests += (size * (size - 1)) / 2
      cellStart[c + 1] = size + (cellStart[c] as number)
    }
    this.crowdedCount = crowdedCount
    this.pairTests = tests
    const entries = cellStart[cells] as number
    // One spare entry past the last: see `enter`.
    const cellItems = (this.cellItems = ensureCapacity(this.cellItems, entries + 1))
    const entryFirst = (this.entryFirst = ensureCapacity(this.entryFirst, entries + 1))
    // Pass 2: fill; items enter each cell in increasing index order.
    const cursor = this.cellCursor
    cursor.set(cellStart)
    for (let i = 0; i < count; i++) {
      const cellsOfItem = itemCells[i] as number
      if (cellsOfItem >= 0) {
        // As in pass 1, without branches; the flags as below (bit 1: column c0, bit 2: row
        // r0). An entry for a cell the item does not cross goes to the spare entry.
        const first = cellsOfItem >> 2
        const right = (cellsOfItem >> 1) & 1
        const down = cellsOfItem & 1
        const below = first + down * columns
        enter(cursor, cellItems, entryFirst, first, i, 3, 1, entries)
        enter(cursor, cellItems, entryFirst, first + right, i, 2, right, entries)
        enter(cursor, cellItems, entryFirst, below, i, 1, down, entries)
        enter(cursor, cellItems, entryFirst, below + right, i, 0, right & down, entries)
        continue
      }
      if (cellsOfItem === OVERFLOW) continue
      // Spread over more cells (rare): its range worked out again.
      const c0 = this.column(minX[i] as number)
      const r0 = this.row(minY[i] as number)
      const c1 = this.column(maxX[i] as number)
      const r1 = this.row(maxY[i] as number)
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          enter(
            cursor,
            cellItems,
            entryFirst,
            r * columns + c,
            i,
            (c === c0 ? 1 : 0) | (r === r0 ? 2 : 0),
            1,
            entries,
          )
        }
      }
    }
  }

  private reserve(count: number, cells: number): void {
    if (this.cellStart.length < cells + 1) {
      this.cellStart = new Int32Array(Math.max(cells + 1, this.cellStart.length * 2))
      this.cellCursor = new Int32Array(this.cellStart.length)
    }
    if (this.itemCells.length < count) {
      const size = Math.max(count, this.itemCells.length * 2)
      this.itemCells = new Int32Array(size)
      this.stamps = new Int32Array(size)
      this.stamp = 0
    }
  }

  private column(x: number): number {
    return clampFloor((x - this.originX) * this.inverseCell, this.columns - 1)
  }

  private row(y: number): number {
    return clampFloor((y - this.originY) * this.inverseCell, this.rows - 1)
  }

  /**
   * Appends every pair `(i, j)`, `i < j`, whose bounds overlap (touching included), each
   * exactly once. A pair sharing several cells is reported only in the first cell of the
   * overlap of their cell ranges, so no hash set is needed to remove duplicates.
   */
  pairs(out: PairBuffer): void {
    const bounds = this.bounds
    if (bounds === undefined || this.count === 0) return
    this.cellPairs(bounds, out)
    // In its own method: V8 keeps the code it compiled on stack replacement for the hot
    // loop above, and code after that loop that had not run yet deoptimized it on every call.
    if (this.overflowCount > 0) this.overflowPairs(bounds, out)
  }

  /**
   * The pairs that share a cell, each in the first cell they share, over the crowded cells
   * only. Each candidate is written, and the count goes up by its tests folded into one 0
   * or 1 (`Number` of a comparison is no branch in V8): whether two boxes of a cell overlap
   * is a coin toss to the branch predictor, and this loop took 0.39 ms with the branches
   * against 0.28 ms without (10,000 boxes). Visiting only the crowded cells, with the room
   * reserved once, took it to 0.23 ms: no branch on each cell's size, and no call in the
   * loop.
   */
  private cellPairs(bounds: ItemBounds, out: PairBuffer): void {
    const { cellStart, cellItems, entryFirst, crowded, crowdedCount } = this
    const { minX, minY, maxX, maxY } = bounds
    let count = out.count
    out.reserve(count + this.pairTests)
    const pairA = out.a
    const pairB = out.b
    for (let t = 0; t < crowdedCount; t++) {
      const cellIndex = crowded[t] as number
      const end = cellStart[cellIndex + 1] as number
      for (let p = cellStart[cellIndex] as number; p < end - 1; p++) {
        const firstI = entryFirst[p] as number
        const i = cellItems[p] as number
        const iMinX = minX[i] as number
        const iMinY = minY[i] as number
        const iMaxX = maxX[i] as number
        const iMaxY = maxY[i] as number
        for (let q = p + 1; q < end; q++) {
          const j = cellItems[q] as number
          // Both items cover this cell; it is the first cell they share when it lies in
          // the first column of one of them (bit 1) and in the first row of one (bit 2).
          const first = firstI | (entryFirst[q] as number)
          pairA[count] = i
          pairB[count] = j
          count +=
            first &
            (first >> 1) &
            Number(iMinX <= (maxX[j] as number)) &
            Number((minX[j] as number) <= iMaxX) &
            Number(iMinY <= (maxY[j] as number)) &
            Number((minY[j] as number) <= iMaxY)
        }
      }
    }
    out.count = count
  }

  /** The pairs of overflow items (spanning too many cells), tested against every item. */
  private overflowPairs(bounds: ItemBounds, out: PairBuffer): void {
    const itemCells = this.itemCells
    for (let o = 0; o < this.overflowCount; o++) {
      const i = this.overflowItems[o] as number
      for (let j = 0; j < this.count; j++) {
        if (j === i || (itemCells[j] === OVERFLOW && j < i)) continue
        if (boundsOverlap(bounds, i, j)) out.push(i < j ? i : j, i < j ? j : i)
      }
    }
  }

  /** Appends the items whose bounds overlap the box (touching included), each once. */
  query(minX: number, minY: number, maxX: number, maxY: number, out: IndexBuffer): void {
    this.areaMinX = minX
    this.areaMinY = minY
    this.areaMaxX = maxX
    this.areaMaxY = maxY
    this.scanArea(out)
  }

  /**
   * {@link UniformGrid.query} for item `i` of other bounds (the world's step: each solid
   * asks for the bodies near it). The step calls this and {@link UniformGrid.querySwept},
   * which take their numbers from arrays and objects: V8 boxes the doubles passed to a call
   * it does not inline, and the step must not allocate.
   */
  queryItem(bounds: ItemBounds, i: number, out: IndexBuffer): void {
    this.areaMinX = bounds.minX[i] as number
    this.areaMinY = bounds.minY[i] as number
    this.areaMaxX = bounds.maxX[i] as number
    this.areaMaxY = bounds.maxY[i] as number
    this.scanArea(out)
  }

  /** {@link UniformGrid.query} for the bounds of `box` swept by `motion` (article 003). */
  querySwept(box: Rect, motion: Vec2, out: IndexBuffer): void {
    const dx = motion.x
    const dy = motion.y
    this.areaMinX = dx < 0 ? box.x + dx : box.x
    this.areaMinY = dy < 0 ? box.y + dy : box.y
    this.areaMaxX = (dx > 0 ? box.x + dx : box.x) + box.width
    this.areaMaxY = (dy > 0 ? box.y + dy : box.y) + box.height
    this.scanArea(out)
  }

  /** The items overlapping the area last set by a query method. */
  private scanArea(out: IndexBuffer): void {
    const minX = this.areaMinX
    const minY = this.areaMinY
    const maxX = this.areaMaxX
    const maxY = this.areaMaxY
    const bounds = this.bounds
    if (bounds === undefined || this.count === 0) return
    if (++this.stamp === 0x7fffffff) {
      this.stamps.fill(0)
      this.stamp = 1
    }
    const stamp = this.stamp
    const c1 = this.column(maxX)
    const r1 = this.row(maxY)
    for (let r = this.row(minY); r <= r1; r++) {
      for (let c = this.column(minX); c <= c1; c++) {
        const cellIndex = r * this.columns + c
        const end = this.cellStart[cellIndex + 1] as number
        for (let p = this.cellStart[cellIndex] as number; p < end; p++) {
          const i = this.cellItems[p] as number
          if (this.stamps[i] === stamp) continue
          this.stamps[i] = stamp
          if (
            (bounds.minX[i] as number) <= maxX &&
            minX <= (bounds.maxX[i] as number) &&
            (bounds.minY[i] as number) <= maxY &&
            minY <= (bounds.maxY[i] as number)
          ) {
            out.push(i)
          }
        }
      }
    }
    for (let o = 0; o < this.overflowCount; o++) {
      const i = this.overflowItems[o] as number
      if (
        (bounds.minX[i] as number) <= maxX &&
        minX <= (bounds.maxX[i] as number) &&
        (bounds.minY[i] as number) <= maxY &&
        minY <= (bounds.maxY[i] as number)
      ) {
        out.push(i)
      }
    }
  }
}

/**
 * Appends `item` to cell `cell` with its first-column and first-row flags (`build`'s pass 2)
 * when `bit` is 1; when it is 0, the entry is written to the spare entry `spare` and the
 * cell's cursor stays: the same work either way, so no branch.
 */
function enter(
  cursor: Int32Array,
  cellItems: Int32Array,
  entryFirst: Uint8Array,
  cell: number,
  item: number,
  flags: number,
  bit: number,
  spare: number,
): void {
  const next = cursor[cell] as number
  const entry = spare + (next - spare) * bit
  cellItems[entry] = item
  entryFirst[entry] = flags
  cursor[cell] = next + bit
}

/** `Math.floor(value)` clamped to `[0, last]`: an item's cell index on one axis. */
function clampFloor(value: number, last: number): number {
  // Clamped first, so the truncation (`| 0`, cheaper than Math.floor) sees 0 <= value < 2^31.
  if (!(value > 0)) return 0
  return value >= last ? last : value | 0
}
