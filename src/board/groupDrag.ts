import type { Rect, Vec2 } from '../core/geometry/types.js'
import type { BodyId, BodyType, GroupMoveResult, World } from '../core/world/types.js'

/** A card dragged along with the one under the pointer (a selected card of a group drag). */
export interface GroupMember {
  readonly id: BodyId
  /** Where it was when the drag began: what Escape puts it back to. */
  readonly start: Vec2
  /** The type to give back when the drag ends (it is kinematic while dragged, as the lead is). */
  typeAfter: Exclude<BodyType, 'static'>
}

/**
 * The members of a group drag led by `lead`: each of `ids` other than the lead that is in
 * the world, may be dragged (`isDraggable`) and is not dragged already, made kinematic for
 * the drag (a dragged body pushes and is never pushed), in the order of `ids`.
 */
export function beginGroup(
  world: World,
  lead: BodyId,
  ids: readonly BodyId[],
  isFree: (id: BodyId) => boolean,
): GroupMember[] {
  const members: GroupMember[] = []
  for (const id of ids) {
    if (id === lead || !world.has(id) || !isFree(id)) continue
    const body = world.get(id)
    if (body.type === 'static') continue
    members.push({ id, start: { x: body.x, y: body.y }, typeAfter: body.type })
    world.update(id, { type: 'kinematic', velocity: { x: 0, y: 0 } })
  }
  return members
}

/**
 * One frame of a group drag: the lead toward `goal`, and every member by the same
 * displacement, as one shape with push (`world.moveGroup`): the earliest contact of any
 * member limits all, and what is in any member's way is pushed. `ids` is the lead then
 * the members (kept by the drag: no array per frame).
 */
export function moveGroupTo(world: World, ids: readonly BodyId[], goal: Vec2): GroupMoveResult {
  const lead = world.box(ids[0] as BodyId, leadBox)
  return world.moveGroup(ids, { x: goal.x - lead.x, y: goal.y - lead.y }, { push: true })
}

/** The lead's box in {@link moveGroupTo}, read without a snapshot each frame. */
const leadBox: Rect = { x: 0, y: 0, width: 0, height: 0 }

/**
 * Ends a group drag for its members: each gets its type back, still; with `'return'` it is
 * placed back at its start (Escape; the drag's pushed bodies are put back first, by the
 * drag). Members that left the world are skipped.
 */
export function endGroup(
  world: World,
  members: readonly GroupMember[],
  release: 'drop' | 'return',
): void {
  for (const { id, start, typeAfter } of members) {
    if (!world.has(id)) continue
    world.update(id, {
      type: typeAfter,
      velocity: { x: 0, y: 0 },
      ...(release === 'return' ? start : undefined),
    })
  }
}
