import type { Rect, Vec2 } from '../geometry/types.js'
import type { BodyStore } from '../world/bodyStore.js'
import { ensureCapacity, IndexBuffer } from './buffers.js'
import { createItemBounds, reserveItemBounds, UniformGrid, type ItemBounds } from './uniformGrid.js'

/** Writes body `slot`'s box (px) as item `item` of `bounds` (room reserved by the caller). */
export function writeSlotBounds(
  bounds: ItemBounds,
  item: number,
  store: BodyStore,
  slot: number,
): void {
  bounds.minX[item] = store.x[slot] as number
  bounds.minY[item] = store.y[slot] as number
  bounds.maxX[item] = (store.x[slot] as number) + (store.width[slot] as number)
  bounds.maxY[item] = (store.y[slot] as number) + (store.height[slot] as number)
}

/**
 * Bodies whose extent exceeds this many mean sides are large in the index's grid (the
 * step's grids use `UniformGrid`'s default, 4). The index answers the swept boxes of single
 * cards, and a cell is as wide as its largest small body: a card two or three times the
 * size of most (a dragged card grown by a resize, a large lead among small cards) would
 * make every cell hold several cards for each query to test. Such a card is tested on its
 * own in each query instead. The answers do not depend on it (they are sorted).
 */
const LARGE_FACTOR = 2

/** Up to this many items found are sorted in place by insertion (see `appendSlots`). */
const SMALL_SORT = 32

/**
 * A grid of every body at its current place, for queries and `move`: rebuilt lazily on
 * the first query after bodies were added or removed (the step's grids hold swept bounds
 * of one kind of body only). Invariant: a query sees every body at its place in the store
 * now, in insertion order. A body that moved or was resized is filed again where it is
 * ({@link UniformGrid.refile}: its bounds written in place, and a swap or a few when its
 * corner changed cells), so a drag frame's moves (a group of cards, what it pushed, the
 * returns of pushed cards) cost no rebuild and nothing per later query.
 */
export class BodyIndex {
  private readonly grid = new UniformGrid(0, LARGE_FACTOR)
  private readonly bounds = createItemBounds()
  private slots = new Int32Array(0)
  /** Each slot's item in the grid (its insertion order at the rebuild); -1: not filed. */
  private itemOf = new Int32Array(0)
  private readonly found = new IndexBuffer()
  private dirty = true

  constructor(private readonly store: BodyStore) {}

  /** Call after bodies were added or removed, or after a change of many. */
  invalidate(): void {
    this.dirty = true
  }

  /** Call after body `slot`'s box changed (it moved or was resized). */
  moved(slot: number): void {
    if (this.dirty) return
    const item = slot < this.itemOf.length ? (this.itemOf[slot] as number) : -1
    if (item < 0) {
      this.dirty = true
      return
    }
    writeSlotBounds(this.bounds, item, this.store, slot)
    if (!this.grid.refile(item)) this.dirty = true
  }

  private rebuild(): void {
    const store = this.store
    const count = store.count
    this.itemOf = ensureCapacity(this.itemOf, store.capacity)
    this.itemOf.fill(-1)
    reserveItemBounds(this.bounds, count)
    this.slots = ensureCapacity(this.slots, count)
    for (let index = 0; index < count; index++) {
      const slot = store.order[index] as number
      this.itemOf[slot] = index
      this.slots[index] = slot
      writeSlotBounds(this.bounds, index, store, slot)
    }
    this.grid.build(this.bounds, count)
    this.dirty = false
  }

  /**
   * Appends to `out` the slots of the bodies whose boxes overlap or touch the box
   * `[minX, maxX] x [minY, maxY]`, in insertion order.
   */
  query(minX: number, minY: number, maxX: number, maxY: number, out: IndexBuffer): void {
    if (this.dirty) this.rebuild()
    this.found.count = 0
    this.grid.query(minX, minY, maxX, maxY, this.found)
    this.appendSlots(out)
  }

  /**
   * {@link BodyIndex.query} for the bounds of `box` swept by `motion` (article 003), for
   * `world.move`, which calls it for every slide and every link of a push: it takes objects,
   * as V8 boxes the doubles passed to a call it does not inline.
   */
  querySwept(box: Rect, motion: Vec2, out: IndexBuffer): void {
    if (this.dirty) this.rebuild()
    this.found.count = 0
    this.grid.querySwept(box, motion, this.found)
    this.appendSlots(out)
  }

  /** The slots of the items found, in insertion order (item order), appended to `out`. */
  private appendSlots(out: IndexBuffer): void {
    const found = this.found
    const items = found.items
    if (found.count > SMALL_SORT) {
      items.subarray(0, found.count).sort()
    } else {
      // Insertion sort: a move's few candidates come in a few ascending runs (one per grid
      // cell), and sorting a subarray would allocate its view on every call.
      for (let k = 1; k < found.count; k++) {
        const item = items[k] as number
        let at = k
        while (at > 0 && (items[at - 1] as number) > item) {
          items[at] = items[at - 1] as number
          at--
        }
        items[at] = item
      }
    }
    for (let k = 0; k < found.count; k++) out.push(this.slots[items[k] as number] as number)
  }
}
