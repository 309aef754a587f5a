import { createItemBounds, reserveItemBounds, UniformGrid } from '../core/broadphase/uniformGrid.js'
import type { World } from '../core/world/types.js'

/**
 * Draws the broadphase's uniform grid into one reused `<path>`: a grid built exactly as the
 * world's body index builds its own (every body's box at its current place, automatic cell
 * size: the largest box, bodies far larger than most kept out of the cells, and grown when
 * cells would outnumber boxes more than four to one; see `UniformGrid`). The grid's arrays are reused from frame to frame, so only the
 * path string is new.
 */
export class DebugCells {
  private readonly grid = new UniformGrid()
  private readonly bounds = createItemBounds()

  constructor(private readonly path: SVGPathElement) {}

  /**
   * Rebuilds the grid from the world's bodies and redraws its cell lines. The lines stop at
   * the bodies' extent, the area the grid indexes: the last row and column of cells reach
   * past it, and drawn whole they stuck out of the board.
   */
  draw(world: World): void {
    const ids = world.ids()
    const bounds = this.bounds
    reserveItemBounds(bounds, ids.length)
    let right = -Infinity
    let bottom = -Infinity
    for (let index = 0; index < ids.length; index++) {
      const body = world.get(ids[index] as string)
      bounds.minX[index] = body.x
      bounds.minY[index] = body.y
      bounds.maxX[index] = body.x + body.width
      bounds.maxY[index] = body.y + body.height
      right = Math.max(right, body.x + body.width)
      bottom = Math.max(bottom, body.y + body.height)
    }
    const grid = this.grid
    grid.build(bounds, ids.length)
    const { left, top, columnCount, rowCount, cellSize } = grid
    let lines = ''
    if (columnCount > 0) {
      for (let column = 0; column < columnCount; column++) {
        lines += `M${left + column * cellSize} ${top}V${bottom}`
      }
      if (right > left + (columnCount - 1) * cellSize) lines += `M${right} ${top}V${bottom}`
      for (let row = 0; row < rowCount; row++) {
        lines += `M${left} ${top + row * cellSize}H${right}`
      }
      if (bottom > top + (rowCount - 1) * cellSize) lines += `M${left} ${bottom}H${right}`
    }
    this.path.setAttribute('d', lines)
    this.path.setAttribute('data-aabb-debug-cell-size', String(cellSize))
    this.path.setAttribute('data-aabb-debug-cell-count', `${columnCount}x${rowCount}`)
  }
}
