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
  const originX = grid.origin?.x ?? 0
  const originY = grid.origin?.y ?? 0
  if (direction.includes('e')) {
    const line = toward === 'nearest' ? nearestLine : gridLineBelow
    rect.width = Math.max(0, line(rect.x + rect.width + gap, grid.x, originX) - gap - rect.x)
  } else if (direction.includes('w')) {
    const right = rect.x + rect.width
    const line = toward === 'nearest' ? nearestLine : gridLineAbove
    rect.x = Math.min(right, line(rect.x, grid.x, originX))
    rect.width = right - rect.x
  }
  if (direction.includes('s')) {
    const line = toward === 'nearest' ? nearestLine : gridLineBelow
    rect.height = Math.max(0, line(rect.y + rect.height + gap, grid.y, originY) - gap - rect.y)
  } else if (direction.includes('n')) {
    const bottom = rect.y + rect.height
    const line = toward === 'nearest' ? nearestLine : gridLineAbove
    rect.y = Math.min(bottom, line(rect.y, grid.y, originY))
    rect.height = bottom - rect.y
  }
}
