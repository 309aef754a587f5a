import { useState } from 'react'
import { centreBoxOverlaps, centreBoxToRect, overlaps, type CentreBox } from 'react-aabb/core'
import { formatNumber } from './formatNumber.js'
import { OverlapTestDemo } from './OverlapTestDemo.js'

/** One row of article 001's table of results, projected to 2D (its `z` dropped). */
export interface Article001Row {
  row: number
  first: readonly [number, number]
  second: readonly [number, number]
  /** The article's "Post" result, which its "CJM" column repeats: 1 is `true`. */
  expected: boolean
}

/**
 * Article 001's 13 results: two boxes with half extents 0.5 and the centres below. Every
 * row's `z` is 0 except the last, `(15, 15, 15)`, which is apart on x and y already, so
 * dropping `z` changes no result.
 */
export const ARTICLE_001_ROWS: readonly Article001Row[] = [
  { row: 1, first: [0, 0], second: [0, 0], expected: true },
  { row: 2, first: [0, 0], second: [1, 0], expected: true },
  { row: 3, first: [0, 0], second: [1.5, 0], expected: false },
  { row: 4, first: [0, 0], second: [15, 0], expected: false },
  { row: 5, first: [1, 0], second: [1, 0], expected: true },
  { row: 6, first: [1, 0], second: [1.5, 0], expected: true },
  { row: 7, first: [1, 0], second: [15, 0], expected: false },
  { row: 8, first: [1.5, 0], second: [1.5, 0], expected: true },
  { row: 9, first: [1.5, 0], second: [15, 0], expected: false },
  { row: 10, first: [0, 0], second: [0, 1.5], expected: false },
  { row: 11, first: [0, 0], second: [0, 2.5], expected: false },
  { row: 12, first: [0, 0], second: [0, 3.5], expected: false },
  { row: 13, first: [0, 0], second: [15, 15], expected: false },
]

/** A box of article 001's table: half extents 0.5 (one unit wide and high). */
export const unitBox = ([x, y]: readonly [number, number]): CentreBox => ({
  center: { x, y },
  halfExtents: { x: 0.5, y: 0.5 },
})

const verdict = (overlap: boolean) => (overlap ? 'overlap' : 'apart')
const point = ([x, y]: readonly [number, number]) => `(${formatNumber(x)}, ${formatNumber(y)})`
const COLUMNS = [
  'Row',
  'Centre a',
  'Centre b',
  'Article (Post / CJM)',
  'centreBoxOverlaps(a, b)',
  'overlaps on the Rects',
  'Draw',
]
const cellStyle = { padding: '2px 8px', textAlign: 'left' } as const

/**
 * Article 001's whole table, in 2D: for each row, the article's expected result beside the
 * kernel's `centreBoxOverlaps` and `overlaps` on the converted rects. "Show" draws a row
 * below.
 */
export function Article001Table() {
  const [shown, setShown] = useState(ARTICLE_001_ROWS[1]!)
  const results = ARTICLE_001_ROWS.map((row) => {
    const a = unitBox(row.first)
    const b = unitBox(row.second)
    return {
      ...row,
      centre: centreBoxOverlaps(a, b),
      edges: overlaps(centreBoxToRect(a), centreBoxToRect(b)),
    }
  })
  const agreeing = results.filter(
    ({ expected, centre, edges }) => centre === expected && edges === expected,
  ).length

  return (
    <div style={{ fontFamily: 'sans-serif', fontSize: 14 }}>
      <table style={{ borderCollapse: 'collapse', marginBottom: 12 }}>
        <caption style={{ textAlign: 'left' }}>
          Article 001's results, z dropped, half extents 0.5:{' '}
          <span data-testid="agreement">
            {agreeing} of {results.length} rows agree
          </span>
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" style={cellStyle}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map(({ row, first, second, expected, centre, edges }) => (
            <tr
              key={row}
              style={{ background: row === shown.row ? 'rgba(80, 140, 255, 0.15)' : undefined }}
            >
              <th scope="row" style={cellStyle}>
                {row}
              </th>
              <td style={cellStyle}>{point(first)}</td>
              <td style={cellStyle}>{point(second)}</td>
              <td style={cellStyle} data-testid={`article-${row}`}>
                {Number(expected)} ({verdict(expected)})
              </td>
              <td style={cellStyle} data-testid={`centre-${row}`}>
                {verdict(centre)}
              </td>
              <td style={cellStyle} data-testid={`edges-${row}`}>
                {verdict(edges)}
              </td>
              <td style={cellStyle}>
                <button
                  type="button"
                  aria-pressed={row === shown.row}
                  aria-label={`Show row ${row}`}
                  onClick={() => setShown(ARTICLE_001_ROWS[row - 1]!)}
                >
                  Show
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <OverlapTestDemo first={unitBox(shown.first)} second={unitBox(shown.second)} />
    </div>
  )
}
