import type { IndexBuffer, PairBuffer } from '../../../src/core/broadphase/buffers.js'
import { boundsOverlap, type ItemBounds } from '../../../src/core/broadphase/uniformGrid.js'

/**
 * The oracle for {@link UniformGrid.pairs}: every pair `(i, j)`, `i < j`, whose bounds
 * overlap (touching included), by testing all n(n-1)/2 pairs. Tests compare the grid's
 * answer with this one.
 */
export function bruteForcePairs(bounds: ItemBounds, count: number, out: PairBuffer): void {
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) if (boundsOverlap(bounds, i, j)) out.push(i, j)
  }
}

/** The oracle for {@link UniformGrid.query}: every item whose bounds overlap the box. */
export function bruteForceQuery(
  bounds: ItemBounds,
  count: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  out: IndexBuffer,
): void {
  for (let i = 0; i < count; i++) {
    if (
      (bounds.minX[i] as number) <= maxX &&
      minX <= (bounds.maxX[i] as number) &&
      (bounds.minY[i] as number) <= maxY &&
      minY <= (bounds.maxY[i] as number)
    ) {
      out.push(i)
    }
  }
}
