import type { Vec2 } from '../core/geometry/types.js'
import type {
  BodyId,
  BodyResizeOptions,
  PushedBody,
  ResizeResult,
  Size,
  World,
} from '../core/world/types.js'
import type { ElementRegistry } from './elementRegistry.js'
import { minSizeOf, resizeOptionsOf } from './resizeOptions.js'

/**
 * An Alt+arrow resize: the right edge moves by `step` for Alt+Right (out) and Alt+Left
 * (in), the bottom edge for Alt+Down and Alt+Up, through the world's swept `resize` with
 * `options` (the left and top edges stay, as with the keys' moves the card keeps its place).
 */
export function resizeByKey(
  world: World,
  id: BodyId,
  direction: Readonly<Vec2>,
  step: number,
  options: BodyResizeOptions,
): ResizeResult {
  const { x, y, width, height } = world.get(id)
  const goal = {
    x,
    y,
    width: Math.max(0, width + direction.x * step),
    height: Math.max(0, height + direction.y * step),
  }
  const result = world.resize(id, goal, options)
  // Announced nearest first, as key moves are.
  const along = ({ from }: PushedBody) => from.x * direction.x + from.y * direction.y
  result.pushed.sort((p, q) => along(p) - along(q))
  return result
}

/**
 * How far `'squeeze'` may shrink each card other than `id`, for `world.resize`'s
 * `minSizes`: a resizable card down to its `minWidth` and `minHeight`, any other card not
 * at all (its own size: the user cannot resize it back). Read when a resize begins.
 */
export function resizeMinSizes(
  world: World,
  elements: ElementRegistry,
  id: BodyId,
): Record<BodyId, Size> {
  const sizes: Record<BodyId, Size> = {}
  for (const other of world.ids()) {
    if (other === id) continue
    const resizable = resizeOptionsOf(elements.get(other)?.options.current.resizable)
    if (resizable) {
      sizes[other] = minSizeOf(resizable)
    } else {
      const { width, height } = world.get(other)
      sizes[other] = { width, height }
    }
  }
  return sizes
}
