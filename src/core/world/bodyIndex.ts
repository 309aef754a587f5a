import type { BodyStore } from './bodyStore.js'
import { ensureCapacity, IndexBuffer } from './buffers.js'
import { createItemBounds, reserveItemBounds, UniformGrid } from './uniformGrid.js'

/**
 * A grid of every body at its current place, for queries and `move`: rebuilt lazily on
 * the first query after anything changed (the step's grids hold swept bounds of one kind
 * of body only).
 */
export class BodyIndex {
  private readonly grid = new UniformGrid()
  private readonly bounds = createItemBounds()
  private slots = new Int32Array(64)
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
    const found = this.found
    found.count = 0
    this.grid.query(minX, minY, maxX, maxY, found)
    found.items.subarray(0, found.count).sort()
    for (let k = 0; k < found.count; k++) out.push(this.slots[found.items[k] as number] as number)
  }
}
