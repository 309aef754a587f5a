import type { BodyId, World } from '../core/world/types.js'
import type { BoardLayout, Layout } from './boardLayout.js'
import type { HistoryUnit } from './layoutHistory.js'

/**
 * Applies one history unit to the world: for `'undo'` every body of the unit still in the
 * world goes back to its box before the gesture, for `'redo'` to its box after it. They go
 * there as a new `layout` does (`BoardLayout.apply`: sizes first, then each body at its
 * box if that box is free of the bodies not in the unit, else at the nearest free spot,
 * `world.findFreeSpot`), so the invariant holds: no overlap, nothing outside the bounds.
 * Each body of the unit stops (a throw undone in flight does not fly on). Returns the
 * bodies whose box changed, in the unit's order.
 */
export function applyHistory(
  world: World,
  boardLayout: Pick<BoardLayout, 'apply'>,
  unit: HistoryUnit,
  kind: 'undo' | 'redo',
): BodyId[] {
  const layout: Layout = {}
  for (const { id, before, after } of unit) {
    if (!world.has(id)) continue
    layout[id] = { ...(kind === 'undo' ? before : after) }
  }
  const was = new Map(Object.keys(layout).map((id) => [id, world.get(id)]))
  for (const id of was.keys()) world.update(id, { velocity: { x: 0, y: 0 } })
  boardLayout.apply(layout, kind)
  const moved: BodyId[] = []
  for (const [id, old] of was) {
    const now = world.get(id)
    const same = now.x === old.x && now.y === old.y && now.width === old.width
    if (!same || now.height !== old.height) moved.push(id)
  }
  return moved
}
