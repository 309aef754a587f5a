import type { Rect } from '../core/geometry/types.js'
import type { BodyId, World } from '../core/world/types.js'

/** The box of body `id` now, as plain JSON (what the body callbacks receive). */
export function bodyRect(world: World, id: BodyId): Rect {
  const { x, y, width, height } = world.get(id)
  return { x, y, width, height }
}
