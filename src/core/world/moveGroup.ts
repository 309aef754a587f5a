import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
import type { StepContext as Simulation } from '../step/context.js'
import { isNearStopFirst, MAX_SLIDES, nearPart, type Move } from './move.js'

/**
 * `world.moveGroup`: a set of bodies moves by one common displacement, as one rigid
 * shape, through a world whose other bodies are at their current places (issue #26,
 * "group drag with push"). Built on {@link Move}'s sweep and push chain: the members are
 * a group there, so they never stop nor push one another, and a chain another member
 * pushes meets them as solids.
 *
 * - Without push (bump.lua's `move` for the shape): the earliest time of impact of any
 *   member against any other body clips the motion for all; the rest slides along the
 *   face met, as `world.move` slides.
 * - With push (`world.move`'s `pushTo` for the shape): straight to the earliest contact,
 *   then along the axis of the face met, then along the other axis. An axis step moves
 *   the members front first (the one whose leading edge is furthest ahead first: a chain
 *   pushed by a member behind can only meet members ahead of it, and those have moved
 *   already), each pushing its own chain. When any member gets less than the step (its
 *   chain is blocked), the attempt is taken back and tried again with the least amount a
 *   member got, so every member moves by the same amount and none overlaps what stopped
 *   it; the member that cut the last group push short is pushed alone first, and what it
 *   gets bounds the first attempt (nothing: the group stays; see `pushAlong`, `probedLimit`).
 *
 * Every member ends at its start plus the common displacement, to the rounding of the
 * additions (each step adds to every member the same number).
 */
export class GroupMove {
  /** The members' slots, filled by the caller before {@link run}. */
  readonly members = new IndexBuffer()
  /** Each member's position along the axis being stepped, to order them front first. */
  private lead = new Float64Array(0)
  /** The members' indices in {@link members}, front first for the axis being stepped. */
  private order = new Int32Array(0)
  /** The displacement done so far, px. */
  readonly done = { x: 0, y: 0 }
  /** Whether the last run went the whole displacement. */
  reached = false
  /** The motion still to do in a slide round (an object: see {@link Move}). */
  private readonly rest = { x: 0, y: 0 }
  /** The time of the stop {@link earliestGathered} found, as a fraction of the motion. */
  private bestTime = Infinity
  /** The body the member found by {@link earliest} stops at. */
  private stopper = -1
  /**
   * By axis (0: x, 1: y): the member whose chain last cut a group push along it short, and
   * the sign of that push (0: none), pushed alone first by {@link probedLimit}.
   */
  private readonly limitingSlot = new Int32Array([-1, -1])
  private readonly limitingSign = new Int8Array(2)

  constructor(
    private readonly sim: Simulation,
    private readonly move: Move,
  ) {}

  /**
   * Moves {@link members} by (`dx`, `dy`) in the current call of {@link move} (begun by
   * the caller), pushing with `push`. Leaves the displacement reached in {@link done}, and
   * the group marked in the move: the caller reads what it pushed, then ends the group
   * (`move.endGroup()`, in a `finally`: a stale group would change every later move).
   */
  run(dx: number, dy: number, push: boolean): void {
    const members = this.members
    this.done.x = 0
    this.done.y = 0
    this.reached = true
    this.move.groupWith(members.items, members.count)
    if (push) this.pushBy(dx, dy)
    else this.slideBy(dx, dy)
    if (this.reached) {
      this.done.x = dx
      this.done.y = dy
    }
  }

  /** The slide: rounds of earliest contact, then the rest along the face met. */
  private slideBy(dx: number, dy: number): void {
    const rest = this.rest
    rest.x = dx
    rest.y = dy
    for (let round = 0; round < MAX_SLIDES; round++) {
      if (rest.x === 0 && rest.y === 0) return
      const first = this.earliest(rest.x, rest.y)
      if (first < 0) {
        this.shift(rest.x, rest.y)
        return
      }
      this.reached = false
      const hit = this.move.hit
      const time = hit.time
      this.shift(rest.x * time, rest.y * time)
      this.move.stopMemberAtFace(this.members.items[first] as number, this.stopper)
      // The rest of the motion loses its part along the normal (a slide, article 004).
      const restX = rest.x * (1 - time)
      const restY = rest.y * (1 - time)
      const along = restX * hit.normal.x + restY * hit.normal.y
      rest.x = restX - along * hit.normal.x
      rest.y = restY - along * hit.normal.y
    }
    if (rest.x !== 0 || rest.y !== 0) this.reached = false
  }

  /** The pushing move of the shape: straight to the earliest contact, then an axis at a time. */
  private pushBy(dx: number, dy: number): void {
    if (dx === 0 && dy === 0) return
    const first = this.earliest(dx, dy)
    if (dx === 0 || dy === 0) {
      this.pushAlong(dx === 0 ? 1 : 0, dx === 0 ? dy : dx)
      return
    }
    if (first < 0) {
      this.shift(dx, dy)
      return
    }
    const time = this.move.hit.time
    const pushAxis = this.move.hit.normal.x !== 0 ? 0 : 1
    this.shift(dx * time, dy * time)
    this.move.stopMemberAtFace(this.members.items[first] as number, this.stopper)
    const restX = dx * (1 - time)
    const restY = dy * (1 - time)
    // Into the face first (pushing), then along it, as `world.move` does.
    this.pushAlong(pushAxis, pushAxis === 0 ? restX : restY)
    this.pushAlong(1 - pushAxis, pushAxis === 0 ? restY : restX)
  }

  /**
   * The earliest stop of any member moving by (`dx`, `dy`) against a non-member, noted as
   * the move's hit, with its time and normal left in the move's `hit`; the member's index,
   * or -1 when none stops.
   */
  private earliest(dx: number, dy: number): number {
    const { items, count } = this.members
    const store = this.sim.store
    let side = 0
    for (let k = 0; k < count; k++) {
      const slot = items[k] as number
      side = Math.max(side, store.width[slot] as number, store.height[slot] as number)
    }
    // Near first, as `Move.firstHit` searches: only the bodies in the way of the motion's
    // first `near` part are swept (with the whole motion). An early enough stop there is
    // the answer: every member's stop that early is among them, and a member whose stop
    // is later has a time among them at least as late. A dragged group lags its pointer
    // and presses into what it pushes: it mostly stops at once.
    const near = nearPart(side, dx, dy)
    if (near > 0) {
      const nearest = this.earliestGathered(dx * near, dy * near, dx, dy)
      if (nearest >= 0 && isNearStopFirst(this.bestTime, near)) {
        return this.noteEarliest(nearest, dx, dy)
      }
    }
    const best = this.earliestGathered(dx, dy, dx, dy)
    return best < 0 ? -1 : this.noteEarliest(best, dx, dy)
  }

  /**
   * The member that stops first moving by (`dx`, `dy`) among the bodies in the way of the
   * members' bounding box moving by (`gatherX`, `gatherY`), its time in {@link bestTime}; or -1.
   */
  private earliestGathered(gatherX: number, gatherY: number, dx: number, dy: number): number {
    const { items, count } = this.members
    // One index query for the members' bounding box swept; each member sweeps the
    // candidates that meet its own swept box (stopTimeAmongGathered).
    this.move.gatherAround(items, count, gatherX, gatherY)
    let best = -1
    let bestTime = Infinity
    for (let k = 0; k < count; k++) {
      const time = this.move.stopTimeAmongGathered(items[k] as number, dx, dy)
      if (time >= 0 && time < bestTime) {
        bestTime = time
        best = k
        // Stopped at once: no member stops sooner, and ties go to the first.
        if (bestTime === 0) break
      }
    }
    this.bestTime = bestTime
    return best
  }

  /**
   * Notes the stop of member `best` (its index in {@link members}) moving by (`dx`, `dy`) as
   * the move's hit; returns `best`.
   */
  private noteEarliest(best: number, dx: number, dy: number): number {
    const { items } = this.members
    // Swept again to leave its hit in place (the last sweep was another member's).
    const slot = items[best] as number
    this.stopper = this.move.sweepFirst(slot, dx, dy)
    this.move.noteHit(slot, this.stopper)
    return best
  }

  /** Moves every member by (`dx`, `dy`) without a sweep (the caller swept the way). */
  private shift(dx: number, dy: number): void {
    const { items, count } = this.members
    const store = this.sim.store
    for (let k = 0; k < count; k++) {
      const slot = items[k] as number
      this.move.placeAt(slot, (store.x[slot] as number) + dx, (store.y[slot] as number) + dy, -1)
    }
    this.done.x += dx
    this.done.y += dy
  }

  /**
   * One axis step of the pushing move: every member by the same `amount` along `axis` (0:
   * x, 1: y), front first, each pushing its chain; an attempt in which a member is stopped
   * short is taken back and tried again with the least any member got, so the amount only
   * shrinks (at most one attempt per member, then the group stays). The first attempt asks
   * for {@link probedLimit}: at most `amount`, and less when the member that cut the last
   * push short is still held back.
   *
   * A member stopped short does not end its attempt: the members behind it are pushed on,
   * by what it got, so one attempt finds every member whose chain is jammed (against a
   * wall, each chain has its own slack), not only the first. The members ahead of it went
   * further than they will, which leaves the chains behind them at least the room they
   * will have, so what each member behind gets is at least what it will get: the least is
   * an upper bound of the common amount, which the next attempt, all members by it, checks.
   */
  private pushAlong(axis: number, amount: number): void {
    if (amount === 0) return
    let limit = this.probedLimit(axis, amount)
    if (limit === 0) {
      this.reached = false
      return
    }
    const { items, count } = this.members
    this.sortFrontFirst(axis, amount)
    const move = this.move
    for (let attempt = 0; attempt <= count; attempt++) {
      const checkpoint = move.checkpoint()
      let got = limit
      for (let k = 0; k < count && got !== 0; k++) {
        const slot = items[this.order[k] as number] as number
        move.pushAlong(slot, axis, got)
        if (move.pushedAmount !== got) this.rememberLimiting(slot, axis, amount)
        got = move.pushedAmount
      }
      if (got === limit) {
        if (axis === 0) this.done.x += limit
        else this.done.y += limit
        if (limit !== amount) this.reached = false
        return
      }
      // The hits that stopped members short are kept (only such a member notes one): they
      // are what limits the group.
      move.rollBack(checkpoint)
      limit = got
      if (limit === 0) break
    }
    this.reached = false
  }

  /**
   * The amount the first attempt of a group push along `axis` by `amount` asks for: what
   * the member that cut the last push of that sign short ({@link limitingSlot}) gets pushed
   * alone from here, when that is less than `amount` and its chain met nothing another
   * push could move (no member, no body past the longest chain: `Move.metMovable`); else
   * `amount`. The other members' pushes all go the same way, along the axis: they leave
   * each body of its chain in its lane, and the room along a row of bodies up to what does
   * not move the same (a gap one push closes, it opens behind), so what the member gets
   * alone bounds what it gets in the group, and 0 means the group cannot move at all.
   * Where the branches of a chain meet again in a dense crowd, the order of the pushes
   * decides how far the bodies they share go, and the bound can come out below what an
   * attempt from `amount` would find: the group then moves less in that push (never into
   * an overlap), as it does when a push alone finds such a member jammed.
   * A dragged group pressed into a crowd is held back by the same member for many frames:
   * this replaces an attempt that pushed every member (and was taken back) by one push.
   */
  private probedLimit(axis: number, amount: number): number {
    const slot = this.limitingSlot[axis] as number
    const move = this.move
    if (slot < 0 || this.limitingSign[axis] !== Math.sign(amount) || !move.isMember(slot)) {
      return amount
    }
    const checkpoint = move.checkpoint()
    const hitCount = move.hits.length
    move.metMovable = false
    move.pushAlong(slot, axis, amount)
    const got = move.pushedAmount
    const bounds = got !== amount && !move.metMovable
    move.rollBack(checkpoint)
    if (bounds) return got
    // Not a bound: its stop (if any) is not one of the group's hits, and the member no
    // longer tells the group's limit.
    move.hits.length = hitCount
    this.limitingSign[axis] = 0
    return amount
  }

  /** Notes member `slot` as cutting short pushes along `axis` of the sign of `amount` ({@link probedLimit}). */
  private rememberLimiting(slot: number, axis: number, amount: number): void {
    this.limitingSlot[axis] = slot
    this.limitingSign[axis] = Math.sign(amount)
  }

  /** Fills {@link order} with the members by leading edge along `axis`, furthest ahead first. */
  private sortFrontFirst(axis: number, amount: number): void {
    const { items, count } = this.members
    const store = this.sim.store
    this.lead = ensureCapacity(this.lead, count)
    this.order = ensureCapacity(this.order, count)
    for (let k = 0; k < count; k++) {
      const slot = items[k] as number
      const near = axis === 0 ? (store.x[slot] as number) : (store.y[slot] as number)
      const size = axis === 0 ? (store.width[slot] as number) : (store.height[slot] as number)
      // Ahead means further along the motion: the far edge moving forward, the near one back.
      this.lead[k] = amount > 0 ? near + size : -near
      this.order[k] = k
    }
    // Insertion sort, descending lead: groups are a handful of cards, and it allocates nothing.
    for (let k = 1; k < count; k++) {
      const index = this.order[k] as number
      const key = this.lead[index] as number
      let j = k - 1
      while (j >= 0 && (this.lead[this.order[j] as number] as number) < key) {
        this.order[j + 1] = this.order[j] as number
        j--
      }
      this.order[j + 1] = index
    }
  }
}
