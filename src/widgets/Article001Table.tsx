import { useState } from 'react'
import { centreBoxOverlaps, centreBoxToRect, overlaps } from '../core/index.js'
import { ARTICLE_001_ROWS, unitBox } from './article001Results.js'
import { formatNumber } from './formatNumber.js'
import { palette, widgetRootStyle } from './palette.js'
import { tableCellStyle, TableHead, TableScroller } from './tableParts.js'
import { OverlapTestDemo } from './OverlapTestDemo.js'

const verdict = (overlap: boolean) => (overlap ? 'overlap' : 'apart')
const point = ([x, y]: readonly [number, number]) => `(${formatNumber(x)}, ${formatNumber(y)})`
const COLUMNS = [
  'Row',
  'Centre a',
  'Centre b',
  'Article (Post / CJM)',
  'Article ("Anon", flawed)',
  'centreBoxOverlaps(a, b)',
  'overlaps on the Rects',
  'Draw',
]

/**
 * Article 001's whole table, in 2D: for each row, the article's results (the correct
 * "Post" and "CJM", and the flawed "Anon" from its comments, wrong rows marked) beside the
 * kernel's `centreBoxOverlaps` and `overlaps` on the converted rects. "Show" draws a row
 * below.
 *
 * @example
 * ```tsx
 * import { Article001Table } from 'react-aabb/widgets'
 *
 * <Article001Table />
 * ```
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
    <div style={widgetRootStyle}>
      <TableScroller>
        <table style={{ borderCollapse: 'collapse', marginBottom: 12 }}>
          <caption style={{ textAlign: 'left' }}>
            Article 001's results, z dropped, half extents 0.5:{' '}
            <span data-testid="agreement">
              {agreeing} of {results.length} rows agree
            </span>
          </caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {results.map(({ row, first, second, expected, anon, centre, edges }) => (
              <tr
                key={row}
                style={{ background: row === shown.row ? palette.highlight : undefined }}
              >
                <th scope="row" style={tableCellStyle}>
                  {row}
                </th>
                <td style={tableCellStyle}>{point(first)}</td>
                <td style={tableCellStyle}>{point(second)}</td>
                <td style={tableCellStyle} data-testid={`article-${row}`}>
                  {Number(expected)} ({verdict(expected)})
                </td>
                <td
                  style={{
                    ...tableCellStyle,
                    color: anon === expected ? undefined : palette.apart,
                  }}
                  data-testid={`anon-${row}`}
                  data-wrong={anon !== expected}
                >
                  {Number(anon)} ({verdict(anon)}){anon === expected ? '' : ', wrong'}
                </td>
                <td style={tableCellStyle} data-testid={`centre-${row}`}>
                  {verdict(centre)}
                </td>
                <td style={tableCellStyle} data-testid={`edges-${row}`}>
                  {verdict(edges)}
                </td>
                <td style={tableCellStyle}>
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
      </TableScroller>
      <OverlapTestDemo first={unitBox(shown.first)} second={unitBox(shown.second)} />
    </div>
  )
}
