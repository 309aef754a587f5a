import type { BodyId, World } from '../core/world/types.js'
import { bodyRect } from './bodyRect.js'
import type { DragSessions } from './dragSessions.js'
import type { ElementRegistry } from './elementRegistry.js'
import { safely } from './frameLoop.js'

/** The bodies with an `onMoveEnd` that moved and have not been reported at rest yet. */
export interface MoveEnds {
  /** How many bodies wait for their report. */
  readonly size: number
  /** Body `id` moved in the frame after fixed step number `fixedSteps`. */
  moved(id: BodyId, fixedSteps: number): void
  /** Body `id` left: it is not reported. */
  forget(id: BodyId): void
  /**
   * Calls `onMoveEnd` for each body that moved and has come to rest: in a frame, a body not
   * dragged, with no velocity, that a fixed step has not moved since it last moved (other
   * bodies may go on moving: a bouncing ball must not hold back a dropped card's report);
   * when the loop stops (`idle`), every body. The loop also stops when the world is paused,
   * with bodies still in flight: those keep their mark until they rest after `resume`. A
   * paused world never steps to idle, so there a body with no velocity counts as at rest
   * (one dropped or moved by `move` while paused). A body back where it was last reported
   * is not reported again.
   */
  report(idle: boolean, paused: boolean, fixedSteps: number): void
}

/** Creates the move-end reports of one board. */
export function createMoveEnds(
  world: World,
  elements: ElementRegistry,
  drags: DragSessions,
): MoveEnds {
  /** Each waiting body, with the count of fixed steps run when it last moved. */
  const movedSinceRest = new Map<BodyId, number>()
  return {
    get size() {
      return movedSinceRest.size
    },
    moved(id, fixedSteps) {
      movedSinceRest.set(id, fixedSteps)
    },
    forget(id) {
      movedSinceRest.delete(id)
    },
    report(idle, paused, fixedSteps) {
      for (const [id, movedAt] of movedSinceRest) {
        const entry = elements.get(id)
        if (!entry?.active) {
          movedSinceRest.delete(id)
          continue
        }
        if (!idle && (movedAt === fixedSteps || drags.has(id))) continue
        const body = world.get(id)
        const still = body.velocity.x === 0 && body.velocity.y === 0
        if ((!idle || paused) && !still) continue
        movedSinceRest.delete(id)
        if (body.x === entry.rest.x && body.y === entry.rest.y) continue
        entry.rest.x = body.x
        entry.rest.y = body.y
        safely(entry.options.current.onMoveEnd, bodyRect(world, id))
      }
    },
  }
}
