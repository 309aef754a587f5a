import type { Rect } from 'react-aabb/core'
import { formatNumber } from './formatNumber.js'
import { palette } from './palette.js'

/** "−40" becomes "(−40)", so "70 − (−40)" never reads as a double minus. */
function parenthesizeNegative(value: number): string {
  const text = formatNumber(value)
  return text.startsWith('−') ? `(${text})` : text
}

/**
 * The four edges of the Minkowski difference a − b as article 002 writes them (top =
 * a.top − b.bottom, ...), with live numbers, and the origin test left ≤ 0 ≤ right and
 * top ≤ 0 ≤ bottom that decides whether the boxes overlap. Screen coordinates: y grows
 * downwards, so "top" is the smaller y.
 */
export function MinkowskiEquations({ a, b }: { a: Rect; b: Rect }) {
  const edgesOf = (rect: Rect) => ({
    left: rect.x,
    right: rect.x + rect.width,
    top: rect.y,
    bottom: rect.y + rect.height,
  })
  const ea = edgesOf(a)
  const eb = edgesOf(b)
  const rows = [
    { edge: 'top', of: 'a.top − b.bottom', minuend: ea.top, subtrahend: eb.bottom },
    { edge: 'bottom', of: 'a.bottom − b.top', minuend: ea.bottom, subtrahend: eb.top },
    { edge: 'left', of: 'a.left − b.right', minuend: ea.left, subtrahend: eb.right },
    { edge: 'right', of: 'a.right − b.left', minuend: ea.right, subtrahend: eb.left },
  ]
  const insideX = ea.left - eb.right <= 0 && 0 <= ea.right - eb.left
  const insideY = ea.top - eb.bottom <= 0 && 0 <= ea.bottom - eb.top
  const mark = (ok: boolean) => (
    <span style={{ color: ok ? palette.collidingOnLight : palette.apartOnLight }}>
      {ok ? '✓' : '✗'}
    </span>
  )
  return (
    <div>
      <table data-testid="minkowski-equations" style={{ borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'left', fontWeight: 'bold' }}>Edges of A − B</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.edge} data-edge={row.edge}>
              <th scope="row" style={{ textAlign: 'left', paddingRight: 8 }}>
                {row.edge}
              </th>
              <td style={{ paddingRight: 8, whiteSpace: 'nowrap' }}>= {row.of}</td>
              <td style={{ whiteSpace: 'nowrap' }}>
                = {formatNumber(row.minuend)} − {parenthesizeNegative(row.subtrahend)} ={' '}
                <strong>{formatNumber(row.minuend - row.subtrahend)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Origin inside A − B: left ≤ 0 ≤ right {mark(insideX)} and top ≤ 0 ≤ bottom {mark(insideY)},
        so the boxes are <strong>{insideX && insideY ? 'colliding' : 'apart'}</strong>.
      </p>
    </div>
  )
}
