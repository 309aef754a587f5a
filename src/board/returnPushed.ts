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
  /**
   * Set when the last return moved the body not at all: where it was then, and the boxes of
   * the bodies that stopped it ({@link ReturnBlock}). Kept only while it stays true.
   */
  blocked?: ReturnBlock
}

/**
 * A return that made no progress: the body at `at`, stopped at once by the bodies `by` (the
 * move's hits, with their boxes then). While the body is still at `at` and each of them is
 * still there with the same box, a new try sweeps the same path into the same faces at
 * time 0, and moves the body no more: it is not made. Bodies that came since can only block
 * more. So a frame tries only the pushed bodies whose way may have changed (a drag through
 * a crowd leaves hundreds pushed, nearly all of them blocked behind the dragged ones).
 */
export interface ReturnBlock {
  at: Vec2
  by: Array<{ id: BodyId; x: number; y: number; width: number; height: number }>
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
      if (record.blocked !== undefined && stillBlocked(world, record.blocked, to)) continue
      const result = world.move(id, from)
      if (!result.reached && landsOnStart(world, id, from, result)) {
        result.x = from.x
        result.y = from.y
      }
      if (result.x === to.x && result.y === to.y) {
        record.blocked = blockOf(world, to, result.hits)
        continue
      }
      record.blocked = undefined
      record.to = { x: result.x, y: result.y }
      moved = true
    }
    if (!moved) return
  }
}

/** The {@link ReturnBlock} of a return from `at` that `hits` stopped at once; none without hits. */
function blockOf(
  world: World,
  at: Vec2,
  hits: ReadonlyArray<{ other: BodyId }>,
): ReturnBlock | undefined {
  if (hits.length === 0) return undefined
  return {
    // A copy: a record's `to` may be updated in place.
    at: { x: at.x, y: at.y },
    by: hits.map(({ other }) => {
      const { x, y, width, height } = world.get(other)
      return { id: other, x, y, width, height }
    }),
  }
}

/** Whether `block` still holds: the body still at `at`, and every body that stopped it where it was. */
function stillBlocked(world: World, block: ReturnBlock, at: Vec2): boolean {
  if (block.at.x !== at.x || block.at.y !== at.y) return false
  return block.by.every((was) => {
    if (!world.has(was.id)) return false
    const now = world.get(was.id)
    return (
      now.x === was.x && now.y === was.y && now.width === was.width && now.height === was.height
    )
  })
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
