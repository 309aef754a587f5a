import { createItemBounds, reserveItemBounds, UniformGrid } from '../core/world/uniformGrid.js'
import type { World } from '../core/world/types.js'

/**
 * Draws the broadphase's uniform grid into one reused `<path>`: a grid built exactly as the
 * world's body index builds its own (every body's box at its current place, automatic cell
 * size: twice the mean box extent, grown when cells would outnumber boxes more than four to
 * one; see `UniformGrid`). The grid's arrays are reused from frame to frame, so only the
 * path string is new.
 */
export class DebugCells {
  private readonly grid = new UniformGrid()
  private readonly bounds = createItemBounds()

  constructor(private readonly path: SVGPathElement) {}

  /** Rebuilds the grid from the world's bodies and redraws its cell lines. */
  draw(world: World): void {
    const ids = world.ids()
    reserveItemBounds(this.bounds, ids.length)
    for (let index = 0; index < ids.length; index++) {
      const body = world.get(ids[index] as string)
      this.bounds.minX[index] = body.x
      this.bounds.minY[index] = body.y
      this.bounds.maxX[index] = body.x + body.width
      this.bounds.maxY[index] = body.y + body.height
    }
    const grid = this.grid
    grid.build(this.bounds, ids.length)
    const { left, top, columnCount, rowCount, cellSize } = grid
    const right = left + columnCount * cellSize
    const bottom = top + rowCount * cellSize
    let lines = ''
    if (columnCount > 0) {
      for (let column = 0; column <= columnCount; column++) {
        lines += `M${left + column * cellSize} ${top}V${bottom}`
      }
      for (let row = 0; row <= rowCount; row++) {
        lines += `M${left} ${top + row * cellSize}H${right}`
      }
    }
    this.path.setAttribute('d', lines)
    this.path.setAttribute('data-aabb-debug-cell-size', String(cellSize))
    this.path.setAttribute('data-aabb-debug-cell-count', `${columnCount}x${rowCount}`)
  }
}
