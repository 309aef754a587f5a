import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createMinkowskiEdges,
  minkowskiDifference,
  overlaps,
  overlapsInterior,
  penetrationVector,
  penetrationVectorInto,
  type Rect,
  type Vec2,
} from '../../../src/core/geometry/index.js'
import {
  finiteNumber,
  finiteSize,
  gridRect,
  moved,
  overlapDepth,
  rectFromCenter,
} from './arbitraries.js'

const length = (v: Vec2) => Math.abs(v.x) + Math.abs(v.y) // the vectors are axis-aligned

/** Article 000's closestPointOnBoundsToPoint, translated literally (min/max of a Rect). */
function closestPointOnBoundsToPoint(bounds: Rect, point: Vec2): Vec2 {
  const min = { x: bounds.x, y: bounds.y }
  const max = { x: bounds.x + bounds.width, y: bounds.y + bounds.height }
  let minDist = Math.abs(point.x - min.x)
  let boundsPoint = { x: min.x, y: point.y }
  if (Math.abs(max.x - point.x) < minDist) {
    minDist = Math.abs(max.x - point.x)
    boundsPoint = { x: max.x, y: point.y }
  }
  if (Math.abs(max.y - point.y) < minDist) {
    minDist = Math.abs(max.y - point.y)
    boundsPoint = { x: point.x, y: max.y }
  }
  if (Math.abs(min.y - point.y) < minDist) {
    boundsPoint = { x: point.x, y: min.y }
  }
  return boundsPoint
}

/** Article 004's minimumTranslation (C#), translated literally; null where it throws. */
function minimumTranslation(a: Rect, b: Rect): Vec2 | null {
  const amin = { x: a.x, y: a.y }
  const amax = { x: a.x + a.width, y: a.y + a.height }
  const bmin = { x: b.x, y: b.y }
  const bmax = { x: b.x + b.width, y: b.y + b.height }
  const mtd = { x: 0, y: 0 }
  const left = bmin.x - amax.x
  const right = bmax.x - amin.x
  const top = bmin.y - amax.y
  const bottom = bmax.y - amin.y
  if (left > 0 || right < 0) return null
  if (top > 0 || bottom < 0) return null
  mtd.x = Math.abs(left) < right ? left : right
  mtd.y = Math.abs(top) < bottom ? top : bottom
  // "0 the axis with the largest mtd value."
  if (Math.abs(mtd.x) < Math.abs(mtd.y)) mtd.y = 0
  else mtd.x = 0
  return mtd
}

/** The four axis moves of a that end touching b, in the kernel's tie-breaking order. */
function separatingMoves(a: Rect, b: Rect): Vec2[] {
  return [
    { x: b.x - (a.x + a.width), y: 0 },
    { x: b.x + b.width - a.x, y: 0 },
    { x: 0, y: b.y - (a.y + a.height) },
    { x: 0, y: b.y + b.height - a.y },
  ]
}

const hasTie = (a: Rect, b: Rect, p: Vec2) =>
  separatingMoves(a, b).filter((move) => length(move) === length(p)).length > 1

describe('penetrationVector: article 000', () => {
  it('is the closest point of the Minkowski difference b - a to the origin', () => {
    const a = rectFromCenter(0, 0, 5, 5)
    const b = rectFromCenter(8, 2, 5, 5) // a pokes 2 into b's left face
    const closest = closestPointOnBoundsToPoint(minkowskiDifference(b, a), { x: 0, y: 0 })
    expect(penetrationVector(a, b)).toEqual({ x: -2, y: 0 })
    expect(penetrationVector(a, b)).toEqual(closest)
  })

  it('moves the box out of the other when added to it ("boxA.center += penetrationVector")', () => {
    const a = rectFromCenter(3, 9, 2, 2)
    const b = rectFromCenter(0, 0, 10, 10)
    const p = penetrationVector(a, b)
    expect(p).toEqual({ x: 0, y: 3 })
    const out = moved(a, p!)
    expect(overlaps(out, b)).toBe(true)
    expect(overlapsInterior(out, b)).toBe(false)
  })

  it('has the length of the closest boundary point for any overlapping grid boxes', () => {
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        const p = penetrationVector(a, b)
        if (p === null) return
        const closest = closestPointOnBoundsToPoint(minkowskiDifference(b, a), { x: 0, y: 0 })
        expect(length(p)).toBe(length(closest))
        if (!hasTie(a, b, p)) expect(p).toEqual(closest)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('penetrationVector: article 002', () => {
  // The article's are_boxes_colliding with minkowski = a - b gives the smallest of the four
  // sides of a - b: that vector moves b out of a ("have the entity that is moving move
  // back by this vector"), so the kernel's vector for moving a is its negation.
  function articlePenetration(a: Rect, b: Rect): Vec2 {
    const md = minkowskiDifference(a, b)
    const sides = [
      { x: md.x, y: 0 },
      { x: md.x + md.width, y: 0 },
      { x: 0, y: md.y },
      { x: 0, y: md.y + md.height },
    ]
    return sides.reduce((best, side) => (length(side) < length(best) ? side : best))
  }

  it('is the smallest of left, right, top and bottom of the difference, negated for a', () => {
    const red: Rect = { x: 0, y: 0, width: 4, height: 4 }
    const blue: Rect = { x: 3, y: 1, width: 4, height: 4 }
    expect(articlePenetration(red, blue)).toEqual({ x: 1, y: 0 })
    expect(penetrationVector(red, blue)).toEqual({ x: -1, y: 0 })
  })

  it('is never diagonal: it is shorter than any diagonal move', () => {
    const p = penetrationVector(
      { x: 0, y: 0, width: 4, height: 4 },
      { x: 3, y: 2, width: 4, height: 4 },
    )
    expect(p).toEqual({ x: -1, y: 0 })
  })
})

describe('penetrationVector: article 004 minimumTranslation', () => {
  it('zeroes the axis with the larger mtd', () => {
    const a: Rect = { x: 0, y: 0, width: 10, height: 10 }
    const b: Rect = { x: 7, y: 8, width: 10, height: 10 } // mtd x = -3, y = -2
    expect(minimumTranslation(a, b)).toEqual({ x: 0, y: -2 })
    expect(penetrationVector(a, b)).toEqual({ x: 0, y: -2 })
  })

  it('agrees with the article on length, and on direction when there is no tie', () => {
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        const p = penetrationVector(a, b)
        const mtd = minimumTranslation(a, b)
        expect(p === null).toBe(mtd === null)
        if (p === null || mtd === null) return
        expect(length(p)).toBe(length(mtd))
        if (!hasTie(a, b, p)) expect([p.x + 0, p.y + 0]).toEqual([mtd.x + 0, mtd.y + 0])
      }),
      { numRuns: 2000 },
    )
  })
})

describe('penetrationVector', () => {
  it('matches the README example', () => {
    const card = { x: 90, y: 10, width: 40, height: 40 }
    const wall = { x: 100, y: 0, width: 20, height: 200 }
    expect(penetrationVector(card, wall)).toEqual({ x: -30, y: 0 })
  })

  it('is { 0, 0 } when the boxes only touch, at an edge or a corner', () => {
    const a: Rect = { x: 0, y: 0, width: 10, height: 10 }
    expect(penetrationVector(a, { x: 10, y: 3, width: 5, height: 5 })).toEqual({ x: 0, y: 0 })
    expect(penetrationVector(a, { x: -5, y: -5, width: 5, height: 5 })).toEqual({ x: 0, y: 0 })
  })

  it('is null when the boxes are apart', () => {
    expect(
      penetrationVector({ x: 0, y: 0, width: 1, height: 1 }, { x: 2, y: 0, width: 1, height: 1 }),
    ).toBeNull()
  })

  describe('tie-breaking: x before y, then negative before positive', () => {
    const b: Rect = { x: 0, y: 0, width: 10, height: 10 }
    it('identical boxes move left', () => {
      expect(penetrationVector(b, b)).toEqual({ x: -10, y: 0 })
    })
    it('a centred box with equal depths on both axes moves left', () => {
      expect(penetrationVector({ x: 4, y: 4, width: 2, height: 2 }, b)).toEqual({ x: -6, y: 0 })
    })
    it('equal left and up moves left; equal right and down moves right', () => {
      expect(penetrationVector({ x: -1, y: -1, width: 2, height: 2 }, b)).toEqual({ x: -1, y: 0 })
      expect(penetrationVector({ x: 9, y: 9, width: 2, height: 2 }, b)).toEqual({ x: 1, y: 0 })
    })
    it('equal up and down moves up', () => {
      expect(penetrationVector({ x: -5, y: 4, width: 20, height: 2 }, b)).toEqual({ x: 0, y: -6 })
    })
  })

  it('penetrationVectorInto writes into out and sets it to { 0, 0 } when apart', () => {
    const out = { x: 7, y: 7 }
    const b: Rect = { x: 0, y: 0, width: 10, height: 10 }
    const edges = createMinkowskiEdges()
    expect(penetrationVectorInto(out, { x: 8, y: 2, width: 4, height: 4 }, b, edges)).toBe(true)
    expect(out).toEqual({ x: 2, y: 0 })
    expect(penetrationVectorInto(out, { x: 20, y: 2, width: 4, height: 4 }, b, edges)).toBe(false)
    expect(out).toEqual({ x: 0, y: 0 })
  })

  it('leaves a and b touching, not overlapping, and no shorter axis move separates them', () => {
    const STEP = 1 / 16 // half the grid step: any shorter separating move is at least 1/8 shorter
    const directions = [
      { x: -1, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: -1 },
      { x: 0, y: 1 },
    ]
    fc.assert(
      fc.property(gridRect, gridRect, (a, b) => {
        const p = penetrationVector(a, b)
        expect(p === null).toBe(!overlaps(a, b))
        if (p === null) return
        const after = moved(a, p)
        expect(overlaps(after, b)).toBe(true)
        expect(overlapsInterior(after, b)).toBe(false)
        const shorter = length(p) - STEP
        if (shorter <= 0) return
        for (const direction of directions) {
          expect(overlapsInterior(moved(a, direction, shorter), b)).toBe(true)
        }
      }),
      { numRuns: 3000 },
    )
  })

  it('leaves an overlap depth <= 1e-9 on some axis for arbitrary finite boxes', () => {
    const overlapping = fc
      .record({
        a: fc.record({ x: finiteNumber, y: finiteNumber, width: finiteSize, height: finiteSize }),
        fx: fc.double({ min: 0, max: 1, noNaN: true }),
        fy: fc.double({ min: 0, max: 1, noNaN: true }),
        width: fc.double({ min: 0, max: 1e3, noNaN: true }),
        height: fc.double({ min: 0, max: 1e3, noNaN: true }),
      })
      .map(({ a, fx, fy, width, height }) => ({
        a,
        // b's top-left lies inside a, so the boxes overlap.
        b: { x: a.x + fx * a.width, y: a.y + fy * a.height, width, height },
      }))
    fc.assert(
      fc.property(overlapping, ({ a, b }) => {
        const p = penetrationVector(a, b)
        expect(p).not.toBeNull()
        const depth = overlapDepth(moved(a, p!), b)
        const tolerance = 1e-9 * Math.max(1, Math.abs(a.x), Math.abs(a.y), a.width, a.height)
        expect(Math.min(depth.x, depth.y)).toBeLessThanOrEqual(tolerance)
        expect(Math.min(depth.x, depth.y)).toBeGreaterThanOrEqual(-tolerance)
      }),
      { numRuns: 2000 },
    )
  })
})
