import type { Rect } from '../core/index.js'
import { palette } from './palette.js'

/**
 * A box's name (its `labels` entry) written inside its top-left corner, in the page's
 * background colour on the box's fill. `textScale` turns CSS px into the figure's user
 * units (see `useTextScale`), so the name is 14 px whatever the figure's scale.
 */
export function BoxName({ box, name, textScale }: { box: Rect; name: string; textScale: number }) {
  return (
    <text
      x={box.x + 6 * textScale}
      y={box.y + 16 * textScale}
      fill={palette.background}
      fontSize={14 * textScale}
      fontWeight="bold"
    >
      {name}
    </text>
  )
}
