/**
 * Numerical integrators for one point mass (article 004): article 004's explicit Euler,
 * semi-implicit Euler (the world's default) and the classical fourth-order Runge-Kutta
 * method (RK4). Each `...Into` twin writes into a
 * caller-owned `out` (which may be `state` itself, or share its vectors), does not validate,
 * and allocates nothing when given an {@link IntegratorScratch} of the caller's.
 */
import type { AccelerationField, KinematicState, Vec2 } from './types.js'
import {
  assertFiniteNumber,
  assertFiniteResult,
  assertNumberInRange,
  assertVector,
  describeValue,
} from './validate.js'

/**
 * The objects one integration hands to an acceleration field (the sampled position and
 * velocity, the vector the field writes into) and RK4's step and start time. Each caller
 * owns its own, so a field that integrates another body inside it, or keeps or changes what
 * it was given, never disturbs the step that called it; the values are copied out right
 * after each call of the field.
 */
export interface IntegratorScratch {
  /** The position a field is sampled at. */
  readonly position: Vec2
  /** The velocity a field is sampled at. */
  readonly velocity: Vec2
  /** The vector a field writes its result into. */
  readonly acceleration: Vec2
  /** RK4's step (s) in `[0]` and start time (s) in `[1]`, for {@link integrateRK4WithTiming}. */
  readonly timing: Float64Array
}

/**
 * A fresh {@link IntegratorScratch}: create one per caller (a world makes one per world)
 * and pass it to the `...Into` integrators so they allocate nothing.
 * @example
 * const scratch = createIntegratorScratch()
 * for (const state of states) integrateRK4Into(state, state, field, 1 / 60, time, scratch)
 */
export function createIntegratorScratch(): IntegratorScratch {
  return {
    position: { x: 0, y: 0 },
    velocity: { x: 0, y: 0 },
    acceleration: { x: 0, y: 0 },
    timing: new Float64Array(2),
  }
}

/**
 * Evaluates `acceleration` at a state: a constant vector as it is, a field on `scratch`'s
 * vectors. Callers copy the numbers out at once.
 */
function accelerationAt(
  scratch: IntegratorScratch,
  acceleration: Vec2 | AccelerationField,
  positionX: number,
  positionY: number,
  velocityX: number,
  velocityY: number,
  time: number,
): Vec2 {
  if (typeof acceleration !== 'function') return acceleration
  scratch.position.x = positionX
  scratch.position.y = positionY
  scratch.velocity.x = velocityX
  scratch.velocity.y = velocityY
  return acceleration(scratch.position, scratch.velocity, time, scratch.acceleration)
}

function write(
  out: KinematicState,
  px: number,
  py: number,
  vx: number,
  vy: number,
): KinematicState {
  out.position.x = px
  out.position.y = py
  out.velocity.x = vx
  out.velocity.y = vy
  return out
}

/**
 * Hot-path twin of {@link integrateEuler}.
 * @param time - Time at the start of the step, passed to an acceleration field; defaults to 0.
 * @param scratch - The caller's {@link IntegratorScratch}; without one, a call with a field
 *   makes its own.
 */
export function integrateEulerInto(
  out: KinematicState,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time = 0,
  scratch: IntegratorScratch = createIntegratorScratch(),
): KinematicState {
  const { x: px, y: py } = state.position
  const { x: vx, y: vy } = state.velocity
  const a = accelerationAt(scratch, acceleration, px, py, vx, vy, time)
  // Semi-implicit (symplectic) Euler: the velocity first, then the position with the new
  // velocity. Article 004's order (position first) is explicit Euler, which gains energy on
  // every oscillation; this order keeps a spring's energy bounded at the same cost.
  const nextVx = vx + a.x * dt
  const nextVy = vy + a.y * dt
  return write(out, px + nextVx * dt, py + nextVy * dt, nextVx, nextVy)
}

/**
 * Hot-path twin of {@link integrateExplicitEuler}.
 * @param time - Time at the start of the step, passed to an acceleration field; defaults to 0.
 * @param scratch - The caller's {@link IntegratorScratch}; without one, a call with a field
 *   makes its own.
 */
export function integrateExplicitEulerInto(
  out: KinematicState,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time = 0,
  scratch: IntegratorScratch = createIntegratorScratch(),
): KinematicState {
  const { x: px, y: py } = state.position
  const { x: vx, y: vy } = state.velocity
  const a = accelerationAt(scratch, acceleration, px, py, vx, vy, time)
  // Article 004's EularIntergrate, in its order: the position moves with the old velocity,
  // then the velocity takes the acceleration.
  return write(out, px + vx * dt, py + vy * dt, vx + a.x * dt, vy + a.y * dt)
}

/**
 * Hot-path twin of {@link integrateRK4}.
 * @param time - Time at the start of the step, passed to an acceleration field; defaults to 0.
 * @param scratch - The caller's {@link IntegratorScratch}; without one, each call makes its own.
 */
export function integrateRK4Into(
  out: KinematicState,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time = 0,
  scratch: IntegratorScratch = createIntegratorScratch(),
): KinematicState {
  scratch.timing[0] = dt
  scratch.timing[1] = time
  return integrateRK4WithTiming(out, state, acceleration, scratch)
}

/**
 * {@link integrateRK4Into} with the step in `scratch.timing[0]` and the start time in
 * `scratch.timing[1]` (internal: the world's step). V8 does not inline an RK4 step (its bytecode is over the
 * inlining limit), and it boxes the doubles passed to a call it does not inline: taking
 * them from a typed array, a world integrating thousands of bodies makes no garbage.
 */
export function integrateRK4WithTiming(
  out: KinematicState,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  scratch: IntegratorScratch,
): KinematicState {
  const dt = scratch.timing[0] as number
  const time = scratch.timing[1] as number
  // Classical RK4 on the first-order system (position, velocity)' = (velocity, acceleration):
  // four derivative samples k1..k4 at the start, twice at the midpoint and at the end,
  // weighted 1/6, 2/6, 2/6, 1/6. Error per step O(dt^5) against Euler's O(dt^2).
  const { x: px, y: py } = state.position
  const { x: vx, y: vy } = state.velocity
  const half = dt / 2

  const a1 = accelerationAt(scratch, acceleration, px, py, vx, vy, time)
  const k1vx = a1.x
  const k1vy = a1.y
  // k1 for the position is the velocity itself (vx, vy).

  const k2px = vx + k1vx * half
  const k2py = vy + k1vy * half
  const a2 = accelerationAt(
    scratch,
    acceleration,
    px + vx * half,
    py + vy * half,
    k2px,
    k2py,
    time + half,
  )
  const k2vx = a2.x
  const k2vy = a2.y

  const k3px = vx + k2vx * half
  const k3py = vy + k2vy * half
  const a3 = accelerationAt(
    scratch,
    acceleration,
    px + k2px * half,
    py + k2py * half,
    k3px,
    k3py,
    time + half,
  )
  const k3vx = a3.x
  const k3vy = a3.y

  const k4px = vx + k3vx * dt
  const k4py = vy + k3vy * dt
  const a4 = accelerationAt(
    scratch,
    acceleration,
    px + k3px * dt,
    py + k3py * dt,
    k4px,
    k4py,
    time + dt,
  )
  const k4vx = a4.x
  const k4vy = a4.y

  const sixth = dt / 6
  return write(
    out,
    px + sixth * (vx + 2 * k2px + 2 * k3px + k4px),
    py + sixth * (vy + 2 * k2py + 2 * k3py + k4py),
    vx + sixth * (k1vx + 2 * k2vx + 2 * k3vx + k4vx),
    vy + sixth * (k1vy + 2 * k2vy + 2 * k3vy + k4vy),
  )
}

function assertIntegratorArgs(
  subject: string,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time: number,
): void {
  if (state === null || typeof state !== 'object') {
    throw new TypeError(
      `${subject} state must be a KinematicState object (got ${describeValue(state)})`,
    )
  }
  assertVector(subject, 'state.position', state.position)
  assertVector(subject, 'state.velocity', state.velocity)
  if (typeof acceleration !== 'function') assertVector(subject, 'acceleration', acceleration)
  assertNumberInRange(subject, 'dt', dt, 0)
  assertFiniteNumber(subject, 'time', time)
}

/**
 * `acceleration`, with a field's every result checked to be a finite vector (the checked
 * integrators only: a field that returns NaN would spread it through the state unseen).
 */
function checkedAcceleration(
  subject: string,
  acceleration: Vec2 | AccelerationField,
): Vec2 | AccelerationField {
  if (typeof acceleration !== 'function') return acceleration
  return (position, velocity, time, out) => {
    const result = acceleration(position, velocity, time, out)
    assertVector(subject, "the acceleration field's result", result)
    return result
  }
}

/** An `...Into` integrator, as the checked ones delegate to it. */
type IntegrateInto = (
  out: KinematicState,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time: number,
) => KinematicState

/**
 * One checked (allocating) step: the arguments and every result of a field are checked,
 * naming `subject`, then `into` writes a new state.
 */
function checkedStep(
  subject: string,
  into: IntegrateInto,
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time: number,
): KinematicState {
  assertIntegratorArgs(subject, state, acceleration, dt, time)
  const checked = checkedAcceleration(subject, acceleration)
  const next = into(
    { position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } },
    state,
    checked,
    dt,
    time,
  )
  return assertFiniteResult(subject, next)
}

/**
 * Advances `state` by `dt` with semi-implicit Euler (article 004): `v += a dt`, then
 * `p += v dt`. One acceleration sample per step; exact for constant velocity, first-order
 * accurate otherwise. Returns a new state.
 *
 * @param acceleration - A constant acceleration, or a field evaluated at the state and time.
 * @param dt - Step length, >= 0.
 * @param time - Time at the start of the step, passed to an acceleration field; defaults to 0.
 * @throws RangeError / TypeError naming the argument on non-finite or malformed input, on
 *   a field's non-finite result, or naming the field of a result that would overflow.
 * @example
 * integrateEuler({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } }, { x: 0, y: 10 }, 0.1)
 * // { position: { x: 0, y: 0.1 }, velocity: { x: 0, y: 1 } }
 */
export function integrateEuler(
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time = 0,
): KinematicState {
  return checkedStep('integrateEuler:', integrateEulerInto, state, acceleration, dt, time)
}

/**
 * Advances `state` by `dt` with article 004's explicit Euler: `p += v dt` with the old
 * velocity, then `v += a dt`. Kept for teaching and comparison: on a spring it gains energy
 * every oscillation, which is why the world integrates with {@link integrateEuler}'s
 * semi-implicit order (or RK4). Returns a new state.
 *
 * @param acceleration - A constant acceleration, or a field evaluated at the state and time.
 * @param dt - Step length, >= 0.
 * @param time - Time at the start of the step, passed to an acceleration field; defaults to 0.
 * @throws RangeError / TypeError naming the argument on non-finite or malformed input, on
 *   a field's non-finite result, or naming the field of a result that would overflow.
 * @example
 * integrateExplicitEuler({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } }, { x: 0, y: 10 }, 0.1)
 * // { position: { x: 0, y: 0 }, velocity: { x: 0, y: 1 } }: the position moved with the old velocity
 */
export function integrateExplicitEuler(
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time = 0,
): KinematicState {
  return checkedStep(
    'integrateExplicitEuler:',
    integrateExplicitEulerInto,
    state,
    acceleration,
    dt,
    time,
  )
}

/**
 * Advances `state` by `dt` with the classical fourth-order Runge-Kutta method (article 004).
 * Four acceleration samples per step; exact for constant acceleration and far more accurate
 * than Euler on position-dependent forces such as springs. Returns a new state.
 *
 * @param acceleration - A constant acceleration, or a field evaluated at the state and time.
 * @param dt - Step length, >= 0.
 * @param time - Time at the start of the step, passed to an acceleration field; defaults to 0.
 * @throws RangeError / TypeError naming the argument on non-finite or malformed input, on
 *   a field's non-finite result, or naming the field of a result that would overflow.
 * @example
 * // A spring a = -x: one RK4 step of 0.1 from x = 1 lands within 1e-7 of cos(0.1).
 * integrateRK4({ position: { x: 1, y: 0 }, velocity: { x: 0, y: 0 } }, (p, _v, _t, out) => {
 *   out.x = -p.x
 *   out.y = -p.y
 *   return out
 * }, 0.1)
 */
export function integrateRK4(
  state: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  time = 0,
): KinematicState {
  return checkedStep('integrateRK4:', integrateRK4Into, state, acceleration, dt, time)
}
