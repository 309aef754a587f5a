import { ensureCapacity, IndexBuffer } from './buffers.js'

/**
 * The exact velocities of chains of touching bodies along one axis, for the velocity pass.
 *
 * Gauss-Seidel passes (one contact at a time) converge slowly on a chain whose masses
 * differ: a light box squeezed between two heavy ones is thrown from one to the other in
 * every pass, and each throw takes only its share of the heavy ones' closing speed, so in
 * the benchmark's 10,000 boxes the passes ran into their cap in every step with such
 * chains still closing at 0.2 px/s. Without friction, contacts across x change x velocities
 * only, so a chain of boxes along x is a one-dimensional problem: the velocities, in the
 * order of the boxes along the axis, must not decrease (no box catches up with the one in
 * front of it), and the inelastic answer closest to the current velocities (least squares
 * weighted by mass) is their isotonic regression, which pool adjacent violators (PAV:
 * Ayer et al. 1955; Barlow et al., "Statistical inference under order restrictions",
 * 1972) finds in one sweep: each run of boxes that would close on one another moves at its
 * mass-weighted mean velocity (the momentum of the run is kept), and runs that part keep
 * their own. Chains that branch, close into a loop or run back on themselves are left to
 * the passes.
 */
export class ChainPool {
  /**
   * The bodies whose velocity the last {@link ChainPool.pool} changed by more than its
   * tolerance, each once.
   */
  readonly changed = new IndexBuffer()
  /** Per body: how many of the listed contacts it is in, and the first two of them. */
  private degree = new Int32Array(64)
  private firstContact = new Int32Array(64)
  private secondContact = new Int32Array(64)
  /** Per body: the call that last counted it, and the call that last walked it. */
  private countedIn = new Int32Array(64)
  private walkedIn = new Int32Array(64)
  private call = 0
  private readonly bodies = new IndexBuffer()
  /** One chain, its bodies in walking order. */
  private readonly chain = new IndexBuffer()
  /** PAV's runs: momentum, mass, and where each ends in the chain (exclusive). */
  private runMomentum = new Float64Array(64)
  private runMass = new Float64Array(64)
  private runEnd = new Int32Array(64)

  /**
   * Solves every chain among contacts `contacts[0 .. count)`, all across this axis between
   * two dynamic bodies (local indices `bodyI[c]` and `bodyJ[c]`, normal `normal[c]`, -1 or
   * 1, from j toward i) that may not close at all (touching, or speculative and met), in
   * place on `velocity` (this axis) and `impulseTime`: a run of bodies that now moves as
   * one takes the earliest impulse time among them (see the solver's `storeVelocities`).
   * Bodies weigh `1 / inverseMass[k]`; the caller lists no contact of a body with an
   * inverse mass of 0 (infinite mass: the passes handle those).
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
    const call = this.countContacts(contacts, count, bodyI, bodyJ, velocity.length)
    const { bodies, chain, degree, walkedIn } = this
    for (let b = 0; b < bodies.count; b++) {
      const end = bodies.items[b] as number
      // A chain is walked from one of its two ends, once.
      if (degree[end] !== 1 || walkedIn[end] === call) continue
      const direction = this.walk(end, call, bodyI, bodyJ, normal)
      if (direction !== 0 && chain.count > 2) {
        this.solveChain(direction, inverseMass, velocity, impulseTime, tolerance)
      }
    }
  }

  /** Counts each body's listed contacts, keeping its first two; returns this call's number. */
  private countContacts(
    contacts: Int32Array,
    count: number,
    bodyI: Int32Array,
    bodyJ: Int32Array,
    bodyCount: number,
  ): number {
    if (this.degree.length < bodyCount) {
      this.degree = ensureCapacity(this.degree, bodyCount)
      this.firstContact = ensureCapacity(this.firstContact, bodyCount)
      this.secondContact = ensureCapacity(this.secondContact, bodyCount)
      this.countedIn = ensureCapacity(this.countedIn, bodyCount)
      this.walkedIn = ensureCapacity(this.walkedIn, bodyCount)
    }
    const call = ++this.call
    const { degree, firstContact, secondContact, countedIn, bodies } = this
    bodies.count = 0
    for (let q = 0; q < count; q++) {
      const c = contacts[q] as number
      for (let side = 0; side < 2; side++) {
        const k = (side === 0 ? bodyI[c] : bodyJ[c]) as number
        if (countedIn[k] !== call) {
          countedIn[k] = call
          degree[k] = 0
          bodies.push(k)
        }
        const seen = degree[k] as number
        if (seen === 0) firstContact[k] = c
        else if (seen === 1) secondContact[k] = c
        degree[k] = seen + 1
      }
    }
    return call
  }

  /**
   * Walks the chain that starts at body `end` into {@link ChainPool.chain}. Returns the side
   * (-1 or 1 along the axis) on which each body lies of the one before it, or 0 when the
   * bodies do not line up (a body with more than two contacts, or two neighbours on one
   * side).
   */
  private walk(
    end: number,
    call: number,
    bodyI: Int32Array,
    bodyJ: Int32Array,
    normal: Float64Array,
  ): number {
    const { chain, degree, firstContact, secondContact, walkedIn } = this
    chain.count = 0
    chain.push(end)
    walkedIn[end] = call
    let body = end
    let via = firstContact[end] as number
    let direction = 0
    let lined = true
    for (;;) {
      const i = bodyI[via] as number
      const next = body === i ? (bodyJ[via] as number) : i
      // The normal points from j toward i: i lies on side `normal` of j.
      const side = body === i ? -(normal[via] as number) : (normal[via] as number)
      if (direction === 0) direction = side
      else if (side !== direction) lined = false
      body = next
      chain.push(body)
      walkedIn[body] = call
      const contacts = degree[body] as number
      if (contacts !== 2) {
        if (contacts > 2) lined = false
        break
      }
      via = (firstContact[body] === via ? secondContact[body] : firstContact[body]) as number
    }
    return lined ? direction : 0
  }

  /**
   * Pool adjacent violators over {@link ChainPool.chain}, taken in increasing order along
   * the axis (`direction`): velocities must not decrease.
   */
  private solveChain(
    direction: number,
    inverseMass: Float64Array,
    velocity: Float64Array,
    impulseTime: Float64Array,
    tolerance: number,
  ): void {
    const chain = this.chain
    const length = chain.count
    this.runMomentum = ensureCapacity(this.runMomentum, length)
    this.runMass = ensureCapacity(this.runMass, length)
    this.runEnd = ensureCapacity(this.runEnd, length)
    const { runMomentum, runMass, runEnd } = this
    // The chain's t-th body along the axis.
    const first = direction > 0 ? 0 : length - 1
    const step = direction > 0 ? 1 : -1
    let runs = 0
    let pooled = false
    for (let t = 0; t < length; t++) {
      const k = chain.items[first + step * t] as number
      const mass = 1 / (inverseMass[k] as number)
      runMomentum[runs] = mass * (velocity[k] as number)
      runMass[runs] = mass
      runEnd[runs] = t + 1
      runs++
      // The run before is faster than this one: they close on each other, so they pool.
      while (
        runs > 1 &&
        (runMomentum[runs - 2] as number) / (runMass[runs - 2] as number) >
          (runMomentum[runs - 1] as number) / (runMass[runs - 1] as number)
      ) {
        runMomentum[runs - 2] =
          (runMomentum[runs - 2] as number) + (runMomentum[runs - 1] as number)
        runMass[runs - 2] = (runMass[runs - 2] as number) + (runMass[runs - 1] as number)
        runEnd[runs - 2] = runEnd[runs - 1] as number
        runs--
        pooled = true
      }
    }
    if (!pooled) return
    let start = 0
    for (let r = 0; r < runs; r++) {
      const end = runEnd[r] as number
      const mean = (runMomentum[r] as number) / (runMass[r] as number)
      // A single body keeps its velocity; a sum that overflowed (momenta past 1e308) leaves
      // the run to the passes rather than spread Infinity or NaN.
      if (end - start > 1 && Number.isFinite(mean)) {
        let time = Infinity
        for (let t = start; t < end; t++) {
          time = Math.min(time, impulseTime[chain.items[first + step * t] as number] as number)
        }
        for (let t = start; t < end; t++) {
          const k = chain.items[first + step * t] as number
          const change = mean - (velocity[k] as number)
          velocity[k] = mean
          impulseTime[k] = time
          if (Math.abs(change) > tolerance) this.changed.push(k)
        }
      }
      start = end
    }
  }
}
