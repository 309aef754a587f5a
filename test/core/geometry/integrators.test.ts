import { describe, expect, it } from 'vitest'
import {
  integrateEuler,
  integrateEulerInto,
  integrateRK4,
  integrateRK4Into,
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
    // Article 004's EularIntergrate: position += velocity * dt; velocity += acceleration * dt.
    const explicit = (s: KinematicState, k: number, dt: number): KinematicState =>
      at(s.position.x + s.velocity.x * dt, 0, s.velocity.x - k * s.position.x * dt, 0)
    const energy = (s: KinematicState, k: number) => (s.velocity.x ** 2 + k * s.position.x ** 2) / 2
    const k = 4
    const dt = 0.05
    let semiImplicit = at(1, 0, 0, 0)
    let articleOrder = at(1, 0, 0, 0)
    for (let i = 0; i < 2000; i++) {
      semiImplicit = integrateEuler(semiImplicit, spring(k), dt)
      articleOrder = explicit(articleOrder, k, dt)
    }
    expect(Math.abs(energy(semiImplicit, k) / 2 - 1)).toBeLessThan(0.06)
    expect(energy(articleOrder, k) / 2).toBeGreaterThan(100)
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
})
