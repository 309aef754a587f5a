import { ensureCapacity, IndexBuffer } from '../broadphase/buffers.js'
import { MAX_CHAIN_SWEEPS } from './tolerances.js'

/**
 * Pools touching bodies that close on one another along one axis into runs that move as
 * one, for the velocity pass.
 *
 * Gauss-Seidel passes (one contact at a time) converge slowly where masses differ: a light
 * box squeezed between two heavy ones is thrown from one to the other in every pass, and
 * each throw takes only its share of the heavy ones' closing speed, so in the benchmark's
 * 10,000 boxes the passes ran into their cap in every step with such boxes still closing at
 * 0.2 px/s. Without friction, contacts across x change x velocities only, so boxes in
 * contact along x are a one-dimensional problem: for each contact, the box on the normal's
 * side must not move toward the other faster than it. The inelastic answer closest to the
 * current velocities (least squares weighted by mass) is their isotonic regression, and on
 * a chain of boxes pool adjacent violators (PAV: Ayer et al. 1955; Barlow et al.,
 * "Statistical inference under order restrictions", 1972) finds it: any two runs of boxes
 * joined by a contact they close on are pooled into one run moving at their mass-weighted
 * mean velocity (momentum is kept), until no contact closes. Pooling in any order gives the
 * same runs on a chain. Where the boxes branch (a box with two neighbours on one side) the
 * same pooling ends with no contact closing and momentum kept, though not always at the
 * closest answer: a run may hold a box that the closest answer lets go.
 */
export class ChainPool {
  /**
   * The bodies whose velocity the last {@link ChainPool.pool} changed by more than its
   * tolerance, each once.
   */
  readonly changed = new IndexBuffer()
  /** Per body: its run (union-find parent), and the call that last reset it. */
  private parent = new Int32Array(0)
  private resetIn = new Int32Array(0)
  /** Per run (at its root body): momentum, mass, and how many bodies it holds. */
  private momentum = new Float64Array(0)
  private mass = new Float64Array(0)
  private size = new Int32Array(0)
  /** Per run: the earliest impulse time of its bodies. */
  private time = new Float64Array(0)
  /**
   * Per run: 1 when it holds a body of infinite mass (one that may not be pushed, or a solid
   * it closed on), whose velocity, in {@link anchorVelocity}, is then the run's.
   */
  private anchored = new Uint8Array(0)
  private anchorVelocity = new Float64Array(0)
  private call = 0
  private readonly bodies = new IndexBuffer()

  /**
   * Pools the bodies of contacts `contacts[0 .. count)`, all across this axis between two
   * dynamic bodies (local indices `bodyI[c]` and `bodyJ[c]`, normal `normal[c]`, -1 or 1,
   * from j toward i) that may not close at all (touching, or speculative and met), in place
   * on `velocity` (this axis) and `impulseTime`: the bodies of a run take its mean velocity
   * and the earliest impulse time among them (they move as one from then on; see the
   * velocity stage's `followImpulses`). Bodies weigh `1 / inverseMass[k]`; one with an
   * inverse mass of 0 (infinite mass: it may not be pushed) gives its run its own velocity.
   * A contact with `bodyJ[c] < 0` is body i's with a solid at rest: a run that closes on
   * it is held at rest, as pooled with a body of infinite mass (the wall a row is pressed
   * against takes the row's momentum).
   */
  pool(
    contacts: Int32Array,
    count: number,
    bodyI: Int32Array,
    bodyJ: Int32Array,
    normal: Float64Array,
    inverseMass: Float64Array,
    velocity: Float64Array,
    impulseTime: Float64Array,
    tolerance: number,
  ): void {
    this.changed.count = 0
    this.reset(contacts, count, bodyI, bodyJ, inverseMass, velocity, impulseTime)
    let pooled = false
    for (let sweep = 0; sweep < MAX_CHAIN_SWEEPS; sweep++) {
      let pooledNow = false
      for (let q = 0; q < count; q++) {
        const c = contacts[q] as number
        const a = this.find(bodyI[c] as number)
        const j = bodyJ[c] as number
        if (j < 0) {
          // A solid: i's run must not move into it. Closing on it, the run is held at rest
          // as if pooled with a body of infinite mass.
          const velocityA =
            this.anchored[a] === 1
              ? (this.anchorVelocity[a] as number)
              : (this.momentum[a] as number) / (this.mass[a] as number)
          if ((normal[c] as number) * velocityA < 0) {
            this.anchored[a] = 1
            this.anchorVelocity[a] = 0
            pooledNow = true
          }
          continue
        }
        const b = this.find(j)
        if (a === b) continue
        // i's run must not close on j's: along the normal (from j toward i), i's velocity
        // less j's is at least 0.
        // The runs' velocities (an anchored run's is its anchor's), written out rather than in a
        // function: V8 boxes the doubles returned from a call it does not inline.
        const velocityA =
          this.anchored[a] === 1
            ? (this.anchorVelocity[a] as number)
            : (this.momentum[a] as number) / (this.mass[a] as number)
        const velocityB =
          this.anchored[b] === 1
            ? (this.anchorVelocity[b] as number)
            : (this.momentum[b] as number) / (this.mass[b] as number)
        const closing = (normal[c] as number) * (velocityA - velocityB)
        if (closing < 0) {
          this.join(a, b)
          pooledNow = true
        }
      }
      if (!pooledNow) break
      pooled = true
    }
    if (pooled) this.write(velocity, impulseTime, tolerance)
  }

  /** Each body of the contacts its own run. */
  private reset(
    contacts: Int32Array,
    count: number,
    bodyI: Int32Array,
    bodyJ: Int32Array,
    inverseMass: Float64Array,
    velocity: Float64Array,
    impulseTime: Float64Array,
  ): void {
    const bodyCount = velocity.length
    if (this.parent.length < bodyCount) {
      this.parent = ensureCapacity(this.parent, bodyCount)
      this.resetIn = ensureCapacity(this.resetIn, bodyCount)
      this.momentum = ensureCapacity(this.momentum, bodyCount)
      this.mass = ensureCapacity(this.mass, bodyCount)
      this.size = ensureCapacity(this.size, bodyCount)
      this.time = ensureCapacity(this.time, bodyCount)
      this.anchored = ensureCapacity(this.anchored, bodyCount)
      this.anchorVelocity = ensureCapacity(this.anchorVelocity, bodyCount)
    }
    const call = ++this.call
    const bodies = this.bodies
    bodies.count = 0
    for (let q = 0; q < count; q++) {
      const c = contacts[q] as number
      for (let side = 0; side < 2; side++) {
        const k = (side === 0 ? bodyI[c] : bodyJ[c]) as number
        if (k < 0 || this.resetIn[k] === call) continue
        this.resetIn[k] = call
        bodies.push(k)
        // A body that may not be pushed anchors its run at its own velocity (its mass,
        // infinite, takes no part in the means).
        const pinned = inverseMass[k] === 0
        const mass = pinned ? 1 : 1 / (inverseMass[k] as number)
        this.parent[k] = k
        this.momentum[k] = pinned ? 0 : mass * (velocity[k] as number)
        this.mass[k] = mass
        this.size[k] = 1
        this.time[k] = impulseTime[k] as number
        this.anchored[k] = Number(pinned)
        this.anchorVelocity[k] = velocity[k] as number
      }
    }
  }

  /** The root body of body k's run (halving the path on the way). */
  private find(k: number): number {
    const parent = this.parent
    while (parent[k] !== k) {
      const up = parent[parent[k] as number] as number
      parent[k] = up
      k = up
    }
    return k
  }

  /** Pools run `b` into run `a` (the smaller into the larger, so finds stay short). */
  private join(a: number, b: number): void {
    if ((this.size[a] as number) < (this.size[b] as number)) {
      const swap = a
      a = b
      b = swap
    }
    this.parent[b] = a
    this.momentum[a] = (this.momentum[a] as number) + (this.momentum[b] as number)
    this.mass[a] = (this.mass[a] as number) + (this.mass[b] as number)
    this.size[a] = (this.size[a] as number) + (this.size[b] as number)
    this.time[a] = Math.min(this.time[a] as number, this.time[b] as number)
    if (this.anchored[b] === 1) {
      // Two anchors that disagree: the slower one holds (a solid, at rest, before a body
      // that may not be pushed driving the run into it).
      const held = this.anchorVelocity[b] as number
      if (this.anchored[a] === 0 || Math.abs(held) < Math.abs(this.anchorVelocity[a] as number)) {
        this.anchorVelocity[a] = held
      }
      this.anchored[a] = 1
    }
  }

  /** Gives the bodies of every pooled run its velocity and impulse time. */
  private write(velocity: Float64Array, impulseTime: Float64Array, tolerance: number): void {
    const bodies = this.bodies
    for (let b = 0; b < bodies.count; b++) {
      const k = bodies.items[b] as number
      const run = this.find(k)
      if (this.size[run] === 1 && this.anchored[run] === 0) continue
      // The run's velocity: its anchor's, if it has one.
      const mean =
        this.anchored[run] === 1
          ? (this.anchorVelocity[run] as number)
          : (this.momentum[run] as number) / (this.mass[run] as number)
      // A momentum that overflowed (velocities past 1e300 times large masses) leaves the run
      // to the passes rather than spread Infinity or NaN.
      if (!Number.isFinite(mean)) continue
      const change = mean - (velocity[k] as number)
      velocity[k] = mean
      impulseTime[k] = this.time[run] as number
      if (Math.abs(change) > tolerance) this.changed.push(k)
    }
  }
}
