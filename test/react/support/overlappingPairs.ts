import { overlapsInterior } from '../../../src/core/geometry/overlaps.js'
import type { Rect } from '../../../src/core/geometry/types.js'
import type { World } from '../../../src/core/world/types.js'

/**
 * Every pair of bodies of `world` whose interiors overlap by more than `tolerance` on both
 * axes, as "a/b" (touching faces do not count): what a layout that never overlaps keeps
 * empty.
 */
export function overlappingPairs(world: Pick<World, 'ids' | 'get'>, tolerance = 0): string[] {
  const ids = world.ids()
  const pairs: string[] = []
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      if (overlapsInterior(shrunk(world.get(ids[i]!), tolerance), world.get(ids[j]!))) {
        pairs.push(`${ids[i]}/${ids[j]}`)
      }
    }
  }
  return pairs
}

function shrunk(rect: Rect, by: number): Rect {
  return {
    x: rect.x + by,
    y: rect.y + by,
    width: rect.width - 2 * by,
    height: rect.height - 2 * by,
  }
}
