import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  containsPoint,
  minkowskiDifference,
  minkowskiDifferenceInto,
  overlaps,
  type Rect,
} from '../../../src/core/geometry/index.js'
import { gridRect, rectFromCenter } from './arbitraries.js'

const origin = { x: 0, y: 0 }

describe('minkowskiDifference: article 000', () => {
  // Article 000's Haxe AABB: topLeft = min - other.max; fullSize = size + other.size.
  it('has the top-left of a minus the bottom-right of b and the summed size', () => {
    const a = rectFromCenter(2, 3, 1, 2) // min (1, 1), max (3, 5)
    const b = rectFromCenter(10, 20, 4, 0.5) // min (6, 19.5), max (14, 20.5)
    expect(minkowskiDifference(a, b)).toEqual({
      x: 1 - 14,
      y: 1 - 20.5,
      width: 2 + 8,
      height: 4 + 1,
    })
  })

  it('covers the origin when the boxes collide and misses it when they do not', () => {
    const big: Rect = { x: -100, y: -50, width: 200, height: 100 }
    const inside: Rect = { x: 90, y: 40, width: 20, height: 20 } // pokes out of big's corner
    const outside: Rect = { x: 120, y: 0, width: 20, height: 20 }
    expect(containsPoint(minkowskiDifference(inside, big), origin)).toBe(true)
    expect(overlaps(inside, big)).toBe(true)
    expect(containsPoint(minkowskiDifference(outside, big), origin)).toBe(false)
    expect(overlaps(outside, big)).toBe(false)
  })

  it('puts the origin on the boundary when the boxes only touch', () => {
    const a: Rect = { x: 0, y: 0, width: 10, height: 10 }
    const b: Rect = { x: 10, y: 5, width: 10, height: 10 }
    const md = minkowskiDifference(a, b)
    expect(md.x + md.width).toBe(0)
    expect(containsPoint(md, origin)).toBe(true)
  })
})

describe('minkowskiDifference: article 002 corner equations', () => {
  // red = a, blue = b. In y-down coordinates "top" is the smaller y, and the article's
  // equations keep their form: each edge of the difference pairs opposite edges.
  const red: Rect = { x: 3, y: -2, width: 4, height: 6 }
  const blue: Rect = { x: -1, y: 5, width: 2, height: 3 }
  const md = minkowskiDifference(red, blue)
  const edges = (r: Rect) => ({ left: r.x, right: r.x + r.width, top: r.y, bottom: r.y + r.height })
  const R = edges(red)
  const B = edges(blue)
  const M = edges(md)

  it('black.left = red.left - blue.right, black.right = red.right - blue.left', () => {
    expect(M.left).toBe(R.left - B.right)
    expect(M.right).toBe(R.right - B.left)
  })

  it('black.top = red.top - blue.bottom, black.bottom = red.bottom - blue.top', () => {
    expect(M.top).toBe(R.top - B.bottom)
    expect(M.bottom).toBe(R.bottom - B.top)
  })

  it('black.top_right = red.top_right - blue.bottom_left (and the other corners)', () => {
    expect([M.right, M.top]).toEqual([R.right - B.left, R.top - B.bottom])
    expect([M.left, M.top]).toEqual([R.left - B.right, R.top - B.bottom])
    expect([M.right, M.bottom]).toEqual([R.right - B.left, R.bottom - B.top])
    expect([M.left, M.bottom]).toEqual([R.left - B.right, R.bottom - B.top])
  })

  it('is every p - q: corners of the inputs subtract to points inside it', () => {
    const corners = (r: Rect) => [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y },
      { x: r.x, y: r.y + r.height },
      { x: r.x + r.width, y: r.y + r.height },
    ]
    for (const p of corners(red)) {
      for (const q of corners(blue)) {
        expect(containsPoint(md, { x: p.x - q.x, y: p.y - q.y })).toBe(true)
      }
    }
  })
})

describe('minkowskiDifferenceInto', () => {
  it('writes into out, returns it, and may alias an input', () => {
    const a: Rect = { x: 1, y: 2, width: 3, height: 4 }
    const b: Rect = { x: 5, y: 6, width: 7, height: 8 }
    const expected = minkowskiDifference(a, b)
    const out: Rect = { x: 0, y: 0, width: 0, height: 0 }
    expect(minkowskiDifferenceInto(out, a, b)).toBe(out)
    expect(out).toEqual(expected)
    expect(minkowskiDifferenceInto(a, a, b)).toEqual(expected)
  })
})

describe('minkowskiDifference properties', () => {
  it('overlaps(a, b) iff the difference contains the origin', () => {
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        expect(overlaps(a, b)).toBe(containsPoint(minkowskiDifference(a, b), origin))
      }),
      { numRuns: 2000 },
    )
  })

  it('b - a is a - b mirrored through the origin', () => {
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        const ab = minkowskiDifference(a, b)
        const ba = minkowskiDifference(b, a)
        expect(ba.x).toBe(0 - (ab.x + ab.width))
        expect(ba.y).toBe(0 - (ab.y + ab.height))
        expect([ba.width, ba.height]).toEqual([ab.width, ab.height])
      }),
      { numRuns: 1000 },
    )
  })
})
