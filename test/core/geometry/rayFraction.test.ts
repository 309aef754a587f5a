import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  containsPoint,
  createMinkowskiEdges,
  rayFraction,
  rayHitInto,
  type Rect,
  type Vec2,
} from '../../../src/core/geometry/index.js'
import { finiteRect, finiteVec2, gridDelta, gridNumber, gridRect } from './arbitraries.js'

const rect: Rect = { x: 0, y: 0, width: 10, height: 10 }

function hit(origin: Vec2, delta: Vec2, target: Rect = rect) {
  const out = { time: -1, normal: { x: 9, y: 9 } }
  const found = rayHitInto(out, origin, delta, target, createMinkowskiEdges())
  return { found, time: out.time, normal: { x: out.normal.x + 0, y: out.normal.y + 0 } }
}

const cross = (p: Vec2, q: Vec2) => p.x * q.y - p.y * q.x
const minus = (p: Vec2, q: Vec2) => ({ x: p.x - q.x, y: p.y - q.y })

/** Article 003's segment-vs-segment fraction (from pgkelley4's line-segments-intersect). */
function articleSegmentFraction(originA: Vec2, endA: Vec2, originB: Vec2, endB: Vec2): number {
  const r = minus(endA, originA)
  const s = minus(endB, originB)
  const numerator = cross(minus(originB, originA), r)
  const denominator = cross(r, s)
  if (numerator === 0 && denominator === 0) return Infinity // colinear: ignored
  if (denominator === 0) return Infinity // parallel
  const u = numerator / denominator
  const t = cross(minus(originB, originA), s) / denominator
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : Infinity
}

/** Article 003's getRayIntersectionFraction: the smallest fraction over the four edges. */
function articleRayFraction(origin: Vec2, direction: Vec2, box: Rect): number {
  const end = { x: origin.x + direction.x, y: origin.y + direction.y }
  const min = { x: box.x, y: box.y }
  const max = { x: box.x + box.width, y: box.y + box.height }
  return Math.min(
    articleSegmentFraction(origin, end, min, { x: min.x, y: max.y }),
    articleSegmentFraction(origin, end, { x: min.x, y: max.y }, max),
    articleSegmentFraction(origin, end, max, { x: max.x, y: min.y }),
    articleSegmentFraction(origin, end, { x: max.x, y: min.y }, min),
  )
}

describe('rayFraction', () => {
  it('finds the entry fraction and the outward normal of the entered face', () => {
    expect(hit({ x: -10, y: 5 }, { x: 20, y: 0 })).toEqual({
      found: true,
      time: 0.5,
      normal: { x: -1, y: 0 },
    })
    expect(hit({ x: 20, y: 5 }, { x: -20, y: 0 })).toEqual({
      found: true,
      time: 0.5,
      normal: { x: 1, y: 0 },
    })
    expect(hit({ x: 5, y: -10 }, { x: 0, y: 20 })).toEqual({
      found: true,
      time: 0.5,
      normal: { x: 0, y: -1 },
    })
    expect(hit({ x: 5, y: 20 }, { x: 0, y: -20 })).toEqual({
      found: true,
      time: 0.5,
      normal: { x: 0, y: 1 },
    })
  })

  it('uses the later axis entry on a diagonal (the slab method)', () => {
    // x enters at t = 0.1, y at t = 0.25: the ray is inside only from 0.25, through the top.
    expect(hit({ x: -2, y: -5 }, { x: 20, y: 20 })).toEqual({
      found: true,
      time: 0.25,
      normal: { x: 0, y: -1 },
    })
    expect(rayFraction({ x: -2, y: -5 }, { x: 20, y: 20 }, rect)).toBe(0.25)
  })

  it('matches the README: a segment entering halfway', () => {
    expect(rayFraction({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: -1, width: 2, height: 2 })).toBe(
      0.5,
    )
  })

  it('is 0 with a zero normal when the origin is strictly inside', () => {
    expect(hit({ x: 5, y: 5 }, { x: 100, y: -3 })).toEqual({
      found: true,
      time: 0,
      normal: { x: 0, y: 0 },
    })
    expect(rayFraction({ x: 5, y: 5 }, { x: 0, y: 7 }, rect)).toBe(0)
  })

  describe('edge cases', () => {
    it('an origin on an edge moving inward is a hit at time 0 with that face', () => {
      expect(hit({ x: 0, y: 5 }, { x: 3, y: 0 })).toEqual({
        found: true,
        time: 0,
        normal: { x: -1, y: 0 },
      })
      expect(hit({ x: 10, y: 5 }, { x: -3, y: 1 })).toEqual({
        found: true,
        time: 0,
        normal: { x: 1, y: 0 },
      })
      expect(hit({ x: 5, y: 10 }, { x: 0, y: -1 })).toEqual({
        found: true,
        time: 0,
        normal: { x: 0, y: 1 },
      })
    })

    it('an origin on an edge moving outward or along the edge is not a hit', () => {
      expect(rayFraction({ x: 0, y: 5 }, { x: -3, y: 0 }, rect)).toBe(Infinity)
      expect(rayFraction({ x: 0, y: 5 }, { x: 0, y: 3 }, rect)).toBe(Infinity)
      expect(rayFraction({ x: 5, y: 0 }, { x: 3, y: 0 }, rect)).toBe(Infinity)
    })

    it('sliding along a face from outside, colinear with it, is not a hit', () => {
      expect(hit({ x: -5, y: 0 }, { x: 30, y: 0 })).toEqual({
        found: false,
        time: Infinity,
        normal: { x: 0, y: 0 },
      })
      expect(rayFraction({ x: 10, y: -5 }, { x: 0, y: 30 }, rect)).toBe(Infinity)
    })

    it('touching a corner is not a hit; passing through a corner into the interior is', () => {
      expect(rayFraction({ x: -1, y: 1 }, { x: 2, y: -2 }, rect)).toBe(Infinity)
      expect(rayFraction({ x: 11, y: 1 }, { x: -2, y: -2 }, rect)).toBe(Infinity)
      // Entering both slabs at the same instant: the x face wins the tie.
      expect(hit({ x: -1, y: -1 }, { x: 2, y: 2 })).toEqual({
        found: true,
        time: 0.5,
        normal: { x: -1, y: 0 },
      })
    })

    it('a zero-length delta gives 0 strictly inside and Infinity elsewhere', () => {
      const still = { x: 0, y: 0 }
      expect(rayFraction({ x: 5, y: 5 }, still, rect)).toBe(0)
      expect(rayFraction({ x: 0, y: 5 }, still, rect)).toBe(Infinity)
      expect(rayFraction({ x: 10, y: 10 }, still, rect)).toBe(Infinity)
      expect(rayFraction({ x: 50, y: 5 }, still, rect)).toBe(Infinity)
    })

    it('axis-parallel rays outside a slab miss without NaN', () => {
      expect(rayFraction({ x: -5, y: 20 }, { x: 30, y: 0 }, rect)).toBe(Infinity)
      expect(rayFraction({ x: 20, y: -5 }, { x: 0, y: 30 }, rect)).toBe(Infinity)
    })

    it('arriving exactly at the end of the segment is not a hit; arriving earlier is', () => {
      expect(rayFraction({ x: -10, y: 5 }, { x: 10, y: 0 }, rect)).toBe(Infinity)
      expect(rayFraction({ x: -10, y: 5 }, { x: 10.5, y: 0 }, rect)).toBeCloseTo(10 / 10.5, 15)
    })

    it('a segment ending before the box, or pointing away, misses', () => {
      expect(rayFraction({ x: -10, y: 5 }, { x: 5, y: 0 }, rect)).toBe(Infinity)
      expect(rayFraction({ x: -10, y: 5 }, { x: -5, y: 0 }, rect)).toBe(Infinity)
    })

    it('a zero-size box has no interior and is never entered', () => {
      const point: Rect = { x: 3, y: 3, width: 0, height: 0 }
      expect(rayFraction({ x: 0, y: 0 }, { x: 6, y: 6 }, point)).toBe(Infinity)
      const segment: Rect = { x: 3, y: 0, width: 0, height: 10 }
      expect(rayFraction({ x: 0, y: 5 }, { x: 6, y: 0 }, segment)).toBe(Infinity)
    })
  })

  describe("article 003's edge-by-edge test", () => {
    it('agrees with the slab method on a plain hit', () => {
      const origin = { x: -10, y: 3 }
      const delta = { x: 20, y: 4 }
      expect(articleRayFraction(origin, delta, rect)).toBe(rayFraction(origin, delta, rect))
    })

    it('wrongly reports a hit when the ray slides along a face (its colinear case is ignored)', () => {
      const origin = { x: -5, y: 0 }
      const delta = { x: 30, y: 0 }
      expect(articleRayFraction(origin, delta, rect)).toBe(5 / 30) // meets the left edge's end
      expect(rayFraction(origin, delta, rect)).toBe(Infinity)
    })

    it('reports the exit instead of 0 when the origin is inside', () => {
      expect(articleRayFraction({ x: 5, y: 5 }, { x: 10, y: 0 }, rect)).toBe(0.5)
      expect(rayFraction({ x: 5, y: 5 }, { x: 10, y: 0 }, rect)).toBe(0)
    })

    it('agrees for generic rays from outside the box (not through a corner, not along an edge)', () => {
      const points = fc.record({ x: gridNumber(200), y: gridNumber(200) })
      fc.assert(
        fc.property(points, points, gridRect, (origin, delta, box) => {
          const corners = [
            { x: box.x, y: box.y },
            { x: box.x + box.width, y: box.y },
            { x: box.x, y: box.y + box.height },
            { x: box.x + box.width, y: box.y + box.height },
          ]
          fc.pre(box.width > 0 && box.height > 0 && !containsPoint(box, origin))
          fc.pre(delta.x !== 0 && delta.y !== 0)
          fc.pre(corners.every((corner) => cross(minus(corner, origin), delta) !== 0))
          const expected = articleRayFraction(origin, delta, box)
          // Arriving exactly at the end of the segment is a hit for the article, not for the
          // kernel (by design, tested above): e.g. (1.25, 0) + (81.125, 0.125) ends on x = 82.375.
          fc.pre(expected !== 1)
          const actual = rayFraction(origin, delta, box)
          if (expected === Infinity) expect(actual).toBe(Infinity)
          else expect(actual).toBeCloseTo(expected, 12)
        }),
        { numRuns: 1000 },
      )
    })
  })

  describe('properties', () => {
    it('the point at the entry time is on the box, and the normal opposes the motion', () => {
      const origins = fc.record({ x: gridNumber(200), y: gridNumber(200) })
      fc.assert(
        fc.property(origins, gridDelta, gridRect, (origin, delta, box) => {
          const out = { time: 0, normal: { x: 0, y: 0 } }
          if (!rayHitInto(out, origin, delta, box, createMinkowskiEdges())) return
          expect(out.time).toBeGreaterThanOrEqual(0)
          expect(out.time).toBeLessThan(1)
          const at = { x: origin.x + delta.x * out.time, y: origin.y + delta.y * out.time }
          // Within rounding of the boundary (the fraction is a rounded quotient).
          const TOLERANCE = 1e-9
          const grown = {
            x: box.x - TOLERANCE,
            y: box.y - TOLERANCE,
            width: box.width + 2 * TOLERANCE,
            height: box.height + 2 * TOLERANCE,
          }
          expect(containsPoint(grown, at)).toBe(true)
          // The normal opposes the motion.
          expect(out.normal.x * delta.x + out.normal.y * delta.y).toBeLessThanOrEqual(0)
        }),
        { numRuns: 2000 },
      )
    })

    it('never yields NaN for finite input', () => {
      fc.assert(
        fc.property(finiteVec2, finiteVec2, finiteRect, (origin, delta, box) => {
          const out = { time: 0, normal: { x: 0, y: 0 } }
          rayHitInto(out, origin, delta, box, createMinkowskiEdges())
          expect([out.time, out.normal.x, out.normal.y].some(Number.isNaN)).toBe(false)
        }),
        { numRuns: 2000 },
      )
    })
  })
})
