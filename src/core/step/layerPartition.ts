/**
 * The bodies of a crowded scan sorted by layers (issue #23, bounded cost). A body's
 * partners are only the bodies whose layer and mask meet its own (`layersCollide`), but a
 * grid gives every body whose box overlaps its box: in a crowd on layers that ignore each
 * other (2,000 bodies at one spot on 8 layers, or a crowd that collides with nothing), a
 * body's scan met thousands of boxes and skipped them one by one, n^2 tests for a crowd of
 * n. Here the bodies are sorted into classes, one per distinct layer and mask among them,
 * with one grid per class, and a scan visits only the grids of the classes that meet its
 * body's class. A body the layout watch set aside as overflowing is classed as on no layer
 * (its dynamic pairs are ignored). Past {@link LAYER_CLASSES} classes, the further bodies
 * share one class that meets every class (the pair code still decides each pair), so a
 * scan visits at most that many grids plus one. With a single class that meets itself (a
 * world without layers), the scan is the caller's grid, as it is: no grid is built.
 *
 * The classes are numbered in the order their first bodies come, and a scan visits them in
 * that order, each class's items as its grid gives them. Nothing is allocated once the
 * grids and buffers have grown to the largest crowd and the most classes met.
 */
import { ensureCapacity, groupByKey } from '../broadphase/buffers.js'
import {
  createItemBounds,
  reserveItemBounds,
  UniformGrid,
  type ItemBounds,
  type OverlapVisitor,
} from '../broadphase/uniformGrid.js'
import { layersCollide } from '../world/bodyStore.js'
import { OVERFLOWING } from '../world/pairCode.js'
import type { StepContext } from './context.js'
import { LAYER_CLASSES } from './tolerances.js'

/** Forwards a class grid's items to a scan's visitor as the partition's items. */
class ClassItems implements OverlapVisitor {
  visitor: OverlapVisitor | undefined = undefined
  /** The partition's items by class, and where the class being visited starts. */
  members = new Int32Array(0)
  first = 0

  meet(j: number): boolean {
    return (this.visitor as OverlapVisitor).meet(this.members[this.first + j] as number)
  }
}

/** A partition of items by layer class, one per scan of crowds (see the file's comment). */
export class LayerPartition {
  /** Classes found: each one's layer and mask, and whether class a meets class b (`a * count + b`). */
  private classCount = 0
  private readonly classLayer = new Uint32Array(LAYER_CLASSES)
  private readonly classMask = new Uint32Array(LAYER_CLASSES)
  private readonly meets = new Uint8Array((LAYER_CLASSES + 1) * (LAYER_CLASSES + 1))
  /** Each item's class, and its index among its class's items. */
  private classOf = new Int32Array(0)
  private localOf = new Int32Array(0)
  /** The items by class: class c's from `memberStart[c]` to `memberStart[c + 1]`. */
  private readonly memberStart = new Int32Array(LAYER_CLASSES + 2)
  private members = new Int32Array(0)
  /** Each class's bounds and grid (grown as more classes are met, never shrunk). */
  private readonly classBounds: ItemBounds[] = []
  private readonly grids: UniformGrid[] = []
  /** The caller's grid when it is the scan (one class that meets itself), else undefined. */
  private whole: UniformGrid | undefined = undefined
  /** The items' bounds, as given to {@link LayerPartition.build}. */
  private bounds: ItemBounds | undefined = undefined
  private readonly relay = new ClassItems()

  /**
   * Sorts items `0 .. count)`, the dynamic bodies `slots[k]` with bounds `bounds` (which
   * `grid` indexes), into layer classes, and builds the grid of each class that some class
   * meets.
   */
  build(
    sim: StepContext,
    slots: Int32Array,
    count: number,
    bounds: ItemBounds,
    grid: UniformGrid,
  ): void {
    const { layer, mask } = sim.store
    const overflowing = sim.overflowing
    this.bounds = bounds
    const classOf = (this.classOf = ensureCapacity(this.classOf, count))
    let classCount = 0
    let shared = false
    let last = -1
    for (let k = 0; k < count; k++) {
      const slot = slots[k] as number
      // Set aside: on no layer, so its class meets none.
      const aside = overflowing[slot] === OVERFLOWING
      const bodyLayer = aside ? 0 : (layer[slot] as number)
      const bodyMask = aside ? 0 : (mask[slot] as number)
      // Neighbours in insertion order are mostly of one class: the last one is tried first.
      let found =
        last >= 0 && this.classLayer[last] === bodyLayer && this.classMask[last] === bodyMask
          ? last
          : -1
      for (let c = 0; found < 0 && c < classCount; c++) {
        if (this.classLayer[c] === bodyLayer && this.classMask[c] === bodyMask) found = c
      }
      if (found < 0 && classCount < LAYER_CLASSES) {
        this.classLayer[classCount] = bodyLayer
        this.classMask[classCount] = bodyMask
        found = classCount++
      }
      if (found >= 0) last = found
      shared ||= found < 0
      // The shared class is numbered after the others, once they are all found.
      classOf[k] = found
    }
    const sharedClass = classCount
    const classes = classCount + Number(shared)
    this.classCount = classes
    for (let a = 0; a < classes; a++) {
      for (let b = 0; b < classes; b++) {
        this.meets[a * classes + b] = Number(
          a === sharedClass ||
            b === sharedClass ||
            layersCollide(
              this.classLayer[a] as number,
              this.classMask[a] as number,
              this.classLayer[b] as number,
              this.classMask[b] as number,
            ),
        )
      }
    }
    if (classes === 1 && this.meets[0] === 1) {
      this.whole = grid
      return
    }
    this.whole = undefined
    // The bodies past LAYER_CLASSES classes share the last one.
    for (let k = 0; k < count; k++) if ((classOf[k] as number) < 0) classOf[k] = sharedClass
    const starts = this.memberStart
    const members = (this.members = ensureCapacity(this.members, count))
    groupByKey(classOf, count, classes, starts, members)
    const localOf = (this.localOf = ensureCapacity(this.localOf, count))
    for (let c = 0; c < classes; c++) {
      for (let at = starts[c] as number; at < (starts[c + 1] as number); at++) {
        localOf[members[at] as number] = at - (starts[c] as number)
      }
    }
    for (let c = 0; c < classes; c++) {
      const first = starts[c] as number
      const size = (starts[c + 1] as number) - first
      if (!this.metByAny(c)) continue
      while (this.grids.length <= c) {
        this.grids.push(new UniformGrid())
        this.classBounds.push(createItemBounds())
      }
      const own = this.classBounds[c] as ItemBounds
      reserveItemBounds(own, size)
      for (let q = 0; q < size; q++) {
        const k = members[first + q] as number
        own.minX[q] = bounds.minX[k] as number
        own.minY[q] = bounds.minY[k] as number
        own.maxX[q] = bounds.maxX[k] as number
        own.maxY[q] = bounds.maxY[k] as number
      }
      ;(this.grids[c] as UniformGrid).build(own, size)
    }
  }

  /** Whether some class meets class `c` (else no scan visits its grid). */
  private metByAny(c: number): boolean {
    for (let a = 0; a < this.classCount; a++) {
      if (this.meets[a * this.classCount + c] === 1) return true
    }
    return false
  }

  /**
   * Calls `visitor.meet(j)` for every item `j` other than `i` whose bounds overlap item
   * `i`'s and whose class meets `i`'s, until it returns true (as
   * `UniformGrid.visitOverlaps`); true when the visitor stopped the scan.
   */
  visitOverlaps(i: number, visitor: OverlapVisitor): boolean {
    if (this.whole !== undefined) return this.whole.visitOverlaps(i, visitor)
    const classes = this.classCount
    const own = this.classOf[i] as number
    const relay = this.relay
    relay.visitor = visitor
    relay.members = this.members
    for (let c = 0; c < classes; c++) {
      if (this.meets[own * classes + c] === 0) continue
      relay.first = this.memberStart[c] as number
      const skip = c === own ? (this.localOf[i] as number) : -1
      const grid = this.grids[c] as UniformGrid
      if (grid.visitItem(this.bounds as ItemBounds, i, skip, relay)) return true
    }
    return false
  }
}
