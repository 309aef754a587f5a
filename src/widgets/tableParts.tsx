import type { ReactNode } from 'react'
/** The cell style of the stories' data tables: compact, left-aligned. */
export const tableCellStyle = { padding: '2px 8px', textAlign: 'left' } as const

/** A data table's header row: one column header per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" style={tableCellStyle}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/**
 * Lets a table scroll sideways inside a narrow widget (320 px) instead of widening the page.
 * Focusable, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroller({ children }: { children: ReactNode }) {
  return (
    <div tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  )
}
