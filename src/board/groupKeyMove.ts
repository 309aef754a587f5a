import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId, GroupMoveResult, PushedBody, World } from '../core/world/types.js'
import { reachAcross } from './keyboardMove.js'

/**
 * An arrow-key move of the selection `ids` (the focused card first), as `moveByKey` moves
 * one card: by `step`, pushing as a group drag does; `'untilContact'` (Shift), as far as
 * the first contact of any member, without pushing. Static cards and cards not in the
 * world stay (they would not move with a drag either).
 */
export function moveGroupByKey(
  world: World,
  ids: readonly BodyId[],
  direction: Readonly<Vec2>,
  step: number | 'untilContact',
): GroupMoveResult & { ids: BodyId[] } {
  const movable = ids.filter((id) => world.has(id) && world.get(id).type !== 'static')
  const distance = step === 'untilContact' ? reachAcross(world) : step
  const delta = { x: direction.x * distance, y: direction.y * distance }
  const result = world.moveGroup(movable, delta, { push: step !== 'untilContact' })
  // Announced nearest first: ordered by where each was along the move's direction.
  const along = ({ from }: PushedBody) => from.x * direction.x + from.y * direction.y
  result.pushed.sort((p, q) => along(p) - along(q))
  return { ...result, ids: movable }
}
