import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as geometry from '../../../src/core/geometry/index.js'
import type { Rect, Vec2 } from '../../../src/core/geometry/index.js'

const rect = (): Rect => ({ x: 1, y: 2, width: 3, height: 4 })
const vec = (): Vec2 => ({ x: 1, y: -1 })
const state = () => ({ position: vec(), velocity: vec() })

type Arg = { kind: 'rect' | 'vec2'; name: string }

/** Every convenient function, its arguments in order, and which of them are boxes or vectors. */
const functions: {
  name: string
  call: (args: unknown[]) => unknown
  args: (() => unknown)[]
  checked: Arg[]
}[] = [
  {
    name: 'minkowskiDifference',
    call: ([a, b]) => geometry.minkowskiDifference(a as Rect, b as Rect),
    args: [rect, rect],
    checked: [
      { kind: 'rect', name: 'a' },
      { kind: 'rect', name: 'b' },
    ],
  },
  {
    name: 'overlaps',
    call: ([a, b]) => geometry.overlaps(a as Rect, b as Rect),
    args: [rect, rect],
    checked: [
      { kind: 'rect', name: 'a' },
      { kind: 'rect', name: 'b' },
    ],
  },
  {
    name: 'overlapsInterior',
    call: ([a, b]) => geometry.overlapsInterior(a as Rect, b as Rect),
    args: [rect, rect],
    checked: [
      { kind: 'rect', name: 'a' },
      { kind: 'rect', name: 'b' },
    ],
  },
  {
    name: 'containsPoint',
    call: ([r, p]) => geometry.containsPoint(r as Rect, p as Vec2),
    args: [rect, vec],
    checked: [
      { kind: 'rect', name: 'rect' },
      { kind: 'vec2', name: 'point' },
    ],
  },
  {
    name: 'penetrationVector',
    call: ([a, b]) => geometry.penetrationVector(a as Rect, b as Rect),
    args: [rect, rect],
    checked: [
      { kind: 'rect', name: 'a' },
      { kind: 'rect', name: 'b' },
    ],
  },
  {
    name: 'closestPointOnBounds',
    call: ([r, p]) => geometry.closestPointOnBounds(r as Rect, p as Vec2),
    args: [rect, vec],
    checked: [
      { kind: 'rect', name: 'rect' },
      { kind: 'vec2', name: 'point' },
    ],
  },
  {
    name: 'rayFraction',
    call: ([o, d, r]) => geometry.rayFraction(o as Vec2, d as Vec2, r as Rect),
    args: [vec, vec, rect],
    checked: [
      { kind: 'vec2', name: 'origin' },
      { kind: 'vec2', name: 'delta' },
      { kind: 'rect', name: 'rect' },
    ],
  },
  {
    name: 'sweep',
    call: ([a, ad, b, bd]) => geometry.sweep(a as Rect, ad as Vec2, b as Rect, bd as Vec2),
    args: [rect, vec, rect, vec],
    checked: [
      { kind: 'rect', name: 'a' },
      { kind: 'vec2', name: 'aDelta' },
      { kind: 'rect', name: 'b' },
      { kind: 'vec2', name: 'bDelta' },
    ],
  },
  {
    name: 'slide',
    call: ([v, n]) => geometry.slide(v as Vec2, n as Vec2),
    args: [vec, vec],
    checked: [
      { kind: 'vec2', name: 'velocity' },
      { kind: 'vec2', name: 'normal' },
    ],
  },
  {
    name: 'touch',
    call: ([v, n]) => geometry.touch(v as Vec2, n as Vec2),
    args: [vec, vec],
    checked: [
      { kind: 'vec2', name: 'velocity' },
      { kind: 'vec2', name: 'normal' },
    ],
  },
  {
    name: 'bounce',
    call: ([v, n]) => geometry.bounce(v as Vec2, n as Vec2, 0.5),
    args: [vec, vec],
    checked: [
      { kind: 'vec2', name: 'velocity' },
      { kind: 'vec2', name: 'normal' },
    ],
  },
  {
    name: 'cross',
    call: ([v, n]) => geometry.cross(v as Vec2, n as Vec2),
    args: [vec, vec],
    checked: [
      { kind: 'vec2', name: 'velocity' },
      { kind: 'vec2', name: 'normal' },
    ],
  },
  {
    name: 'respond',
    call: ([v, n]) => geometry.respond('slide', v as Vec2, n as Vec2),
    args: [vec, vec],
    checked: [
      { kind: 'vec2', name: 'velocity' },
      { kind: 'vec2', name: 'normal' },
    ],
  },
  {
    name: 'integrateEuler',
    call: ([p, v, a]) =>
      geometry.integrateEuler({ position: p as Vec2, velocity: v as Vec2 }, a as Vec2, 0.1),
    args: [vec, vec, vec],
    checked: [
      { kind: 'vec2', name: 'state.position' },
      { kind: 'vec2', name: 'state.velocity' },
      { kind: 'vec2', name: 'acceleration' },
    ],
  },
  {
    name: 'integrateRK4',
    call: ([p, v, a]) =>
      geometry.integrateRK4({ position: p as Vec2, velocity: v as Vec2 }, a as Vec2, 0.1),
    args: [vec, vec, vec],
    checked: [
      { kind: 'vec2', name: 'state.position' },
      { kind: 'vec2', name: 'state.velocity' },
      { kind: 'vec2', name: 'acceleration' },
    ],
  },
]

const fieldsOf = { rect: ['x', 'y', 'width', 'height'], vec2: ['x', 'y'] } as const
const nonFinite = [Number.NaN, Infinity, -Infinity]

const cases = functions.flatMap((fn) =>
  fn.checked.flatMap((arg, index) =>
    fieldsOf[arg.kind].map((field) => ({ fn, arg, index, field })),
  ),
)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('validation of the convenient functions', () => {
  it('accepts valid input', () => {
    for (const fn of functions) expect(() => fn.call(fn.args.map((make) => make()))).not.toThrow()
  })

  it.each(cases.map((c) => [`${c.fn.name}: ${c.arg.name}.${c.field}`, c] as const))(
    '%s rejects NaN and infinities with a RangeError naming it',
    (label, { fn, index, field }) => {
      for (const bad of nonFinite) {
        const args = fn.args.map((make) => make()) as Record<string, unknown>[]
        args[index]![field] = bad
        expect(() => fn.call(args)).toThrow(RangeError)
        expect(() => fn.call(args)).toThrow(new RegExp(`^${escape(label)} must be a finite number`))
        expect(() => fn.call(args)).toThrow(`(got ${String(bad)})`)
      }
    },
  )

  it('rejects a random non-finite field anywhere with a RangeError naming it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.constantFrom(...nonFinite),
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 4, maxLength: 4 }),
        ({ fn, arg, index, field }, bad, values) => {
          const args = fn.args.map((make) => {
            const value = make() as Record<string, number>
            for (const key of Object.keys(value)) {
              value[key] = key === 'width' || key === 'height' ? Math.abs(values[0]!) : values[1]!
            }
            return value
          })
          args[index]![field] = bad
          expect(() => fn.call(args)).toThrow(RangeError)
          expect(() => fn.call(args)).toThrow(`${fn.name}: ${arg.name}.${field} must be`)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('rejects negative sizes', () => {
    expect(() => geometry.overlaps({ x: 0, y: 0, width: -1, height: 1 }, rect())).toThrow(
      new RangeError('overlaps: a.width must be a finite number >= 0 (got -1)'),
    )
    expect(() => geometry.sweep(rect(), vec(), { x: 0, y: 0, width: 1, height: -0.5 })).toThrow(
      'sweep: b.height must be a finite number >= 0 (got -0.5)',
    )
  })

  it('rejects non-objects and non-numbers with the argument name', () => {
    expect(() => geometry.overlaps(undefined as unknown as Rect, rect())).toThrow(
      new TypeError('overlaps: a must be an object { x, y, width, height } (got undefined)'),
    )
    expect(() => geometry.containsPoint(rect(), null as unknown as Vec2)).toThrow(
      new TypeError('containsPoint: point must be an object { x, y } (got null)'),
    )
    expect(() => geometry.overlaps({ ...rect(), x: '1' as unknown as number }, rect())).toThrow(
      'overlaps: a.x must be a finite number (got "1")',
    )
    expect(() => geometry.slide({ x: [] as unknown as number, y: 0 }, vec())).toThrow(
      'slide: velocity.x must be a finite number (got an array)',
    )
    expect(() => geometry.slide({ x: {} as unknown as number, y: 0 }, vec())).toThrow(
      'slide: velocity.x must be a finite number (got an object)',
    )
  })

  it('rejects a bad restitution, response name, dt, time, state or acceleration', () => {
    expect(() => geometry.bounce(vec(), vec(), -0.1)).toThrow(
      new RangeError('bounce: restitution must be a finite number in [0, 1] (got -0.1)'),
    )
    // Above 1 a bounce would gain speed: refused, as the world refuses it for a body.
    expect(() => geometry.bounce(vec(), vec(), 5)).toThrow(
      new RangeError('bounce: restitution must be a finite number in [0, 1] (got 5)'),
    )
    expect(() => geometry.respond('bounce', vec(), vec(), Number.NaN)).toThrow(
      'respond: restitution must be a finite number in [0, 1] (got NaN)',
    )
    expect(() => geometry.respond('stick' as geometry.SweptResponse, vec(), vec())).toThrow(
      new RangeError(
        `respond: response must be one of 'slide', 'touch', 'bounce', 'cross' (got "stick")`,
      ),
    )
    expect(() => geometry.integrateEuler(state(), vec(), -1)).toThrow(
      new RangeError('integrateEuler: dt must be a finite number >= 0 (got -1)'),
    )
    expect(() => geometry.integrateRK4(state(), vec(), 0.1, Infinity)).toThrow(
      new RangeError('integrateRK4: time must be a finite number (got Infinity)'),
    )
    expect(() =>
      geometry.integrateRK4(null as unknown as geometry.KinematicState, vec(), 0.1),
    ).toThrow(new TypeError('integrateRK4: state must be a KinematicState object (got null)'))
    expect(() => geometry.integrateEuler(state(), 'down' as unknown as Vec2, 0.1)).toThrow(
      new TypeError('integrateEuler: acceleration must be an object { x, y } (got "down")'),
    )
  })

  it('reads DOMRect-like objects whose fields are getters', () => {
    class RectWithGetters {
      get x() {
        return 0
      }
      get y() {
        return 0
      }
      get width() {
        return 2
      }
      get height() {
        return 2
      }
    }
    expect(geometry.overlaps(new RectWithGetters(), { x: 1, y: 1, width: 1, height: 1 })).toBe(true)
  })
})

describe('finite input', () => {
  /** Every number in a result, however nested. */
  function numbersIn(value: unknown): number[] {
    if (typeof value === 'number') return [value]
    if (value === null || typeof value !== 'object') return []
    return Object.values(value).flatMap(numbersIn)
  }

  it('never yields NaN from any convenient function', () => {
    const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
    const size = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true })
    const anyRect = fc.record({ x: finite, y: finite, width: size, height: size })
    const anyVec = fc.record({ x: finite, y: finite })
    const unit = fc.constantFrom({ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: -1 }, { x: 0, y: 1 })
    const response = fc.constantFrom<geometry.SweptResponse>('slide', 'touch', 'bounce', 'cross')
    const dt = fc.double({ min: 0, max: 1, noNaN: true })
    fc.assert(
      fc.property(
        anyRect,
        anyRect,
        anyVec,
        anyVec,
        unit,
        response,
        dt,
        (a, b, p, q, n, r, step) => {
          const results = [
            geometry.minkowskiDifference(a, b),
            geometry.penetrationVector(a, b),
            geometry.rayFraction(p, q, a),
            geometry.sweep(a, p, b, q),
            geometry.respond(r, p, n, 0.5),
            geometry.integrateEuler({ position: p, velocity: q }, n, step),
            geometry.integrateRK4({ position: p, velocity: q }, n, step),
          ]
          expect(numbersIn(results).some(Number.isNaN)).toBe(false)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('over the whole range of doubles, returns finite numbers or throws a RangeError (never Infinity or NaN)', () => {
    const extreme = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, -1e308, 0),
    )
    const size = fc.oneof(
      fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.MAX_VALUE),
    )
    const anyRect = fc.record({ x: extreme, y: extreme, width: size, height: size })
    const anyVec = fc.record({ x: extreme, y: extreme })
    const unit = fc.constantFrom({ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: -1 }, { x: 0, y: 1 })
    const half = fc.record({ x: size, y: size })
    /** The result of `call`, or `'refused'` when it threw a RangeError (anything else fails). */
    const attempt = (call: () => unknown): unknown => {
      try {
        return call()
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError)
        return 'refused'
      }
    }
    fc.assert(
      fc.property(anyRect, anyRect, anyVec, anyVec, unit, half, (a, b, p, q, n, h) => {
        const results = [
          attempt(() => geometry.minkowskiDifference(a, b)),
          attempt(() => geometry.penetrationVector(a, b)),
          attempt(() => geometry.sweep(a, p, b, q)),
          attempt(() => geometry.bounce(p, n, 1)),
          attempt(() => geometry.slide(p, n)),
          attempt(() => geometry.centreBoxToRect({ center: p, halfExtents: h })),
          attempt(() => geometry.rectToCentreBox(a)),
          attempt(() => geometry.integrateEuler({ position: p, velocity: q }, p, 1)),
          attempt(() => geometry.integrateRK4({ position: p, velocity: q }, p, 1)),
        ]
        expect(numbersIn(results).every(Number.isFinite)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('names the field that overflowed, or the edge that is not finite', () => {
    const max = Number.MAX_VALUE
    expect(() => geometry.overlaps({ x: 1e308, y: 0, width: 1e308, height: 1 }, rect())).toThrow(
      'overlaps: a.x + a.width must be a finite number (got Infinity)',
    )
    expect(() => geometry.bounce({ x: 1, y: 1 }, { x: max, y: 0 }, 1)).toThrow(
      'bounce: result.x must be a finite number (got -Infinity): the input is too large',
    )
    expect(() =>
      geometry.minkowskiDifference(
        { x: 1e308, y: 0, width: 1, height: 1 },
        { x: -1e308, y: 0, width: 1, height: 1 },
      ),
    ).toThrow('minkowskiDifference: result.x must be a finite number (got Infinity)')
    expect(() => geometry.sweep(rect(), { x: 1e308, y: 0 }, rect(), { x: -1e308, y: 0 })).toThrow(
      'sweep: aDelta.x - bDelta.x must be a finite number (got Infinity)',
    )
    expect(() =>
      geometry.integrateEuler({ position: vec(), velocity: { x: max, y: 0 } }, { x: max, y: 0 }, 1),
    ).toThrow('integrateEuler: result.position.x must be a finite number (got Infinity)')
  })
})
