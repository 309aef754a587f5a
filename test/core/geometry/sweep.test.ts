import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createSweepHit,
  createSweepScratch,
  overlaps,
  overlapsInterior,
  slide,
  sweep,
  sweepInto,
  type Rect,
  type SweepHit,
  type Vec2,
} from '../../../src/core/geometry/index.js'
import { finiteRect, finiteVec2, gridDelta, gridRect, moved, overlapDepth } from './arbitraries.js'

const wall: Rect = { x: 100, y: 0, width: 20, height: 200 }
const box: Rect = { x: 0, y: 0, width: 40, height: 40 }

/** Normalises -0 to 0 so results compare with toEqual. */
const plain = (v: Vec2) => ({ x: v.x + 0, y: v.y + 0 })

describe('sweep: article 003', () => {
  it('matches the README example: the wall 60 px into a 500 px move, at time 0.12', () => {
    const hit = sweep(box, { x: 500, y: 0 }, wall)
    expect(hit).toEqual({
      time: 0.12,
      normal: { x: -1, y: 0 },
      touch: { x: 60, y: 0 },
      penetration: { x: 0, y: 0 },
      overlapping: false,
    })
  })

  it('lands a falling box on a platform with the top-face normal { 0, -1 }', () => {
    const hit = sweep(
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 0, y: 100 },
      { x: -50, y: 55, width: 200, height: 5 },
    )
    expect(hit).toMatchObject({ time: 0.45, normal: { x: 0, y: -1 }, touch: { x: 0, y: 45 } })
  })

  it('reports the face of b that a hits, with the normal pointing from b toward a', () => {
    const b: Rect = { x: 0, y: 0, width: 10, height: 10 }
    const a: Rect = { x: 0, y: 0, width: 2, height: 2 }
    const cases: [Vec2, Vec2, Vec2][] = [
      [
        { x: -6, y: 4 },
        { x: 8, y: 0 },
        { x: -1, y: 0 },
      ], // from the left
      [
        { x: 14, y: 4 },
        { x: -8, y: 0 },
        { x: 1, y: 0 },
      ], // from the right
      [
        { x: 4, y: -6 },
        { x: 0, y: 8 },
        { x: 0, y: -1 },
      ], // from above
      [
        { x: 4, y: 14 },
        { x: 0, y: -8 },
        { x: 0, y: 1 },
      ], // from below
    ]
    for (const [start, delta, normal] of cases) {
      const hit = sweep({ ...a, ...start }, delta, b)
      expect(hit?.time).toBe(0.5)
      expect(plain(hit!.normal)).toEqual(normal)
    }
  })

  it('uses the relative motion: both boxes moving toward each other meet halfway', () => {
    const a: Rect = { x: 0, y: 0, width: 10, height: 10 }
    const b: Rect = { x: 20, y: 0, width: 10, height: 10 }
    const hit = sweep(a, { x: 10, y: 0 }, b, { x: -10, y: 0 })
    expect(hit).toMatchObject({ time: 0.5, normal: { x: -1, y: 0 }, touch: { x: 5, y: 0 } })
  })

  it('moves each box by its own delta times h and leaves them touching (p += v dt h)', () => {
    const a: Rect = { x: 0, y: 0, width: 10, height: 10 }
    const aDelta = { x: 30, y: 12 }
    const b: Rect = { x: 30, y: 10, width: 10, height: 10 }
    const bDelta = { x: 0, y: -12 }
    const hit = sweep(a, aDelta, b, bDelta)!
    const h = hit.time
    // Relative motion (30, 24): x gap 20 closes at h = 2/3, the y overlap starts earlier.
    expect(h).toBeCloseTo(2 / 3, 15)
    expect(hit.touch).toEqual({ x: a.x + aDelta.x * h, y: a.y + aDelta.y * h })
    const aAtHit = moved(a, aDelta, h)
    const bAtHit = moved(b, bDelta, h)
    expect(overlapDepth(aAtHit, bAtHit).x).toBeCloseTo(0, 12)
    expect(overlapDepth(aAtHit, bAtHit).y).toBeGreaterThan(0)
  })

  it('is the same as the whole relative motion against a still b', () => {
    fc.assert(
      fc.property(gridRect, gridDelta, gridRect, gridDelta, (a, aDelta, b, bDelta) => {
        const both = sweep(a, aDelta, b, bDelta)
        const relative = sweep(a, { x: aDelta.x - bDelta.x, y: aDelta.y - bDelta.y }, b)
        expect(both === null).toBe(relative === null)
        if (both && relative) {
          expect(both.time).toBe(relative.time)
          expect(both.normal).toEqual(relative.normal)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('never lets a box falling fast onto a thin platform tunnel through it', () => {
    const platform: Rect = { x: -100, y: 1000, width: 200, height: 1 }
    const gravity = 20000 // px / s^2: after a few steps the box moves ~1000 px per step
    const dt = 1 / 10
    const body = { rect: { x: 0, y: 0, width: 10, height: 10 }, velocity: { x: 30, y: 0 } }
    let wouldTunnel = false
    for (let step = 0; step < 60; step++) {
      body.velocity.y += gravity * dt
      const delta = { x: body.velocity.x * dt, y: body.velocity.y * dt }
      const end = moved(body.rect, delta)
      const startAbove = body.rect.y + body.rect.height <= platform.y
      if (startAbove && end.y > platform.y + platform.height) wouldTunnel = true
      const hit = sweep(body.rect, delta, platform)
      if (hit) {
        body.rect = { ...body.rect, x: hit.touch.x, y: hit.touch.y }
        body.velocity = slide(body.velocity, hit.normal)
      } else {
        body.rect = end
      }
      expect(body.rect.y + body.rect.height).toBeLessThanOrEqual(platform.y)
    }
    // A discrete test at the end of each step would have missed the platform.
    expect(wouldTunnel).toBe(true)
    expect(body.rect.y + body.rect.height).toBe(platform.y)
    expect(body.velocity.y).toBe(0)
    expect(body.velocity.x).toBe(30) // it slides on along the platform
  })
})

describe('sweep: start states', () => {
  const b: Rect = { x: 0, y: 0, width: 10, height: 10 }

  it('reports an interior overlap at the start with its penetration vector, never null', () => {
    const a: Rect = { x: 8, y: 2, width: 4, height: 4 }
    for (const delta of [
      { x: 0, y: 0 },
      { x: 50, y: 0 },
      { x: -3, y: 7 },
    ]) {
      expect(sweep(a, delta, b)).toEqual({
        time: 0,
        normal: { x: 1, y: 0 },
        touch: { x: 8, y: 2 },
        penetration: { x: 2, y: 0 },
        overlapping: true,
      })
    }
  })

  it('reports touching boxes moving into each other at time 0, not overlapping', () => {
    const a: Rect = { x: 10, y: 3, width: 4, height: 4 } // touching b's right face
    expect(sweep(a, { x: -1, y: 0 }, b)).toEqual({
      time: 0,
      normal: { x: 1, y: 0 },
      touch: { x: 10, y: 3 },
      penetration: { x: 0, y: 0 },
      overlapping: false,
    })
    // b moving into a still a counts too.
    expect(sweep(a, { x: 0, y: 0 }, b, { x: 2, y: 0 })).toMatchObject({
      time: 0,
      normal: { x: 1, y: 0 },
    })
  })

  it('returns null for touching boxes moving apart or sliding along the shared face', () => {
    const a: Rect = { x: 10, y: 3, width: 4, height: 4 }
    expect(sweep(a, { x: 5, y: 0 }, b)).toBeNull()
    expect(sweep(a, { x: 0, y: 20 }, b)).toBeNull()
    expect(sweep(a, { x: 0, y: 0 }, b)).toBeNull()
    const onTop: Rect = { x: 2, y: -4, width: 4, height: 4 }
    expect(sweep(onTop, { x: 30, y: 0 }, b)).toBeNull()
  })

  it('returns null for a box touching any face of b and moving away or along it', () => {
    const touching: Array<[Rect, Vec2, Vec2]> = [
      [
        { x: -4, y: 3, width: 4, height: 4 },
        { x: -5, y: 0 },
        { x: 0, y: 9 },
      ], // left face
      [
        { x: 10, y: 3, width: 4, height: 4 },
        { x: 5, y: 0 },
        { x: 0, y: -9 },
      ], // right face
      [
        { x: 3, y: -4, width: 4, height: 4 },
        { x: 0, y: -5 },
        { x: 9, y: 0 },
      ], // top face
      [
        { x: 3, y: 10, width: 4, height: 4 },
        { x: 0, y: 5 },
        { x: -9, y: 0 },
      ], // bottom face
    ]
    for (const [a, away, along] of touching) {
      expect(sweep(a, away, b)).toBeNull()
      expect(sweep(a, along, b)).toBeNull()
    }
  })

  it('returns null when grazing a corner or arriving exactly at the end of the step', () => {
    const a: Rect = { x: -4, y: 14, width: 4, height: 4 } // below-left of b
    expect(sweep(a, { x: 4, y: -4 }, b)).toBeNull() // ends touching b's corner
    // a's top-right corner passes exactly through b's bottom-left corner, up and to the left.
    expect(sweep({ x: -3, y: 11, width: 4, height: 4 }, { x: -2, y: -2 }, b)).toBeNull()
    expect(sweep({ x: -14, y: 3, width: 4, height: 4 }, { x: 10, y: 0 }, b)).toBeNull()
  })

  it('defaults bDelta to zero', () => {
    expect(sweep(box, { x: 500, y: 0 }, wall)).toEqual(
      sweep(box, { x: 500, y: 0 }, wall, { x: 0, y: 0 }),
    )
  })
})

describe('sweepInto', () => {
  it('fills out on a hit and leaves it unchanged on a miss', () => {
    const out: SweepHit = {
      time: 7,
      normal: { x: 7, y: 7 },
      touch: { x: 7, y: 7 },
      penetration: { x: 7, y: 7 },
      overlapping: true,
    }
    const still = { x: 0, y: 0 }
    const scratch = createSweepScratch()
    expect(sweepInto(out, box, { x: 500, y: 0 }, wall, still, scratch)).toBe(true)
    expect(out).toEqual(sweep(box, { x: 500, y: 0 }, wall))
    const before = structuredClone(out)
    expect(sweepInto(out, box, { x: 0, y: 500 }, wall, still, scratch)).toBe(false)
    expect(out).toEqual(before)
  })

  it('overwrites every field of an earlier hit, also with a start overlap', () => {
    const out = createSweepHit()
    const still = { x: 0, y: 0 }
    const scratch = createSweepScratch()
    expect(sweepInto(out, box, { x: 500, y: 0 }, wall, still, scratch)).toBe(true)
    expect(out.time).toBeGreaterThan(0)
    const inside: Rect = { ...wall, width: 4 }
    expect(sweepInto(out, inside, { x: 500, y: 0 }, wall, still, scratch)).toBe(true)
    expect(out).toEqual(sweep(inside, { x: 500, y: 0 }, wall))
    expect(out.time).toBe(0)
  })
})

describe('sweep properties', () => {
  // Dense sampling on 2048 steps: with grid inputs every sampled position is exact.
  const SAMPLES = 2048
  const AFTER = 1e-8 // far below the shortest interior interval grid inputs can produce

  /**
   * The sampling oracle, written independently of the kernel: the first sampled time at
   * which a, moved by `relative * t`, overlaps b's interior (strict edge comparisons).
   */
  function firstSampledOverlap(a: Rect, relative: Vec2, b: Rect): number {
    for (let i = 0; i <= SAMPLES; i++) {
      const t = i / SAMPLES
      const x = a.x + relative.x * t
      const y = a.y + relative.y * t
      if (x < b.x + b.width && b.x < x + a.width && y < b.y + b.height && b.y < y + a.height) {
        return t
      }
    }
    return Infinity
  }

  it('agrees with dense sampling of the motion', () => {
    fc.assert(
      fc.property(gridRect, gridDelta, gridRect, gridDelta, (a, aDelta, b, bDelta) => {
        const relative = { x: aDelta.x - bDelta.x, y: aDelta.y - bDelta.y }
        const firstOverlap = firstSampledOverlap(a, relative, b)
        const hit = sweep(a, aDelta, b, bDelta)
        if (hit === null) {
          expect(firstOverlap).toBe(Infinity)
          return
        }
        expect(hit.overlapping).toBe(firstOverlap === 0 && overlapsInterior(a, b))
        // No interior overlap is sampled before the hit.
        expect(firstOverlap).toBeGreaterThanOrEqual(hit.time)
        if (hit.overlapping) return
        // The boxes touch at the hit and their interiors overlap just after it.
        const depth = overlapDepth(moved(a, aDelta, hit.time), moved(b, bDelta, hit.time))
        const normalAxis = hit.normal.x !== 0 ? depth.x : depth.y
        expect(Math.abs(normalAxis)).toBeLessThanOrEqual(1e-9)
        expect(Math.min(depth.x, depth.y)).toBeGreaterThanOrEqual(-1e-9)
        expect(overlapsInterior(moved(a, relative, hit.time + AFTER), b)).toBe(true)
        expect(hit.touch).toEqual({ x: a.x + aDelta.x * hit.time, y: a.y + aDelta.y * hit.time })
      }),
      { numRuns: 3000 },
    )
  }, 60_000)

  it('is symmetric: swapping the boxes gives the same time and opposite normals', () => {
    fc.assert(
      fc.property(gridRect, gridDelta, gridRect, gridDelta, (a, aDelta, b, bDelta) => {
        const ab = sweep(a, aDelta, b, bDelta)
        const ba = sweep(b, bDelta, a, aDelta)
        expect(ab === null).toBe(ba === null)
        if (ab === null || ba === null) return
        expect(ba.time).toBe(ab.time)
        expect(ba.overlapping).toBe(ab.overlapping)
        const lengthAb = Math.abs(ab.penetration.x) + Math.abs(ab.penetration.y)
        const lengthBa = Math.abs(ba.penetration.x) + Math.abs(ba.penetration.y)
        expect(lengthBa).toBe(lengthAb)
        const tied = ab.overlapping && plain(ab.penetration).x !== plain(ba.penetration).x * -1
        if (!ab.overlapping)
          expect(plain(ba.normal)).toEqual(plain({ x: -ab.normal.x, y: -ab.normal.y }))
        else if (!tied && ab.penetration.y === -ba.penetration.y) {
          expect(plain(ba.normal)).toEqual(plain({ x: -ab.normal.x, y: -ab.normal.y }))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('never yields NaN for finite input', () => {
    fc.assert(
      fc.property(finiteRect, finiteVec2, finiteRect, finiteVec2, (a, aDelta, b, bDelta) => {
        const hit = sweep(a, aDelta, b, bDelta)
        if (hit === null) return
        const numbers = [hit.time, hit.normal.x, hit.normal.y, hit.touch.x, hit.touch.y]
        numbers.push(hit.penetration.x, hit.penetration.y)
        expect(numbers.some(Number.isNaN)).toBe(false)
        expect(hit.time).toBeGreaterThanOrEqual(0)
        expect(hit.time).toBeLessThanOrEqual(1)
      }),
      { numRuns: 2000 },
    )
  })

  it('reports an overlap exactly when overlapsInterior holds at the start', () => {
    fc.assert(
      fc.property(gridRect, gridDelta, gridRect, (a, aDelta, b) => {
        const hit = sweep(a, aDelta, b)
        expect(hit?.overlapping ?? false).toBe(overlapsInterior(a, b))
        if (hit?.overlapping) expect(overlaps(a, b)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})
