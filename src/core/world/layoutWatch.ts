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
 * set aside again without a new report. A body set aside takes with it the stuck bodies
 * its search proves have no room either (`setAsideLike.ts`). The overflowing set is
 * reported once the layout has settled, when it differs from the last report.
 */
import { ensureCapacity, IndexBuffer, PairBuffer } from '../broadphase/buffers.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import { createItemBounds, reserveItemBounds } from '../broadphase/uniformGrid.js'
import type { Rect } from '../geometry/types.js'
import type { StepContext } from '../step/context.js'
import {
  FREE_SPOT_SEARCHES,
  OVERFLOW_PACKING,
  PACKING_BACKOFF,
  PUSH_SLOP,
  STUCK_DEPTH,
  STUCK_SECONDS,
} from '../step/tolerances.js'
import { penetrationDepth, type BodyStore } from './bodyStore.js'
import { findFreeSpot, FreeSpotScratch } from './findFreeSpot.js'
import { CrowdSpreader } from './crowdSpreader.js'
import { returnedInLastStep } from '../step/guard.js'
import { leftSearchBox, overlapsSolidDeeperThan, searchBoxesMeeting } from '../step/pairs.js'
import { dynamicPairCode, ON_TRIAL, OVERFLOWING } from './pairCode.js'
import { closedEnclosure } from './placeOnLattice.js'
import { SetAsideLike } from './setAsideLike.js'
import { keepsApart } from './responseCodes.js'
import type { BodyId } from './types.js'

/**
 * Whether dynamic bodies `i` and `j` (local indices) end the step stuck: deeper than
 * {@link STUCK_DEPTH}, or deeper than {@link PUSH_SLOP} with one of them held where it
 * started by the step's guard (`step/guard.ts`): the push-out could not separate them
 * without making another overlap, and the guard's bodies do not move, so no cycle shows it.
 */
function stuckBetween(sim: StepContext, i: number, j: number): boolean {
  const depth = penetrationDepth(sim.store, sim.dynamic[i] as number, sim.dynamic[j] as number)
  if (depth > STUCK_DEPTH) return true
  return depth > PUSH_SLOP && (returnedInLastStep(sim, i) || returnedInLastStep(sim, j))
}

/** A scan's finding: the body overlaps a solid deeper than {@link STUCK_DEPTH}. */
const STUCK_IN_SOLID = 2

/** What `LayoutWatch.scanBodies` finds in one step. */
class BodyScan {
  /** Whether the overflowing set changed. */
  changed = false
  /**
   * The bodies (slots) stuck longest among those stuck now in dynamic pairs, longest first,
   * the first {@link BodyScan.stuckCount} of them ({@link FREE_SPOT_SEARCHES} at most): on
   * ties, one the step's guard returned (`step/guard.ts`) first, then the last added (the
   * card that came to a full place, not the one it came at).
   */
  readonly longestStuck = new Int32Array(FREE_SPOT_SEARCHES)
  /** Each of {@link BodyScan.longestStuck}'s rank: twice its steps stuck in a row, plus 1 when the guard returned it. */
  private readonly ranks = new Int32Array(FREE_SPOT_SEARCHES)
  /** How many of {@link BodyScan.longestStuck} are listed; 0 when no dynamic pair is stuck. */
  stuckCount = 0
  /** Free-spot searches made after this step ({@link FREE_SPOT_SEARCHES} at most). */
  searches = 0
  /** Whether a body stuck in a dynamic pair is back where it was two steps ago (a cycle). */
  cycleSeen = false

  /** Empties the scan for the next step. */
  clear(): void {
    this.changed = false
    this.stuckCount = 0
    this.searches = 0
    this.cycleSeen = false
  }

  /**
   * Lists stuck `slot` of rank `rank` among {@link BodyScan.longestStuck}, before the bodies
   * listed with a rank as high (it was scanned later), when it ranks among the first.
   */
  rankStuck(slot: number, rank: number): void {
    const listed = this.longestStuck
    const ranks = this.ranks
    let at = this.stuckCount
    while (at > 0 && (ranks[at - 1] as number) <= rank) at--
    if (at === FREE_SPOT_SEARCHES) return
    const last = Math.min(this.stuckCount, FREE_SPOT_SEARCHES - 1)
    for (let m = last; m > at; m--) {
      listed[m] = listed[m - 1] as number
      ranks[m] = ranks[m - 1] as number
    }
    listed[at] = slot
    ranks[at] = rank
    this.stuckCount = last + 1
  }

  /**
   * Keeps in {@link BodyScan.longestStuck}, in order, only the bodies that overlap no body
   * kept before them: a body relocated or set aside may free the bodies it overlaps, so
   * deciding those too in the same step could move cards that had room.
   */
  keepApartOnes(store: BodyStore): void {
    const listed = this.longestStuck
    let kept = 0
    for (let m = 0; m < this.stuckCount; m++) {
      const slot = listed[m] as number
      let apart = true
      for (let q = 0; q < kept && apart; q++) {
        apart = penetrationDepth(store, slot, listed[q] as number) <= 0
      }
      if (apart) listed[kept++] = slot
    }
    this.stuckCount = kept
  }
}

/** The layout watch of one world (see the file's comment). */
export class LayoutWatch {
  /** Steps in a row each slot ended stuck, by slot. */
  private stuckSteps = new Int32Array(64)
  /** Steps in a row each slot on trial ended apart, by slot. */
  private calmSteps = new Int32Array(64)
  /** Each slot's finding in the current scan: 0, 1 (stuck) or {@link STUCK_IN_SOLID}. */
  private stuckNow = new Uint8Array(64)
  /**
   * Each slot's position (its extents' corner) after the last step and the one before it
   * (where the caller put it counts as a step's), NaN when not known: a stuck body back
   * where it was two steps ago,
   * having moved in between, is in a cycle of the push-out (see {@link afterStep}).
   */
  private lastX = new Float64Array(64).fill(Number.NaN)
  private lastY = new Float64Array(64).fill(Number.NaN)
  private twoStepsAgoX = new Float64Array(64).fill(Number.NaN)
  private twoStepsAgoY = new Float64Array(64).fill(Number.NaN)
  /** The overflowing ids (set aside or on trial) now, in insertion order. */
  private current: readonly BodyId[] = Object.freeze([])
  /** The overflowing ids as last reported (the `overflow` event). */
  private reported: readonly BodyId[] = Object.freeze([])
  /** Steps in a row that ended with some dynamic pair stuck. */
  private stuckRun = 0
  /**
   * The packing density {@link SetAsideLike.run} keeps a full enclosure to: OVERFLOW_PACKING
   * after a change of the layout or a step with nothing stuck, times PACKING_BACKOFF after
   * each decision since that set a card aside.
   */
  private packing = OVERFLOW_PACKING
  /** What {@link LayoutWatch.scanBodies} found in the last step. */
  private readonly scan = new BodyScan()
  /** Set when the layout changed (a body added, removed, resized or moved by a caller). */
  private layoutChanged = false
  /** Set when a removal shrank the report: the next step announces the new set. */
  private reportOwed = false
  /** Set when the overflowing set changed since the last report: reported once settled. */
  private reportDue = false
  /** Places the crowds that adds and updates make, before the step (see {@link CrowdSpreader}). */
  private readonly spreader: CrowdSpreader
  /**
   * Dynamic pairs (local indices, the earlier first) that overlap after the step deeper than
   * {@link PUSH_SLOP} but were not among the step's pairs (see {@link LayoutWatch.findLatePairs}).
   */
  private readonly latePairs = new PairBuffer()
  /** One body's box after the step, as the grid's queries take it, and what they find. */
  private readonly finalBox = createItemBounds()
  private readonly near = new IndexBuffer()
  /** The bodies set aside with one that found no free spot. */
  private readonly setAsideLike: SetAsideLike
  /** The buffers of the free-spot searches of {@link LayoutWatch.relocate}. */
  private readonly freeSpot = new FreeSpotScratch()

  constructor(
    private readonly sim: StepContext,
    private readonly index: BodyIndex,
  ) {
    this.spreader = new CrowdSpreader(sim)
    this.setAsideLike = new SetAsideLike(sim)
    reserveItemBounds(this.finalBox, 1)
  }

  /** The overflowing ids, in insertion order (a frozen array, replaced when the set changes). */
  get overflowing(): readonly BodyId[] {
    return this.current
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
    this.forgetPlaces(slot)
    // Where the caller put it is its place before the next step: back there two steps on,
    // having moved in between, it is in a cycle already.
    if (slot < this.lastX.length) {
      this.lastX[slot] = this.sim.store.x[slot] as number
      this.lastY[slot] = this.sim.store.y[slot] as number
    }
  }

  /** Forgets where `slot`'s body was: a body placed by the caller, or removed, starts a new history. */
  private forgetPlaces(slot: number): void {
    if (slot >= this.lastX.length) return
    this.lastX[slot] = Number.NaN
    this.lastY[slot] = Number.NaN
    this.twoStepsAgoX[slot] = Number.NaN
    this.twoStepsAgoY[slot] = Number.NaN
  }

  /** Runs before each fixed step: spreads the crowds that adds and updates made. */
  beforeStep(): void {
    if (this.spreader.spread()) this.index.invalidate()
  }

  /**
   * Whether the watch still has to step: a change is noted, a pair is stuck, or a body is on
   * trial. A stuck pair is decided and a trial ends only after steps (`STUCK_SECONDS`), so
   * the world is not idle until then: a board that stops stepping when its world is idle
   * would otherwise leave a card the guard holds in place (it does not move) overlapping for
   * ever, or a card that found room reported as overflowing.
   */
  get busy(): boolean {
    return this.layoutChanged || this.stuckRun > 0 || this.onTrial()
  }

  /** Whether a dynamic body is on trial. */
  private onTrial(): boolean {
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
    this.forgetPlaces(slot)
    if (slot >= this.sim.overflowing.length || this.sim.overflowing[slot] === 0) return
    this.sim.overflowing[slot] = 0
    const store = this.sim.store
    this.reported = Object.freeze(this.reported.filter((id) => store.slot(id) >= 0))
    this.refresh()
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
    if (this.lastX.length < store.capacity) this.growPlaces(store.capacity)
    sim.overflowing = ensureCapacity(sim.overflowing, store.capacity)
    // Dynamic pairs of the step (local indices) and each dynamic body's solid candidates,
    // each scan a method whose loop is its last statement: V8 compiles a hot loop on stack
    // replacement and keeps that code for later calls, and the first scan's code, compiled
    // before the late pairs' scan had run, lacked its type feedback and deoptimized in it
    // step after step.
    this.markStuckPairs()
    this.markStuckLatePairs(this.findLatePairs())
    this.markStuckInSolids()
    const patience = Math.max(1, Math.ceil(STUCK_SECONDS / h))
    this.scanBodies(patience)
    const scan = this.scan
    let changed = scan.changed
    // Decisions among the dynamic overlaps once the step has left one for STUCK_SECONDS in
    // a row (or a cycle shows). Counted for the layout, not for each body: a row one card
    // too long for its board passes its overlap along the row, each card stuck for a step
    // or two at a time, and would never come to rest.
    this.stuckRun = scan.stuckCount === 0 ? 0 : this.stuckRun + 1
    if (this.stuckRun === 0 || this.layoutChanged) this.packing = OVERFLOW_PACKING
    if (scan.cycleSeen || this.stuckRun >= patience) changed = this.decideLongestStuck() || changed
    if (this.layoutChanged) {
      this.layoutChanged = false
      this.putOverflowingOnTrial()
    }
    const owed = this.reportOwed
    this.reportOwed = false
    if (changed) this.refresh()
    this.reportDue ||= changed
    // The set ({@link LayoutWatch.overflowing}, current at every step) is reported once the
    // layout has settled: nothing stuck in a dynamic pair and nothing on trial. A shrunk
    // board decides hundreds of cards over a few steps, and its cards on trial leave one by
    // one: reported as they went, the app heard of it at every step.
    if (!this.reportDue || this.stuckRun > 0 || this.onTrial()) return owed
    this.reportDue = false
    return this.report() || owed
  }

  /**
   * The watch of each dynamic body after a step, into {@link LayoutWatch.scan}: its place
   * two steps back, how long it has been stuck or calm, the bodies wedged in a solid decided
   * at once, the one stuck longest in a dynamic pair named, and whether a cycle shows. Its
   * loop is its last statement, and what it finds goes to `scan`, not to locals read after
   * it: V8 keeps the code it compiles on stack replacement for a hot loop, and code after
   * the loop that had not run when it compiled deoptimized it after every step (README,
   * "Hot paths").
   */
  private scanBodies(patience: number): void {
    const sim = this.sim
    const store = sim.store
    const stuckNow = this.stuckNow
    const overflowing = sim.overflowing
    const scan = this.scan
    scan.clear()
    // Whether a body stuck in a dynamic pair is in a cycle: back where it was two steps ago
    // (within PUSH_SLOP: the push-out's sums round), having moved in between by more than
    // that (a card squeezed between two pinned cards, pushed out of one into the other and
    // back; a card 1 px too high for its slot went 0.5 px up and down for ever, 1 px and
    // 0.5 px deep in turn, so it was never stuck deeper than STUCK_DEPTH two steps in a
    // row). The step is deterministic, so the layout would cycle until the watch
    // decides: it decides now, as it would after STUCK_SECONDS (the body stuck longest), not
    // after a quarter second of flicker. Not while the step holds a crowd (step/crowd.ts):
    // it admits more of it every step, so the steps differ and a body back in place is no
    // cycle.
    const cyclesShow = sim.heldCount === 0
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      const stuck = stuckNow[slot] as number
      const x = store.x[slot] as number
      const y = store.y[slot] as number
      if (
        stuck === 1 &&
        cyclesShow &&
        !scan.cycleSeen &&
        overflowing[slot] !== OVERFLOWING &&
        Math.abs(x - (this.twoStepsAgoX[slot] as number)) <= PUSH_SLOP &&
        Math.abs(y - (this.twoStepsAgoY[slot] as number)) <= PUSH_SLOP &&
        Math.abs(x - (this.lastX[slot] as number)) + Math.abs(y - (this.lastY[slot] as number)) >
          PUSH_SLOP
      ) {
        scan.cycleSeen = true
      }
      this.twoStepsAgoX[slot] = this.lastX[slot] as number
      this.twoStepsAgoY[slot] = this.lastY[slot] as number
      this.lastX[slot] = x
      this.lastY[slot] = y
      if (stuck !== 0) {
        stuckNow[slot] = 0
        if (overflowing[slot] === OVERFLOWING) continue
        this.calmSteps[slot] = 0
        const steps = (this.stuckSteps[slot] as number) + 1
        this.stuckSteps[slot] = steps
        // Wedged in a solid the step found no way out of (bounds and statics are hard):
        // decided at once, within the step's FREE_SPOT_SEARCHES (the rest next step). A body
        // its enclosure cannot hold (an open side, or larger than it) is set aside with no
        // search, so it spends none of them: four cards wider than their board kept a card
        // added into a wall there for a step.
        if (stuck === STUCK_IN_SOLID) {
          const within = this.holdingEnclosure(slot)
          if (within === null || scan.searches < FREE_SPOT_SEARCHES) {
            if (within !== null) scan.searches++
            scan.changed = this.decide(slot, within) || scan.changed
          }
        } else {
          // Among bodies stuck as long, one the guard held where it started (it was pushed
          // toward a place it could not take) before one that only has it in the way.
          scan.rankStuck(slot, 2 * steps + Number(returnedInLastStep(sim, k)))
        }
      } else {
        this.stuckSteps[slot] = 0
        if (overflowing[slot] !== ON_TRIAL) continue
        const calm = (this.calmSteps[slot] as number) + 1
        this.calmSteps[slot] = calm
        // Apart for as long as it takes to decide: it fits now.
        if (calm >= patience) {
          overflowing[slot] = 0
          scan.changed = true
        }
      }
    }
  }

  /**
   * Decides among the bodies stuck longest in dynamic pairs ({@link BodyScan.longestStuck})
   * those that overlap none listed before them, within the step's
   * {@link FREE_SPOT_SEARCHES}; true when the overflowing set changed. The first is
   * relocated or set aside ({@link LayoutWatch.decide}). Set aside, it takes with it the
   * stuck bodies as large beyond the packing the push-out has shown it can reach in its
   * enclosure (`SetAsideLike`), lowers that packing for the run's next set-aside (a board
   * still stuck after a batch is packed too densely for the push-out), and ends the step's
   * decisions. Relocated, the others take a free spot when there is one and wait when there
   * is none: one set-aside a step at most, since the push-out may make room for them as it
   * packs what the relocations leave (setting each aside made more cards overflow on shrunk
   * boards). Several relocations a step, not one: a board shrunk under 2,000 cards leaves
   * hundreds stuck, and one a step kept it from resting for a second after the shrink.
   */
  private decideLongestStuck(): boolean {
    const scan = this.scan
    const overflowing = this.sim.overflowing
    scan.keepApartOnes(this.sim.store)
    if (scan.stuckCount === 0 || scan.searches >= FREE_SPOT_SEARCHES) return false
    const longest = scan.longestStuck[0] as number
    const within = this.holdingEnclosure(longest)
    if (within !== null) scan.searches++
    let changed = this.decide(longest, within)
    if (overflowing[longest] === OVERFLOWING) {
      changed =
        this.setAsideLike.run(longest, this.latePairs, this.stuckSteps, this.packing) || changed
      this.packing *= PACKING_BACKOFF
      return changed
    }
    for (let m = 1; m < scan.stuckCount && scan.searches < FREE_SPOT_SEARCHES; m++) {
      const slot = scan.longestStuck[m] as number
      const room = this.holdingEnclosure(slot)
      if (room === null) continue
      scan.searches++
      const before = overflowing[slot]
      if (this.relocateStuck(slot, room)) changed = before !== 0 || changed
    }
    return changed
  }

  /**
   * After a layout change, puts the overflowing bodies on trial: the step may now push them
   * into room the change made (a board grown, a card removed); they stay reported until
   * they fit.
   */
  private putOverflowingOnTrial(): void {
    const sim = this.sim
    const overflowing = sim.overflowing
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      if (overflowing[slot] !== OVERFLOWING) continue
      overflowing[slot] = ON_TRIAL
      this.calmSteps[slot] = 0
    }
  }

  /** Marks in `stuckNow` the bodies of the step's colliding pairs deeper than {@link STUCK_DEPTH}. */
  private markStuckPairs(): void {
    const sim = this.sim
    const stuckNow = this.stuckNow
    const pairs = sim.pairs
    for (let p = 0; p < pairs.count; p++) {
      const a = sim.dynamic[pairs.a[p] as number] as number
      const b = sim.dynamic[pairs.b[p] as number] as number
      const code = sim.pairCodes[p] as number
      if (!keepsApart(code)) continue
      if (stuckBetween(sim, pairs.a[p] as number, pairs.b[p] as number)) {
        stuckNow[a] = 1
        stuckNow[b] = 1
      }
    }
  }

  /** Marks in `stuckNow` the bodies of the late pairs ({@link LayoutWatch.findLatePairs}) deeper than {@link STUCK_DEPTH}. */
  private markStuckLatePairs(late: PairBuffer): void {
    const sim = this.sim
    const stuckNow = this.stuckNow
    for (let p = 0; p < late.count; p++) {
      const a = sim.dynamic[late.a[p] as number] as number
      const b = sim.dynamic[late.b[p] as number] as number
      if (stuckBetween(sim, late.a[p] as number, late.b[p] as number)) {
        stuckNow[a] = 1
        stuckNow[b] = 1
      }
    }
  }

  /**
   * Marks in `stuckNow` as {@link STUCK_IN_SOLID} the dynamic bodies not set aside that
   * overlap one of their solid candidates deeper than {@link STUCK_DEPTH}.
   */
  private markStuckInSolids(): void {
    const sim = this.sim
    const stuckNow = this.stuckNow
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      if (sim.overflowing[slot] === OVERFLOWING) continue
      if (overlapsSolidDeeperThan(sim, k, STUCK_DEPTH)) stuckNow[slot] = STUCK_IN_SOLID
    }
  }

  /**
   * The dynamic pairs that overlap deeper than {@link PUSH_SLOP} after the step although the
   * step's broadphase did not list them: a push-out that moves a body beyond the bounds its
   * pairs were found in (a row of cards longer than its board, pushed from both walls,
   * slides cards across neighbours two places away) leaves overlaps with bodies it never
   * paired. Its own pairs all end apart, so a watch that read only them saw nothing stuck,
   * and such a board moved cards by tens of px every step for ever (400 cards of 20 px on a
   * board shrunk from 447 to 268 px wide). Only the bodies whose box ends outside their
   * broadphase bounds are looked at (the step's guard lists them, `step/guard.ts`), each by
   * one query of the step's dynamic grid with its final box, so a step whose bodies stayed
   * within their bounds costs nothing here. A partner that escaped its bounds too is found when its bounds meet this box, or
   * in a later step. Not in a step that held a crowd: the crowd stage bounds that step's
   * pairs (`step/crowd.ts`), and its held bodies did not move. A step whose pair list was cut
   * short but that held no body is looked at: the crowd stage listed every pair of its
   * admitted bodies, all of them, so this costs no more than that (an overfull board whose
   * overflowing cards lie in a heap has its list cut short at every step, and its kept
   * cards, pushed past one another, cycled for ever unseen). Allocates nothing.
   */
  private findLatePairs(): PairBuffer {
    const sim = this.sim
    const late = this.latePairs
    late.count = 0
    if (sim.heldCount > 0) return late
    const near = this.near
    // The guard's list of the bodies out of their search boxes; one it returned, or settle
    // snapped back, is inside again.
    const escaped = sim.scratch.escaped
    for (let e = 0; e < escaped.count; e++) {
      const k = escaped.items[e] as number
      const slot = sim.dynamic[k] as number
      if (!leftSearchBox(sim, k) || sim.overflowing[slot] === OVERFLOWING) continue
      near.count = 0
      searchBoxesMeeting(sim, k, this.finalBox, near)
      for (let q = 0; q < near.count; q++) {
        const j = near.items[q] as number
        if (j === k) continue
        const first = k < j ? k : j
        const second = k < j ? j : k
        const code = dynamicPairCode(
          sim,
          sim.dynamic[first] as number,
          sim.dynamic[second] as number,
        )
        if (!keepsApart(code)) continue
        if (penetrationDepth(sim.store, slot, sim.dynamic[j] as number) > PUSH_SLOP)
          late.push(first, second)
      }
    }
    return late
  }

  /** Grows the position histories to `capacity` slots, the new ones unknown (NaN). */
  private growPlaces(capacity: number): void {
    const known = this.lastX.length
    this.lastX = ensureCapacity(this.lastX, capacity).fill(Number.NaN, known)
    this.lastY = ensureCapacity(this.lastY, capacity).fill(Number.NaN, known)
    this.twoStepsAgoX = ensureCapacity(this.twoStepsAgoX, capacity).fill(Number.NaN, known)
    this.twoStepsAgoY = ensureCapacity(this.twoStepsAgoY, capacity).fill(Number.NaN, known)
  }

  /**
   * Relocates stuck dynamic `slot` inside `within` ({@link LayoutWatch.relocate}; its
   * {@link LayoutWatch.holdingEnclosure}) or, when there is none or no free spot in it, sets
   * it aside as overflowing; true when the overflowing set changed.
   */
  private decide(slot: number, within: Rect | null): boolean {
    const overflowing = this.sim.overflowing
    const before = overflowing[slot]
    if (within !== null && this.relocateStuck(slot, within)) return before !== 0
    this.stuckSteps[slot] = 0
    overflowing[slot] = OVERFLOWING
    return before !== ON_TRIAL
  }

  /**
   * Relocates stuck dynamic `slot` inside `within` ({@link LayoutWatch.relocate}): it is
   * no longer stuck nor overflowing. False, and nothing changed, when there is no free spot.
   */
  private relocateStuck(slot: number, within: Rect): boolean {
    if (!this.relocate(slot, within)) return false
    this.stuckSteps[slot] = 0
    this.sim.overflowing[slot] = 0
    return true
  }

  /**
   * Dynamic `slot`'s enclosure (`closedEnclosure`) when it is closed and at least
   * as large as the body, else null: where a free-spot search for it may succeed.
   */
  private holdingEnclosure(slot: number): Rect | null {
    const store = this.sim.store
    const within = closedEnclosure(this.sim, slot)
    if (within === null) return null
    const fits =
      (store.width[slot] as number) <= within.width &&
      (store.height[slot] as number) <= within.height
    return fits ? within : null
  }

  /**
   * Moves dynamic `slot` to the nearest free spot inside `within` (its
   * {@link LayoutWatch.holdingEnclosure}), its velocity zeroed. False when there is none.
   */
  private relocate(slot: number, within: Rect): boolean {
    const store = this.sim.store
    const width = store.width[slot] as number
    const height = store.height[slot] as number
    const id = store.ids[slot] as BodyId
    this.index.invalidate()
    const spot = findFreeSpot(
      store,
      this.index,
      { width, height },
      { x: store.x[slot] as number, y: store.y[slot] as number },
      { within, ignore: [id, ...this.setAside()] },
      this.freeSpot,
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
   * The ids of the bodies set aside now (overflowing, not on trial), which a relocation may
   * overlap. A body on trial is pushed as any other and holds its place: a relocation onto
   * it only moved the overlap (a shrunk board of 2,000 cards relocated one card a step onto
   * cards on trial for hundreds of steps, the overflowing set changing each time). Read
   * from the slots, not from the last report: a body removed since that report is gone from
   * the store and must not be named.
   */
  private setAside(): BodyId[] {
    const sim = this.sim
    const ids: BodyId[] = []
    for (let k = 0; k < sim.dynamicCount; k++) {
      const slot = sim.dynamic[k] as number
      if (sim.overflowing[slot] === OVERFLOWING) ids.push(sim.store.ids[slot] as BodyId)
    }
    return ids
  }

  /**
   * Rebuilds {@link LayoutWatch.overflowing} (a new frozen array when the set changed) and
   * `sim.overflowCount`, which the step reads.
   */
  private refresh(): void {
    const sim = this.sim
    const store = sim.store
    const ids: BodyId[] = []
    for (let index = 0; index < store.count; index++) {
      const slot = store.order[index] as number
      if (sim.overflowing[slot] !== 0) ids.push(store.ids[slot] as BodyId)
    }
    sim.overflowCount = ids.length
    if (!sameIds(ids, this.current)) this.current = Object.freeze(ids)
  }

  /** Reports {@link LayoutWatch.overflowing}: true when it differs from the last report. */
  private report(): boolean {
    if (sameIds(this.current, this.reported)) return false
    this.reported = this.current
    return true
  }
}

/** Whether two lists of ids are equal, in order. */
function sameIds(a: readonly BodyId[], b: readonly BodyId[]): boolean {
  return a.length === b.length && a.every((id, k) => id === b[k])
}
