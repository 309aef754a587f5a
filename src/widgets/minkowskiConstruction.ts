import type { Rect, Vec2 } from '../core/index.js'

/** One step of article 002's construction: `a` shifted by minus one corner of `b`. */
export interface CornerCopy {
  /** Which corner of `b` is subtracted (screen naming: y grows downwards). */
  corner: 'bottom-left' | 'top-left' | 'top-right' | 'bottom-right'
  /** The corner of `b`, the point subtracted from every point of `a`. */
  point: Vec2
  /** `a - point`: the whole of `a` moved by minus the corner. */
  copy: Rect
}

/**
 * Article 002's corner-by-corner construction of the Minkowski difference `a - b`: subtract
 * each corner of `b` from every point of `a`, which moves `a` by minus that corner. The
 * corners come in the article's order (first the bottom-left one, then the one above it,
 * then around). Filling the space between the four copies gives `a - b`
 * ({@link boundingBox}); the kernel's `minkowskiDifference` computes the same box from the
 * edges directly.
 */
export function cornerCopies(a: Rect, b: Rect): CornerCopy[] {
  const left = b.x
  const right = b.x + b.width
  const top = b.y
  const bottom = b.y + b.height
  const corners: Pick<CornerCopy, 'corner' | 'point'>[] = [
    { corner: 'bottom-left', point: { x: left, y: bottom } },
    { corner: 'top-left', point: { x: left, y: top } },
    { corner: 'top-right', point: { x: right, y: top } },
    { corner: 'bottom-right', point: { x: right, y: bottom } },
  ]
  return corners.map(({ corner, point }) => ({
    corner,
    point,
    copy: { x: a.x - point.x, y: a.y - point.y, width: a.width, height: a.height },
  }))
}

/** The smallest box holding every box of `rects` ("fill in the gaps", article 002). */
export function boundingBox(rects: readonly Rect[]): Rect {
  const first = rects[0]
  if (!first) throw new RangeError('boundingBox: rects is empty')
  let left = first.x
  let top = first.y
  let right = first.x + first.width
  let bottom = first.y + first.height
  for (const rect of rects) {
    left = Math.min(left, rect.x)
    top = Math.min(top, rect.y)
    right = Math.max(right, rect.x + rect.width)
    bottom = Math.max(bottom, rect.y + rect.height)
  }
  return { x: left, y: top, width: right - left, height: bottom - top }
}
