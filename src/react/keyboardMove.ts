import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId, MoveResult, World } from '../core/world/types.js'
import { directionName, sideFacing } from '../dom/keyboardMover.js'
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

/** "Chart", "Chart and Todo", "Chart, Todo and Log". */
function nameList(names: readonly string[]): string {
  if (names.length < 2) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/**
 * What a screen reader hears after a key move: "Notes moved right", "Notes moved right,
 * pushed Chart", "Notes blocked on the right by Chart", or, when a push went part of the
 * way, "Notes moved right, pushed Chart, then blocked on the right by Chart".
 */
export function describeKeyMove(
  result: KeyMoveResult,
  direction: Readonly<Vec2>,
  labelOf: (id: BodyId) => string,
  id: BodyId,
): string {
  const hit = result.hits[0]
  const blocked = hit && `blocked on the ${sideFacing(hit.normal)} by ${labelOf(hit.other)}`
  if (result.pushed.length === 0) {
    return blocked
      ? `${labelOf(id)} ${blocked}`
      : `${labelOf(id)} moved ${directionName(direction)}`
  }
  const pushed = `${labelOf(id)} moved ${directionName(direction)}, pushed ${nameList(result.pushed.map((other) => labelOf(other)))}`
  return blocked ? `${pushed}, then ${blocked}` : pushed
}
