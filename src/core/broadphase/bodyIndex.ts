import type { Rect, Vec2 } from '../geometry/types.js'
import type { BodyStore } from '../world/bodyStore.js'
import { ensureCapacity, IndexBuffer } from './buffers.js'
import { createItemBounds, reserveItemBounds, UniformGrid } from './uniformGrid.js'

/** Up to this many items found are sorted in place by insertion (see `appendSlots`). */
const SMALL_SORT = 32

/**
 * A grid of every body at its current place, for queries and `move`: rebuilt lazily on
 * the first query after anything changed (the step's grids hold swept bounds of one kind
 * of body only).
 */
export class BodyIndex {
  private readonly grid = new UniformGrid()
  private readonly bounds = createItemBounds()
  private slots = new Int32Array(0)
  private readonly found = new IndexBuffer()
  private dirty = true

  constructor(private readonly store: BodyStore) {}

  /** Call after any body was added, removed, moved or resized. */
  invalidate(): void {
    this.dirty = true
  }

  private rebuild(): void {
    const store = this.store
    const count = store.count
    reserveItemBounds(this.bounds, count)
    this.slots = ensureCapacity(this.slots, count)
    for (let index = 0; index < count; index++) {
      const slot = store.order[index] as number
      this.slots[index] = slot
      this.bounds.minX[index] = store.x[slot] as number
      this.bounds.minY[index] = store.y[slot] as number
      this.bounds.maxX[index] = (store.x[slot] as number) + (store.width[slot] as number)
      this.bounds.maxY[index] = (store.y[slot] as number) + (store.height[slot] as number)
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
