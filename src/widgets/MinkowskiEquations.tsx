import type { Rect } from '../core/index.js'
import type { BoxLabels } from './boxLabels.js'
import { formatNumber } from './formatNumber.js'
import { palette } from './palette.js'
import { TableScroller } from './tableParts.js'

/** "−40" becomes "(−40)", so "70 − (−40)" never reads as a double minus. */
function parenthesizeNegative(value: number): string {
  const text = formatNumber(value)
  return text.startsWith('−') ? `(${text})` : text
}

/** A point as the panel prints it: "(x, y)". */
function point(x: number, y: number): string {
  return `(${formatNumber(x)}, ${formatNumber(y)})`
}

/**
 * The moves of A that end its overlap with B, in the kernel's order (left, right, up,
 * down): each takes one edge of A − B to the origin (article 002). The shortest, the first
 * of equals, is the penetration vector (`penetrationVector(a, b)`).
 */
function penetrationCandidates(edges: {
  left: number
  right: number
  top: number
  bottom: number
}) {
  const candidates = [
    { name: 'left', edge: 'right', x: -edges.right, y: 0 },
    { name: 'right', edge: 'left', x: -edges.left, y: 0 },
    { name: 'up', edge: 'bottom', x: 0, y: -edges.bottom },
    { name: 'down', edge: 'top', x: 0, y: -edges.top },
  ]
  let shortest = candidates[0]!
  for (const candidate of candidates) {
    if (Math.abs(candidate.x + candidate.y) < Math.abs(shortest.x + shortest.y)) {
      shortest = candidate
    }
  }
  return { candidates, shortest }
}

/**
 * The four edges of the Minkowski difference a − b as article 002 writes them (top =
 * a.top − b.bottom, ...) and its four corners (top-right = a.top-right − b.bottom-left,
 * ...), with live numbers; the origin test that decides whether the boxes overlap; and,
 * while they do, the four ways out and the penetration vector, the shortest of them.
 * Screen coordinates: y grows downwards, so "top" is the smaller y, and the article's
 * `bottom ≤ 0 ≤ top` (y up) reads `top ≤ 0 ≤ bottom` here.
 */
export function MinkowskiEquations({
  a,
  b,
  labels: { a: nameA, b: nameB },
}: {
  a: Rect
  b: Rect
  labels: BoxLabels
}) {
  const edgesOf = (rect: Rect) => ({
    left: rect.x,
    right: rect.x + rect.width,
    top: rect.y,
    bottom: rect.y + rect.height,
  })
  const ea = edgesOf(a)
  const eb = edgesOf(b)
  const rows = [
    { edge: 'top', of: `${nameA}.top − ${nameB}.bottom`, minuend: ea.top, subtrahend: eb.bottom },
    {
      edge: 'bottom',
      of: `${nameA}.bottom − ${nameB}.top`,
      minuend: ea.bottom,
      subtrahend: eb.top,
    },
    { edge: 'left', of: `${nameA}.left − ${nameB}.right`, minuend: ea.left, subtrahend: eb.right },
    { edge: 'right', of: `${nameA}.right − ${nameB}.left`, minuend: ea.right, subtrahend: eb.left },
  ]
  const insideX = ea.left - eb.right <= 0 && 0 <= ea.right - eb.left
  const insideY = ea.top - eb.bottom <= 0 && 0 <= ea.bottom - eb.top
  const difference = {
    left: ea.left - eb.right,
    right: ea.right - eb.left,
    top: ea.top - eb.bottom,
    bottom: ea.bottom - eb.top,
  }
  // Article 002's corner equations: each corner of A − B is the opposite corner of B
  // subtracted from the same corner of A.
  const corners = [
    {
      name: 'top-right',
      of: `${nameA}.top-right − ${nameB}.bottom-left`,
      a: [ea.right, ea.top],
      b: [eb.left, eb.bottom],
    },
    {
      name: 'top-left',
      of: `${nameA}.top-left − ${nameB}.bottom-right`,
      a: [ea.left, ea.top],
      b: [eb.right, eb.bottom],
    },
    {
      name: 'bottom-right',
      of: `${nameA}.bottom-right − ${nameB}.top-left`,
      a: [ea.right, ea.bottom],
      b: [eb.left, eb.top],
    },
    {
      name: 'bottom-left',
      of: `${nameA}.bottom-left − ${nameB}.top-right`,
      a: [ea.left, ea.bottom],
      b: [eb.right, eb.top],
    },
  ] as const
  const colliding = insideX && insideY
  const { candidates, shortest } = penetrationCandidates(difference)
  const mark = (ok: boolean) => (
    <span style={{ color: ok ? palette.colliding : palette.apart }}>{ok ? '✓' : '✗'}</span>
  )
  return (
    <div>
      <TableScroller>
        <table data-testid="minkowski-equations" style={{ borderCollapse: 'collapse' }}>
          <caption style={{ textAlign: 'left', fontWeight: 'bold' }}>
            Edges of {nameA} − {nameB}
          </caption>
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
      </TableScroller>
      <TableScroller>
        <table data-testid="minkowski-corners" style={{ borderCollapse: 'collapse', marginTop: 8 }}>
          <caption style={{ textAlign: 'left', fontWeight: 'bold' }}>
            Corners of {nameA} − {nameB}
          </caption>
          <tbody>
            {corners.map((corner) => (
              <tr key={corner.name} data-corner={corner.name}>
                <th scope="row" style={{ textAlign: 'left', paddingRight: 8 }}>
                  {corner.name}
                </th>
                <td style={{ paddingRight: 8, whiteSpace: 'nowrap' }}>= {corner.of}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  = {point(corner.a[0], corner.a[1])} − {point(corner.b[0], corner.b[1])} ={' '}
                  <strong>{point(corner.a[0] - corner.b[0], corner.a[1] - corner.b[1])}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <p>
        Origin inside {nameA} − {nameB}: left ≤ 0 ≤ right {mark(insideX)} and top ≤ 0 ≤ bottom{' '}
        {mark(insideY)}, so the boxes are <strong>{colliding ? 'colliding' : 'apart'}</strong>.
        (Article 002 writes bottom ≤ 0 ≤ top: its y grows upwards.)
      </p>
      {colliding && (
        <TableScroller>
          <table data-testid="penetration-candidates" style={{ borderCollapse: 'collapse' }}>
            <caption style={{ textAlign: 'left', fontWeight: 'bold' }}>
              Ways out: move {nameA} so an edge of {nameA} − {nameB} reaches the origin (never
              diagonally: a leg is shorter than the hypotenuse)
            </caption>
            <tbody>
              {candidates.map((candidate) => (
                <tr
                  key={candidate.name}
                  data-move={candidate.name}
                  data-shortest={candidate === shortest}
                  data-x={candidate.x}
                  data-y={candidate.y}
                >
                  <th scope="row" style={{ textAlign: 'left', paddingRight: 8 }}>
                    {candidate.name}
                  </th>
                  <td style={{ paddingRight: 8, whiteSpace: 'nowrap' }}>
                    by −{candidate.edge} = {point(candidate.x, candidate.y)}
                  </td>
                  <td>
                    {candidate === shortest ? (
                      <strong>shortest: the penetration vector</strong>
                    ) : (
                      formatNumber(Math.abs(candidate.x + candidate.y))
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </div>
  )
}
