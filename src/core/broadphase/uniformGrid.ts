import type { Rect, Vec2 } from '../geometry/types.js'
import { countsToGroupStarts, ensureCapacity, IndexBuffer, PairBuffer } from './buffers.js'

/**
 * Bounds of the items a broadphase indexes: item `i` spans
 * `[minX[i], maxX[i]] x [minY[i], maxY[i]]`. The arrays belong to the caller and are read,
 * not copied, so they must not change between `build` and the queries, but for an item the
 * caller then files again (`UniformGrid.refile`).
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
    minX: new Float64Array(0),
    minY: new Float64Array(0),
    maxX: new Float64Array(0),
    maxY: new Float64Array(0),
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

/**
 * Items whose extent (the larger of width and height) exceeds this many mean sides (the
 * mean of all widths and heights) are "large" (see {@link UniformGrid}), unless the grid is
 * made with another factor.
 */
const LARGE_FACTOR = 4
/** Up to this many large items are tested against one another one by one; more get a grid. */
const LARGE_LIST = 16
/**
 * Grids nested deeper than this file every item in cells (no large items): each level's
 * large items are at least four times the mean of the level above, so this takes sizes
 * over a range of 4^8 = 65,536 before a level mixes sizes again.
 */
const MAX_DEPTH = 8
/** Cells per item at most; above it the cell grows, so memory stays linear in the item count. */
const CELLS_PER_ITEM = 4
/**
 * A cell is this much wider than the largest small item: an item's cell is worked out in
 * floating point, and a cell exactly as wide as an item could put two touching items' min
 * corners two columns apart by a rounding (the columns here are at most a few thousand,
 * so their rounding is far below this).
 */
const CELL_SLACK = 1 + 1e-9
/** `UniformGrid.itemCell` of a large item. */
const LARGE = -1
/** Where `UniformGrid.extents` holds the items' least x and y, greatest x and y, sum of sides and largest side. */
const LEFT = 0
const TOP = 1
const RIGHT = 2
const BOTTOM = 3
const SIDE_SUM = 4
const LARGEST = 5
/** `UniformGrid.extents` before any item. */
const NO_EXTENTS = Object.freeze([Infinity, Infinity, -Infinity, -Infinity, 0, 0])
/** What `UniformGrid.smallPairsWithin` returns when the pair arrays are too short. */
const NEEDS_ROOM = -1

/** What a {@link UniformGrid.visitOverlaps} scan tells of each item it meets. */
export interface OverlapVisitor {
  /** Item `j`'s bounds overlap (or touch) the scanned item's; true stops the scan. */
  meet(j: number): boolean
}

/**
 * The broadphase: a loose uniform grid, rebuilt from scratch by a counting sort on every
 * build. Each item is filed once, in the cell of its top-left corner, and a cell is at least
 * as wide and tall as every item filed in cells ("small" items): two small items that
 * overlap then lie in the same cell or in neighbouring ones, so each small item is tested
 * against the items after it in its own cell and the cell to its right, and against the
 * three cells below (the half of the 3 x 3 block that finds every pair once, as a cell
 * list in molecular dynamics does). Items larger than that ("large": a wall, a fast mover's
 * sweep, a card among icons) are kept in a list: each is tested against the small items of
 * the cells its bounds reach (one more column and row up and left, where a small item
 * overlapping it may have its corner), and against the other large items.
 *
 * Why a grid and not sort-and-sweep: a sweep compares each box with every box whose
 * x-interval it crosses (dozens on a dense board), while a cell holds about one box. Why
 * one cell per item and not every cell an item covers: each item is filed once (not about
 * twice) and no pair needs a flag to be reported in only one of the cells both share.
 * Both were measured on the benchmark's boxes scene (bench/RESULTS.md, "Design choices and
 * their measurements"). Building is two linear passes (count, then fill) over flat typed
 * arrays, so cost grows linearly with the number of items and nothing is allocated once the
 * arrays have grown to the world's size.
 *
 * Cell size is automatic: the largest extent, so that every item is small, unless some
 * items are more than {@link LARGE_FACTOR} times the mean side: then the limit is that,
 * and the larger items are large; the cell is grown when cells would outnumber items more
 * than {@link CELLS_PER_ITEM} to one. More than {@link LARGE_LIST} large items get a grid
 * of their own, built by the same rules.
 */
export class UniformGrid {
  private bounds: ItemBounds | undefined
  private count = 0
  private originX = 0
  private originY = 0
  private cell = 1
  /** The largest width or height of an item filed in cells ("small"), after the last build. */
  private smallLimit = 1
  private inverseCell = 1
  private columns = 0
  private rows = 0
  /**
   * Where each cell's items start in {@link UniformGrid.cellItems}, and one more entry: the
   * neighbour ranges read `cellStart[cell + 2]`.
   */
  private cellStart = new Int32Array(3)
  /** As long as `cellStart`, so `build` copies it whole (a subarray view would be allocated). */
  private cellCursor = new Int32Array(3)
  /** What {@link UniformGrid.measureExtents} found, at {@link LEFT} .. {@link LARGEST}. */
  private readonly extents = new Float64Array(NO_EXTENTS.length)
  /** The small items in cell order; each cell's in increasing index order after a build (see {@link UniformGrid.refile}). */
  private cellItems = new Int32Array(0)
  /** Each item's cell, or {@link LARGE}. */
  private itemCell = new Int32Array(0)
  private largeItems = new Int32Array(16)
  private largeCount = 0
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
    return this.cell
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
    this.fileItems(bounds, count)
    // Here, not at the end of `fileItems`: nothing after its loops (README, "Hot paths").
    if (this.largeCount > LARGE_LIST) this.indexLarge(bounds)
  }

  /** Files the items in the cells: all of {@link UniformGrid.build} but the large items' own grid. */
  private fileItems(bounds: ItemBounds, count: number): void {
    this.bounds = bounds
    this.count = count
    this.largeCount = 0
    if (count === 0) {
      this.columns = 0
      this.rows = 0
      return
    }
    this.measureExtents(bounds, count)
    const extents = this.extents
    const left = extents[LEFT] as number
    const top = extents[TOP] as number
    const right = extents[RIGHT] as number
    const bottom = extents[BOTTOM] as number
    const largest = extents[LARGEST] as number
    const width = right - left
    const height = bottom - top
    const mean = (extents[SIDE_SUM] as number) / (2 * count)
    // The largest extent a small item may have: every item's, unless some are far larger
    // than most (or this grid is nested too deep already); then the largest of the others.
    let limit =
      this.depth < MAX_DEPTH && largest > this.largeFactor * mean
        ? largestUpTo(bounds, count, this.largeFactor * mean)
        : largest
    // Items of no size (points) still get cells of some size.
    limit = Math.max(limit, 1e-9 * Math.max(width, height, 1))
    const maxCells = CELLS_PER_ITEM * count + 16
    if ((width / limit + 1) * (height / limit + 1) > maxCells) {
      limit = Math.max(width, height, limit) / Math.floor(Math.sqrt(maxCells) - 1)
    }
    this.originX = left
    this.originY = top
    if (Number.isFinite(width) && Number.isFinite(height)) {
      this.cell = limit * CELL_SLACK
      this.inverseCell = 1 / this.cell
      this.columns = Math.floor(width * this.inverseCell) + 1
      this.rows = Math.floor(height * this.inverseCell) + 1
    } else {
      // Items near both ends of the number line (finite edges, but an extent past
      // Number.MAX_VALUE): one cell holds them all. Correct, if slow.
      limit = Infinity
      this.cell = Infinity
      this.inverseCell = 0
      this.columns = 1
      this.rows = 1
    }
    this.smallLimit = limit
    const cells = this.columns * this.rows
    this.reserve(count, cells)

    // Each pass a method whose loop is its last statement (README, "Hot paths").
    this.cellStart.fill(0, 0, cells + 2)
    this.countCellItems(bounds, count, left, top)
    countsToGroupStarts(this.cellStart, cells)
    this.cellStart[cells + 1] = this.cellStart[cells] as number
    this.cellItems = ensureCapacity(this.cellItems, count)
    this.cellCursor.set(this.cellStart)
    this.fillCells(count)
  }

  /**
   * Into {@link UniformGrid.extents}: the least and greatest x and y of items `0 .. count)`,
   * the sum of their widths and heights, and the largest width or height. Each is written
   * in the loop as it changes, not after it: the loop is the method's last statement
   * (README, "Hot paths").
   */
  private measureExtents(bounds: ItemBounds, count: number): void {
    const { minX, minY, maxX, maxY } = bounds
    const extents = this.extents
    extents.set(NO_EXTENTS)
    let left = Infinity
    let top = Infinity
    let right = -Infinity
    let bottom = -Infinity
    let sideSum = 0
    let largest = 0
    // Rarely true after the first items: predictable branches.
    for (let i = 0; i < count; i++) {
      const x0 = minX[i] as number
      const y0 = minY[i] as number
      const x1 = maxX[i] as number
      const y1 = maxY[i] as number
      if (x0 < left) extents[LEFT] = left = x0
      if (y0 < top) extents[TOP] = top = y0
      if (x1 > right) extents[RIGHT] = right = x1
      if (y1 > bottom) extents[BOTTOM] = bottom = y1
      const itemWidth = x1 - x0
      const itemHeight = y1 - y0
      sideSum += itemWidth + itemHeight
      extents[SIDE_SUM] = sideSum
      if (itemWidth > largest) extents[LARGEST] = largest = itemWidth
      if (itemHeight > largest) extents[LARGEST] = largest = itemHeight
    }
  }

  /**
   * Pass 1 of {@link UniformGrid.build}: each item's cell, or {@link LARGE} for an item
   * larger than the cells (listed in `largeItems`), and in `cellStart[cell + 1]` how many
   * items each cell gets. The grid's origin is (`left`, `top`). (Fields are read into
   * locals: the loops of the passes are the hottest of the broadphase.)
   */
  private countCellItems(bounds: ItemBounds, count: number, left: number, top: number): void {
    const { minX, minY, maxX, maxY } = bounds
    const { cellStart, itemCell, columns, inverseCell, smallLimit: limit } = this
    for (let i = 0; i < count; i++) {
      const x0 = minX[i] as number
      const y0 = minY[i] as number
      // Rare, and then the same items step after step: a predictable branch.
      if ((maxX[i] as number) - x0 > limit || (maxY[i] as number) - y0 > limit) {
        this.largeItems = ensureCapacity(this.largeItems, this.largeCount + 1)
        this.largeItems[this.largeCount++] = i
        itemCell[i] = LARGE
        continue
      }
      // No clamping: `x0 - left` is at least 0 and at most the grid's width (a rounded
      // difference grows with its operand), so the column is at most `columns - 1`; the same
      // for rows. In the one-cell case the product is 0 or NaN, and `NaN | 0` is 0.
      const cell = (((y0 - top) * inverseCell) | 0) * columns + (((x0 - left) * inverseCell) | 0)
      itemCell[i] = cell
      cellStart[cell + 1] = (cellStart[cell + 1] as number) + 1
    }
  }

  /**
   * Pass 2 of {@link UniformGrid.build}: files each small item in its cell, in increasing
   * index order, advancing `cellCursor` (a copy of `cellStart`).
   */
  private fillCells(count: number): void {
    const { itemCell, cellItems, cellCursor: cursor } = this
    for (let i = 0; i < count; i++) {
      const cell = itemCell[i] as number
      if (cell === LARGE) continue
      const entry = cursor[cell] as number
      cellItems[entry] = i
      cursor[cell] = entry + 1
    }
  }

  /**
   * Files the large items in a grid of their own (by their place in
   * {@link UniformGrid.largeItems}), built by the same rules: many large items tested
   * against one another one by one cost the square of their number, and cells made as
   * large as them put hundreds of small items in each cell (measured: bench/RESULTS.md,
   * "Design choices and their measurements").
   */
  private indexLarge(bounds: ItemBounds): void {
    const count = this.largeCount
    const largeBounds = this.largeBounds
    reserveItemBounds(largeBounds, count)
    for (let l = 0; l < count; l++) copyItem(largeBounds, l, bounds, this.largeItems[l] as number)
    const nested = (this.nested ??= new UniformGrid(this.depth + 1, this.largeFactor))
    nested.build(largeBounds, count)
  }

  /**
   * Files item `i` again after its owner changed its bounds in place (the arrays given to
   * {@link UniformGrid.build}): a small item moves to the cell of its new top-left corner,
   * clamped to the grid as a query's range is, so every query after it answers for the new
   * bounds as a new build would, with the same items. A move to a neighbouring cell in the
   * cells' order is one swap in {@link UniformGrid.cellItems} and one boundary moved in
   * {@link UniformGrid.cellStart}; a move of a row down or up passes `columns` boundaries.
   * A cell's items are no longer in increasing index order after it (queries that need an
   * order sort their answer). A large item's bounds are read where they are, or copied into
   * the large items' grid and filed again there. False when the grid cannot keep the item
   * so (a small one grew larger than a small item may be): then the caller builds again.
   */
  refile(i: number): boolean {
    const bounds = this.bounds
    if (bounds === undefined || i >= this.count) return false
    const from = this.itemCell[i] as number
    if (from === LARGE) return this.largeCount <= LARGE_LIST || this.refileLarge(i)
    const x0 = bounds.minX[i] as number
    const y0 = bounds.minY[i] as number
    if (
      (bounds.maxX[i] as number) - x0 > this.smallLimit ||
      (bounds.maxY[i] as number) - y0 > this.smallLimit
    ) {
      return false
    }
    const to = this.row(y0) * this.columns + this.column(x0)
    if (to === from) return true
    const { cellStart, cellItems } = this
    let p = cellStart[from] as number
    while (cellItems[p] !== i) p++
    // Out through the boundary on its side, one cell at a time: the item swaps places with
    // the cell's last (or first) entry, and that entry's slot changes cells.
    for (let cell = from; cell < to; cell++) {
      const last = (cellStart[cell + 1] as number) - 1
      cellItems[p] = cellItems[last] as number
      cellItems[last] = i
      p = last
      cellStart[cell + 1] = last
    }
    for (let cell = from; cell > to; cell--) {
      const first = cellStart[cell] as number
      cellItems[p] = cellItems[first] as number
      cellItems[first] = i
      p = first
      cellStart[cell] = first + 1
    }
    this.itemCell[i] = to
    return true
  }

  /** {@link UniformGrid.refile} of large item `i` in the large items' grid. */
  private refileLarge(i: number): boolean {
    const bounds = this.bounds as ItemBounds
    let l = 0
    while (this.largeItems[l] !== i) l++
    copyItem(this.largeBounds, l, bounds, i)
    return (this.nested as UniformGrid).refile(l)
  }

  private reserve(count: number, cells: number): void {
    if (this.cellStart.length < cells + 2) {
      this.cellStart = new Int32Array(Math.max(cells + 2, this.cellStart.length * 2))
      this.cellCursor = new Int32Array(this.cellStart.length)
    }
    this.itemCell = ensureCapacity(this.itemCell, count)
  }

  private column(x: number): number {
    return clampFloor((x - this.originX) * this.inverseCell, this.columns - 1)
  }

  private row(y: number): number {
    return clampFloor((y - this.originY) * this.inverseCell, this.rows - 1)
  }

  /**
   * Appends every pair `(i, j)`, `i < j`, whose bounds overlap (touching included), each
   * exactly once: the pairs of small items first, in cell order, then the large items'.
   * With a `cap`, the listing stops once it has written more than `cap` pairs (then it holds
   * at most `cap` plus one item's neighbours, and what it holds is a subset): the step's
   * crowd stage asks for a capped list, so a crowd of n bodies at one spot never costs the
   * n^2 / 2 pairs of a full list. Returns whether the list is complete.
   */
  pairs(out: PairBuffer, cap = Infinity): boolean {
    const bounds = this.bounds
    if (bounds === undefined || this.count === 0) return true
    const limit = out.count + cap
    if (!this.smallPairs(bounds, out, limit)) return false
    // In its own method: V8 keeps the code it compiled on stack replacement for the hot
    // loop above, and code after that loop that had not run yet deoptimized it on every call.
    return this.largeCount === 0 || this.largePairs(bounds, out, limit)
  }

  /**
   * The pairs of small items: each against the items after it in its cell and in the cell
   * to its right (the two ranges are one, as cells are stored in order), and against the
   * cells below-left, below and below-right (one range too). Each candidate is written, and
   * the count goes up by its four tests folded into one 0 or 1 (`Number` of a comparison is
   * no branch in V8): whether two boxes overlap is a coin toss to the branch predictor. The
   * loop over a range is written out for each of the two: one loop over both ranges was
   * slower (bench/RESULTS.md, "Design choices and their measurements"). False when the
   * list passed `limit` pairs in all (see {@link UniformGrid.pairs}).
   */
  private smallPairs(bounds: ItemBounds, out: PairBuffer, limit: number): boolean {
    const start = out.count
    // Room for about two candidates per item to begin with (the buffer is kept across
    // builds); a pass that would run out starts again with twice the room. (A check that
    // grew the arrays in the loop would make them variables there, which V8 reloads.)
    out.reserve(start + 2 * this.count + 64)
    for (;;) {
      const count = this.smallPairsWithin(bounds, out, start, limit)
      if (count !== NEEDS_ROOM) {
        out.count = count
        return count <= limit
      }
      out.reserve(2 * out.a.length)
    }
  }

  /**
   * {@link UniformGrid.smallPairs} from `start`: writes the pairs into the arrays of `out`
   * and returns the count they reach (past `limit` when capped: checked before each
   * item), or {@link NEEDS_ROOM} when the arrays have no room for them. The caller stores
   * the count: V8 keeps the code it compiles on stack replacement for the loop below, and
   * a field written after the loop that had not been written when it compiled deoptimized
   * that code on every later call (`node --trace-deopt`), so nothing after the loop
   * touches an object.
   */
  private smallPairsWithin(
    bounds: ItemBounds,
    out: PairBuffer,
    start: number,
    limit: number,
  ): number {
    const { cellStart, cellItems, itemCell, columns } = this
    const { minX, minY, maxX, maxY } = bounds
    const lastRowStart = (this.rows - 1) * columns
    const lastColumnIndex = columns - 1
    const entries = cellStart[this.columns * this.rows] as number
    const pairA = out.a
    const pairB = out.b
    const room = pairA.length
    let count = start
    // The row of the current item, followed as the cells go up (no division per item).
    let rowStart = 0
    for (let p = 0; p < entries; p++) {
      const i = cellItems[p] as number
      const cell = itemCell[i] as number
      while (cell >= rowStart + columns) rowStart += columns
      const column = cell - rowStart
      // Own cell and the cell to the right (none past the last column).
      const sameEnd = cellStart[cell + 1 + Number(column < lastColumnIndex)] as number
      // The row below, from the column before to the column after (none below the last row).
      const below = rowStart < lastRowStart
      const belowStart = below ? (cellStart[cell + columns - Number(column > 0)] as number) : 0
      const belowEnd = below
        ? (cellStart[cell + columns + 1 + Number(column < lastColumnIndex)] as number)
        : 0
      if (count > limit) return count
      if (count + (sameEnd - p) + (belowEnd - belowStart) > room) return NEEDS_ROOM
      const iMinX = minX[i] as number
      const iMinY = minY[i] as number
      const iMaxX = maxX[i] as number
      const iMaxY = maxY[i] as number
      for (let q = p + 1; q < sameEnd; q++) {
        const j = cellItems[q] as number
        // Ordered without a branch (j > i in its own cell, but not always in the next one):
        // `flip` is i ^ j when they are the wrong way round, else 0 (bit operations, which
        // V8 checks for no overflow).
        const flip = (i ^ j) & -Number(j < i)
        pairA[count] = i ^ flip
        pairB[count] = j ^ flip
        count +=
          Number(iMinX <= (maxX[j] as number)) &
          Number((minX[j] as number) <= iMaxX) &
          Number(iMinY <= (maxY[j] as number)) &
          Number((minY[j] as number) <= iMaxY)
      }
      for (let q = belowStart; q < belowEnd; q++) {
        const j = cellItems[q] as number
        const flip = (i ^ j) & -Number(j < i)
        pairA[count] = i ^ flip
        pairB[count] = j ^ flip
        count +=
          Number(iMinX <= (maxX[j] as number)) &
          Number((minX[j] as number) <= iMaxX) &
          Number(iMinY <= (maxY[j] as number)) &
          Number((minY[j] as number) <= iMaxY)
      }
    }
    return count
  }

  /**
   * The pairs of each large item with the small items near it, then with the other large
   * ones. False when the list passed `limit` pairs (checked before each large item).
   */
  private largePairs(bounds: ItemBounds, out: PairBuffer, limit: number): boolean {
    const found = this.nearLarge
    for (let l = 0; l < this.largeCount; l++) {
      if (out.count > limit) return false
      const i = this.largeItems[l] as number
      found.count = 0
      this.areaMinX = bounds.minX[i] as number
      this.areaMinY = bounds.minY[i] as number
      this.areaMaxX = bounds.maxX[i] as number
      this.areaMaxY = bounds.maxY[i] as number
      this.scanSmall(found)
      for (let f = 0; f < found.count; f++) {
        const j = found.items[f] as number
        out.push(i < j ? i : j, i < j ? j : i)
      }
      if (this.largeCount > LARGE_LIST) continue
      for (let m = l + 1; m < this.largeCount; m++) {
        const j = this.largeItems[m] as number
        if (boundsOverlap(bounds, i, j)) out.push(i < j ? i : j, i < j ? j : i)
      }
    }
    if (this.largeCount <= LARGE_LIST) return out.count <= limit
    // The large items' own pairs, from their grid, named back by their items.
    const nested = this.nested as UniformGrid
    const largePairs = this.largePairBuffer
    largePairs.count = 0
    const complete = nested.pairs(largePairs, limit - out.count)
    for (let q = 0; q < largePairs.count; q++) {
      const i = this.largeItems[largePairs.a[q] as number] as number
      const j = this.largeItems[largePairs.b[q] as number] as number
      out.push(i < j ? i : j, i < j ? j : i)
    }
    return complete && out.count <= limit
  }

  /** Scratch for {@link UniformGrid.largePairs} and the queries of the large items' grid. */
  private readonly nearLarge = new IndexBuffer()
  /** The large items' bounds, by their place in {@link UniformGrid.largeItems}, and their grid. */
  private readonly largeBounds = createItemBounds()
  private nested: UniformGrid | undefined = undefined
  /** Scratch for the large items' pairs. */
  private readonly largePairBuffer = new PairBuffer()

  /**
   * @param depth - How deep this grid is nested in others' large items (0: not nested).
   * @param largeFactor - Items whose extent exceeds this many mean sides are large ({@link LARGE_FACTOR} by default).
   */
  constructor(
    private readonly depth = 0,
    private readonly largeFactor = LARGE_FACTOR,
  ) {}

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

  /**
   * Calls `visitor.meet(j)` for every item `j` other than `i` whose bounds overlap item
   * `i`'s (touching included), each once, until it returns true: the small items of the
   * cells `i`'s bounds reach (as {@link UniformGrid.query} finds them, row by row, each
   * cell's in increasing index order), then the large items. True when the visitor stopped
   * the scan. The crowd stage's scan: it stops as soon as a body proves crowded, so a body
   * in a crowd of thousands costs a few dozen tests, not thousands.
   */
  visitOverlaps(i: number, visitor: OverlapVisitor): boolean {
    const bounds = this.bounds
    return bounds !== undefined && this.visitItem(bounds, i, i, visitor)
  }

  /**
   * {@link UniformGrid.visitOverlaps} for item `i` of other bounds, `of` (a grid of one
   * class of items asked for the neighbours of an item of another, `LayerPartition`): the
   * items of this grid that overlap it, all but item `skip` (-1 for none). Bounds and index,
   * not numbers, are passed, as to {@link UniformGrid.queryItem}.
   */
  visitItem(of: ItemBounds, i: number, skip: number, visitor: OverlapVisitor): boolean {
    const bounds = this.bounds
    if (bounds === undefined || this.count === 0) return false
    const minX = of.minX[i] as number
    const minY = of.minY[i] as number
    const maxX = of.maxX[i] as number
    const maxY = of.maxY[i] as number
    const { cellStart, cellItems, columns } = this
    const c0 = this.column(minX - this.cell)
    const c1 = this.column(maxX)
    const r1 = this.row(maxY)
    for (let r = this.row(minY - this.cell); r <= r1; r++) {
      const end = cellStart[r * columns + c1 + 1] as number
      for (let p = cellStart[r * columns + c0] as number; p < end; p++) {
        const j = cellItems[p] as number
        if (
          j !== skip &&
          (bounds.minX[j] as number) <= maxX &&
          minX <= (bounds.maxX[j] as number) &&
          (bounds.minY[j] as number) <= maxY &&
          minY <= (bounds.maxY[j] as number) &&
          visitor.meet(j)
        ) {
          return true
        }
      }
    }
    if (this.largeCount === 0) return false
    const found = this.nearLarge
    found.count = 0
    this.areaMinX = minX
    this.areaMinY = minY
    this.areaMaxX = maxX
    this.areaMaxY = maxY
    this.scanLarge(found)
    for (let f = 0; f < found.count; f++) {
      const j = found.items[f] as number
      if (j !== skip && visitor.meet(j)) return true
    }
    return false
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

  /** Appends to `out` the large items overlapping the area last set by a query method. */
  private scanLarge(out: IndexBuffer): void {
    const bounds = this.bounds as ItemBounds
    const minX = this.areaMinX
    const minY = this.areaMinY
    const maxX = this.areaMaxX
    const maxY = this.areaMaxY
    if (this.largeCount > LARGE_LIST) {
      // Through the large items' grid (the area handed over in its fields: see queryItem),
      // whose answers, appended to `out`, are indices among the large items.
      const nested = this.nested as UniformGrid
      const first = out.count
      nested.areaMinX = minX
      nested.areaMinY = minY
      nested.areaMaxX = maxX
      nested.areaMaxY = maxY
      nested.scanArea(out)
      for (let f = first; f < out.count; f++) {
        out.items[f] = this.largeItems[out.items[f] as number] as number
      }
      return
    }
    for (let l = 0; l < this.largeCount; l++) {
      const i = this.largeItems[l] as number
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

  /** The items overlapping the area last set by a query method: small ones, then large ones. */
  private scanArea(out: IndexBuffer): void {
    const bounds = this.bounds
    if (bounds === undefined || this.count === 0) return
    this.scanSmall(out)
    this.scanLarge(out)
  }

  /**
   * The small items overlapping the area last set: those filed in the cells it covers, and
   * one more column to the left and row above (a small item overlapping the area may have
   * its corner up to a cell before it). In each row those cells' items are one range.
   */
  private scanSmall(out: IndexBuffer): void {
    const bounds = this.bounds as ItemBounds
    const minX = this.areaMinX
    const minY = this.areaMinY
    const maxX = this.areaMaxX
    const maxY = this.areaMaxY
    const { cellStart, cellItems, columns } = this
    const c0 = this.column(minX - this.cell)
    const c1 = this.column(maxX)
    const r1 = this.row(maxY)
    for (let r = this.row(minY - this.cell); r <= r1; r++) {
      const end = cellStart[r * columns + c1 + 1] as number
      for (let p = cellStart[r * columns + c0] as number; p < end; p++) {
        const i = cellItems[p] as number
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
}

/** Writes item `i` of `from` as item `l` of `to`. */
function copyItem(to: ItemBounds, l: number, from: ItemBounds, i: number): void {
  to.minX[l] = from.minX[i] as number
  to.minY[l] = from.minY[i] as number
  to.maxX[l] = from.maxX[i] as number
  to.maxY[l] = from.maxY[i] as number
}

/** The largest width or height of the items whose extent is at most `cap`. */
function largestUpTo(bounds: ItemBounds, count: number, cap: number): number {
  let largest = 0
  for (let i = 0; i < count; i++) {
    const itemWidth = (bounds.maxX[i] as number) - (bounds.minX[i] as number)
    const itemHeight = (bounds.maxY[i] as number) - (bounds.minY[i] as number)
    if (itemWidth > cap || itemHeight > cap) continue
    if (itemWidth > largest) largest = itemWidth
    if (itemHeight > largest) largest = itemHeight
  }
  return largest
}

/** `Math.floor(value)` clamped to `[0, last]`: an item's cell index on one axis. */
function clampFloor(value: number, last: number): number {
  // Clamped first, so the truncation (`| 0`, cheaper than Math.floor) sees 0 <= value < 2^31.
  if (!(value > 0)) return 0
  return value >= last ? last : value | 0
}
