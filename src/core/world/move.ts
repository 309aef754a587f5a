import { createSweepHit, slideInto, sweepInto } from '../geometry/index.js'
import type { Rect, SweepHit, Vec2 } from '../geometry/types.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import { CROSS, loadRect, ownCorner } from './bodyStore.js'
import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
import { IGNORE, pairCode } from './pairCode.js'
import type { StepContext as Simulation } from '../step/context.js'
import type { MoveResult, PushedBody } from './types.js'

/** Most slides of one move (bump.lua's loop: each hit turns the rest into a slide). */
const MAX_SLIDES = 8
/** Longest chain of bodies one push may shove. */
const MAX_CHAIN = 64

const mover: Rect = { x: 0, y: 0, width: 0, height: 0 }
const obstacle: Rect = { x: 0, y: 0, width: 0, height: 0 }
const motion: Vec2 = { x: 0, y: 0 }
const still: Vec2 = { x: 0, y: 0 }
const hit = createSweepHit()
/** Where {@link Move.place} puts a body (an object: see {@link Move.pushChain}). */
const destination: Vec2 = { x: 0, y: 0 }

/**
 * Whether a sweep that hit (`sweep`, of the mover by `motion`) stops the motion, at
 * `sweep.time`. The invariant a move keeps: it never deepens the overlap of any pair. A
 * pair whose interiors already overlap, by any amount (a solver's 1e-5 px residue as much
 * as a card added on top of another), is a contact whose normal is the penetration
 * direction (the shortest way out, article 002): motion with a part against that normal
 * is stopped at once (time 0), and motion along or away from it passes. That motion cannot
 * deepen the pair: the overlap along the normal's axis, the smaller of the two, does not
 * grow, and the pair's depth is at most it. Touching and moving in is a hit at time 0 as
 * any sweep hit is. No depth threshold: a tolerance would let a shallow overlap be passed
 * through (issue #23).
 */
function stops(sweep: SweepHit, motion: Vec2): boolean {
  if (!sweep.overlapping) return true
  return motion.x * sweep.normal.x + motion.y * sweep.normal.y < 0
}

/**
 * `world.move`: a body moves toward a goal through a world whose other bodies are at their
 * current places. One instance per world, reused by every call ({@link begin}), so a drag
 * that moves a body every frame allocates only its result.
 */
export class Move {
  /** Bodies moved by the current call, each once, so they can be flagged and found at their new places. */
  readonly displaced = new IndexBuffer()
  /** Where each of {@link displaced} was before the call (parallel to it). */
  private displacedFromX = new Float64Array(64)
  private displacedFromY = new Float64Array(64)
  /** The call that last displaced each slot ({@link call}), so a slot is listed once per call. */
  private displacedIn = new Int32Array(0)
  private call = 0
  private readonly candidates = new IndexBuffer()
  private seen = new Uint32Array(0)
  private stamp = 0
  /** The candidates of every link of the current push chain, each link's above its caller's. */
  private chainCandidates = new Int32Array(64)
  /** 1 for a candidate its link has already measured and pushed (parallel to `chainCandidates`). */
  private chainDone = new Uint8Array(64)
  /** Where the next link's candidates go in `chainCandidates`. */
  private chainTop = 0
  /** Each link's amount to move, then how far it moved, by chain depth ({@link pushChain}). */
  private readonly chainAmount = new Float64Array(MAX_CHAIN + 2)
  /** What stopped or deflected the mover in the current call, first hit first. */
  hits: MoveResult['hits'] = []

  constructor(
    private readonly sim: Simulation,
    private readonly index: BodyIndex,
  ) {}

  /** Starts a call: forgets the previous call's displaced bodies and hits. */
  begin(): void {
    this.displaced.count = 0
    this.call++
    this.hits = []
  }

  /**
   * The bodies other than `moverSlot` that the current call displaced, for
   * `MoveResult.pushed`: their own boxes' corners (the store's extents less its margin).
   */
  pushedBy(moverSlot: number): PushedBody[] {
    const store = this.sim.store
    const margin = store.margin
    const pushed: PushedBody[] = []
    for (let k = 0; k < this.displaced.count; k++) {
      const slot = this.displaced.items[k] as number
      if (slot === moverSlot) continue
      pushed.push({
        id: store.ids[slot] as string,
        from: {
          x: ownCorner(this.displacedFromX[k] as number, margin),
          y: ownCorner(this.displacedFromY[k] as number, margin),
        },
        to: {
          x: ownCorner(store.x[slot] as number, margin),
          y: ownCorner(store.y[slot] as number, margin),
        },
      })
    }
    return pushed
  }

  /**
   * Slots that may be in the way of `mover` moving by `delta`: the index's answer for the
   * swept box, plus the bodies this move already displaced that are in it now (the index
   * still holds their old places), each once. (The motion comes in an object: V8 boxes the
   * doubles passed to a call it does not inline.)
   */
  private gather(delta: Vec2): void {
    const store = this.sim.store
    if (this.seen.length < store.capacity) this.seen = new Uint32Array(store.capacity)
    const stamp = ++this.stamp
    const dx = delta.x
    const dy = delta.y
    const minX = dx < 0 ? mover.x + dx : mover.x
    const minY = dy < 0 ? mover.y + dy : mover.y
    const maxX = (dx > 0 ? mover.x + dx : mover.x) + mover.width
    const maxY = (dy > 0 ? mover.y + dy : mover.y) + mover.height
    const list = this.candidates
    list.count = 0
    this.index.querySwept(mover, delta, list)
    for (let k = 0; k < list.count; k++) this.seen[list.items[k] as number] = stamp
    const { x, y, width, height } = store
    for (let k = 0; k < this.displaced.count; k++) {
      const slot = this.displaced.items[k] as number
      if (this.seen[slot] === stamp) continue
      this.seen[slot] = stamp
      // Only those in the swept box at their new places: a sweep cannot meet the others,
      // and a long push displaces hundreds of bodies (each of its steps gathers).
      if (
        (x[slot] as number) <= maxX &&
        minX <= (x[slot] as number) + (width[slot] as number) &&
        (y[slot] as number) <= maxY &&
        minY <= (y[slot] as number) + (height[slot] as number)
      ) {
        list.push(slot)
      }
    }
  }

  /**
   * Logs for `world.forEachHit` the hit of the mover (still at its start, in `mover`) on
   * `other`, moving by `motion`, as {@link firstHit} left it in `hit`. (It reads objects,
   * as do {@link place} and {@link firstHit}: V8 boxes the doubles passed to a call it does
   * not inline, and a drag moves a body every frame.)
   */
  private log(slot: number, other: number): void {
    const ids = this.sim.store.ids as string[]
    this.sim.hits.add(ids[slot]!, ids[other]!, mover, motion, hit)
  }

  /** Puts body `slot` at {@link destination}, and lists it as displaced (once) if it moved. */
  private place(slot: number): void {
    const store = this.sim.store
    if (store.x[slot] === destination.x && store.y[slot] === destination.y) return
    this.displacedIn = ensureCapacity(this.displacedIn, store.capacity)
    if (this.displacedIn[slot] !== this.call) {
      this.displacedIn[slot] = this.call
      const k = this.displaced.count
      this.displacedFromX = ensureCapacity(this.displacedFromX, k + 1)
      this.displacedFromY = ensureCapacity(this.displacedFromY, k + 1)
      this.displacedFromX[k] = store.x[slot] as number
      this.displacedFromY[k] = store.y[slot] as number
      this.displaced.push(slot)
    }
    store.x[slot] = destination.x
    store.y[slot] = destination.y
  }

  /**
   * The first body that `mover` (slot `slot`, loaded) moving by `motion` would enter,
   * or -1 (article 003's sweep against each candidate; `cross` pairs pass). Leaves its
   * time in `hit.time` and its normal in `hit.normal`.
   */
  private firstHit(slot: number): number {
    const store = this.sim.store
    this.gather(motion)
    let best = -1
    let bestTime = Infinity
    let normalX = 0
    let normalY = 0
    for (let c = 0; c < this.candidates.count; c++) {
      const other = this.candidates.items[c] as number
      if (other === slot) continue
      const code = pairCode(this.sim, slot, other)
      if (code === IGNORE || code === CROSS) continue
      if (!sweepInto(hit, mover, motion, loadRect(obstacle, store, other), still)) continue
      const time = stops(hit, motion) ? hit.time : -1
      if (time >= 0 && time < bestTime) {
        bestTime = time
        best = other
        normalX = hit.normal.x
        normalY = hit.normal.y
      }
    }
    hit.time = bestTime
    hit.normal.x = normalX
    hit.normal.y = normalY
    return best
  }

  /**
   * bump.lua's `move` (without pushing): sweep toward the goal (article 003); at the
   * first body in the way, stop at the touch point and slide the rest of the motion along
   * its face; repeat. Bodies whose pair response is `cross` are passed through.
   */
  slideTo(slot: number, goalX: number, goalY: number): void {
    const store = this.sim.store
    for (let round = 0; round < MAX_SLIDES; round++) {
      loadRect(mover, store, slot)
      const dx = goalX - mover.x
      const dy = goalY - mover.y
      if (dx === 0 && dy === 0) return
      motion.x = dx
      motion.y = dy
      const best = this.firstHit(slot)
      if (best < 0) {
        destination.x = goalX
        destination.y = goalY
        this.place(slot)
        return
      }
      const time = hit.time
      destination.x = mover.x + dx * time
      destination.y = mover.y + dy * time
      this.place(slot)
      this.hits.push({
        other: store.ids[best] as string,
        normal: { x: hit.normal.x, y: hit.normal.y },
      })
      this.log(slot, best)
      // The goal slides along the face: the rest of the motion loses its normal part.
      motion.x = dx * (1 - time)
      motion.y = dy * (1 - time)
      slideInto(motion, motion, hit.normal)
      goalX = (store.x[slot] as number) + motion.x
      goalY = (store.y[slot] as number) + motion.y
    }
  }

  /**
   * The pushing move: sweep straight toward the goal (article 003) to the first body in the
   * way; from the touch point, push along the axis of the face it hit ({@link pushAlong}:
   * the body hit goes ahead, pushing others, unless a wall blocks the chain), then carry
   * the rest of the motion along the face the same way. A diagonal drag thus takes the
   * straight path until a contact and never shoves bodies the straight path misses.
   */
  pushTo(slot: number, goalX: number, goalY: number): void {
    const store = this.sim.store
    loadRect(mover, store, slot)
    const dx = goalX - mover.x
    const dy = goalY - mover.y
    if (dx === 0 && dy === 0) return
    motion.x = dx
    motion.y = dy
    const best = this.firstHit(slot)
    const bestTime = hit.time
    const normalX = hit.normal.x
    // The first body met is logged for `world.forEachHit`, along an axis as diagonally.
    if (best >= 0) this.log(slot, best)
    if (dx === 0 || dy === 0) {
      this.pushAlong(slot, dx === 0 ? 1 : 0, dx === 0 ? dy : dx)
      return
    }
    if (best < 0) {
      destination.x = goalX
      destination.y = goalY
      this.place(slot)
      return
    }
    destination.x = mover.x + dx * bestTime
    destination.y = mover.y + dy * bestTime
    this.place(slot)
    const restX = dx * (1 - bestTime)
    const restY = dy * (1 - bestTime)
    // Into the face first (pushing), then along it.
    const pushAxis = normalX !== 0 ? 0 : 1
    this.pushAlong(slot, pushAxis, pushAxis === 0 ? restX : restY)
    this.pushAlong(slot, 1 - pushAxis, pushAxis === 0 ? restY : restX)
  }

  /**
   * Moves `slot` by `amount` along one axis (0: x, 1: y), pushing the pushable dynamic
   * bodies in the way, which push the ones in their way in turn ({@link pushChain}).
   */
  private pushAlong(slot: number, axis: number, amount: number): void {
    this.chainAmount[0] = amount
    this.pushChain(slot, axis, 0)
  }

  /**
   * One link of a push chain: moves `slot` along `axis` by `chainAmount[depth]`, pushing the
   * pushable dynamic bodies in the way, each pushing the ones in its way in turn (a call at
   * `depth + 1`). Bodies that cannot be pushed (solids, non-pushable dynamics, or a chain
   * longer than {@link MAX_CHAIN}) stop the chain; each body then stops touching the one
   * ahead, so nothing overlaps. Writes how far the body moved (same sign) back into
   * `chainAmount[depth]`; only the mover's own link (depth 0) reports hits.
   *
   * It recurses, so V8 never inlines it, and it would box a double passed or returned: the
   * amounts go through {@link chainAmount}, and each link's candidates through
   * {@link chainCandidates}, above its caller's, instead of a new array per link.
   */
  private pushChain(slot: number, axis: number, depth: number): void {
    const amount = this.chainAmount[depth] as number
    if (amount === 0) return
    const store = this.sim.store
    loadRect(mover, store, slot)
    // The end of the number line stops a pushed body like a wall: pushed past it, its far
    // edge would be infinite, and a step would turn it into NaN. (`world.move` checks the
    // mover's own goal, so this stops only bodies it pushes.)
    const size = axis === 0 ? mover.width : mover.height
    if (!Number.isFinite((axis === 0 ? mover.x : mover.y) + amount + size)) {
      this.chainAmount[depth] = 0
      return
    }
    motion.x = axis === 0 ? amount : 0
    motion.y = axis === 0 ? 0 : amount
    this.gather(motion)
    // This link's candidates, copied above the caller's: the pushes below gather again.
    const begin = this.chainTop
    const end = begin + this.candidates.count
    this.reserveChain(end)
    for (let c = begin; c < end; c++) {
      this.chainCandidates[c] = this.candidates.items[c - begin] as number
      this.chainDone[c] = 0
    }
    this.chainTop = end
    const startX = mover.x
    const startY = mover.y
    const width = mover.width
    const height = mover.height
    let limit = amount
    // One body at a time, nearest first, measured again after every push: a push moves
    // the bodies further along the chain, so earlier measurements go stale.
    for (let round = begin; round < end; round++) {
      mover.x = startX
      mover.y = startY
      mover.width = width
      mover.height = height
      motion.x = axis === 0 ? limit : 0
      motion.y = axis === 0 ? 0 : limit
      let nearest = -1
      let nearestTime = Infinity
      for (let c = begin; c < end; c++) {
        const other = this.chainCandidates[c] as number
        if (other === slot || this.chainDone[c] === 1) continue
        const code = pairCode(this.sim, slot, other)
        if (code === IGNORE || code === CROSS) continue
        if (!sweepInto(hit, mover, motion, loadRect(obstacle, store, other), still)) continue
        const time = stops(hit, motion) ? hit.time : -1
        if (time >= 0 && time < nearestTime) {
          nearestTime = time
          nearest = c
        }
      }
      if (nearest < 0) break
      this.chainDone[nearest] = 1
      const other = this.chainCandidates[nearest] as number
      const reach = nearestTime * limit
      let allowed = reach
      if (store.isPushable(other) && depth < MAX_CHAIN) {
        this.chainAmount[depth + 1] = limit - reach
        this.pushChain(other, axis, depth + 1)
        allowed = reach + (this.chainAmount[depth + 1] as number)
      }
      if (Math.abs(allowed) < Math.abs(limit)) {
        limit = allowed
        if (depth === 0) {
          const normal = {
            x: axis === 0 ? -Math.sign(amount) : 0,
            y: axis === 0 ? 0 : -Math.sign(amount),
          }
          this.hits.push({ other: store.ids[other] as string, normal })
        }
      }
    }
    this.chainTop = begin
    destination.x = axis === 0 ? startX + limit : startX
    destination.y = axis === 0 ? startY : startY + limit
    this.place(slot)
    this.chainAmount[depth] = limit
  }

  /** Grows the chain's candidate stack to hold `size` entries. */
  private reserveChain(size: number): void {
    if (this.chainCandidates.length >= size) return
    this.chainCandidates = ensureCapacity(this.chainCandidates, size)
    this.chainDone = ensureCapacity(this.chainDone, size)
  }
}
