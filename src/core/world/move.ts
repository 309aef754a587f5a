import { createSweepHit, slideInto, sweepInto } from '../geometry/index.js'
import type { Rect, Vec2 } from '../geometry/types.js'
import type { BodyIndex } from './bodyIndex.js'
import { CROSS } from './bodyStore.js'
import { IndexBuffer } from './buffers.js'
import { IGNORE, pairCode } from './pairCode.js'
import type { Simulation } from './simulation.js'
import { blocks, loadRect } from './solidSweep.js'
import type { MoveResult } from './types.js'

/** Most slides of one move (bump.lua's loop: each hit turns the rest into a slide). */
const MAX_SLIDES = 8
/** Longest chain of bodies one push may shove. */
const MAX_CHAIN = 64

const mover: Rect = { x: 0, y: 0, width: 0, height: 0 }
const obstacle: Rect = { x: 0, y: 0, width: 0, height: 0 }
const motion: Vec2 = { x: 0, y: 0 }
const still: Vec2 = { x: 0, y: 0 }
const hit = createSweepHit()
/** The time of the last {@link Move.firstHit}. */
let firstTime = Infinity

/**
 * `world.move`: a body moves toward a goal through a world whose other bodies are at their
 * current places. One instance per world, reused by every call ({@link begin}), so a drag
 * that moves a body every frame allocates only its result.
 */
export class Move {
  /** Bodies moved by the current call, so they can be flagged and found at their new places. */
  readonly displaced = new IndexBuffer()
  private readonly candidates = new IndexBuffer()
  private seen = new Uint32Array(0)
  private stamp = 0
  /** What stopped or deflected the mover in the current call, first hit first. */
  hits: MoveResult['hits'] = []

  constructor(
    private readonly sim: Simulation,
    private readonly index: BodyIndex,
  ) {}

  /** Starts a call: forgets the previous call's displaced bodies and hits. */
  begin(): void {
    this.displaced.count = 0
    this.hits = []
  }

  /**
   * Slots that may be in the way of `mover` moving by `(dx, dy)`: the index's answer for
   * the swept box, plus the bodies this move already displaced that are in it now (the
   * index still holds their old places), each once.
   */
  private gather(dx: number, dy: number): void {
    const store = this.sim.store
    if (this.seen.length < store.capacity) this.seen = new Uint32Array(store.capacity)
    const stamp = ++this.stamp
    const minX = dx < 0 ? mover.x + dx : mover.x
    const minY = dy < 0 ? mover.y + dy : mover.y
    const maxX = (dx > 0 ? mover.x + dx : mover.x) + mover.width
    const maxY = (dy > 0 ? mover.y + dy : mover.y) + mover.height
    const list = this.candidates
    list.count = 0
    this.index.query(minX, minY, maxX, maxY, list)
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

  /** Logs a hit of the mover (still at its start, in `mover`) for `world.forEachHit`. */
  private log(
    slot: number,
    other: number,
    dx: number,
    dy: number,
    time: number,
    normalX: number,
    normalY: number,
  ): void {
    const ids = this.sim.store.ids as string[]
    motion.x = dx
    motion.y = dy
    hit.time = time
    hit.normal.x = normalX
    hit.normal.y = normalY
    this.sim.hits.add(ids[slot]!, ids[other]!, mover, motion, hit)
  }

  private place(slot: number, x: number, y: number): void {
    const store = this.sim.store
    if (store.x[slot] === x && store.y[slot] === y) return
    store.x[slot] = x
    store.y[slot] = y
    this.displaced.push(slot)
  }

  /**
   * The first body that `mover` (slot `slot`, loaded) moving by (dx, dy) would enter,
   * or -1 (article 003's sweep against each candidate; `cross` pairs pass). Leaves the
   * time in {@link firstTime} and the normal in `hit.normal`.
   */
  private firstHit(slot: number, dx: number, dy: number): number {
    const store = this.sim.store
    this.gather(dx, dy)
    motion.x = dx
    motion.y = dy
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
      const time = blocks(hit, motion) ? hit.time : -1
      if (time >= 0 && time < bestTime) {
        bestTime = time
        best = other
        normalX = hit.normal.x
        normalY = hit.normal.y
      }
    }
    firstTime = bestTime
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
      const best = this.firstHit(slot, dx, dy)
      const bestTime = firstTime
      const normalX = hit.normal.x
      const normalY = hit.normal.y
      if (best < 0) {
        this.place(slot, goalX, goalY)
        return
      }
      this.place(slot, mover.x + dx * bestTime, mover.y + dy * bestTime)
      this.hits.push({ other: store.ids[best] as string, normal: { x: normalX, y: normalY } })
      this.log(slot, best, dx, dy, bestTime, normalX, normalY)
      // The goal slides along the face: the rest of the motion loses its normal part.
      motion.x = dx * (1 - bestTime)
      motion.y = dy * (1 - bestTime)
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
    if (dx === 0 || dy === 0) {
      this.pushAlong(slot, dx === 0 ? 1 : 0, dx === 0 ? dy : dx, 0, true)
      return
    }
    const best = this.firstHit(slot, dx, dy)
    const bestTime = firstTime
    const normalX = hit.normal.x
    const normalY = hit.normal.y
    if (best < 0) {
      this.place(slot, goalX, goalY)
      return
    }
    this.log(slot, best, dx, dy, bestTime, normalX, normalY)
    this.place(slot, mover.x + dx * bestTime, mover.y + dy * bestTime)
    const restX = dx * (1 - bestTime)
    const restY = dy * (1 - bestTime)
    // Into the face first (pushing), then along it.
    const pushAxis = normalX !== 0 ? 0 : 1
    this.pushAlong(slot, pushAxis, pushAxis === 0 ? restX : restY, 0, true)
    this.pushAlong(slot, 1 - pushAxis, pushAxis === 0 ? restY : restX, 0, true)
  }

  /**
   * Moves `slot` by `amount` along one axis (0: x, 1: y), pushing the pushable dynamic
   * bodies in the way, which push the ones in their way in turn. Bodies that cannot be
   * pushed (solids, non-pushable dynamics, or a chain longer than {@link MAX_CHAIN}) stop
   * the chain; each body then stops touching the one ahead, so nothing overlaps. Returns
   * how far the body moved (same sign as `amount`).
   */
  pushAlong(slot: number, axis: number, amount: number, depth: number, report: boolean): number {
    if (amount === 0) return 0
    const store = this.sim.store
    loadRect(mover, store, slot)
    const dx = axis === 0 ? amount : 0
    const dy = axis === 0 ? 0 : amount
    this.gather(dx, dy)
    // Copied: the pushes below reuse the candidate buffer.
    const candidates = Array.from(this.candidates.items.subarray(0, this.candidates.count))
    const startX = mover.x
    const startY = mover.y
    const width = mover.width
    const height = mover.height
    const done: number[] = []
    let limit = amount
    // One body at a time, nearest first, measured again after every push: a push moves
    // the bodies further along the chain, so earlier measurements go stale.
    for (let round = 0; round < candidates.length; round++) {
      mover.x = startX
      mover.y = startY
      mover.width = width
      mover.height = height
      motion.x = axis === 0 ? limit : 0
      motion.y = axis === 0 ? 0 : limit
      let nearest = -1
      let nearestTime = Infinity
      for (const other of candidates) {
        if (other === slot || done.includes(other)) continue
        const code = pairCode(this.sim, slot, other)
        if (code === IGNORE || code === CROSS) continue
        if (!sweepInto(hit, mover, motion, loadRect(obstacle, store, other), still)) continue
        const time = blocks(hit, motion) ? hit.time : -1
        if (time >= 0 && time < nearestTime) {
          nearestTime = time
          nearest = other
        }
      }
      if (nearest < 0) break
      done.push(nearest)
      const reach = nearestTime * limit
      let allowed = reach
      if (store.isPushable(nearest) && depth < MAX_CHAIN) {
        allowed = reach + this.pushAlong(nearest, axis, limit - reach, depth + 1, false)
      }
      if (Math.abs(allowed) < Math.abs(limit)) {
        limit = allowed
        if (report) {
          const normal = {
            x: axis === 0 ? -Math.sign(amount) : 0,
            y: axis === 0 ? 0 : -Math.sign(amount),
          }
          this.hits.push({ other: store.ids[nearest] as string, normal })
        }
      }
    }
    this.place(slot, axis === 0 ? startX + limit : startX, axis === 0 ? startY : startY + limit)
    return limit
  }
}
