import { formatNumber } from './formatNumber.js'
import { tableCellStyle, TableHead, TableScroller } from './tableParts.js'

/** One row of {@link EnergyTable}: an integrator, or the exact motion. */
export interface EnergyRow {
  /** Names the row's cells for play functions (`energy-ratio-<id>`, ...). */
  id: string
  name: string
  /** How it updates x and v in one step. */
  update: string
  /** Energy now, lowest and highest so far, each relative to the start's. */
  energyRatio: number
  lowestEnergyRatio: number
  highestEnergyRatio: number
  position: number
}

const COLUMNS = ['Integrator', 'Update', 'Energy ÷ start', 'Lowest so far', 'Highest so far', 'x']

/** Four significant digits: enough to tell RK4's 1.000 from semi-implicit Euler's 0.9675. */
export const formatRatio = (ratio: number) => ratio.toPrecision(4)

/**
 * The integrators' energies as text, so the comparison does not rest on the drawing (or
 * on colour) and play functions can read it.
 */
export function EnergyTable({ caption, rows }: { caption: string; rows: readonly EnergyRow[] }) {
  return (
    <TableScroller>
      <table style={{ borderCollapse: 'collapse', marginTop: 8 }}>
        <caption style={{ textAlign: 'left' }}>{caption}</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" style={tableCellStyle}>
                {row.name}
              </th>
              <td style={tableCellStyle}>{row.update}</td>
              <td style={tableCellStyle} data-testid={`energy-ratio-${row.id}`}>
                {formatRatio(row.energyRatio)}
              </td>
              <td style={tableCellStyle} data-testid={`lowest-energy-ratio-${row.id}`}>
                {formatRatio(row.lowestEnergyRatio)}
              </td>
              <td style={tableCellStyle} data-testid={`highest-energy-ratio-${row.id}`}>
                {formatRatio(row.highestEnergyRatio)}
              </td>
              <td style={tableCellStyle}>{formatNumber(row.position)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  )
}
