import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  containsPoint,
  overlaps,
  overlapsInterior,
  type Rect,
} from '../../../src/core/geometry/index.js'
import { finiteRect, gridRect, rectFromCenter } from './arbitraries.js'

// Article 001's table: two AABBs given by centre and half extents 0.5 (z is 0 in every row
// but the last, which is far apart on x and y as well, so the 2D test is the same test).
// "Post" and "CJM" are correct; "Anon" is the flawed version from the comments.
const article001 = [
  { first: [0, 0], second: [0, 0], post: true, anon: true, cjm: true },
  { first: [0, 0], second: [1, 0], post: true, anon: true, cjm: true },
  { first: [0, 0], second: [1.5, 0], post: false, anon: true, cjm: false },
  { first: [0, 0], second: [15, 0], post: false, anon: true, cjm: false },
  { first: [1, 0], second: [1, 0], post: true, anon: true, cjm: true },
  { first: [1, 0], second: [1.5, 0], post: true, anon: true, cjm: true },
  { first: [1, 0], second: [15, 0], post: false, anon: true, cjm: false },
  { first: [1.5, 0], second: [1.5, 0], post: true, anon: true, cjm: true },
  { first: [1.5, 0], second: [15, 0], post: false, anon: true, cjm: false },
  { first: [0, 0], second: [0, 1.5], post: false, anon: true, cjm: false },
  { first: [0, 0], second: [0, 2.5], post: false, anon: true, cjm: false },
  { first: [0, 0], second: [0, 3.5], post: false, anon: true, cjm: false },
  { first: [0, 0], second: [15, 15], post: false, anon: false, cjm: false },
] as const

const box = ([cx, cy]: readonly [number, number]): Rect => rectFromCenter(cx, cy, 0.5, 0.5)

describe('overlaps: article 001 table', () => {
  it('has the 13 rows, with Post and CJM always agreeing', () => {
    expect(article001).toHaveLength(13)
    for (const row of article001) expect(row.post).toBe(row.cjm)
  })

  it.each(article001)(
    'centre $first vs centre $second -> Post/CJM $post',
    ({ first, second, post }) => {
      expect(overlaps(box(first), box(second))).toBe(post)
      expect(overlaps(box(second), box(first))).toBe(post)
    },
  )

  const anonWrong = article001.filter((row) => row.anon !== row.post)
  it('disagrees with "Anon" exactly on the 7 rows it gets wrong', () => {
    expect(anonWrong).toHaveLength(7)
  })

  it.each(anonWrong)(
    'centre $first vs centre $second: not "Anon"s $anon',
    ({ first, second, anon }) => {
      expect(overlaps(box(first), box(second))).toBe(!anon)
    },
  )

  it("matches the article's centre/half-extent test |ca - cb| <= ra + rb on every row", () => {
    for (const { first, second } of article001) {
      const reference = Math.abs(first[0] - second[0]) <= 1 && Math.abs(first[1] - second[1]) <= 1
      expect(overlaps(box(first), box(second))).toBe(reference)
    }
  })
})

describe('overlaps', () => {
  const a: Rect = { x: 0, y: 0, width: 10, height: 10 }

  it('counts touching edges and corners (article 000: md.min <= 0 <= md.max)', () => {
    expect(overlaps(a, { x: 10, y: 0, width: 5, height: 5 })).toBe(true)
    expect(overlaps(a, { x: 10, y: 10, width: 5, height: 5 })).toBe(true)
    expect(overlaps(a, { x: -5, y: -5, width: 5, height: 5 })).toBe(true)
  })

  it('is false across any gap, on either axis', () => {
    expect(overlaps(a, { x: 10.001, y: 0, width: 5, height: 5 })).toBe(false)
    expect(overlaps(a, { x: 0, y: -5.5, width: 5, height: 5 })).toBe(false)
  })

  it('needs both axes: a diagonal neighbour overlapping on x only is apart (article 001 update)', () => {
    expect(overlaps(a, { x: 5, y: 20, width: 10, height: 10 })).toBe(false)
  })

  it('handles containment and zero-size boxes', () => {
    expect(overlaps(a, { x: 2, y: 2, width: 1, height: 1 })).toBe(true)
    expect(overlaps(a, { x: 5, y: 5, width: 0, height: 0 })).toBe(true)
    expect(overlaps(a, { x: 10, y: 10, width: 0, height: 0 })).toBe(true)
  })

  it('is symmetric for any finite boxes', () => {
    fc.assert(
      fc.property(finiteRect, finiteRect, (p, q) => {
        expect(overlaps(p, q)).toBe(overlaps(q, p))
        expect(overlapsInterior(p, q)).toBe(overlapsInterior(q, p))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('overlapsInterior', () => {
  const a: Rect = { x: 0, y: 0, width: 10, height: 10 }

  it('does not count touching edges or corners', () => {
    expect(overlapsInterior(a, { x: 10, y: 0, width: 5, height: 5 })).toBe(false)
    expect(overlapsInterior(a, { x: 10, y: 10, width: 5, height: 5 })).toBe(false)
    expect(overlapsInterior(a, { x: 9.5, y: 9.5, width: 5, height: 5 })).toBe(true)
  })

  it('counts a zero-size box strictly inside, not one on the boundary', () => {
    expect(overlapsInterior(a, { x: 5, y: 5, width: 0, height: 0 })).toBe(true)
    expect(overlapsInterior(a, { x: 10, y: 5, width: 0, height: 0 })).toBe(false)
  })

  it('implies overlaps', () => {
    fc.assert(
      fc.property(gridRect, gridRect, (p, q) => {
        if (overlapsInterior(p, q)) expect(overlaps(p, q)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('containsPoint', () => {
  const rect: Rect = { x: -2, y: 3, width: 4, height: 5 }

  it('includes the boundary', () => {
    expect(containsPoint(rect, { x: -2, y: 3 })).toBe(true)
    expect(containsPoint(rect, { x: 2, y: 8 })).toBe(true)
    expect(containsPoint(rect, { x: 0, y: 5 })).toBe(true)
  })

  it('excludes points outside on each side', () => {
    expect(containsPoint(rect, { x: -2.1, y: 5 })).toBe(false)
    expect(containsPoint(rect, { x: 2.1, y: 5 })).toBe(false)
    expect(containsPoint(rect, { x: 0, y: 2.9 })).toBe(false)
    expect(containsPoint(rect, { x: 0, y: 8.1 })).toBe(false)
  })
})
