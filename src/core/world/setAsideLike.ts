/**
 * What the layout watch sets aside in the same step as a body that found no free spot
 * (`layoutWatch.ts`, clause 5 of the layout contract): the bodies that search proves have
 * no room either ({@link SetAsideLike.run}). Work is linear in the dynamic bodies and the
 * step's pairs (counting sorts); nothing is allocated once the buffers have grown to the
 * world.
 */
import {
  countsToGroupStarts,
  ensureCapacity,
  IndexBuffer,
  PairBuffer,
  rewindGroupStarts,
} from '../broadphase/buffers.js'
import type { Rect } from '../geometry/types.js'
import type { StepContext } from '../step/context.js'
import { PUSH_SLOP } from '../step/tolerances.js'
import { penetrationDepth } from './bodyStore.js'
import { ON_TRIAL, OVERFLOWING } from './pairCode.js'
import { closedEnclosure, enclosureOf, type Enclosure } from './placeOnLattice.js'
import { keepsApart } from './responseCodes.js'

/** The search of {@link SetAsideLike.run}, with its buffers; one per layout watch. */
export class SetAsideLike {
  /**
   * {@link SetAsideLike.run}'s buffers, by dynamic local index: whether each body
   * shares the failed body's enclosure; each body's deep partners
   * (`partners[partnerStart[k] .. partnerStart[k + 1])`) and the pairs they come from; the
   * candidates, and their order (`rankStart`: a counting sort by partners).
   */
  private enclosed = new Uint8Array(0)
  private partnerStart = new Int32Array(0)
  private partners = new Int32Array(0)
  private readonly deepPairs = new IndexBuffer()
  private readonly candidates = new IndexBuffer()
  private candidateOrder = new Int32Array(0)
  private rankStart = new Int32Array(0)
  /** The enclosure {@link SetAsideLike.enclosedBy} compares, one object for every body. */
  private readonly around: Enclosure = { left: 0, top: 0, right: 0, bottom: 0 }
  /** The watch's late pairs of the step being decided (see {@link SetAsideLike.run}). */
  private late = new PairBuffer()

  constructor(private readonly sim: StepContext) {}

  /**
   * Sets aside, in the same step, what the free-spot search for `failed` (just set aside:
   * no free spot in its enclosure) proves has no room either: bodies at least as wide and
   * as high as `failed`, in the same enclosure, in dynamic pairs the step left overlapping
   * deeper than {@link PUSH_SLOP}. Not all of them: the bodies in most such pairs first (the
   * first in insertion order on ties), each while it has a pair with a body not set aside,
   * until the area set aside covers what the enclosure's bodies exceed `packing` (a
   * fraction, the watch's current target) of its area by. A
   * board shrunk under hundreds of cards thus rests a few decisions after the shrink, with
   * few reports, instead of one card set aside per step (issue #23: a packed board of
   * 2,000 cards shrunk to 60% took hundreds of steps, its set changing every step). The
   * dynamic pairs are the step's and the watch's `late` ones; each body set aside has its
   * count in `stuckSteps` (the watch's, by slot) cleared. True when the overflowing set
   * changed.
   */
  run(failed: number, late: PairBuffer, stuckSteps: Int32Array, packing: number): boolean {
    const sim = this.sim
    this.late = late
    const store = sim.store
    const overflowing = sim.overflowing
    const within = closedEnclosure(sim, failed)
    if (within === null) return false
    // Each loop is the last statement of a method of its own: V8 compiles a hot loop on stack
    // replacement and keeps that code for later calls, and a first loop's code, compiled
    // before the code after it had run, lacked its type feedback and deoptimized in it call
    // after call (this method's loop is its last statement too).
    let excess = this.enclosedExcess(within, packing)
    if (!(excess > 0)) return false
    this.groupDeepPartners()
    const candidates = this.orderCandidates(
      store.width[failed] as number,
      store.height[failed] as number,
    )
    const starts = this.partnerStart
    const partners = this.partners
    const order = this.candidateOrder
    let changed = false
    for (let c = 0; c < candidates && excess > 0; c++) {
      const k = order[c] as number
      const slot = sim.dynamic[k] as number
      let open = false
      for (let e = starts[k] as number; e < (starts[k + 1] as number) && !open; e++) {
        open = overflowing[sim.dynamic[partners[e] as number] as number] !== OVERFLOWING
      }
      if (!open) continue
      changed ||= overflowing[slot] !== ON_TRIAL
      overflowing[slot] = OVERFLOWING
      stuckSteps[slot] = 0
      excess -= (store.width[slot] as number) * (store.height[slot] as number)
    }
    return changed
  }

  /**
   * For {@link SetAsideLike.run}: marks in `enclosed` the dynamic bodies (local
   * indices) not set aside whose enclosure is `within`, and returns what their area exceeds
   * `packing` (a fraction) of `within`'s by.
   */
  private enclosedExcess(within: Rect, packing: number): number {
    const sim = this.sim
    const store = sim.store
    const n = sim.dynamicCount
    const enclosed = (this.enclosed = ensureCapacity(this.enclosed, n))
    let excess = -packing * within.width * within.height
    for (let k = 0; k < n; k++) {
      const slot = sim.dynamic[k] as number
      enclosed[k] = 0
      if (sim.overflowing[slot] === OVERFLOWING || !this.enclosedBy(slot, within)) continue
      enclosed[k] = 1
      excess += (store.width[slot] as number) * (store.height[slot] as number)
    }
    return excess
  }

  /**
   * For {@link SetAsideLike.run}: each dynamic body's deep partners (local indices),
   * `partners[partnerStart[k] .. partnerStart[k + 1])`, in pair order (the step's pairs,
   * then the late ones): the partners in colliding pairs of bodies not set aside that the
   * step left overlapping deeper than {@link PUSH_SLOP} (a counting sort by body).
   */
  private groupDeepPartners(): void {
    const n = this.sim.dynamicCount
    const starts = (this.partnerStart = ensureCapacity(this.partnerStart, n + 1))
    starts.fill(0, 0, n + 1)
    this.countDeepPairs()
    countsToGroupStarts(starts, n)
    this.partners = ensureCapacity(this.partners, 2 * this.deepPairs.count)
    this.fillPartners()
    rewindGroupStarts(starts, n)
  }

  /**
   * {@link SetAsideLike.groupDeepPartners}' count: lists the deep pairs (indices over the
   * step's pairs, then the late ones) in `deepPairs` and counts each body's in `partnerStart`.
   */
  private countDeepPairs(): void {
    const sim = this.sim
    const overflowing = sim.overflowing
    const pairs = sim.pairs
    const late = this.late
    const pairTotal = pairs.count + late.count
    const starts = this.partnerStart
    const deep = this.deepPairs
    deep.count = 0
    deep.reserve(pairTotal)
    for (let p = 0; p < pairTotal; p++) {
      const listed = p < pairs.count
      const q = listed ? p : p - pairs.count
      const i = (listed ? pairs.a : late.a)[q] as number
      const j = (listed ? pairs.b : late.b)[q] as number
      const a = sim.dynamic[i] as number
      const b = sim.dynamic[j] as number
      // The late pairs are colliding ones already (findLatePairs).
      if (listed && !keepsApart(sim.pairCodes[p] as number)) continue
      if (overflowing[a] === OVERFLOWING || overflowing[b] === OVERFLOWING) continue
      // Pairs the push-out still pushes, deep or not: a board squeezed to a hair under
      // STUCK_DEPTH in every pair never rests either.
      if (penetrationDepth(sim.store, a, b) <= PUSH_SLOP) continue
      deep.items[deep.count++] = p
      starts[i + 1] = (starts[i + 1] as number) + 1
      starts[j + 1] = (starts[j + 1] as number) + 1
    }
  }

  /** {@link SetAsideLike.groupDeepPartners}' fill: each deep pair's bodies listed as each other's partners. */
  private fillPartners(): void {
    const sim = this.sim
    const pairs = sim.pairs
    const late = this.late
    const deep = this.deepPairs
    const starts = this.partnerStart
    const partners = this.partners
    for (let d = 0; d < deep.count; d++) {
      const p = deep.items[d] as number
      const listed = p < pairs.count
      const q = listed ? p : p - pairs.count
      const i = (listed ? pairs.a : late.a)[q] as number
      const j = (listed ? pairs.b : late.b)[q] as number
      partners[starts[i] as number] = j
      starts[i] = (starts[i] as number) + 1
      partners[starts[j] as number] = i
      starts[j] = (starts[j] as number) + 1
    }
  }

  /**
   * For {@link SetAsideLike.run}: lists in `candidateOrder`, and counts, the bodies
   * with deep partners at least `width` wide and `height` high in the enclosure
   * (`enclosed`): those in most deep pairs first, then in insertion order (local indices).
   */
  private orderCandidates(width: number, height: number): number {
    const most = this.listCandidates(width, height)
    this.rankStart = ensureCapacity(this.rankStart, most + 1)
    this.candidateOrder = ensureCapacity(this.candidateOrder, this.candidates.count)
    this.rankStart.fill(0, 0, most + 1)
    this.countRanks(most)
    countsToGroupStarts(this.rankStart, most)
    this.placeByRank(most)
    return this.candidates.count
  }

  /**
   * {@link SetAsideLike.orderCandidates}' list: the candidates in insertion order, into
   * `candidates`; returns the most deep partners one has.
   */
  private listCandidates(width: number, height: number): number {
    const sim = this.sim
    const store = sim.store
    const n = sim.dynamicCount
    const starts = this.partnerStart
    const enclosed = this.enclosed
    const candidates = this.candidates
    candidates.count = 0
    candidates.reserve(n)
    let most = 0
    for (let k = 0; k < n; k++) {
      const partnerCount = (starts[k + 1] as number) - (starts[k] as number)
      const slot = sim.dynamic[k] as number
      if (
        partnerCount === 0 ||
        enclosed[k] === 0 ||
        (store.width[slot] as number) < width ||
        (store.height[slot] as number) < height
      ) {
        continue
      }
      candidates.items[candidates.count++] = k
      if (partnerCount > most) most = partnerCount
    }
    return most
  }

  /**
   * {@link SetAsideLike.orderCandidates}' counting sort, step 1: the candidates of each rank
   * (`most` less the partner count), in `rankStart`.
   */
  private countRanks(most: number): void {
    const starts = this.partnerStart
    const candidates = this.candidates
    const rankStart = this.rankStart
    for (let c = 0; c < candidates.count; c++) {
      const k = candidates.items[c] as number
      const rank = most - ((starts[k + 1] as number) - (starts[k] as number))
      rankStart[rank + 1] = (rankStart[rank + 1] as number) + 1
    }
  }

  /**
   * {@link SetAsideLike.orderCandidates}' counting sort, step 3: each candidate placed in
   * `candidateOrder` at its rank's next place, stable in the list's order.
   */
  private placeByRank(most: number): void {
    const starts = this.partnerStart
    const candidates = this.candidates
    const rankStart = this.rankStart
    const order = this.candidateOrder
    for (let c = 0; c < candidates.count; c++) {
      const k = candidates.items[c] as number
      const rank = most - ((starts[k + 1] as number) - (starts[k] as number))
      order[rankStart[rank] as number] = k
      rankStart[rank] = (rankStart[rank] as number) + 1
    }
  }

  /**
   * Whether dynamic `slot`'s enclosure (`closedEnclosure`) is `within` (a closed
   * one), compared as that rectangle, without building it: equal finite sides and sizes
   * imply a closed enclosure.
   */
  private enclosedBy(slot: number, within: Rect): boolean {
    const sim = this.sim
    const { left, top, right, bottom } = enclosureOf(
      sim,
      slot,
      sim.solid,
      sim.solidCount,
      this.around,
    )
    return (
      left === within.x &&
      top === within.y &&
      right - left === within.width &&
      bottom - top === within.height
    )
  }
}
