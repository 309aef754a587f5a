import { describe, expect, it } from 'vitest'
import {
  integrateEuler,
  integrateEulerInto,
  integrateExplicitEuler,
  integrateExplicitEulerInto,
  integrateRK4,
  integrateRK4Into,
  createIntegratorScratch,
  type AccelerationField,
  type KinematicState,
  type Vec2,
} from '../../../src/core/geometry/index.js'

type Integrator = typeof integrateEuler

const at = (x: number, y: number, vx: number, vy: number): KinematicState => ({
  position: { x, y },
  velocity: { x: vx, y: vy },
})

function run(
  integrate: Integrator,
  start: KinematicState,
  acceleration: Vec2 | AccelerationField,
  dt: number,
  steps: number,
) {
  let state = start
  for (let i = 0; i < steps; i++) state = integrate(state, acceleration, dt, i * dt)
  return state
}

/** a = -k x on both axes. */
const spring =
  (k: number): AccelerationField =>
  (position, _velocity, _time, out) => {
    out.x = -k * position.x
    out.y = -k * position.y
    return out
  }

describe('integrateEuler (semi-implicit)', () => {
  it('updates the velocity first, then the position with the new velocity', () => {
    expect(integrateEuler(at(0, 0, 0, 0), { x: 0, y: 10 }, 0.1)).toEqual(at(0, 0.1, 0, 1))
    expect(integrateEuler(at(1, 2, 3, 4), { x: 0, y: 0 }, 0.5)).toEqual(at(2.5, 4, 3, 4))
  })

  it("keeps a spring's energy bounded where article 004's explicit order makes it grow", () => {
    const energy = (s: KinematicState, k: number) => (s.velocity.x ** 2 + k * s.position.x ** 2) / 2
    const k = 4
    const dt = 0.05
    const semiImplicit = run(integrateEuler, at(1, 0, 0, 0), spring(k), dt, 2000)
    const articleOrder = run(integrateExplicitEuler, at(1, 0, 0, 0), spring(k), dt, 2000)
    expect(Math.abs(energy(semiImplicit, k) / 2 - 1)).toBeLessThan(0.06)
    expect(energy(articleOrder, k) / 2).toBeGreaterThan(100)
  })
})

describe('integrateExplicitEuler (article 004)', () => {
  it('moves the position with the old velocity, then updates the velocity', () => {
    // Article 004: position += velocity * deltaTime; velocity += acceleration * deltaTime.
    expect(integrateExplicitEuler(at(0, 0, 0, 0), { x: 0, y: 10 }, 0.1)).toEqual(at(0, 0, 0, 1))
    expect(integrateExplicitEuler(at(1, 2, 3, 4), { x: 2, y: -2 }, 0.5)).toEqual(at(2.5, 4, 4, 3))
  })

  it('falls behind the exact fall under gravity by as much as semi-implicit Euler runs ahead', () => {
    // Constant acceleration g from rest: exact y(T) = g T^2 / 2. Explicit Euler gives
    // g T (T - dt) / 2, semi-implicit g T (T + dt) / 2 (sums of n and n + 1 steps).
    const g = 10
    const dt = 0.1
    const explicit = run(integrateExplicitEuler, at(0, 0, 0, 0), { x: 0, y: g }, dt, 10)
    const semiImplicit = run(integrateEuler, at(0, 0, 0, 0), { x: 0, y: g }, dt, 10)
    expect(explicit.position.y).toBeCloseTo((g * 1 * (1 - dt)) / 2, 10)
    expect(semiImplicit.position.y).toBeCloseTo((g * 1 * (1 + dt)) / 2, 10)
  })
})

describe('Euler vs RK4 (article 004)', () => {
  it('RK4 is exact on constant acceleration; Euler is off by a dt T / 2', () => {
    const gravity = { x: 0, y: 10 }
    const dt = 0.1
    const exact = 0.5 * 10 * 1 ** 2 // y(1) from rest
    const euler = run(integrateEuler, at(0, 0, 0, 0), gravity, dt, 10)
    const rk4 = run(integrateRK4, at(0, 0, 0, 0), gravity, dt, 10)
    expect(rk4.position.y).toBeCloseTo(exact, 12)
    expect(rk4.velocity.y).toBeCloseTo(10, 12)
    expect(euler.velocity.y).toBeCloseTo(10, 12)
    expect(euler.position.y - exact).toBeCloseTo((10 * dt * 1) / 2, 12)
  })

  it('RK4 is far more accurate on a spring a = -k x', () => {
    const k = 4
    const omega = Math.sqrt(k)
    const dt = 0.05
    const steps = 200 // 10 s, a bit over three periods
    const time = dt * steps
    const exact = Math.cos(omega * time)
    const euler = run(integrateEuler, at(1, 0, 0, 0), spring(k), dt, steps)
    const rk4 = run(integrateRK4, at(1, 0, 0, 0), spring(k), dt, steps)
    const eulerError = Math.abs(euler.position.x - exact)
    const rk4Error = Math.abs(rk4.position.x - exact)
    expect(rk4Error).toBeLessThan(1e-4)
    expect(eulerError).toBeGreaterThan(1e-2)
    expect(rk4Error * 1000).toBeLessThan(eulerError)
    expect(rk4.velocity.x).toBeCloseTo(-omega * Math.sin(omega * time), 4)
  })

  it('passes the step time and velocity to the field (time-dependent drag)', () => {
    // a = t - v: v(t) = t - 1 + e^-t from rest.
    const field: AccelerationField = (_p, v, t, out) => {
      out.x = t - v.x
      out.y = 0
      return out
    }
    const rk4 = run(integrateRK4, at(0, 0, 0, 0), field, 0.1, 20)
    const euler = run(integrateEuler, at(0, 0, 0, 0), field, 0.1, 20)
    const exact = 2 - 1 + Math.exp(-2)
    expect(rk4.velocity.x).toBeCloseTo(exact, 6)
    expect(Math.abs(euler.velocity.x - exact)).toBeGreaterThan(1e-3)
  })

  it('leaves the state unchanged for dt = 0', () => {
    const start = at(1, 2, 3, 4)
    expect(integrateEuler(start, spring(9), 0)).toEqual(start)
    expect(integrateRK4(start, spring(9), 0)).toEqual(start)
  })
})

describe('the ...Into twins', () => {
  it.each([
    ['integrateEulerInto', integrateEuler, integrateEulerInto],
    ['integrateExplicitEulerInto', integrateExplicitEuler, integrateExplicitEulerInto],
    ['integrateRK4Into', integrateRK4, integrateRK4Into],
  ] as const)('%s writes into out, and out may be the input state', (_name, convenient, into) => {
    const start = at(1, -2, 3, 0.5)
    const expected = convenient(start, spring(3), 0.1, 2)
    const out = at(0, 0, 0, 0)
    expect(into(out, start, spring(3), 0.1, 2)).toBe(out)
    expect(out).toEqual(expected)
    const aliased = at(1, -2, 3, 0.5)
    into(aliased, aliased, spring(3), 0.1, 2)
    expect(aliased).toEqual(expected)
  })

  it('default the start time to 0', () => {
    const field: AccelerationField = (_p, _v, t, out) => {
      out.x = t
      out.y = 1
      return out
    }
    expect(integrateRK4Into(at(0, 0, 0, 0), at(0, 0, 0, 0), field, 1)).toEqual(
      integrateRK4(at(0, 0, 0, 0), field, 1, 0),
    )
    expect(integrateEulerInto(at(0, 0, 0, 0), at(0, 0, 0, 0), field, 1)).toEqual(at(0, 1, 0, 1))
  })
})

describe('acceleration fields', () => {
  it('are checked: a non-finite result throws, naming the function', () => {
    const broken: AccelerationField = (_position, _velocity, _time, out) => {
      out.x = Number.NaN
      out.y = 0
      return out
    }
    for (const [integrate, name] of [
      [integrateEuler, 'integrateEuler'],
      [integrateExplicitEuler, 'integrateExplicitEuler'],
      [integrateRK4, 'integrateRK4'],
    ] as const) {
      expect(() => integrate(at(0, 0, 0, 0), broken, 0.1)).toThrow(
        new RangeError(
          `${name}: the acceleration field's result.x must be a finite number (got NaN)`,
        ),
      )
    }
  })

  it('may return a vector of their own instead of writing into out', () => {
    const returning: AccelerationField = (position) => ({ x: -4 * position.x, y: -4 * position.y })
    const start = at(1, 0.5, 0, 0)
    expect(integrateRK4(start, returning, 0.1)).toEqual(integrateRK4(start, spring(4), 0.1))
    expect(integrateEuler(start, returning, 0.1)).toEqual(integrateEuler(start, spring(4), 0.1))
  })

  it('receive scratch copies: mutating them does not change the step', () => {
    const vandal: AccelerationField = (position, velocity, _time, out) => {
      out.x = -4 * position.x
      out.y = -4 * position.y
      position.x = 1e9
      velocity.y = -1e9
      return out
    }
    const start = at(1, 0.5, 0.25, 0)
    expect(integrateRK4(start, vandal, 0.1)).toEqual(integrateRK4(start, spring(4), 0.1))
    expect(start).toEqual(at(1, 0.5, 0.25, 0))
  })

  it('may integrate another state inside them without disturbing the step that called them', () => {
    // The field integrates a far-away state of its own before answering (as a field that
    // looks ahead would): the samples it was handed must still be its own.
    const nested = createIntegratorScratch()
    const lookingAhead: AccelerationField = (position, _velocity, time, out) => {
      integrateRK4Into(at(500, 500, 9, 9), at(500, 500, 9, 9), spring(7), 0.1, time)
      integrateEulerInto(at(500, 500, 9, 9), at(500, 500, 9, 9), spring(7), 0.1, time, nested)
      out.x = -4 * position.x
      out.y = -4 * position.y
      return out
    }
    const start = at(1, 0.5, 0.25, 0)
    const scratch = createIntegratorScratch()
    for (const into of [integrateEulerInto, integrateExplicitEulerInto, integrateRK4Into]) {
      const expected = into(at(0, 0, 0, 0), start, spring(4), 0.1, 0, scratch)
      expect(into(at(0, 0, 0, 0), start, lookingAhead, 0.1, 0, scratch)).toEqual(expected)
      expect(into(at(0, 0, 0, 0), start, lookingAhead, 0.1)).toEqual(expected)
    }
  })
})
