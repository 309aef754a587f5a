import type { CentreBox } from '../core/index.js'

/** One row of article 001's table of results, projected to 2D (its `z` dropped). */
export interface Article001Row {
  row: number
  first: readonly [number, number]
  second: readonly [number, number]
  /** The article's "Post" result, which its "CJM" column repeats: 1 is `true`. */
  expected: boolean
  /**
   * The article's "Anon" result: a version posted in the comments, which says "overlap"
   * for boxes apart along one axis only (the article's "only diagonally offset AABBs will
   * pass the test"). Wrong on rows 3, 4, 7, 9, 10, 11 and 12.
   */
  anon: boolean
}

/**
 * Article 001's 13 results: two boxes with half extents 0.5 and the centres below. Every
 * row's `z` is 0 except the last, `(15, 15, 15)`, which is apart on x and y already, so
 * dropping `z` changes no result.
 */
export const ARTICLE_001_ROWS: readonly Article001Row[] = [
  { row: 1, first: [0, 0], second: [0, 0], expected: true, anon: true },
  { row: 2, first: [0, 0], second: [1, 0], expected: true, anon: true },
  { row: 3, first: [0, 0], second: [1.5, 0], expected: false, anon: true },
  { row: 4, first: [0, 0], second: [15, 0], expected: false, anon: true },
  { row: 5, first: [1, 0], second: [1, 0], expected: true, anon: true },
  { row: 6, first: [1, 0], second: [1.5, 0], expected: true, anon: true },
  { row: 7, first: [1, 0], second: [15, 0], expected: false, anon: true },
  { row: 8, first: [1.5, 0], second: [1.5, 0], expected: true, anon: true },
  { row: 9, first: [1.5, 0], second: [15, 0], expected: false, anon: true },
  { row: 10, first: [0, 0], second: [0, 1.5], expected: false, anon: true },
  { row: 11, first: [0, 0], second: [0, 2.5], expected: false, anon: true },
  { row: 12, first: [0, 0], second: [0, 3.5], expected: false, anon: true },
  { row: 13, first: [0, 0], second: [15, 15], expected: false, anon: false },
]

/** A box of article 001's table: half extents 0.5 (one unit wide and high). */
export const unitBox = ([x, y]: readonly [number, number]): CentreBox => ({
  center: { x, y },
  halfExtents: { x: 0.5, y: 0.5 },
})
