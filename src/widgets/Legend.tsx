import type { CSSProperties } from 'react'

/** How a legend entry's swatch is drawn: as the figure draws what it names. */
export type LegendMark = 'box' | 'outline' | 'dot' | 'line' | 'ring' | 'dashed ring'

/** One entry of a {@link Legend}: a swatch in `colour` and what it stands for. */
export interface LegendItem {
  colour: string
  mark: LegendMark
  label: string
  /** A second colour for the swatch's fill, for a box drawn filled and outlined. */
  fill?: string | undefined
}

/** Swatch side, px: the size of the legend's text. */
const SWATCH = 14

function swatchStyle({ colour, mark, fill }: LegendItem): CSSProperties {
  const base: CSSProperties = {
    display: 'inline-block',
    flex: 'none',
    width: SWATCH,
    height: SWATCH,
    boxSizing: 'border-box',
  }
  switch (mark) {
    case 'box':
      return { ...base, background: fill ?? colour, border: `2px solid ${colour}` }
    case 'outline':
      return { ...base, border: `2px dashed ${colour}` }
    case 'dot':
      return { ...base, width: 8, height: 8, margin: 3, borderRadius: '50%', background: colour }
    case 'line':
      return { ...base, height: 3, background: colour }
    case 'ring':
      return { ...base, border: `2px solid ${colour}`, borderRadius: '50%' }
    case 'dashed ring':
      return { ...base, border: `2px dashed ${colour}`, borderRadius: '50%' }
  }
}

/**
 * A figure's legend in HTML under its SVG: text stays the page's size whatever the SVG's
 * scale (readable at 320 px) and the swatches use the same palette roles as the drawing.
 */
export function Legend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul
      aria-label="Legend"
      style={{
        listStyle: 'none',
        margin: '6px 0 0',
        padding: 0,
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4px 14px',
      }}
    >
      {items.map((item) => (
        <li key={item.label} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span aria-hidden="true" style={swatchStyle(item)} />
          {item.label}
        </li>
      ))}
    </ul>
  )
}
