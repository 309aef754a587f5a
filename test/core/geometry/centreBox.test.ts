import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  centreBoxOverlaps,
  centreBoxToRect,
  centreBoxToRectInto,
  overlaps,
  rectToCentreBox,
  rectToCentreBoxInto,
  type CentreBox,
  type Rect,
} from '../../../src/core/geometry/index.js'
import { finiteNumber, finiteSize, gridNumber, gridRect, gridSize } from './arbitraries.js'
// The story's table of article 001's results (its 13 rows in 2D): one copy for both.
import { ARTICLE_001_ROWS, unitBox } from '../../../src/widgets/article001Results.js'

/** The article's branch-free "SIMD" form, in 2D: each axis's `<=`, and-ed without a branch. */
function simdReference(a: CentreBox, b: CentreBox): boolean {
  const x = Math.abs(a.center.x - b.center.x) <= a.halfExtents.x + b.halfExtents.x
  const y = Math.abs(a.center.y - b.center.y) <= a.halfExtents.y + b.halfExtents.y
  return Boolean(Number(x) & Number(y))
}

/** A centre box on the grid: centres multiples of 1/8, half extents multiples of 1/16. */
const gridCentreBox: fc.Arbitrary<CentreBox> = fc.record({
  center: fc.record({ x: gridNumber(100), y: gridNumber(100) }),
  halfExtents: fc.record({
    x: gridSize(30).map((size) => size / 2),
    y: gridSize(30).map((size) => size / 2),
  }),
})

/** A centre box with arbitrary finite numbers (rounding happens). */
const finiteCentreBox: fc.Arbitrary<CentreBox> = fc.record({
  center: fc.record({ x: finiteNumber, y: finiteNumber }),
  halfExtents: fc.record({ x: finiteSize, y: finiteSize }),
})

const RUNS = { numRuns: 2000 }

describe('centreBoxOverlaps: article 001 table (2D)', () => {
  it('has all 13 rows', () => {
    expect(ARTICLE_001_ROWS.map(({ row }) => row)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ])
  })

  it.each(
    ARTICLE_001_ROWS.map((row) => ({
      ...row,
      pair: `(${row.first.join(', ')}) vs (${row.second.join(', ')})`,
    })),
  )('row $row: centres $pair -> Post/CJM $expected', ({ first, second, expected }) => {
    expect(centreBoxOverlaps(unitBox(first), unitBox(second))).toBe(expected)
    expect(centreBoxOverlaps(unitBox(second), unitBox(first))).toBe(expected)
    // The kernel's edge test on the converted rects gives the article's answer too.
    expect(overlaps(centreBoxToRect(unitBox(first)), centreBoxToRect(unitBox(second)))).toBe(
      expected,
    )
  })
})

describe('centreBoxOverlaps', () => {
  const box = (cx: number, cy: number, rx: number, ry: number): CentreBox => ({
    center: { x: cx, y: cy },
    halfExtents: { x: rx, y: ry },
  })

  it('counts touching on an edge or at a corner (the article tests `>`, not `>=`)', () => {
    expect(centreBoxOverlaps(box(0, 0, 2, 1), box(5, 0, 3, 1))).toBe(true)
    expect(centreBoxOverlaps(box(0, 0, 2, 1), box(0, -3, 1, 2))).toBe(true)
    expect(centreBoxOverlaps(box(0, 0, 1, 1), box(2, 2, 1, 1))).toBe(true)
  })

  it('is false across any gap, on either axis', () => {
    expect(centreBoxOverlaps(box(0, 0, 2, 1), box(5.001, 0, 3, 1))).toBe(false)
    expect(centreBoxOverlaps(box(0, 0, 2, 1), box(0, -3.001, 1, 2))).toBe(false)
  })

  it('needs both axes: overlapping on x but apart on y is apart (article 001 update)', () => {
    expect(centreBoxOverlaps(box(0, 0, 5, 5), box(1, 20, 5, 5))).toBe(false)
    expect(centreBoxOverlaps(box(0, 0, 5, 5), box(20, 1, 5, 5))).toBe(false)
  })

  it('handles containment and zero-size boxes', () => {
    expect(centreBoxOverlaps(box(0, 0, 10, 10), box(3, -4, 1, 1))).toBe(true)
    expect(centreBoxOverlaps(box(0, 0, 10, 10), box(10, 10, 0, 0))).toBe(true)
    expect(centreBoxOverlaps(box(0, 0, 0, 0), box(0, 0, 0, 0))).toBe(true)
    expect(centreBoxOverlaps(box(0, 0, 0, 0), box(0, 1, 0, 0))).toBe(false)
  })

  it('agrees with overlaps on the converted rects when the conversion is exact', () => {
    fc.assert(
      fc.property(gridCentreBox, gridCentreBox, (a, b) => {
        expect(centreBoxOverlaps(a, b)).toBe(overlaps(centreBoxToRect(a), centreBoxToRect(b)))
      }),
      RUNS,
    )
  })

  it('agrees with overlaps on integer boxes that often touch', () => {
    const small = fc.integer({ min: -6, max: 6 })
    const half = fc.integer({ min: 0, max: 3 })
    const touchy = fc.record({
      center: fc.record({ x: small, y: small }),
      halfExtents: fc.record({ x: half, y: half }),
    })
    fc.assert(
      fc.property(touchy, touchy, (a, b) => {
        expect(centreBoxOverlaps(a, b)).toBe(overlaps(centreBoxToRect(a), centreBoxToRect(b)))
      }),
      RUNS,
    )
  })

  it("agrees with the article's branch-free form and is symmetric, for any finite boxes", () => {
    fc.assert(
      fc.property(finiteCentreBox, finiteCentreBox, (a, b) => {
        expect(centreBoxOverlaps(a, b)).toBe(simdReference(a, b))
        expect(centreBoxOverlaps(a, b)).toBe(centreBoxOverlaps(b, a))
      }),
      RUNS,
    )
  })
})

describe('centreBoxToRect and rectToCentreBox', () => {
  it('convert between the centre form and the top-left form', () => {
    expect(centreBoxToRect({ center: { x: 1, y: 0 }, halfExtents: { x: 0.5, y: 0.5 } })).toEqual({
      x: 0.5,
      y: -0.5,
      width: 1,
      height: 1,
    })
    expect(rectToCentreBox({ x: 0, y: 0, width: 4, height: 2 })).toEqual({
      center: { x: 2, y: 1 },
      halfExtents: { x: 2, y: 1 },
    })
    expect(rectToCentreBox({ x: -3, y: 5, width: 0, height: 0 })).toEqual({
      center: { x: -3, y: 5 },
      halfExtents: { x: 0, y: 0 },
    })
  })

  it('round-trip a grid rect exactly', () => {
    fc.assert(
      fc.property(gridRect, (rect) => {
        expect(centreBoxToRect(rectToCentreBox(rect))).toEqual(rect)
      }),
      RUNS,
    )
  })

  it('round-trip a grid centre box exactly', () => {
    fc.assert(
      fc.property(gridCentreBox, (box) => {
        expect(rectToCentreBox(centreBoxToRect(box))).toEqual(box)
      }),
      RUNS,
    )
  })

  it('keep overlaps unchanged through a round trip of grid rects', () => {
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        expect(centreBoxOverlaps(rectToCentreBox(a), rectToCentreBox(b))).toBe(overlaps(a, b))
      }),
      RUNS,
    )
  })

  it('the ...Into twins write into the given object and return it', () => {
    const rect: Rect = { x: 9, y: 9, width: 9, height: 9 }
    const box = { center: { x: 2, y: 3 }, halfExtents: { x: 1, y: 0.5 } }
    expect(centreBoxToRectInto(rect, box)).toBe(rect)
    expect(rect).toEqual({ x: 1, y: 2.5, width: 2, height: 1 })
    const out: CentreBox = { center: { x: 0, y: 0 }, halfExtents: { x: 0, y: 0 } }
    const { center, halfExtents } = out
    expect(rectToCentreBoxInto(out, rect)).toBe(out)
    expect(out.center).toBe(center)
    expect(out.halfExtents).toBe(halfExtents)
    expect(out).toEqual(box)
  })
})

describe('centre box validation', () => {
  const good = (): CentreBox => ({ center: { x: 1, y: 2 }, halfExtents: { x: 3, y: 4 } })
  const calls = [
    {
      name: 'centreBoxOverlaps',
      field: 'a',
      call: (box: CentreBox) => centreBoxOverlaps(box, good()),
    },
    {
      name: 'centreBoxOverlaps',
      field: 'b',
      call: (box: CentreBox) => centreBoxOverlaps(good(), box),
    },
    { name: 'centreBoxToRect', field: 'box', call: (box: CentreBox) => centreBoxToRect(box) },
  ]
  const cases = calls.flatMap((entry) =>
    (['center', 'halfExtents'] as const).flatMap((vector) =>
      (['x', 'y'] as const).map((axis) => ({ ...entry, vector, axis })),
    ),
  )

  it('accepts valid input', () => {
    for (const { call } of calls) expect(() => call(good())).not.toThrow()
    expect(() => rectToCentreBox({ x: 1, y: 2, width: 3, height: 4 })).not.toThrow()
  })

  it.each(cases.map((c) => [`${c.name}: ${c.field}.${c.vector}.${c.axis}`, c] as const))(
    '%s rejects NaN and infinities with a RangeError naming it',
    (label, { call, vector, axis }) => {
      for (const bad of [Number.NaN, Infinity, -Infinity]) {
        const box = good()
        box[vector][axis] = bad
        expect(() => call(box)).toThrow(RangeError)
        expect(() => call(box)).toThrow(`${label} must be a finite number`)
        expect(() => call(box)).toThrow(`(got ${String(bad)})`)
      }
    },
  )

  it('rejects negative half extents', () => {
    const box = good()
    box.halfExtents.y = -0.5
    expect(() => centreBoxOverlaps(good(), box)).toThrow(
      new RangeError('centreBoxOverlaps: b.halfExtents.y must be a finite number >= 0 (got -0.5)'),
    )
    box.halfExtents = { x: -1, y: 1 }
    expect(() => centreBoxToRect(box)).toThrow(
      new RangeError('centreBoxToRect: box.halfExtents.x must be a finite number >= 0 (got -1)'),
    )
  })

  it('rejects non-objects with the argument name', () => {
    expect(() => centreBoxOverlaps(null as unknown as CentreBox, good())).toThrow(
      new TypeError('centreBoxOverlaps: a must be an object { center, halfExtents } (got null)'),
    )
    expect(() =>
      centreBoxOverlaps({ ...good(), center: undefined as unknown as CentreBox['center'] }, good()),
    ).toThrow(
      new TypeError('centreBoxOverlaps: a.center must be an object { x, y } (got undefined)'),
    )
    expect(() =>
      centreBoxToRect({ ...good(), halfExtents: 1 as unknown as CentreBox['halfExtents'] }),
    ).toThrow(new TypeError('centreBoxToRect: box.halfExtents must be an object { x, y } (got 1)'))
    expect(() =>
      centreBoxOverlaps({ ...good(), center: { x: '1' as unknown as number, y: 0 } }, good()),
    ).toThrow(new RangeError('centreBoxOverlaps: a.center.x must be a finite number (got "1")'))
  })

  it('rectToCentreBox checks its rect as the rest of the kernel does', () => {
    expect(() => rectToCentreBox({ x: 0, y: 0, width: -1, height: 1 })).toThrow(
      new RangeError('rectToCentreBox: rect.width must be a finite number >= 0 (got -1)'),
    )
    expect(() => rectToCentreBox({ x: Number.NaN, y: 0, width: 1, height: 1 })).toThrow(
      new RangeError('rectToCentreBox: rect.x must be a finite number (got NaN)'),
    )
    expect(() => rectToCentreBox(undefined as unknown as Rect)).toThrow(TypeError)
  })

  it('rejects a random non-finite field anywhere with a RangeError naming it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.constantFrom(Number.NaN, Infinity, -Infinity),
        gridCentreBox,
        ({ name, field, call, vector, axis }, bad, generated) => {
          const box = structuredClone(generated)
          box[vector][axis] = bad
          expect(() => call(box)).toThrow(RangeError)
          expect(() => call(box)).toThrow(`${name}: ${field}.${vector}.${axis} must be`)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
