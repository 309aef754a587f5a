import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId, MoveResult, PushedBody, World } from '../core/world/types.js'
import { directionName, sideFacing } from '../dom/keyboardMover.js'
import type { AnnouncedBody, KeyMoveAnnouncement } from './accessibility.js'
import { dragMoveOptions, isDraggableType } from './dragSessions.js'

/** A distance that crosses every body in the world, so "until contact" never stops short of one. */
export function reachAcross(world: World): number {
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
 * An arrow-key move, a swept `move` (article 003) in `direction`:
 *
 * - by `step`: exactly as a pointer drag of the same body would move it (the same
 *   {@link isDraggableType} decision and {@link dragMoveOptions}): it pushes the pushable
 *   cards in its way, which push others in turn, and stops where the chain is blocked;
 * - `'untilContact'` (Shift): as far as the first body in the way, and no further. It never
 *   pushes: stopping at the first contact is what it is for.
 */
export function moveByKey(
  world: World,
  id: BodyId,
  direction: Readonly<Vec2>,
  step: number | 'untilContact',
): MoveResult {
  const body = world.get(id)
  const distance = step === 'untilContact' ? reachAcross(world) : step
  const goal = { x: body.x + direction.x * distance, y: body.y + direction.y * distance }
  if (step === 'untilContact' || !isDraggableType(body.type)) return world.move(id, goal)
  const result = world.move(id, goal, dragMoveOptions)
  // Announced nearest first: ordered by where each was along the move's direction.
  const along = ({ from }: PushedBody) => from.x * direction.x + from.y * direction.y
  result.pushed.sort((p, q) => along(p) - along(q))
  return result
}

/**
 * What an arrow-key move did, for the announcement formatter (`Announcements.onKeyMove`):
 * `result` of the move of `id` in `direction`, with each body named by `labelOf`.
 */
export function keyMoveAnnouncement(
  result: Pick<MoveResult, 'hits' | 'pushed'>,
  direction: Readonly<Vec2>,
  labelOf: (id: BodyId) => string,
  id: BodyId,
): KeyMoveAnnouncement {
  const announced = (body: BodyId): AnnouncedBody => ({ id: body, label: labelOf(body) })
  const hit = result.hits[0]
  return {
    body: announced(id),
    direction: directionName(direction),
    pushed: result.pushed.map(({ id: pushed }) => announced(pushed)),
    blocked: hit ? { side: sideFacing(hit.normal), by: announced(hit.other) } : null,
  }
}
