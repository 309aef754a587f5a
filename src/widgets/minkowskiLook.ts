import type { LegendItem } from './Legend.js'
import { palette } from './palette.js'

/**
 * How every widget paints a Minkowski difference: filled and outlined in the palette's
 * Minkowski colours, so the same box reads the same in every article's demo. Spread it on
 * the `<rect>` (`<rect {...difference} {...minkowskiPaint} />`).
 */
export const minkowskiPaint = {
  fill: palette.minkowskiFill,
  stroke: palette.minkowskiStroke,
} as const

/** The legend entry of a Minkowski difference drawn with {@link minkowskiPaint}. */
export function minkowskiLegendItem(label: string): LegendItem {
  return { colour: palette.minkowskiStroke, fill: palette.minkowskiFill, mark: 'box', label }
}
