import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  closestPointOnBounds,
  closestPointOnBoundsInto,
  minkowskiDifference,
  penetrationVector,
} from '../../../src/core/geometry/index.js'
import { gridNumber, gridRect } from './arbitraries.js'

describe('closestPointOnBounds (article 000)', () => {
  const box = { x: -2, y: -1, width: 3, height: 4 }

  it('moves a point inside straight onto the nearest edge', () => {
    expect(closestPointOnBounds(box, { x: 0, y: 0 })).toEqual({ x: 1, y: 0 })
    expect(closestPointOnBounds(box, { x: -1.5, y: 1 })).toEqual({ x: -2, y: 1 })
    expect(closestPointOnBounds(box, { x: 0, y: 2.5 })).toEqual({ x: 0, y: 3 })
    expect(closestPointOnBounds(box, { x: -0.5, y: -0.75 })).toEqual({ x: -0.5, y: -1 })
  })

  it('leaves a point on the boundary where it is', () => {
    expect(closestPointOnBounds(box, { x: 1, y: 2 })).toEqual({ x: 1, y: 2 })
  })

  it('breaks ties in the order left, right, top, bottom', () => {
    const square = { x: 0, y: 0, width: 2, height: 2 }
    expect(closestPointOnBounds(square, { x: 1, y: 1 })).toEqual({ x: 0, y: 1 })
    expect(closestPointOnBounds(square, { x: 1.5, y: 1.5 })).toEqual({ x: 2, y: 1.5 })
  })

  it('writes into out without allocating', () => {
    const out = { x: 9, y: 9 }
    expect(closestPointOnBoundsInto(out, box, { x: 0, y: 0 })).toBe(out)
    expect(out).toEqual({ x: 1, y: 0 })
  })

  it('names the argument for bad input', () => {
    expect(() => closestPointOnBounds(box, { x: Number.NaN, y: 0 })).toThrow(
      'closestPointOnBounds: point.x must be a finite number (got NaN)',
    )
    expect(() => closestPointOnBounds({ ...box, width: -1 }, { x: 0, y: 0 })).toThrow(RangeError)
  })

  it('is, for a point inside, on the boundary and no farther than any boundary point on a line through it', () => {
    fc.assert(
      fc.property(gridRect, gridNumber(1), gridNumber(1), (rect, u, v) => {
        // A point inside the rect: its fractions (u, v) folded into [0, 1].
        const point = {
          x: rect.x + rect.width * Math.abs(u % 1),
          y: rect.y + rect.height * Math.abs(v % 1),
        }
        const near = closestPointOnBounds(rect, point)
        const onVertical = near.x === rect.x || near.x === rect.x + rect.width
        const onHorizontal = near.y === rect.y || near.y === rect.y + rect.height
        expect(onVertical || onHorizontal).toBe(true)
        const distance = Math.abs(near.x - point.x) + Math.abs(near.y - point.y)
        const edges = [
          point.x - rect.x,
          rect.x + rect.width - point.x,
          point.y - rect.y,
          rect.y + rect.height - point.y,
        ]
        expect(distance).toBe(Math.min(...edges))
      }),
      { numRuns: 1000 },
    )
  })

  it("is the penetration vector at the origin of b − a (article 000's use of it), ties included", () => {
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        const push = penetrationVector(a, b)
        if (push === null) return
        const near = closestPointOnBounds(minkowskiDifference(b, a), { x: 0, y: 0 })
        expect(near.x + 0).toBe(push.x + 0)
        expect(near.y + 0).toBe(push.y + 0)
      }),
      { numRuns: 2000 },
    )
  })
})
