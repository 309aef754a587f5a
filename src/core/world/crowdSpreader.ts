/**
 * Spreads crowds by placement, before the step (issue #23, bounded cost: "spread them by
 * placement"). Only an add or an update (a place or size set by the caller) makes a crowd:
 * a move never deepens an overlap (layout contract, clause 1), and the step's push-out
 * leaves overlaps shallow. So before a fixed step that follows adds or updates, the
 * spreader looks at the dynamic bodies that arrived: when one of them covers, or is covered
 * by, more than {@link CROWD_LIMIT} dynamic bodies (over more than {@link CROWD_COVER} of
 * the smaller one's area, deeper than {@link STUCK_DEPTH}: thousands of cards
 * added at one spot, one huge card over many small ones), the crowd is placed at once by
 * `LatticePlacement`, in O(cells + n log n), instead of being pushed apart a few dozen
 * bodies per step (`step/crowd.ts`) over hundreds of steps of 20 push-out rounds each.
 *
 * Which bodies move: a hub is a body in more than {@link CROWD_LIMIT} such overlaps.
 * A hub is kept, in insertion order, when it overlaps no hub kept before it so deeply; the
 * other hubs move, and so do the bodies that are not hubs and overlap a kept hub (the
 * small cards under a huge one). So a crowd at one spot keeps its first body where it was
 * added, the others placed around it, and a huge card keeps its place while the cards
 * under it move out. Each body is
 * placed inside its enclosure (`enclosureOf`, among the static bodies of the store),
 * around the batch's centroid; a body the lattice has no cell for stays, for the step (the
 * crowd stage bounds its cost) and the layout watch.
 *
 * Work is bounded by counters, never by time: a body's scan stops after
 * {@link SCAN_MEETS} partners, so a body counts as a hub only when that many of its
 * first partners show it. A body on a hub kept before it moves without a count of its own
 * (it moves whether it is a hub or not), so a crowd at one spot costs about one partner met
 * per body; a twin of the body before it (the same box and layers, `CrowdSpreader.twins`)
 * that moves moves with no scan at all, and takes its enclosure, so a crowd added at one
 * spot in one box costs the scans of its first two bodies, whatever its size. Nothing is
 * allocated once the spreader's buffers have grown to the world.
 */
import { ensureCapacity, groupByKey, IndexBuffer } from '../broadphase/buffers.js'
import { writeSlotBounds } from '../broadphase/bodyIndex.js'
import {
  createItemBounds,
  reserveItemBounds,
  UniformGrid,
  type OverlapVisitor,
} from '../broadphase/uniformGrid.js'
import type { StepContext } from '../step/context.js'
import { LayerPartition } from '../step/layerPartition.js'
import { CROWD_COVER, CROWD_LIMIT, STUCK_DEPTH } from '../step/tolerances.js'
import { DYNAMIC, overlapAlongX, overlapAlongY, STATIC } from './bodyStore.js'
import { dynamicPairCode } from './pairCode.js'
import { enclosureOf, LatticePlacement, type Enclosure } from './placeOnLattice.js'
import { keepsApart } from './responseCodes.js'

/** Most partners one body's scan visits (a count): the spreader's work per body. */
const SCAN_MEETS = 8 * CROWD_LIMIT

/** What a {@link PartnerScan} counts: any partner, a kept hub before the body, any kept hub. */
const DEEP = 0
const KEPT_HUBS_BEFORE = 1
const KEPT_HUBS = 2

/** A body's role in a spread (`CrowdSpreader.role`): it moves; a kept hub; neither yet. */
const MOVES = 0
const KEPT_HUB = 1
const PLAIN = 2

/**
 * One body's scan of its partners in the grid of the dynamic bodies' boxes: counts the
 * partners it covers or is covered by ({@link CrowdSpreader.deeplyOverlap}), of the kind
 * its mode names, and stops once it has counted `enough` or met {@link SCAN_MEETS}.
 */
class PartnerScan implements OverlapVisitor {
  private k = 0
  private mode = DEEP
  private enough = 0
  private met = 0
  private found = 0

  constructor(private readonly spreader: CrowdSpreader) {}

  count(k: number, mode: number, enough: number): number {
    this.k = k
    this.mode = mode
    this.enough = enough
    this.met = 0
    this.found = 0
    this.spreader.classes.visitOverlaps(k, this)
    return this.found
  }

  meet(j: number): boolean {
    const spreader = this.spreader
    this.met++
    spreader.partnersMet++
    const counted =
      this.mode === DEEP ||
      (spreader.role[j] === KEPT_HUB && (this.mode === KEPT_HUBS || j < this.k))
    if (counted && spreader.deeplyOverlap(this.k, j)) this.found++
    return this.found >= this.enough || this.met >= SCAN_MEETS
  }
}

/** The crowd spreader of one world (see the file's comment); owned by its layout watch. */
export class CrowdSpreader {
  /** Slots added or updated since the last step, once each. */
  private readonly arrivals = new IndexBuffer()
  private arrived = new Uint8Array(64)
  /** The dynamic bodies (slots) in insertion order, and each slot's index among them (-1: none). */
  private dynamic = new Int32Array(64)
  private localOf = new Int32Array(64)
  /** How many of `dynamic` the last spread listed. */
  private dynamicCount = 0
  /** The static bodies (slots) in insertion order, for the enclosures. */
  private statics = new Int32Array(64)
  /** How many of `statics` the last spread listed. */
  private staticCount = 0
  /** The dynamic bodies' boxes and their grid. */
  private readonly boxes = createItemBounds()
  private readonly grid = new UniformGrid()
  /** The dynamic bodies by layer class: a scan visits only partners whose layers meet. */
  readonly classes = new LayerPartition()
  /**
   * Each dynamic body's role ({@link MOVES}, {@link KEPT_HUB} or {@link PLAIN}), set in
   * insertion order: a scan reads the roles of the bodies before the one scanned, and of all
   * once every role is set.
   */
  role = new Uint8Array(64)
  private readonly scan = new PartnerScan(this)
  /** The bodies (slots) to place, in insertion order. */
  private readonly batch = new IndexBuffer()
  /**
   * Each batch body's enclosure (an index into `bounds`, four sides per enclosure), the
   * batch grouped by enclosure (`grouped`, each group from `groupStart[group]`), and one
   * enclosure at a time.
   */
  private groupOf = new Int32Array(64)
  private bounds = new Float64Array(64)
  private groupStart = new Int32Array(64)
  private grouped = new Int32Array(64)
  private readonly within: Enclosure = { left: 0, top: 0, right: 0, bottom: 0 }
  private readonly placement = new LatticePlacement()

  /** Partners the scans of the last {@link CrowdSpreader.spread} met: its work (for tests of its bound). */
  partnersMet = 0

  constructor(private readonly sim: StepContext) {}

  /** Notes that `slot` was added or updated: the next {@link CrowdSpreader.spread} looks at it. */
  note(slot: number): void {
    this.arrived = ensureCapacity(this.arrived, slot + 1)
    if (this.arrived[slot] === 1) return
    this.arrived[slot] = 1
    this.arrivals.push(slot)
  }

  /**
   * Whether dynamic bodies `k` and `j` (local indices) collide and overlap deeper than
   * {@link STUCK_DEPTH} over more than {@link CROWD_COVER} of the smaller one's area: one
   * card stacked on another, a small card under a huge one; not a thin bar across cards,
   * which the push-out moves apart in a few steps.
   */
  deeplyOverlap(k: number, j: number): boolean {
    const a = this.dynamic[k < j ? k : j] as number
    const b = this.dynamic[k < j ? j : k] as number
    const code = dynamicPairCode(this.sim, a, b)
    if (!keepsApart(code)) return false
    const store = this.sim.store
    const { width, height } = store
    const overlapX = overlapAlongX(store, a, b)
    const overlapY = overlapAlongY(store, a, b)
    const smaller = Math.min(
      (width[a] as number) * (height[a] as number),
      (width[b] as number) * (height[b] as number),
    )
    return Math.min(overlapX, overlapY) > STUCK_DEPTH && overlapX * overlapY > CROWD_COVER * smaller
  }

  /**
   * Before a fixed step: places the crowds the arrivals since the last step made (see the
   * file's comment). True when it moved bodies (the body index is then stale). Each loop
   * is a method of its own whose loop is its last statement (README, "Hot paths").
   */
  spread(): boolean {
    this.partnersMet = 0
    if (this.arrivals.count === 0) return false
    const store = this.sim.store
    this.dynamic = ensureCapacity(this.dynamic, store.count)
    this.statics = ensureCapacity(this.statics, store.count)
    this.localOf = ensureCapacity(this.localOf, store.capacity)
    this.localOf.fill(-1)
    this.listBodies()
    const count = this.dynamicCount
    // Only solids arrived (a wall moved): the step separates bodies from solids.
    if (!this.takeArrivals()) {
      this.arrivals.count = 0
      return false
    }
    const boxes = this.boxes
    reserveItemBounds(boxes, count)
    this.writeBoxes(count)
    this.grid.build(boxes, count)
    this.classes.build(this.sim, this.dynamic, count, boxes, this.grid)
    const crowd = this.arrivalMakesCrowd()
    this.arrivals.count = 0
    if (!crowd) return false
    this.role = ensureCapacity(this.role, count)
    this.assignRoles(count)
    const batch = this.batch
    batch.count = 0
    batch.reserve(count)
    this.listMovers(count)
    if (batch.count === 0) return false
    this.placeByEnclosure(this.staticCount)
    return true
  }

  /**
   * Lists the dynamic bodies in `dynamic` (their count in `dynamicCount`, each slot's index
   * in `localOf`) and the static ones in `statics` (`staticCount`), in insertion order.
   */
  private listBodies(): void {
    const store = this.sim.store
    this.dynamicCount = 0
    this.staticCount = 0
    for (let index = 0; index < store.count; index++) {
      const slot = store.order[index] as number
      if (store.kind[slot] === STATIC) this.statics[this.staticCount++] = slot
      if (store.kind[slot] !== DYNAMIC) continue
      this.localOf[slot] = this.dynamicCount
      this.dynamic[this.dynamicCount++] = slot
    }
  }

  /** Clears the arrivals' marks; true when a dynamic body is among them. */
  private takeArrivals(): boolean {
    let arrivedDynamic = false
    for (let a = 0; a < this.arrivals.count; a++) {
      const slot = this.arrivals.items[a] as number
      arrivedDynamic ||= (this.localOf[slot] as number) >= 0
      this.arrived[slot] = 0
    }
    return arrivedDynamic
  }

  /** The boxes of the first `count` dynamic bodies into `boxes`. */
  private writeBoxes(count: number): void {
    for (let k = 0; k < count; k++) {
      writeSlotBounds(this.boxes, k, this.sim.store, this.dynamic[k] as number)
    }
  }

  /** Whether an arrived dynamic body deeply overlaps more than {@link CROWD_LIMIT} others. */
  private arrivalMakesCrowd(): boolean {
    let crowd = false
    for (let a = 0; a < this.arrivals.count && !crowd; a++) {
      const k = this.localOf[this.arrivals.items[a] as number] as number
      crowd = k >= 0 && this.scan.count(k, DEEP, CROWD_LIMIT + 1) > CROWD_LIMIT
    }
    return crowd
  }

  /**
   * Each dynamic body's role, in insertion order: a body on a hub kept before it moves, hub
   * or not; else a hub is kept. So only a body on no kept hub has its deep overlaps counted:
   * in a crowd at one spot, only the first (a scan of CROWD_LIMIT + 1 partners), where
   * counting every body's took CROWD_LIMIT + 1 deep tests each. A body that is the twin of
   * the one before it, which moves, moves too without a scan: the kept hub that one's scan
   * found lies before this one too, and this one's scan meets the same partners in the same
   * order up to it (see CrowdSpreader.twins). In a crowd added at one spot that is every
   * body but the first two.
   */
  private assignRoles(count: number): void {
    const role = this.role
    for (let k = 0; k < count; k++) {
      const twinMoves = k > 0 && role[k - 1] === MOVES && this.twins(k - 1, k)
      if (twinMoves || this.scan.count(k, KEPT_HUBS_BEFORE, 1) > 0) role[k] = MOVES
      else role[k] = this.scan.count(k, DEEP, CROWD_LIMIT + 1) > CROWD_LIMIT ? KEPT_HUB : PLAIN
    }
  }

  /**
   * The bodies to place into `batch`, in insertion order: those that move, and those that
   * are not hubs but lie on a kept hub (one kept after them too).
   */
  private listMovers(count: number): void {
    const role = this.role
    for (let k = 0; k < count; k++) {
      const moves = role[k] === MOVES || (role[k] === PLAIN && this.scan.count(k, KEPT_HUBS, 1) > 0)
      if (moves) this.batch.push(this.dynamic[k] as number)
    }
  }

  /**
   * Places the batch on one lattice per enclosure (each body's, among the first
   * `staticCount` of `statics`), the enclosures in the order their first bodies come, each
   * one's bodies in the batch's order. A body's enclosure is looked up among those found
   * before it: they are few, one per compartment of the board that a crowd lies in.
   */
  private placeByEnclosure(staticCount: number): void {
    const { batch, within } = this
    const n = batch.count
    const groupOf = (this.groupOf = ensureCapacity(this.groupOf, n))
    const localOf = this.localOf
    let groupCount = 0
    for (let b = 0; b < n; b++) {
      const slot = batch.items[b] as number
      // A twin of the body before it has its enclosure (a function of its centre and of
      // the statics its layers meet): its group, without a scan of the statics.
      const previous = b > 0 ? (batch.items[b - 1] as number) : -1
      if (previous >= 0 && this.twins(localOf[previous] as number, localOf[slot] as number)) {
        groupOf[b] = groupOf[b - 1] as number
        continue
      }
      enclosureOf(this.sim, slot, this.statics, staticCount, within)
      let group = 0
      while (group < groupCount && !this.sameEnclosure(group, within)) group++
      if (group === groupCount) {
        this.bounds = ensureCapacity(this.bounds, 4 * (groupCount + 1))
        this.bounds[4 * group] = within.left
        this.bounds[4 * group + 1] = within.top
        this.bounds[4 * group + 2] = within.right
        this.bounds[4 * group + 3] = within.bottom
        groupCount++
      }
      groupOf[b] = group
    }
    const starts = (this.groupStart = ensureCapacity(this.groupStart, groupCount + 1))
    const grouped = (this.grouped = ensureCapacity(this.grouped, n))
    groupByKey(groupOf, n, groupCount, starts, grouped, batch.items)
    const store = this.sim.store
    for (let group = 0; group < groupCount; group++) {
      within.left = this.bounds[4 * group] as number
      within.top = this.bounds[4 * group + 1] as number
      within.right = this.bounds[4 * group + 2] as number
      within.bottom = this.bounds[4 * group + 3] as number
      // The group's bodies, copied over the batch (no longer needed) in place of a view.
      const first = starts[group] as number
      const size = (starts[group + 1] as number) - first
      for (let q = 0; q < size; q++) batch.items[q] = grouped[first + q] as number
      // Bodies set aside as overflowing may be overlapped (as by a relocation of the watch).
      this.placement.place(store, batch.items, size, within, this.sim.overflowing)
    }
  }

  /**
   * Whether dynamic bodies `a` and `b` (local indices) are twins: the same box, layer, mask
   * and response and the same overflow state, in a world without a pair filter. Every pair
   * code of one is then that of the other with the same partner, so its deep overlaps, its
   * scans (over the same cells, in the same order) and its enclosure are the other's.
   */
  private twins(a: number, b: number): boolean {
    if (this.sim.settings.filter !== undefined) return false
    const slotA = this.dynamic[a] as number
    const slotB = this.dynamic[b] as number
    const { store, overflowing } = this.sim
    return (
      store.x[slotA] === store.x[slotB] &&
      store.y[slotA] === store.y[slotB] &&
      store.width[slotA] === store.width[slotB] &&
      store.height[slotA] === store.height[slotB] &&
      store.layer[slotA] === store.layer[slotB] &&
      store.mask[slotA] === store.mask[slotB] &&
      store.response[slotA] === store.response[slotB] &&
      // The watch grows `overflowing` after the first step: a slot beyond it overflows not.
      (overflowing[slotA] ?? 0) === (overflowing[slotB] ?? 0)
    )
  }

  /** Whether enclosure number `group` of the batch being placed is `within`. */
  private sameEnclosure(group: number, within: Enclosure): boolean {
    const bounds = this.bounds
    return (
      bounds[4 * group] === within.left &&
      bounds[4 * group + 1] === within.top &&
      bounds[4 * group + 2] === within.right &&
      bounds[4 * group + 3] === within.bottom
    )
  }
}
