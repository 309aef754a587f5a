import { createSweepHit, createSweepScratch, sweepInto } from '../geometry/index.js'
import { positionAtFace } from '../geometry/faces.js'
import type { Rect, SweepHit, Vec2 } from '../geometry/types.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import { loadRect, ownCorner } from './bodyStore.js'
import { keepsApart } from './responseCodes.js'
import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
import { pairCode } from './pairCode.js'
import type { StepContext as Simulation } from '../step/context.js'
import type { MoveResult, PushedBody } from './types.js'

/** Most slides of one move (bump.lua's loop: each hit turns the rest into a slide). */
export const MAX_SLIDES = 8
/** Longest chain of bodies one push may shove. */
const MAX_CHAIN = 64
/** Entries of one placement in a group move's undo log: slot, x, y, pusher. */
const UNDO_ENTRY = 4
/**
 * How far a long sweep looks first, in the mover's larger side ({@link Move.firstHit}): a
 * card returning hundreds of px across a crowd meets a neighbour within a card or two, and
 * the bodies within this reach are a few where the whole way's box holds dozens.
 */
const NEAR_REACH = 4

/**
 * The part of a motion of (`dx`, `dy`) that a near-first search ({@link Move.firstHit},
 * the group's earliest contact) sweeps the bodies of first, as a fraction of the motion, for
 * a mover whose larger side is `side` (a group's: its members' largest); 0 when the motion
 * is within {@link NEAR_REACH} sides, and the whole is searched at once. A stop found there
 * is the whole search's answer when {@link isNearStopFirst}.
 */
export function nearPart(side: number, dx: number, dy: number): number {
  const reach = NEAR_REACH * side
  const length = Math.max(Math.abs(dx), Math.abs(dy))
  return length > reach && reach > 0 ? reach / length : 0
}

/**
 * Whether a stop at fraction `time` of the motion, the earliest among the bodies swept by
 * its first `near` part ({@link nearPart}), is the earliest of all: it comes by half of that
 * part, so any body met by then meets the mover inside the near part's swept box (half a
 * part from its end: far beyond the sweep's rounding).
 */
export function isNearStopFirst(time: number, near: number): boolean {
  return time * 2 <= near
}

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
  private displacedFromX = new Float64Array(0)
  private displacedFromY = new Float64Array(0)
  /** The call that last displaced each slot ({@link call}), so a slot is listed once per call. */
  private displacedIn = new Int32Array(0)
  /**
   * By slot, for the slots displaced in the current call: the body whose push last moved it
   * (a push chain's link behind it, or a squeezing resize), or -1 (the mover, a member).
   */
  private pusherOf = new Int32Array(0)
  private call = 0
  private readonly candidates = new IndexBuffer()
  /** The candidates of every link of the current push chain, each link's above its caller's. */
  private chainCandidates = new Int32Array(0)
  /** 1 for a candidate its link has already measured and pushed (parallel to `chainCandidates`). */
  private chainDone = new Uint8Array(0)
  /** Where the next link's candidates go in `chainCandidates`. */
  private chainTop = 0
  /** Each link's amount to move, then how far it moved, by chain depth ({@link pushChain}). */
  private readonly chainAmount = new Float64Array(MAX_CHAIN + 2)
  /** Each link's body, by chain depth: the pusher of the link above it. */
  private readonly chainSlot = new Int32Array(MAX_CHAIN + 2)
  /** What stopped or deflected the mover in the current call, first hit first. */
  hits: MoveResult['hits'] = []
  /**
   * Whether a push chain, since this was last set false, met a body that another push of
   * the same call could move: a member of the running group (a solid to the chain), or a
   * body past {@link MAX_CHAIN} (a shorter chain may reach it). Set false and read by the
   * group move's probe of its limit ({@link GroupMove}).
   */
  metMovable = false
  /** The moving body's box at the start of the current sweep. */
  private readonly mover: Rect = { x: 0, y: 0, width: 0, height: 0 }
  /** The box of the body a sweep is tested against. */
  private readonly obstacle: Rect = { x: 0, y: 0, width: 0, height: 0 }
  /** The motion being swept, px. */
  private readonly motion: Vec2 = { x: 0, y: 0 }
  /** The part of {@link motion} that {@link firstHit} searches first, px. */
  private readonly nearMotion: Vec2 = { x: 0, y: 0 }
  /** The obstacle's motion: none (the other bodies stand still during a move). */
  private readonly still: Vec2 = { x: 0, y: 0 }
  /** The earliest hit of the current sweep (its time and normal: {@link sweepFirst}). */
  readonly hit = createSweepHit()
  /** What the swept test works in. */
  private readonly kernel = createSweepScratch()
  /** Where {@link Move.place} puts a body (an object: see {@link Move.pushChain}). */
  private readonly destination: Vec2 = { x: 0, y: 0 }
  /**
   * The group of a group move ({@link groupWith}): a slot is a member while
   * `memberIn[slot] === group`; `group` is 0 when no group move runs.
   */
  private memberIn = new Int32Array(0)
  private group = 0
  private lastGroup = 0
  /**
   * While a group move runs, every {@link place} logs the slot, where it was and its pusher
   * ({@link UNDO_ENTRY} entries), so an attempt the group cannot finish is taken back
   * ({@link rollBack}).
   */
  private undo = new Float64Array(0)
  private undoCount = 0
  /** How many bodies {@link displaced} listed at the last {@link checkpoint}. */
  private displacedAtCheckpoint = 0

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
   * The bodies other than `moverSlot` (and the running group's members) that the current
   * call displaced and that are not back where they were, for `MoveResult.pushed`: their own
   * boxes' corners (the store's extents less its margin), and the body that pushed each.
   */
  pushedBy(moverSlot: number): PushedBody[] {
    const store = this.sim.store
    const margin = store.margin
    const pushed: PushedBody[] = []
    for (let k = 0; k < this.displaced.count; k++) {
      const slot = this.displaced.items[k] as number
      if (slot === moverSlot || this.isMember(slot)) continue
      pushed.push({
        id: store.ids[slot] as string,
        by: store.ids[this.pusherOf[slot] as number] as string,
        from: {
          x: ownCorner(this.displacedFromX[k] as number, margin, store.writtenX[slot]),
          y: ownCorner(this.displacedFromY[k] as number, margin, store.writtenY[slot]),
        },
        to: { x: store.ownX(slot), y: store.ownY(slot) },
      })
    }
    return pushed
  }

  /**
   * Slots that may be in the way of `mover` moving by `delta`: the index's answer for the
   * swept box, in insertion order. The index holds every body where it is now, the ones
   * this call displaced included ({@link place} and {@link rollBack} file them again).
   * (The motion comes in an object: V8 boxes the doubles passed to a call it does not
   * inline.)
   */
  private gather(delta: Vec2): void {
    this.candidates.count = 0
    this.index.querySwept(this.mover, delta, this.candidates)
  }

  /**
   * Logs for `world.forEachHit` the hit of the mover (still at its start, in `mover`) on
   * `other`, moving by `motion`, as {@link firstHit} left it in `hit`. (It reads objects,
   * as do {@link place} and {@link firstHit}: V8 boxes the doubles passed to a call it does
   * not inline, and a drag moves a body every frame.)
   */
  private log(slot: number, other: number): void {
    const ids = this.sim.store.ids as string[]
    this.sim.hits.add(ids[slot]!, ids[other]!, this.mover, this.motion, this.hit)
  }

  /**
   * Puts body `slot` at {@link destination}, and lists it as displaced (once) if it moved,
   * pushed by body `by` (-1: moved by itself, as the mover or a member); the index files it
   * there at once, so every later {@link gather} of the call finds it where it is.
   */
  private place(slot: number, by: number): void {
    const store = this.sim.store
    if (store.x[slot] === this.destination.x && store.y[slot] === this.destination.y) return
    this.displacedIn = ensureCapacity(this.displacedIn, store.capacity)
    this.pusherOf = ensureCapacity(this.pusherOf, store.capacity)
    if (this.group !== 0) this.logUndo(slot)
    if (this.displacedIn[slot] !== this.call) {
      this.displacedIn[slot] = this.call
      const k = this.displaced.count
      this.displacedFromX = ensureCapacity(this.displacedFromX, k + 1)
      this.displacedFromY = ensureCapacity(this.displacedFromY, k + 1)
      this.displacedFromX[k] = store.x[slot] as number
      this.displacedFromY[k] = store.y[slot] as number
      this.displaced.push(slot)
    }
    store.x[slot] = this.destination.x
    store.y[slot] = this.destination.y
    this.pusherOf[slot] = by
    this.index.moved(slot)
  }

  /**
   * Corrects {@link destination}, where the body in {@link mover} stops at body `other` (the
   * hit's normal `normalX`, `normalY` points from `other` toward it), to `other`'s face on the
   * normal's axis: placed from the face (`positionAtFace`), not by a time of impact
   * (`x + dx * t` rounds past the face by an ulp: a card slid up to a 1 px wall ended
   * 2.8e-14 px inside it). Never behind where the motion started: a body that already
   * overlapped `other` and was stopped at once keeps its place (a move keeps an overlap).
   */
  private stopAtFace(other: number, normalX: number, normalY: number): void {
    const store = this.sim.store
    const mover = this.mover
    if (normalX !== 0) {
      const before = normalX < 0
      const face = positionAtFace(
        before,
        store.x[other] as number,
        store.width[other] as number,
        mover.width,
      )
      this.destination.x = before ? Math.max(mover.x, face) : Math.min(mover.x, face)
    } else if (normalY !== 0) {
      const before = normalY < 0
      const face = positionAtFace(
        before,
        store.y[other] as number,
        store.height[other] as number,
        mover.height,
      )
      this.destination.y = before ? Math.max(mover.y, face) : Math.min(mover.y, face)
    }
  }

  /**
   * Puts body `slot`, just shifted with its group up to its hit on `other` (the last
   * {@link sweepFirst}: {@link hit} holds the normal, {@link mover} the body's box before the
   * shift), on `other`'s face ({@link stopAtFace}): the shift by `dx * t` rounds past it.
   */
  stopMemberAtFace(slot: number, other: number): void {
    const store = this.sim.store
    this.destination.x = store.x[slot] as number
    this.destination.y = store.y[slot] as number
    this.stopAtFace(other, this.hit.normal.x, this.hit.normal.y)
    this.place(slot, -1)
  }

  /**
   * Whether body `slot` (loaded in `mover`) moving by `motion` is stopped by body `other`,
   * at the fraction of the motion in [0, 1] left in `hit.time`: not when the pair is ignored
   * or crosses, the sweep misses, or the motion only separates an overlapping pair
   * ({@link stops}). Leaves the sweep's hit in `hit`. (The time is not returned: V8 boxes a
   * double returned by a call it does not inline, and chains make hundreds a frame.)
   */
  private stopsAt(slot: number, other: number): boolean {
    // The members of a group move as one: they never meet (nor push) one another.
    if (this.isMember(slot) && this.isMember(other)) return false
    const code = pairCode(this.sim, slot, other)
    if (!keepsApart(code)) return false
    const obstacle = loadRect(this.obstacle, this.sim.store, other)
    if (!sweepInto(this.hit, this.mover, this.motion, obstacle, this.still, this.kernel))
      return false
    return stops(this.hit, this.motion)
  }

  /**
   * The first body that `mover` (slot `slot`, loaded) moving by `motion` would enter,
   * or -1 (article 003's sweep against each candidate; `cross` pairs pass). Leaves its
   * time in `hit.time` and its normal in `hit.normal`.
   *
   * A long motion is searched near first ({@link nearPart}): only the bodies in the box
   * swept by its first `near` part are swept (with the whole motion, so times and normals
   * are the whole search's). A hit there early enough ({@link isNearStopFirst}) is the
   * answer: the body it meets is among the near candidates, and they come in the order of
   * the whole search's (both the index's answer in insertion order), so ties go the same way.
   */
  private firstHit(slot: number): number {
    const motion = this.motion
    const near = nearPart(Math.max(this.mover.width, this.mover.height), motion.x, motion.y)
    if (near > 0) {
      this.nearMotion.x = motion.x * near
      this.nearMotion.y = motion.y * near
      this.gather(this.nearMotion)
      const best = this.earliestGathered(slot)
      if (best >= 0 && isNearStopFirst(this.hit.time, near)) return best
    }
    this.gather(motion)
    return this.earliestGathered(slot)
  }

  /** {@link firstHit} among the bodies last gathered, for `mover` moving by `motion`. */
  private earliestGathered(slot: number): number {
    let best = -1
    let bestTime = Infinity
    let normalX = 0
    let normalY = 0
    for (let c = 0; c < this.candidates.count; c++) {
      const other = this.candidates.items[c] as number
      if (other === slot) continue
      if (this.stopsAt(slot, other) && this.hit.time < bestTime) {
        bestTime = this.hit.time
        best = other
        normalX = this.hit.normal.x
        normalY = this.hit.normal.y
        // None stops it sooner, and ties go to the first: the rest cannot change the answer.
        if (bestTime === 0) break
      }
    }
    this.hit.time = bestTime
    this.hit.normal.x = normalX
    this.hit.normal.y = normalY
    return best
  }

  /**
   * bump.lua's `move` (without pushing): sweep toward the goal (article 003); at the
   * first body in the way, stop at the touch point and slide the rest of the motion along
   * its face; repeat. Bodies whose pair response is `cross` are passed through. Returns
   * the slot of the last body met (for a motion along one axis, the one that stopped it
   * short of the goal), or -1 when none was.
   */
  slideTo(slot: number, goalX: number, goalY: number): number {
    const store = this.sim.store
    let last = -1
    for (let round = 0; round < MAX_SLIDES; round++) {
      loadRect(this.mover, store, slot)
      const dx = goalX - this.mover.x
      const dy = goalY - this.mover.y
      if (dx === 0 && dy === 0) return last
      this.motion.x = dx
      this.motion.y = dy
      const best = this.firstHit(slot)
      if (best < 0) {
        this.destination.x = goalX
        this.destination.y = goalY
        this.place(slot, -1)
        return last
      }
      last = best
      const time = this.hit.time
      this.destination.x = this.mover.x + dx * time
      this.destination.y = this.mover.y + dy * time
      this.stopAtFace(best, this.hit.normal.x, this.hit.normal.y)
      this.place(slot, -1)
      this.noteHit(slot, best)
      // The goal slides along the face: the rest of the motion loses its normal part, and
      // along the face the goal stays where it was (the touch point plus the rest of the
      // motion, y + dy * t + dy * (1 - t), would round off it). Normals are along an axis.
      if (this.hit.normal.x !== 0) goalX = store.x[slot] as number
      if (this.hit.normal.y !== 0) goalY = store.y[slot] as number
    }
    return last
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
    loadRect(this.mover, store, slot)
    const dx = goalX - this.mover.x
    const dy = goalY - this.mover.y
    if (dx === 0 && dy === 0) return
    this.motion.x = dx
    this.motion.y = dy
    const best = this.firstHit(slot)
    const bestTime = this.hit.time
    const normalX = this.hit.normal.x
    // The first body met is logged for `world.forEachHit`, along an axis as diagonally.
    if (best >= 0) this.log(slot, best)
    if (dx === 0 || dy === 0) {
      this.pushAlong(slot, dx === 0 ? 1 : 0, dx === 0 ? dy : dx)
      return
    }
    if (best < 0) {
      this.destination.x = goalX
      this.destination.y = goalY
      this.place(slot, -1)
      return
    }
    this.destination.x = this.mover.x + dx * bestTime
    this.destination.y = this.mover.y + dy * bestTime
    this.stopAtFace(best, normalX, this.hit.normal.y)
    this.place(slot, -1)
    // Into the face first (pushing), then along it, each to the goal's coordinate on its
    // axis (the touch point plus the rest of the motion would round off it).
    const pushAxis = normalX !== 0 ? 0 : 1
    loadRect(this.mover, store, slot)
    this.pushAlong(slot, pushAxis, pushAxis === 0 ? goalX - this.mover.x : goalY - this.mover.y)
    loadRect(this.mover, store, slot)
    this.pushAlong(slot, 1 - pushAxis, pushAxis === 0 ? goalY - this.mover.y : goalX - this.mover.x)
  }

  /**
   * Whether growing body `slot` by its edge on `axis` (0: x, 1: y) in direction `sign` (1:
   * the right or bottom edge, -1: the left or top one) would deepen an overlap that the
   * sweep of the box moving that way lets pass ({@link stops}): a body that already
   * overlaps it (or holds it, when it has no size along `axis`), reaches past that edge,
   * and overlaps less along `axis` than across it (so the overlap along `axis`, the pair's
   * depth, would grow with the edge), unless the sweep stops or pushes it and it lies ahead
   * of the box's opposite edge. A resize sweeps the box moving with its edge; these are
   * the cases where the box's motion keeps the pair's depth but the grown box does not.
   */
  growthDeepens(slot: number, axis: number, sign: number): boolean {
    const store = this.sim.store
    const box = loadRect(this.mover, store, slot)
    this.gather(this.still)
    this.motion.x = axis === 0 ? sign : 0
    this.motion.y = axis === 0 ? 0 : sign
    for (let c = 0; c < this.candidates.count; c++) {
      const other = this.candidates.items[c] as number
      if (other === slot) continue
      const code = pairCode(this.sim, slot, other)
      if (!keepsApart(code)) continue
      const b = loadRect(this.obstacle, store, other)
      const overlapX = Math.min(box.x + box.width, b.x + b.width) - Math.max(box.x, b.x)
      const overlapY = Math.min(box.y + box.height, b.y + b.height) - Math.max(box.y, b.y)
      const along = axis === 0 ? overlapX : overlapY
      const across = axis === 0 ? overlapY : overlapX
      // `along` may be 0: a box of no height inside another gets an interior when it grows.
      if (!(across > 0 && along >= 0) || along >= across) continue
      const near = axis === 0 ? box.x : box.y
      const far = near + (axis === 0 ? box.width : box.height)
      const otherNear = axis === 0 ? b.x : b.y
      const otherFar = otherNear + (axis === 0 ? b.width : b.height)
      if (sign > 0 ? otherFar <= far : otherNear >= near) continue
      // Met by the sweep, it is stopped at once or pushed (or squeezed) exactly as far as
      // the edge goes, which keeps the overlap, provided it does not also reach behind the
      // box's opposite edge (then the pushed body's overlap with the grown box grows).
      const behind = sign > 0 ? otherNear < near : otherFar > far
      if (behind || !this.stopsAt(slot, other)) return true
    }
    return false
  }

  /**
   * Writes into `out` where body `slot`'s top-left was before the current call, if the call
   * displaced it (else leaves `out` alone).
   */
  positionBeforeCall(slot: number, out: Vec2): void {
    if (this.displacedIn[slot] !== this.call) return
    const k = this.displaced.items.indexOf(slot)
    out.x = this.displacedFromX[k] as number
    out.y = this.displacedFromY[k] as number
  }

  /**
   * Files body `slot` again in the index after its box changed other than by a placement (a
   * resize changes sizes), so the rest of the call finds it where it is ({@link gather}).
   */
  refile(slot: number): void {
    this.index.moved(slot)
  }

  /**
   * Puts body `slot`'s top-left at (`x`, `y`) without a sweep, listing it as displaced, as
   * pushed by body `by` (a resize's squeeze moves the near edge of a body it shrinks), or by
   * itself (-1: a group's member).
   */
  placeAt(slot: number, x: number, y: number, by: number): void {
    this.destination.x = x
    this.destination.y = y
    this.place(slot, by)
  }

  /**
   * Moves `slot` by `amount` along one axis (0: x, 1: y), pushing the pushable dynamic
   * bodies in the way, which push the ones in their way in turn ({@link pushChain}).
   */
  pushAlong(slot: number, axis: number, amount: number): void {
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
    this.chainSlot[depth] = slot
    const store = this.sim.store
    loadRect(this.mover, store, slot)
    // The end of the number line stops a pushed body like a wall: pushed past it, its far
    // edge would be infinite, and a step would turn it into NaN. (`world.move` checks the
    // mover's own goal, so this stops only bodies it pushes.)
    const size = axis === 0 ? this.mover.width : this.mover.height
    if (!Number.isFinite((axis === 0 ? this.mover.x : this.mover.y) + amount + size)) {
      this.chainAmount[depth] = 0
      return
    }
    this.motion.x = axis === 0 ? amount : 0
    this.motion.y = axis === 0 ? 0 : amount
    this.gather(this.motion)
    // This link's candidates, copied above the caller's: the pushes below gather again.
    const begin = this.chainTop
    const end = begin + this.candidates.count
    this.reserveChain(end)
    for (let c = begin; c < end; c++) {
      this.chainCandidates[c] = this.candidates.items[c - begin] as number
      this.chainDone[c] = 0
    }
    this.chainTop = end
    const startX = this.mover.x
    const startY = this.mover.y
    const width = this.mover.width
    const height = this.mover.height
    let limit = amount
    // The body that cut the motion short last, whose face the body stops at (-1: none).
    let stopper = -1
    // One body at a time, nearest first, measured again after every push: a push moves
    // the bodies further along the chain, so earlier measurements go stale. A body a
    // round finds clear for good ({@link staysClear}) is not measured again.
    for (let round = begin; round < end; round++) {
      this.mover.x = startX
      this.mover.y = startY
      this.mover.width = width
      this.mover.height = height
      this.motion.x = axis === 0 ? limit : 0
      this.motion.y = axis === 0 ? 0 : limit
      let nearest = -1
      let nearestTime = Infinity
      for (let c = begin; c < end; c++) {
        const other = this.chainCandidates[c] as number
        if (other === slot || this.chainDone[c] === 1) continue
        if (this.stopsAt(slot, other)) {
          if (this.hit.time < nearestTime) {
            nearestTime = this.hit.time
            nearest = c
            // Met at once: none is nearer, and ties go to the first.
            if (nearestTime === 0) break
          }
        } else if (this.staysClear(other, axis, amount)) {
          this.chainDone[c] = 1
        }
      }
      if (nearest < 0) break
      this.chainDone[nearest] = 1
      const other = this.chainCandidates[nearest] as number
      const reach = nearestTime * limit
      let allowed = reach
      // A group's member met by a chain is a solid: the group moves by its own step.
      if (store.isPushable(other) && !this.isMember(other) && depth < MAX_CHAIN) {
        this.chainAmount[depth + 1] = limit - reach
        this.pushChain(other, axis, depth + 1)
        allowed = reach + (this.chainAmount[depth + 1] as number)
      } else if (this.isMember(other) || store.isPushable(other)) {
        this.metMovable = true
      }
      if (Math.abs(allowed) < Math.abs(limit)) {
        limit = allowed
        stopper = other
        if (depth === 0) {
          const away = -Math.sign(amount)
          this.listHit(other, axis === 0 ? away : 0, axis === 0 ? 0 : away)
        }
        // Stopped at once: the bodies still to measure can only be met with no motion left.
        if (limit === 0) break
      }
    }
    this.chainTop = begin
    this.destination.x = axis === 0 ? startX + limit : startX
    this.destination.y = axis === 0 ? startY : startY + limit
    if (stopper >= 0) {
      // The pushes below loaded their own bodies into `mover`.
      this.mover.x = startX
      this.mover.y = startY
      this.mover.width = width
      this.mover.height = height
      const normal = -Math.sign(amount)
      this.stopAtFace(stopper, axis === 0 ? normal : 0, axis === 0 ? 0 : normal)
    }
    this.place(slot, depth > 0 ? (this.chainSlot[depth - 1] as number) : -1)
    // How far it moved: stopped at the face of a body it overlapped, less than `limit`, and
    // a pusher told `limit` went that much deeper into it (a body that may not be pushed
    // ended 3 px deep in the card it had overlapped by 2: the layout fuzzer's seed
    // -1197515035). Not stopped, `limit` itself (`start + limit - start` may round away).
    this.chainAmount[depth] =
      stopper < 0 ? limit : axis === 0 ? this.destination.x - startX : this.destination.y - startY
  }

  /**
   * Whether body `other`, which does not stop the link in {@link mover} moving along `axis`
   * (0: x, 1: y) in the direction of `amount`, cannot stop it in a later round of the link
   * either: it lies apart from the mover across the axis, or wholly ahead of it along the
   * motion. A round only shortens the motion, and the pushes between rounds move bodies
   * along the axis, in the motion's direction: such a body stays apart, or ahead and out of
   * reach. (A body behind or overlapping the mover is measured again: a push may carry it
   * into the way.)
   */
  private staysClear(other: number, axis: number, amount: number): boolean {
    const store = this.sim.store
    const mover = this.mover
    const across = axis === 0 ? (store.y[other] as number) : (store.x[other] as number)
    const acrossSize = axis === 0 ? (store.height[other] as number) : (store.width[other] as number)
    const moverAcross = axis === 0 ? mover.y : mover.x
    const moverAcrossSize = axis === 0 ? mover.height : mover.width
    if (across > moverAcross + moverAcrossSize || across + acrossSize < moverAcross) return true
    const along = axis === 0 ? (store.x[other] as number) : (store.y[other] as number)
    const alongSize = axis === 0 ? (store.width[other] as number) : (store.height[other] as number)
    const moverAlong = axis === 0 ? mover.x : mover.y
    const moverAlongSize = axis === 0 ? mover.width : mover.height
    return amount > 0 ? along >= moverAlong + moverAlongSize : along + alongSize <= moverAlong
  }

  /** How far the last {@link pushAlong} moved its body (same sign as the amount asked). */
  get pushedAmount(): number {
    return this.chainAmount[0] as number
  }

  /**
   * The first body that `slot` moving by (`dx`, `dy`) from where it is would stop at, or -1;
   * its time (of the motion, in [0, 1]) and normal are then in {@link hit}. Logs nothing.
   */
  sweepFirst(slot: number, dx: number, dy: number): number {
    loadRect(this.mover, this.sim.store, slot)
    this.motion.x = dx
    this.motion.y = dy
    return this.firstHit(slot)
  }

  /**
   * Gathers the bodies that may be in the way of any of `slots[0..count)` moving by (`dx`,
   * `dy`): the candidates of the box bounding them all, swept ({@link gather}), for
   * {@link stopTimeAmongGathered}. One index query for a group instead of one per member.
   */
  gatherAround(slots: Int32Array, count: number, dx: number, dy: number): void {
    const store = this.sim.store
    let minX = Infinity
    let minY = Infinity
    let maxX = -Infinity
    let maxY = -Infinity
    for (let k = 0; k < count; k++) {
      const slot = slots[k] as number
      minX = Math.min(minX, store.x[slot] as number)
      minY = Math.min(minY, store.y[slot] as number)
      maxX = Math.max(maxX, (store.x[slot] as number) + (store.width[slot] as number))
      maxY = Math.max(maxY, (store.y[slot] as number) + (store.height[slot] as number))
    }
    this.mover.x = minX
    this.mover.y = minY
    this.mover.width = maxX - minX
    this.mover.height = maxY - minY
    this.motion.x = dx
    this.motion.y = dy
    this.gather(this.motion)
  }

  /**
   * When body `slot` (one of the last {@link gatherAround}'s) moving by (`dx`, `dy`) from where
   * it is would stop first, as a fraction of the motion in [0, 1], or -1 when nothing stops
   * it: the earliest {@link stopsAt} time among the candidates whose boxes meet its own swept box
   * (the test {@link gather} applies), so the time is the one {@link sweepFirst} finds: the
   * index holds every body where it is ({@link gather}). Logs nothing.
   */
  stopTimeAmongGathered(slot: number, dx: number, dy: number): number {
    const store = this.sim.store
    const mover = loadRect(this.mover, store, slot)
    this.motion.x = dx
    this.motion.y = dy
    const minX = dx < 0 ? mover.x + dx : mover.x
    const minY = dy < 0 ? mover.y + dy : mover.y
    const maxX = (dx > 0 ? mover.x + dx : mover.x) + mover.width
    const maxY = (dy > 0 ? mover.y + dy : mover.y) + mover.height
    const { x, y, width, height } = store
    let best = Infinity
    for (let c = 0; c < this.candidates.count; c++) {
      const other = this.candidates.items[c] as number
      if (
        other === slot ||
        (x[other] as number) > maxX ||
        minX > (x[other] as number) + (width[other] as number) ||
        (y[other] as number) > maxY ||
        minY > (y[other] as number) + (height[other] as number)
      ) {
        continue
      }
      if (this.stopsAt(slot, other) && this.hit.time < best) {
        best = this.hit.time
        // Stopped at once: nothing stops it sooner.
        if (best === 0) return 0
      }
    }
    return best === Infinity ? -1 : best
  }

  /**
   * Records the hit the last {@link sweepFirst} of `slot` found on `other`, as a move's hit
   * and for `world.forEachHit`.
   */
  noteHit(slot: number, other: number): void {
    if (this.listHit(other, this.hit.normal.x, this.hit.normal.y)) this.log(slot, other)
  }

  /**
   * Lists a hit on body `other` with the normal (`normalX`, `normalY`) in {@link hits},
   * unless the call listed it already; returns whether it did. A call can meet one face
   * again: a group's attempt that a contact cut short is taken back and tried again
   * shorter (`GroupMove.pushAlong`), and a squeezing resize sweeps to the card it shrinks
   * once per round (`Resize.squeezeAlong`). A single move meets a face once: its slide
   * along the face keeps no motion into it.
   */
  private listHit(other: number, normalX: number, normalY: number): boolean {
    const id = this.sim.store.ids[other] as string
    for (const hit of this.hits) {
      if (hit.other === id && hit.normal.x === normalX && hit.normal.y === normalY) return false
    }
    this.hits.push({ other: id, normal: { x: normalX, y: normalY } })
    return true
  }

  /**
   * Makes `slots[0..count)` the group of the current call: members never stop nor push one
   * another, a push chain meets them as solids, and every placement is logged until
   * {@link endGroup}, so {@link rollBack} can take an attempt back.
   */
  groupWith(slots: Int32Array, count: number): void {
    this.memberIn = ensureCapacity(this.memberIn, this.sim.store.capacity)
    // A fresh stamp per group: no clearing, and no member of an older group stays one.
    this.group = ++this.lastGroup
    for (let k = 0; k < count; k++) this.memberIn[slots[k] as number] = this.group
    this.undoCount = 0
  }

  /** Ends the group of {@link groupWith}. */
  endGroup(): void {
    this.group = 0
  }

  /** Whether `slot` is a member of the running group move. */
  isMember(slot: number): boolean {
    return this.group !== 0 && this.memberIn[slot] === this.group
  }

  /**
   * A point to {@link rollBack} to: the placements so far (one point at a time: a new one
   * replaces the last).
   */
  checkpoint(): number {
    this.displacedAtCheckpoint = this.displaced.count
    return this.undoCount
  }

  /**
   * Takes back every placement since `checkpoint` (the last one taken), last first: the
   * bodies are where they were, exactly, each with the pusher it had, and the ones first
   * displaced since are no longer listed in {@link displaced}, and the index files each
   * where it is again. So the list holds only bodies that moved (for the result's `pushed`
   * and the caller's marks): an axis step's placements all go one way, so none of them ends
   * where it was before the call.
   */
  rollBack(checkpoint: number): void {
    const store = this.sim.store
    for (let k = this.undoCount - UNDO_ENTRY; k >= checkpoint; k -= UNDO_ENTRY) {
      const slot = this.undo[k] as number
      store.x[slot] = this.undo[k + 1] as number
      store.y[slot] = this.undo[k + 2] as number
      this.pusherOf[slot] = this.undo[k + 3] as number
      this.index.moved(slot)
    }
    this.undoCount = checkpoint
    const displaced = this.displaced
    for (let k = this.displacedAtCheckpoint; k < displaced.count; k++) {
      // Any call number but the current one: listed again if displaced again.
      this.displacedIn[displaced.items[k] as number] = this.call - 1
    }
    displaced.count = this.displacedAtCheckpoint
  }

  /** Logs where `slot` is and its pusher, before a placement, for {@link rollBack}. */
  private logUndo(slot: number): void {
    const store = this.sim.store
    this.undo = ensureCapacity(this.undo, this.undoCount + UNDO_ENTRY)
    this.undo[this.undoCount++] = slot
    this.undo[this.undoCount++] = store.x[slot] as number
    this.undo[this.undoCount++] = store.y[slot] as number
    // A slot displaced first in this call has no pusher in it yet (-1 in the log).
    this.undo[this.undoCount++] =
      this.displacedIn[slot] === this.call ? (this.pusherOf[slot] as number) : -1
  }

  /** Grows the chain's candidate stack to hold `size` entries. */
  private reserveChain(size: number): void {
    if (this.chainCandidates.length >= size) return
    this.chainCandidates = ensureCapacity(this.chainCandidates, size)
    this.chainDone = ensureCapacity(this.chainDone, size)
  }
}
