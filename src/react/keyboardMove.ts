import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId, MoveResult, World } from '../core/world/types.js'
import { directionName, sideFacing } from '../dom/keyboardMover.js'
import type { AnnouncedBody, KeyMoveAnnouncement } from './accessibility.js'
import { dragMoveOptions, isDraggableType } from './dragSessions.js'

/** What an arrow-key move did: the world's {@link MoveResult} and the bodies it pushed. */
export interface KeyMoveResult extends MoveResult {
  /** Bodies the move pushed aside, nearest to the mover first; empty when it pushed none. */
  pushed: BodyId[]
}

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

/** Where each body a push could move (a pushable dynamic one other than `mover`) is now. */
function pushablePositions(world: World, mover: BodyId): Map<BodyId, Vec2> {
  const positions = new Map<BodyId, Vec2>()
  for (const id of world.ids()) {
    if (id === mover) continue
    const body = world.get(id)
    if (body.type === 'dynamic' && body.pushable) positions.set(id, { x: body.x, y: body.y })
  }
  return positions
}

/**
 * The bodies whose position differs from `before`, nearest first along `direction`. The
 * world's `MoveResult` names only what stopped the mover, so a push is read from the
 * positions themselves.
 */
function movedSince(
  world: World,
  before: ReadonlyMap<BodyId, Vec2>,
  direction: Readonly<Vec2>,
): BodyId[] {
  const along = (id: BodyId) => {
    const position = before.get(id) as Vec2
    return position.x * direction.x + position.y * direction.y
  }
  const moved: BodyId[] = []
  for (const [id, position] of before) {
    const body = world.get(id)
    if (body.x !== position.x || body.y !== position.y) moved.push(id)
  }
  return moved.sort((a, b) => along(a) - along(b))
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
): KeyMoveResult {
  const body = world.get(id)
  const distance = step === 'untilContact' ? reachAcross(world) : step
  const goal = { x: body.x + direction.x * distance, y: body.y + direction.y * distance }
  if (step === 'untilContact' || !isDraggableType(body.type)) {
    return { ...world.move(id, goal), pushed: [] }
  }
  const before = pushablePositions(world, id)
  const result = world.move(id, goal, dragMoveOptions)
  return { ...result, pushed: movedSince(world, before, direction) }
}

/**
 * What an arrow-key move did, for the announcement formatter (`Announcements.onKeyMove`):
 * `result` of the move of `id` in `direction`, with each body named by `labelOf`.
 */
export function keyMoveAnnouncement(
  result: KeyMoveResult,
  direction: Readonly<Vec2>,
  labelOf: (id: BodyId) => string,
  id: BodyId,
): KeyMoveAnnouncement {
  const announced = (body: BodyId): AnnouncedBody => ({ id: body, label: labelOf(body) })
  const hit = result.hits[0]
  return {
    body: announced(id),
    direction: directionName(direction),
    pushed: result.pushed.map(announced),
    blocked: hit ? { side: sideFacing(hit.normal), by: announced(hit.other) } : null,
  }
}
