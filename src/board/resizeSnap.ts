import type { Rect } from '../core/geometry/types.js'
import { gridLineBelow, gridLineAbove, nearestLine, type SnapGrid } from '../core/world/snap.js'
import type { ResizeDirection } from './resizeOptions.js'

/**
 * Which grid line a moving edge goes to: `'nearest'` while the handle follows the pointer,
 * `'inside'` (the line toward the card's own box) when the edge was blocked short of the
 * line asked for: shrinking never sweeps, so it cannot create an overlap.
 */
export type EdgeSnap = 'nearest' | 'inside'

/**
 * Puts the edges of `rect` that a resize of `direction` moves on `grid`, in place (issue
 * #25: resize ends land on the grid). A near edge (left, top) goes on a grid line; a far
 * edge (right, bottom) goes `gap` before one, so a card spanning whole cells ends a gap
 * short of the next cell, where its neighbour starts: cards laid on the grid keep the
 * world's gap, as react-grid-layout's `margin` does. The fixed edges stay exactly; a size
 * never goes below 0.
 *
 * @example
 * const rect = { x: 0, y: 0, width: 130, height: 50 }
 * snapResizeEdges(rect, 'se', { x: 100, y: 40 }, 0, 'nearest') // rect: width 100, height 40
 */
export function snapResizeEdges(
  rect: Rect,
  direction: ResizeDirection,
  grid: Readonly<SnapGrid>,
  gap: number,
  toward: EdgeSnap,
): void {
  const [x, width] = snapAxis(
    rect.x,
    rect.width,
    direction,
    ['w', 'e'],
    grid.x,
    grid.origin?.x ?? 0,
    gap,
    toward,
  )
  const [y, height] = snapAxis(
    rect.y,
    rect.height,
    direction,
    ['n', 's'],
    grid.y,
    grid.origin?.y ?? 0,
    gap,
    toward,
  )
  rect.x = x
  rect.width = width
  rect.y = y
  rect.height = height
}

/**
 * One axis of {@link snapResizeEdges}: the start and length of the span [`start`,
 * `start + length`] with the edge `direction` moves on that axis (`near`: the left or top
 * side, `far`: the right or bottom one) put on the grid of `step` from `origin`.
 */
function snapAxis(
  start: number,
  length: number,
  direction: ResizeDirection,
  [near, far]: readonly [string, string],
  step: number,
  origin: number,
  gap: number,
  toward: EdgeSnap,
): [number, number] {
  if (direction.includes(far)) {
    const line = toward === 'nearest' ? nearestLine : gridLineBelow
    return [start, Math.max(0, line(start + length + gap, step, origin) - gap - start)]
  }
  if (direction.includes(near)) {
    const end = start + length
    const line = toward === 'nearest' ? nearestLine : gridLineAbove
    const snapped = Math.min(end, line(start, step, origin))
    return [snapped, end - snapped]
  }
  return [start, length]
}
