import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId, BodyType, World } from '../core/world/types.js'

interface Drag {
  start: Vec2
  goal: Vec2
  /** A goal arrived that the world has not moved to yet. */
  pending: boolean
  /** The type to give back when the drag ends (the body is kinematic while dragged). */
  typeAfter: Exclude<BodyType, 'static'>
}

/**
 * The pointer drags in progress in one world. A dragged body is kinematic: it pushes
 * dynamic bodies and is never pushed (bump.lua's and the world's `move` with `push`).
 * Pointer moves only record a goal; the frame applies it with one swept `move`, so a
 * fast pointer cannot tunnel through anything (article 003).
 */
export interface DragSessions {
  readonly size: number
  has(id: BodyId): boolean
  /** Starts dragging `id`; false for a static body or one already dragged. */
  begin(id: BodyId): boolean
  /** The body should be at its start plus `delta`. */
  aim(id: BodyId, delta: Readonly<Vec2>): void
  /** Moves every dragged body to its goal (swept, pushing), once per frame. */
  applyGoals(): void
  /** Ends a drag where the pointer is (`returnToStart`: where the drag began). Returns whether one was running. */
  end(id: BodyId, returnToStart: boolean): boolean
  /** Forgets a drag whose body has left the world. */
  forget(id: BodyId): void
  /** Records a type change asked for during a drag, to apply when it ends; false when `id` is not dragged. */
  deferType(id: BodyId, type: Exclude<BodyType, 'static'>): boolean
}

/** Creates the drag sessions of `world`. */
export function createDragSessions(world: World): DragSessions {
  const drags = new Map<BodyId, Drag>()
  return {
    get size() {
      return drags.size
    },
    has: (id) => drags.has(id),
    begin(id) {
      if (drags.has(id)) return false
      const body = world.get(id)
      if (body.type === 'static') return false
      drags.set(id, {
        start: { x: body.x, y: body.y },
        goal: { x: body.x, y: body.y },
        pending: false,
        typeAfter: body.type,
      })
      world.update(id, { type: 'kinematic', velocity: { x: 0, y: 0 } })
      return true
    },
    aim(id, delta) {
      const drag = drags.get(id)
      if (!drag) return
      drag.goal.x = drag.start.x + delta.x
      drag.goal.y = drag.start.y + delta.y
      drag.pending = true
    },
    applyGoals() {
      for (const [id, drag] of drags) {
        if (!drag.pending) continue
        drag.pending = false
        world.move(id, drag.goal, { push: true })
      }
    },
    end(id, returnToStart) {
      const drag = drags.get(id)
      if (!drag) return false
      drags.delete(id)
      if (!world.has(id)) return true
      if (returnToStart) world.move(id, drag.start, { push: true })
      else if (drag.pending) world.move(id, drag.goal, { push: true })
      world.update(id, { type: drag.typeAfter, velocity: { x: 0, y: 0 } })
      return true
    },
    forget(id) {
      drags.delete(id)
    },
    deferType(id, type) {
      const drag = drags.get(id)
      if (!drag) return false
      drag.typeAfter = type
      return true
    },
  }
}
