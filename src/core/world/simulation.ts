import { integrateRK4WithTiming } from '../geometry/integrators.js'
import { DYNAMIC, KINEMATIC, type BodyStore } from './bodyStore.js'
import {
  countsToGroupStarts,
  ensureCapacity,
  IndexBuffer,
  PairBuffer,
  rewindGroupStarts,
} from '../broadphase/buffers.js'
import { StepContext } from '../step/context.js'
import { ContactTracker } from './contactTracker.js'
import { HitLog } from './hitLog.js'
import { dynamicPairCode, pairCode, IGNORE, strongerResponse } from './pairCode.js'
import { recordContacts } from './recordContacts.js'
import { hadContact, pushApart, solveVelocities } from './solver.js'
import { BROADPHASE_MARGIN, REST_DISTANCE, TOUCH_TOLERANCE } from '../step/tolerances.js'
import { separateFromSolids, sweepDynamic } from './solidSweep.js'
import type { WorldSettings } from './types.js'
import { createItemBounds, reserveItemBounds, UniformGrid } from '../broadphase/uniformGrid.js'

/**
 * The fixed step of a world and every buffer it reuses. One {@link stepOnce}:
 *
 * 1. integrate dynamic bodies (damping, gravity; semi-implicit Euler or RK4, article 004)
 *    into a wanted displacement, and the bounds it sweeps;
 * 2. broadphase: a grid of the dynamic bodies' swept bounds gives the dynamic pairs, and
 *    each solid (static or kinematic body) asks it for the dynamic bodies near it; a grid
 *    of the solids (rebuilt only when they change) answers later queries of moves that
 *    leave a body's swept bounds;
 * 3. velocities: contacts touching at the start, and speculative ones, stop approaching
 *    motion, shared by mass (bodies resting on solids first: shock propagation; bodies
 *    still closing on one another along an axis pooled, see `ChainPool`); the bodies that
 *    no solid can stop move then;
 * 4. swept motion of the others against solids (article 003) with the body's response:
 *    no tunnelling;
 * 5. push-out of dynamic pairs by penetration vectors (articles 000, 002), all pairs
 *    together over several iterations, each push itself swept against solids;
 * 6. contacts and events.
 *
 * Every pass iterates bodies in insertion order, so the same inputs give the same bits.
 * Not in space order, though pairs then read arrays at scattered indices: with the
 * benchmark's 10,000 boxes added in grid-cell order, the step took 2.00-2.01 ms against
 * 2.08-2.14 ms in random order (the arrays fit in the L2 cache), too little to pay for
 * sorting the bodies, and their fields, in every step (measured again with the loose grid
 * and the pooled passes: 1.97 against 2.03 ms, least of 4 runs).
 */
export class Simulation {
  readonly contacts: ContactTracker
  /** Every buffer and scratch object of the step's stages; this world's alone. */
  readonly context = new StepContext()
  /** The swept hits since the start of the last step (for `world.forEachHit`). */
  readonly hits = new HitLog()
  /** Dynamic bodies' slots in insertion order; local index k is their position here. */
  dynamic = new Int32Array(64)
  dynamicCount = 0
  /** Static and kinematic bodies' slots (infinite mass), in insertion order. */
  solid = new Int32Array(64)
  solidCount = 0
  /** The store's version when {@link Simulation.dynamic} was last listed (-1: never). */
  private collectedVersion = -1
  /** Set when a static or kinematic body is added, removed, moved or changed. */
  solidsDirty = true
  readonly solidBounds = createItemBounds()
  readonly solidGrid = new UniformGrid()
  /** Pairs of solids with a kinematic among them (they touch but never push), for contacts. */
  readonly solidPairs = new PairBuffer()
  readonly dynamicBounds = createItemBounds()
  readonly dynamicGrid = new UniformGrid()
  private candidatePairs = new PairBuffer()
  /** Dynamic pairs (local indices) that may collide, and each pair's response code (`pairCode`). */
  pairs = new PairBuffer()
  pairCodes = new Uint8Array(64)
  startX = new Float64Array(64)
  startY = new Float64Array(64)
  /** Each dynamic body's width and height, by local index. */
  width = new Float64Array(64)
  height = new Float64Array(64)
  /** Velocities before this step's integration (damping applied), by local index. */
  startVelocityX = new Float64Array(64)
  startVelocityY = new Float64Array(64)
  integratedVelocityX = new Float64Array(64)
  integratedVelocityY = new Float64Array(64)
  /**
   * The velocity pass's velocities by local index: a copy of the integrated ones to begin
   * with (as long as those arrays, so one native copy makes it), then solved.
   */
  solvedVelocityX = new Float64Array(64)
  solvedVelocityY = new Float64Array(64)
  /** Each dynamic body's inverse mass in this step (0: not pushable), by local index. */
  inverseMass = new Float64Array(64)
  deltaX = new Float64Array(64)
  deltaY = new Float64Array(64)
  /** Solid candidates of dynamic k: `candidates.items[candidateStart[k] .. candidateStart[k + 1])`. */
  candidateStart = new Int32Array(65)
  readonly candidates = new IndexBuffer()
  /**
   * The bodies whose motion the velocity pass left to {@link Simulation.sweepAgainstSolids}
   * (a solid near them, or a motion beyond their broadphase bounds); the others it moved.
   */
  readonly sweptBodies = new IndexBuffer()
  /** Scratch for solid queries outside a body's broadphase bounds. */
  readonly freshCandidates = new IndexBuffer()
  /** Scratch for dynamic bodies in the way of a move outside its broadphase bounds. */
  readonly freshDynamics = new IndexBuffer()
  /** Bodies that moved in the last fixed step. */
  movedInLastStep = 0
  /** Simulated seconds, passed to integrators. */
  time = 0
  /** Whether a pair filter threw since the last {@link Simulation.rethrowFilterError}, and the first error. */
  private filterFailed = false
  private filterError: unknown = undefined

  constructor(
    readonly store: BodyStore,
    public settings: WorldSettings,
  ) {
    this.contacts = new ContactTracker(store)
  }

  /**
   * Advances every body by one fixed step of `h` seconds. It keeps no loop of its own: V8
   * compiles a hot loop on stack replacement and keeps that code for later calls; compiled
   * before the rest of the step had run, it lacked type feedback for it and deoptimized in
   * every step (--trace-deopt on the 10,000-box benchmark).
   */
  stepOnce(h: number): void {
    this.hits.clear()
    this.collectBodies()
    if (this.solidsDirty) this.indexSolids()
    this.integrate(h)
    this.findPairs()
    solveVelocities(this.context, this, h)
    const tracking = this.contacts.enabled
    if (tracking) this.contacts.beginStep()
    this.sweepAgainstSolids()
    pushApart(this.context, this)
    this.settle(h)
    if (tracking) {
      recordContacts(this.context, this)
      this.contacts.endStep()
    }
    this.time += h
  }

  /** Keeps the first error a pair filter threw, for {@link Simulation.rethrowFilterError}. */
  noteFilterError(error: unknown): void {
    if (this.filterFailed) return
    this.filterFailed = true
    this.filterError = error
  }

  /** Throws the first error a pair filter threw since the last call, if any (a step or move is complete). */
  rethrowFilterError(): void {
    if (!this.filterFailed) return
    const error = this.filterError
    this.filterFailed = false
    this.filterError = undefined
    throw error
  }

  /**
   * Moves every body the velocity pass did not move freely ({@link Simulation.sweptBodies},
   * in insertion order) by its displacement, swept against the solids near it (article 003).
   */
  private sweepAgainstSolids(): void {
    const swept = this.sweptBodies
    for (let q = 0; q < swept.count; q++) {
      const k = swept.items[q] as number
      separateFromSolids(this.context, this, k)
      sweepDynamic(this.context, this, k, this.deltaX, this.deltaY, true)
    }
  }

  private collectBodies(): void {
    const store = this.store
    // Nothing was added, removed or retyped since the last step: the lists stand.
    if (store.version === this.collectedVersion) return
    this.collectedVersion = store.version
    this.dynamic = ensureCapacity(this.dynamic, store.count)
    let dynamicCount = 0
    let solidCount = 0
    for (let index = 0; index < store.count; index++) {
      const slot = store.order[index] as number
      if (store.kind[slot] === DYNAMIC) this.dynamic[dynamicCount++] = slot
      else solidCount++
    }
    this.dynamicCount = dynamicCount
    if (solidCount !== this.solidCount) this.solidsDirty = true
    const n = dynamicCount
    this.startX = ensureCapacity(this.startX, n)
    this.startY = ensureCapacity(this.startY, n)
    this.width = ensureCapacity(this.width, n)
    this.height = ensureCapacity(this.height, n)
    this.startVelocityX = ensureCapacity(this.startVelocityX, n)
    this.startVelocityY = ensureCapacity(this.startVelocityY, n)
    this.integratedVelocityX = ensureCapacity(this.integratedVelocityX, n)
    this.integratedVelocityY = ensureCapacity(this.integratedVelocityY, n)
    this.solvedVelocityX = ensureCapacity(this.solvedVelocityX, n)
    this.solvedVelocityY = ensureCapacity(this.solvedVelocityY, n)
    this.inverseMass = ensureCapacity(this.inverseMass, n)
    // Room for the velocity pass to list every body, without a branch (and one spare).
    this.sweptBodies.reserve(n + 1)
    this.deltaX = ensureCapacity(this.deltaX, n)
    this.deltaY = ensureCapacity(this.deltaY, n)
    this.candidateStart = ensureCapacity(this.candidateStart, n + 1)
    reserveItemBounds(this.dynamicBounds, n)
  }

  /** Rebuilds the grid of solids (static and kinematic bodies) and their kinematic pairs. */
  indexSolids(): void {
    const store = this.store
    this.solid = ensureCapacity(this.solid, store.count)
    let count = 0
    for (let index = 0; index < store.count; index++) {
      const slot = store.order[index] as number
      if (store.kind[slot] !== DYNAMIC) this.solid[count++] = slot
    }
    this.solidCount = count
    const bounds = this.solidBounds
    reserveItemBounds(bounds, count)
    for (let i = 0; i < count; i++) {
      const slot = this.solid[i] as number
      bounds.minX[i] = store.x[slot] as number
      bounds.minY[i] = store.y[slot] as number
      bounds.maxX[i] = (store.x[slot] as number) + (store.width[slot] as number)
      bounds.maxY[i] = (store.y[slot] as number) + (store.height[slot] as number)
    }
    this.solidGrid.build(bounds, count)
    const candidates = this.candidatePairs
    candidates.count = 0
    this.solidGrid.pairs(candidates)
    this.solidPairs.count = 0
    for (let p = 0; p < candidates.count; p++) {
      const a = this.solid[candidates.a[p] as number] as number
      const b = this.solid[candidates.b[p] as number] as number
      if (store.kind[a] === KINEMATIC || store.kind[b] === KINEMATIC) {
        if (pairCode(this, a, b) !== IGNORE) this.solidPairs.push(a, b)
      }
    }
    this.solidsDirty = false
  }

  /** Integrates every dynamic body into a wanted displacement, and its swept bounds. */
  private integrate(h: number): void {
    const { gravity, integrator } = this.settings
    const euler = integrator !== 'rk4'
    this.context.rk4Timing[0] = h
    this.context.rk4Timing[1] = this.time
    const { x: storeX, y: storeY, velocityX, velocityY } = this.store
    const { width: storeWidth, height: storeHeight } = this.store
    const { damping, gravityScale, inverseMass: storeInverseMass } = this.store
    const { minX, minY, maxX, maxY } = this.dynamicBounds
    const { dynamic, startX, startY, startVelocityX, startVelocityY, deltaX, deltaY } = this
    const { integratedVelocityX, integratedVelocityY } = this
    const { inverseMass, width, height, context } = this
    const { rk4State: state, rk4Acceleration: acceleration } = context
    const gravityX = gravity.x
    const gravityY = gravity.y
    for (let k = 0; k < this.dynamicCount; k++) {
      const slot = dynamic[k] as number
      const x = storeX[slot] as number
      const y = storeY[slot] as number
      const bodyWidth = storeWidth[slot] as number
      const bodyHeight = storeHeight[slot] as number
      // Implicit linear damping, applied first: v *= 1 / (1 + damping * h) (stable for any h).
      // Without damping (most bodies) the factor is 1 exactly, and the division, a fifth of
      // this loop's time at 10,000 boxes, is skipped.
      const bodyDamping = damping[slot] as number
      const dampingFactor = bodyDamping === 0 ? 1 : 1 / (1 + bodyDamping * h)
      const startVx = (velocityX[slot] as number) * dampingFactor
      const startVy = (velocityY[slot] as number) * dampingFactor
      startVelocityX[k] = startVx
      startVelocityY[k] = startVy
      let vx: number
      let vy: number
      let dx: number
      let dy: number
      if (euler) {
        // Semi-implicit Euler (article 004), the kernel's integrateEulerInto written out with
        // the same operations in the same order (a test holds them bit for bit equal):
        // loading each body into the kernel's state objects and back took a third of this
        // loop (0.75 against 0.51 ms per step at 10,000 boxes).
        vx = startVx + gravityX * (gravityScale[slot] as number) * h
        vy = startVy + gravityY * (gravityScale[slot] as number) * h
        // The new position less the old, as the kernel's result was read back.
        dx = x + vx * h - x
        dy = y + vy * h - y
      } else {
        state.position.x = x
        state.position.y = y
        state.velocity.x = startVx
        state.velocity.y = startVy
        acceleration.x = gravityX * (gravityScale[slot] as number)
        acceleration.y = gravityY * (gravityScale[slot] as number)
        integrateRK4WithTiming(state, state, acceleration, context.rk4Timing)
        vx = state.velocity.x
        vy = state.velocity.y
        dx = state.position.x - x
        dy = state.position.y - y
      }
      startX[k] = x
      startY[k] = y
      width[k] = bodyWidth
      height[k] = bodyHeight
      deltaX[k] = dx
      deltaY[k] = dy
      // The store's velocity is written once the velocity pass has solved it (nothing reads
      // it in between).
      integratedVelocityX[k] = vx
      integratedVelocityY[k] = vy
      inverseMass[k] = storeInverseMass[slot] as number
      // The bounds over the wanted displacement, for the broadphase (here, not in a pass of
      // their own: the body's fields are at hand). `x + (d - |d|) / 2` is `d < 0 ? x + d : x`
      // bit for bit, without the branch: motions point every way, so the predictor missed
      // that branch half the time, and this loop took twice as long with it.
      minX[k] = x + 0.5 * (dx - Math.abs(dx)) - BROADPHASE_MARGIN
      minY[k] = y + 0.5 * (dy - Math.abs(dy)) - BROADPHASE_MARGIN
      maxX[k] = x + 0.5 * (dx + Math.abs(dx)) + bodyWidth + BROADPHASE_MARGIN
      maxY[k] = y + 0.5 * (dy + Math.abs(dy)) + bodyHeight + BROADPHASE_MARGIN
    }
  }

  /**
   * Each dynamic body's pairs (from the swept bounds `integrate` wrote) and its solid
   * candidates. The grid is built anew in every step, not kept across steps as a neighbour
   * list (Verlet's "skin", Box2D's fat bounds): in the benchmark's boxes scene at 10,000
   * boxes, where bodies move about a tenth of their size per step, a prototype (pairs
   * sorted by index, so a restored world would solve them in the same order) rebuilt every
   * 2 to 7 steps for a skin of 0.2 to 1 mean extent, as the fastest body left its fat
   * bounds. A rebuild cost about 1 ms (11,500 kept pairs against 6,000 at a quarter
   * extent: grid, pairs and sort), the steps between rebuilds 1.77 ms against 2.05 ms, and
   * the mean over 300 steps was 2.05 to 2.24 ms: no gain.
   */
  private findPairs(): void {
    this.dynamicGrid.build(this.dynamicBounds, this.dynamicCount)
    const candidates = this.candidatePairs
    candidates.count = 0
    this.dynamicGrid.pairs(candidates)
    this.filterPairs()
    this.findSolidCandidates()
  }

  /** The broadphase's candidate pairs that may collide (layers, masks, filter), with their response codes. */
  private filterPairs(): void {
    const candidates = this.candidatePairs
    const count = candidates.count
    const codes = (this.pairCodes = ensureCapacity(this.pairCodes, count))
    if (this.settings.filter === undefined && this.store.selectiveCount === 0) {
      // No filter, and every body's mask has every layer: every candidate is a pair (the
      // two buffers trade places), with the stronger response of its bodies (what
      // dynamicPairCode gives it then).
      this.candidatePairs = this.pairs
      this.pairs = candidates
      const { a: pairA, b: pairB } = candidates
      const { dynamic } = this
      const response = this.store.response
      for (let p = 0; p < count; p++) {
        const slotA = dynamic[pairA[p] as number] as number
        codes[p] = strongerResponse(response, slotA, dynamic[pairB[p] as number] as number)
      }
      return
    }
    const pairs = this.pairs
    pairs.reserve(count)
    // Every candidate is written, and kept unless its code says to ignore it (0.057 ->
    // 0.052 ms at 10,000 boxes against push, which checks for room at each pair).
    const { a: candidateA, b: candidateB } = candidates
    const { a: pairA, b: pairB } = pairs
    const dynamic = this.dynamic
    let kept = 0
    for (let p = 0; p < count; p++) {
      const i = candidateA[p] as number
      const j = candidateB[p] as number
      const code = dynamicPairCode(this, dynamic[i] as number, dynamic[j] as number)
      pairA[kept] = i
      pairB[kept] = j
      codes[kept] = code
      kept += Number(code !== IGNORE)
    }
    pairs.count = kept
  }

  /**
   * Each dynamic body's solid candidates, as a compact list (counting sort). Solids are
   * usually few and large (walls, the board), so each solid asks the dynamic grid for the
   * bodies near it, rather than every body asking the solid grid.
   */
  private findSolidCandidates(): void {
    const n = this.dynamicCount
    const start = this.candidateStart
    start.fill(0, 0, n + 1)
    const hits = this.candidatePairs
    hits.count = 0
    const near = this.freshCandidates
    const solids = this.solidBounds
    for (let s = 0; s < this.solidCount; s++) {
      near.count = 0
      this.dynamicGrid.queryItem(solids, s, near)
      for (let q = 0; q < near.count; q++) {
        const k = near.items[q] as number
        start[k + 1] = (start[k + 1] as number) + 1
        hits.push(s, k)
      }
    }
    countsToGroupStarts(start, n)
    const list = this.candidates
    list.items = ensureCapacity(list.items, start[n] as number)
    list.count = start[n] as number
    // Fill in solid order, so each body's candidates are in insertion order.
    for (let h = 0; h < hits.count; h++) {
      const k = hits.b[h] as number
      list.items[start[k] as number] = hits.a[h] as number
      start[k] = (start[k] as number) + 1
    }
    rewindGroupStarts(start, n)
  }

  /**
   * Snaps rounding-level motion back, limits velocity to the motion a push-out allowed,
   * then flags bodies that moved. Only bodies near another (a contact or a solid in their
   * broadphase bounds) are snapped: that is where the solver's rounding noise comes from.
   * A free body moves exactly as integrated, however slowly: snapped, a body starting to
   * fall under a weak gravity (or drifting at 0.005 px/s) never moved at all.
   */
  private settle(h: number): void {
    // Arrays in locals: V8 did not lift the reads of `this.startX` and the others out of
    // the loop.
    const { x, y, velocityX, velocityY, moved: movedFlags } = this.store
    const { dynamic, startX, startY, deltaX, deltaY, candidateStart, context } = this
    let moved = 0
    for (let k = 0; k < this.dynamicCount; k++) {
      const slot = dynamic[k] as number
      const x0 = startX[k] as number
      const y0 = startY[k] as number
      const dx = (x[slot] as number) - x0
      const dy = (y[slot] as number) - y0
      const resting =
        (dx === 0 && dy === 0) ||
        (Math.abs(dx) < REST_DISTANCE &&
          Math.abs(dy) < REST_DISTANCE &&
          (hadContact(context, k) || candidateStart[k] !== candidateStart[k + 1]))
      if (resting) {
        x[slot] = x0
        y[slot] = y0
      }
      velocityX[slot] = blockedVelocity(
        velocityX[slot] as number,
        deltaX[k] as number,
        (x[slot] as number) - x0,
        h,
      )
      velocityY[slot] = blockedVelocity(
        velocityY[slot] as number,
        deltaY[k] as number,
        (y[slot] as number) - y0,
        h,
      )
      if (resting) continue
      movedFlags[slot] = 1
      moved++
    }
    this.movedInLastStep = moved
  }
}

/**
 * A body's velocity on one axis after the step, given the displacement it wanted and the
 * one it got. The push-out of dynamic pairs (articles 000, 002) corrects positions only:
 * a body stopped short by another body, or snapped back by {@link REST_DISTANCE}, kept
 * the velocity of the whole move. That unrealised speed came back as an impact in the
 * next velocity pass, a step of gravity larger than the real one, so a box with
 * restitution on another one bounced for ever (energy gained each cycle) and a box that
 * hovered a rounding gap above another one gained speed while reported idle. As in
 * position-based dynamics (velocity = realised displacement / step), the speed toward the
 * blocked side is cut to what the body actually moved; a velocity already turned back by a
 * swept response (article 003/004) or pointing away is left alone.
 */
function blockedVelocity(velocity: number, wanted: number, realised: number, h: number): number {
  // Math.sign(velocity) !== Math.sign(wanted), with no branch on the signs (random here).
  if (wanted === 0 || velocity === 0 || Number(velocity < 0) !== Number(wanted < 0)) {
    return velocity
  }
  // Short by rounding only ((x0 + d) - x0 is not always d) is not blocked.
  if (Math.abs(realised) >= Math.abs(wanted) * (1 - 1e-9) - TOUCH_TOLERANCE) return velocity
  const allowed = Math.sign(realised) === Math.sign(wanted) ? realised / h : 0
  return Math.abs(allowed) < Math.abs(velocity) ? allowed : velocity
}
