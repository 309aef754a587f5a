import type { Vec2 } from '../core/geometry/types.js'
import { TOUCH_TOLERANCE } from '../core/step/tolerances.js'
import type { BodyId, World } from '../core/world/types.js'

/**
 * A body a drag pushed: where it was before the drag first pushed it (`from`), and where
 * the drag last left it (`to`), updated in place by every push and every return.
 */
export interface PushRecord {
  readonly id: BodyId
  readonly from: Vec2
  to: Vec2
}

/**
 * Most passes of one frame's return. A pass can free the way of a body tried earlier in
 * it (a chain pushed over several frames is not listed nearest first), so passes repeat
 * while one moves something; every pass but the last moves a body, and a chain of pushes
 * is at most a few bodies deep in a board.
 */
const MAX_RETURN_PASSES = 4

/**
 * Pushed cards return (issue #26; react-grid-layout #95, gridstack #1837): each body in
 * `pushed` slides back toward where it was before the drag pushed it, swept and without
 * pushing (the world's `move` without `push`, bump.lua's slide), so it goes exactly as far
 * as free space allows, and no further: the move keeps the invariant (it never deepens an
 * overlap), so the return can make none. Tried nearest the dragged body first (`pushed`
 * lists each frame's chain far end first: it is walked backwards), in passes while one
 * moves something.
 *
 * A body is left alone when the drag no longer owns where it is: it is not where the drag
 * last left it (gravity, a throw or another drag moved it), it is in `dragged` (a pointer
 * holds it) or in `skipped` (a body a resize squeezed: its place goes with its old size), or
 * it left the world. `to` follows each return, so Escape's put-back still finds it.
 */
export function returnPushed(
  world: World,
  pushed: readonly PushRecord[],
  dragged: Pick<ReadonlyMap<BodyId, unknown>, 'has'>,
  skipped: Pick<ReadonlyMap<BodyId, unknown>, 'has'>,
): void {
  for (let pass = 0; pass < MAX_RETURN_PASSES; pass++) {
    let moved = false
    for (let index = pushed.length - 1; index >= 0; index--) {
      const record = pushed[index] as PushRecord
      const { id, from, to } = record
      if (to.x === from.x && to.y === from.y) continue
      if (!world.has(id) || dragged.has(id) || skipped.has(id)) continue
      const body = world.get(id)
      if (body.x !== to.x || body.y !== to.y) continue
      const result = world.move(id, from)
      if (!result.reached && landsOnStart(world, id, from, result)) {
        result.x = from.x
        result.y = from.y
      }
      if (result.x === to.x && result.y === to.y) continue
      record.to = { x: result.x, y: result.y }
      moved = true
    }
    if (!moved) return
  }
}

/**
 * Whether a return that stopped at `at`, touching a body at its start, is placed on its
 * start `from` exactly: a touch point `a + d * t` is rounded (a few 1e-15 px short of the
 * start, a push can leave as little), so within {@link TOUCH_TOLERANCE} of the start, the
 * body goes there when the start is free (`findFreeSpot` gives it back unchanged) and the
 * layout reports the start itself.
 */
function landsOnStart(world: World, id: BodyId, from: Vec2, at: Vec2): boolean {
  if (Math.abs(at.x - from.x) > TOUCH_TOLERANCE || Math.abs(at.y - from.y) > TOUCH_TOLERANCE) {
    return false
  }
  const spot = world.findFreeSpot(world.get(id), from, { ignore: [id] })
  if (spot === null || spot.x !== from.x || spot.y !== from.y) return false
  world.update(id, { x: from.x, y: from.y })
  return true
}
