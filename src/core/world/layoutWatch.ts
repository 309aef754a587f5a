/**
 * The layout watch: the world-level pass after each fixed step that keeps "every layout
 * change settles" (README, "The layout contract"; issue #23). The step pushes overlapping
 * bodies apart locally (articles 000, 002); when it cannot (a column of cards taller than
 * its board, a card wedged between a static panel and a wall), a pair stays overlapping and
 * the push-out moves it back and forth every step for ever. The watch counts, for each
 * dynamic body, the steps in a row it ends overlapping a body by more than
 * {@link STUCK_DEPTH}; after {@link STUCK_SECONDS} it moves the body to the nearest free
 * spot inside its enclosure (`findFreeSpot`), or, when there is none, marks it
 * overflowing: pairs with an overflowing body are ignored by the step (it rests where it
 * is, overlapping, and nothing flickers). A later change of the layout puts it on trial:
 * the step pushes it again, and it stops overflowing once it ends apart for as long, or is
 * set aside again without a new report. The overflowing set is reported when it changes.
 */
import { ensureCapacity } from '../broadphase/buffers.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import type { Rect } from '../geometry/types.js'
import type { StepContext } from '../step/context.js'
import { FREE_SPOT_SEARCHES, STUCK_DEPTH, STUCK_SECONDS } from '../step/tolerances.js'
import { findFreeSpot } from './findFreeSpot.js'
import { CrowdSpreader } from './crowdSpreader.js'
import { OVERFLOWING, pairCode } from './pairCode.js'
import { enclosureOf } from './placeOnLattice.js'
import { CROSS, IGNORE } from './responseCodes.js'
import type { BodyId } from './types.js'

/** How deep the interiors of slots `a` and `b` overlap: the smaller axis overlap (<= 0: apart). */
function depthBetween(sim: StepContext, a: number, b: number): number {
  const { x, y, width, height } = sim.store
  const overlapX =
    Math.min((x[a] as number) + (width[a] as number), (x[b] as number) + (width[b] as number)) -
    Math.max(x[a] as number, x[b] as number)
  const overlapY =
    Math.min((y[a] as number) + (height[a] as number), (y[b] as number) + (height[b] as number)) -
    Math.max(y[a] as number, y[b] as number)
  return Math.min(overlapX, overlapY)
}

/**
 * `StepContext.overflowing`: the body overflowed and the layout changed since: the step
 * treats it as any body, and it stays reported until it ends apart for `STUCK_SECONDS`.
 */
export const ON_TRIAL = 2

/** A scan's finding: the body overlaps a solid deeper than {@link STUCK_DEPTH}. */
const STUCK_IN_SOLID = 2

/** The layout watch of one world (see the file's comment). */
export class LayoutWatch {
  /** Steps in a row each slot ended stuck, by slot. */
  private stuckSteps = new Int32Array(64)
  /** Steps in a row each slot on trial ended apart, by slot. */
  private calmSteps = new Int32Array(64)
  /** Each slot's finding in the current scan: 0, 1 (stuck) or {@link STUCK_IN_SOLID}. */
  private stuckNow = new Uint8Array(64)
  /** The overflowing ids, in insertion order, as last reported. */
  private reported: readonly BodyId[] = Object.freeze([])
  /** Steps in a row that ended with some dynamic pair stuck. */
  private stuckRun = 0
  /** Set when the layout changed (a body added, removed, resized or moved by a caller). */
  private layoutChanged = false
  /** Set when a removal shrank the report: the next step announces the new set. */
  private reportOwed = false
  /** Places the crowds that adds and updates make, before the step (see {@link CrowdSpreader}). */
  private readonly spreader: CrowdSpreader

  constructor(
    private readonly sim: StepContext,
    private readonly index: BodyIndex,
  ) {
    this.spreader = new CrowdSpreader(sim)
  }

  /** The overflowing ids, in insertion order (a frozen array, replaced when the set changes). */
  get overflowing(): readonly BodyId[] {
    return this.reported
  }

  /** Notes a change of the layout: overflowing bodies are tried again after the next step. */
  noteChange(): void {
    this.layoutChanged = true
  }

  /**
   * Notes that `slot` was added, or updated by the caller (a place or size set): before the
   * next step, crowds it made are spread by placement ({@link CrowdSpreader}).
   */
  noteArrival(slot: number): void {
    this.spreader.note(slot)
  }

  /** Runs before each fixed step: spreads the crowds that adds and updates made. */
  beforeStep(): void {
    if (this.spreader.spread()) this.index.invalidate()
  }

  /**
   * Whether the watch still has to step: a change is noted, or a body is on trial. A trial
   * ends only after steps (apart for `STUCK_SECONDS`, or stuck again), so the world is not
   * idle until then: a board that stops stepping when its world is idle would otherwise
   * leave a card that found room reported as overflowing for ever.
   */
  get busy(): boolean {
    if (this.layoutChanged) return true
    const sim = this.sim
    if (sim.overflowCount === 0) return false
    // A scan, not a count: a body on trial that stops being dynamic (a type change) leaves
    // the trial without a step of the watch, and must not keep the world busy.
    for (let k = 0; k < sim.dynamicCount; k++) {
      if (sim.overflowing[sim.dynamic[k] as number] === ON_TRIAL) return true
    }
    return false
  }

  /**
   * Forgets slot `slot`, whose body was just deleted from the store (the slot may be
   * reused). A removed body that was reported leaves the report at once, and the next step
   * reports the smaller set.
   */
  forget(slot: number): void {
    if (slot < this.stuckSteps.length) this.stuckSteps[slot] = 0
    if (slot >= this.sim.overflowing.length || this.sim.overflowing[slot] === 0) return
    this.sim.overflowing[slot] = 0
    const store = this.sim.store
    this.reported = Object.freeze(this.reported.filter((id) => store.slot(id) >= 0))
    this.sim.overflowCount = this.reported.length
    this.reportOwed = true
  }

  /**
   * Runs after each fixed step of `h` seconds. Returns true when the overflowing set
   * changed (then {@link LayoutWatch.overflowing} holds the new one), for the world's
   * `overflow` event. Allocates nothing while no body is stuck and nothing overflows.
   */
  afterStep(h: number): boolean {
    const sim = this.sim
    const store = sim.store
    this.stuckSteps = ensureCapacity(this.stuckSteps, store.capacity)
    this.stuckNow = ensureCapacity(this.stuckNow, store.capacity)
    this.calmSteps = ensureCapacity(this.calmSteps, store.capacity)
    sim.overflowing = ensureCapacity(sim.overflowing, store.capacity)
    const stuckNow = this.stuckNow
    // Dynamic pairs of the step (local indices) and each dynamic body's solid candidates.
    const pairs = sim.pairs
    for (let p = 0; p < pairs.count; p++) {
      const a = sim.dynamic[pairs.a[p] as number] as number
      const b = sim.dynamic[pairs.b[p] as number] as number
      const code = sim.pairCodes[p] as number
      if (code === IGNORE || code === CROSS) continue
      if (depthBetween(sim, a, b) > STUCK_DEPTH) {
        stuckNow[a] = 1
        stuckNow[b] = 1
      }
    }
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      if (sim.overflowing[slot] === OVERFLOWING) continue
      const begin = sim.candidateStart[k] as number
      const end = sim.candidateStart[k + 1] as number
      for (let c = begin; c < end; c++) {
        const solid = sim.solid[sim.candidates.items[c] as number] as number
        const code = pairCode(sim, slot, solid)
        if (code === IGNORE || code === CROSS) continue
        if (depthBetween(sim, slot, solid) > STUCK_DEPTH) {
          stuckNow[slot] = STUCK_IN_SOLID
          break
        }
      }
    }
    const patience = Math.max(1, Math.ceil(STUCK_SECONDS / h))
    const overflowing = sim.overflowing
    let changed = false
    // The body stuck longest among those stuck now in dynamic pairs (the first on ties).
    let longest = -1
    let longestSteps = 0
    // Free-spot searches made after this step (FREE_SPOT_SEARCHES at most).
    let searches = 0
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      const stuck = stuckNow[slot] as number
      if (stuck !== 0) {
        stuckNow[slot] = 0
        if (overflowing[slot] === OVERFLOWING) continue
        this.calmSteps[slot] = 0
        const steps = (this.stuckSteps[slot] as number) + 1
        this.stuckSteps[slot] = steps
        // Wedged in a solid the step found no way out of (bounds and statics are hard):
        // decided at once, within the step's FREE_SPOT_SEARCHES (the rest next step).
        if (stuck === STUCK_IN_SOLID) {
          if (searches < FREE_SPOT_SEARCHES) {
            searches++
            changed = this.decide(slot) || changed
          }
        } else if (steps > longestSteps) {
          longest = slot
          longestSteps = steps
        }
      } else {
        this.stuckSteps[slot] = 0
        if (overflowing[slot] !== ON_TRIAL) continue
        const calm = (this.calmSteps[slot] as number) + 1
        this.calmSteps[slot] = calm
        // Apart for as long as it takes to decide: it fits now.
        if (calm >= patience) {
          overflowing[slot] = 0
          changed = true
        }
      }
    }
    // One decision a step among the dynamic overlaps, once the step has left one for
    // STUCK_SECONDS in a row: a body relocated or set aside may free the others. Counted
    // for the layout, not for each body: a row one card too long for its board passes its
    // overlap along the row, each card stuck for a step or two at a time, and would never
    // come to rest.
    this.stuckRun = longest < 0 ? 0 : this.stuckRun + 1
    if (this.stuckRun >= patience && searches < FREE_SPOT_SEARCHES) {
      changed = this.decide(longest) || changed
    }
    if (this.layoutChanged) {
      this.layoutChanged = false
      // Overflowing bodies are put on trial: the step may now push them into room the
      // change made (a board grown, a card removed); they stay reported until they fit.
      for (let k = 0; k < sim.dynamicCount; k++) {
        const slot = sim.dynamic[k] as number
        if (overflowing[slot] !== OVERFLOWING) continue
        overflowing[slot] = ON_TRIAL
        this.calmSteps[slot] = 0
      }
    }
    const owed = this.reportOwed
    this.reportOwed = false
    return (changed && this.report()) || owed
  }

  /**
   * Relocates stuck dynamic `slot` ({@link LayoutWatch.relocate}) or sets it aside as
   * overflowing; true when the overflowing set changed.
   */
  private decide(slot: number): boolean {
    const overflowing = this.sim.overflowing
    this.stuckSteps[slot] = 0
    const before = overflowing[slot]
    overflowing[slot] = 0
    if (this.relocate(slot)) return before !== 0
    overflowing[slot] = OVERFLOWING
    return before !== ON_TRIAL
  }

  /**
   * Moves dynamic `slot` to the nearest free spot inside its enclosure (see
   * {@link LayoutWatch.enclosure}), its velocity zeroed. False when there is none.
   */
  private relocate(slot: number): boolean {
    const store = this.sim.store
    const within = this.enclosure(slot)
    const width = store.width[slot] as number
    const height = store.height[slot] as number
    if (within === null || width > within.width || height > within.height) return false
    const id = store.ids[slot] as BodyId
    this.index.invalidate()
    const spot = findFreeSpot(
      store,
      this.index,
      { width, height },
      { x: store.x[slot] as number, y: store.y[slot] as number },
      { within, ignore: [id, ...this.setAside()] },
    )
    if (spot === null) return false
    store.x[slot] = spot.x
    store.y[slot] = spot.y
    store.velocityX[slot] = 0
    store.velocityY[slot] = 0
    store.moved[slot] = 1
    this.index.invalidate()
    return true
  }

  /**
   * The ids of the bodies set aside now (overflowing or on trial), which a relocation may
   * overlap. Read from the slots, not from the last report: a body removed since that
   * report is gone from the store and must not be named.
   */
  private setAside(): BodyId[] {
    const sim = this.sim
    const ids: BodyId[] = []
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      if (sim.overflowing[slot] !== 0) ids.push(sim.store.ids[slot] as BodyId)
    }
    return ids
  }

  /**
   * The board around dynamic `slot` ({@link enclosureOf}, among the solids the last step
   * indexed) as a rectangle; null when a side is open.
   */
  private enclosure(slot: number): Rect | null {
    const { left, top, right, bottom } = enclosureOf(
      this.sim,
      slot,
      this.sim.solid,
      this.sim.solidCount,
    )
    if (![left, right, top, bottom].every(Number.isFinite)) return null
    return { x: left, y: top, width: right - left, height: bottom - top }
  }

  /** Rebuilds {@link LayoutWatch.overflowing}; true when it differs from the last one. */
  private report(): boolean {
    const sim = this.sim
    const store = sim.store
    const ids: BodyId[] = []
    for (let index = 0; index < store.count; index++) {
      const slot = store.order[index] as number
      if (sim.overflowing[slot] !== 0) ids.push(store.ids[slot] as BodyId)
    }
    sim.overflowCount = ids.length
    const before = this.reported
    if (ids.length === before.length && ids.every((id, k) => id === before[k])) return false
    this.reported = Object.freeze(ids)
    return true
  }
}
