import { createWorld } from '../../src/core/world/index.js'
import type { World } from '../../src/core/world/types.js'

/** Every body's top-left corner, by id: to compare whole boards exactly. */
export function places(world: World): Record<string, string> {
  return Object.fromEntries(world.ids().map((id) => [id, `${world.get(id).x},${world.get(id).y}`]))
}

/** A 400 x 400 board inside four 10 px walls (`top`, `bottom`, `left`, `right`), without gravity. */
export function walledBoard(): World {
  const world = createWorld()
  world.add({ id: 'top', x: 0, y: -10, width: 400, height: 10, type: 'static' })
  world.add({ id: 'bottom', x: 0, y: 400, width: 400, height: 10, type: 'static' })
  world.add({ id: 'left', x: -10, y: 0, width: 10, height: 400, type: 'static' })
  world.add({ id: 'right', x: 400, y: 0, width: 10, height: 400, type: 'static' })
  return world
}
