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
