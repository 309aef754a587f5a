import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId, MoveResult, World } from '../core/world/types.js'
import { directionName, sideFacing } from '../dom/keyboardMover.js'

/** A distance that crosses every body in the world, so "until contact" never stops short of one. */
function reachAcross(world: World): number {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const id of world.ids()) {
    const body = world.get(id)
    minX = Math.min(minX, body.x)
    minY = Math.min(minY, body.y)
    maxX = Math.max(maxX, body.x + body.width)
    maxY = Math.max(maxY, body.y + body.height)
  }
  return maxX - minX + (maxY - minY)
}

/**
 * An arrow-key move: a swept `move` (article 003) by `step` in `direction`, or, when
 * `step` is `'untilContact'`, as far as the first body in the way. Keys never push.
 */
export function moveByKey(
  world: World,
  id: BodyId,
  direction: Readonly<Vec2>,
  step: number | 'untilContact',
): MoveResult {
  const body = world.get(id)
  const distance = step === 'untilContact' ? reachAcross(world) : step
  return world.move(id, { x: body.x + direction.x * distance, y: body.y + direction.y * distance })
}

/** What a screen reader hears after a key move: "Notes moved right", "Notes blocked on the right by Chart". */
export function describeKeyMove(
  result: MoveResult,
  direction: Readonly<Vec2>,
  labelOf: (id: BodyId) => string,
  id: BodyId,
): string {
  const hit = result.hits[0]
  if (!hit) return `${labelOf(id)} moved ${directionName(direction)}`
  return `${labelOf(id)} blocked on the ${sideFacing(hit.normal)} by ${labelOf(hit.other)}`
}
