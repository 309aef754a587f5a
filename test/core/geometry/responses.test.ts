import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bounce,
  bounceInto,
  cross,
  crossInto,
  penetrationVector,
  respond,
  respondInto,
  slide,
  slideInto,
  touch,
  touchInto,
  type Rect,
  type SweptResponse,
  type Vec2,
} from '../../../src/core/geometry/index.js'
import { gridNumber, gridRect } from './arbitraries.js'

const floor = { x: 0, y: -1 } // the top face of a floor, pointing up toward the body
const plain = (v: Vec2) => ({ x: v.x + 0, y: v.y + 0 })
const axisNormal = fc.constantFrom({ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: -1 }, { x: 0, y: 1 })
const velocity = fc.record({ x: gridNumber(500), y: gridNumber(500) })

describe('slide (article 003)', () => {
  it('drops the normal component and keeps the tangential one', () => {
    expect(plain(slide({ x: 3, y: 5 }, floor))).toEqual({ x: 3, y: 0 })
    expect(plain(slide({ x: 4, y: -2 }, { x: -1, y: 0 }))).toEqual({ x: 0, y: -2 })
  })

  it("projects onto the face's tangent, article 003's stated intent (dot(v, t) t)", () => {
    fc.assert(
      fc.property(velocity, axisNormal, (v, n) => {
        const tangent = { x: -n.y, y: n.x }
        const along = v.x * tangent.x + v.y * tangent.y
        expect(plain(slide(v, n))).toEqual(plain({ x: along * tangent.x, y: along * tangent.y }))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('touch', () => {
  it('stops the body', () => {
    expect(touch({ x: 3, y: 5 }, floor)).toEqual({ x: 0, y: 0 })
  })
})

describe('cross', () => {
  it('keeps the velocity, as a copy', () => {
    const v = { x: 3, y: 5 }
    const result = cross(v, floor)
    expect(result).toEqual(v)
    expect(result).not.toBe(v)
  })
})

describe('bounce (article 004)', () => {
  it('reverses the normal component scaled by the restitution', () => {
    expect(bounce({ x: 3, y: 5 }, floor, 1)).toEqual({ x: 3, y: -5 })
    expect(bounce({ x: 3, y: 5 }, floor, 0.5)).toEqual({ x: 3, y: -2.5 })
    expect(plain(bounce({ x: 3, y: 5 }, floor, 0))).toEqual({ x: 3, y: 0 })
  })

  it('follows the article: push out by the mtd, then negate velocity on the mtd axis', () => {
    fc.assert(
      fc.property(gridRect, gridRect, velocity, (a: Rect, b: Rect, v) => {
        const mtd = penetrationVector(a, b)
        if (mtd === null || (mtd.x === 0 && mtd.y === 0)) return
        const normal = { x: Math.sign(mtd.x), y: Math.sign(mtd.y) }
        // Article 004: if (mtd.X != 0) velocity.X = -velocity.X; else velocity.Y = -velocity.Y
        const article = mtd.x !== 0 ? { x: -v.x, y: v.y } : { x: v.x, y: -v.y }
        expect(plain(bounce(v, normal, 1))).toEqual(plain(article))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('respond', () => {
  const v = { x: 3, y: 5 }
  it.each<[SweptResponse, Vec2]>([
    ['slide', { x: 3, y: 0 }],
    ['touch', { x: 0, y: 0 }],
    ['bounce', { x: 3, y: -2.5 }],
    ['cross', { x: 3, y: 5 }],
  ])('%s', (response, expected) => {
    expect(plain(respond(response, v, floor, 0.5))).toEqual(expected)
    expect(plain(respondInto({ x: 9, y: 9 }, response, v, floor, 0.5))).toEqual(expected)
  })

  it('defaults the restitution to 0 (a bounce without restitution is a slide)', () => {
    expect(plain(respond('bounce', v, floor))).toEqual({ x: 3, y: 0 })
    expect(plain(respondInto({ x: 0, y: 0 }, 'bounce', v, floor))).toEqual({ x: 3, y: 0 })
  })
})

describe('the ...Into twins', () => {
  it('write into out, return it, and allow out to be the velocity itself', () => {
    const twins: [string, (out: Vec2, v: Vec2) => Vec2, Vec2][] = [
      ['slideInto', (out, v) => slideInto(out, v, floor), { x: 3, y: 0 }],
      ['touchInto', (out, v) => touchInto(out, v, floor), { x: 0, y: 0 }],
      ['bounceInto', (out, v) => bounceInto(out, v, floor, 1), { x: 3, y: -5 }],
      ['crossInto', (out, v) => crossInto(out, v, floor), { x: 3, y: 5 }],
    ]
    for (const [, twin, expected] of twins) {
      const out = { x: 0, y: 0 }
      expect(twin(out, { x: 3, y: 5 })).toBe(out)
      expect(plain(out)).toEqual(expected)
      const aliased = { x: 3, y: 5 }
      twin(aliased, aliased)
      expect(plain(aliased)).toEqual(expected)
    }
  })
})
