import type { Rect } from '../core/geometry/types.js'
import type { BodyId } from '../core/world/types.js'
import {
  clientEdgesOf,
  containsPoint,
  createDropSession,
  type DropSession,
} from '../dom/externalDrag.js'
import type { BodyElement } from '../dom/elementBox.js'
import { pageBoards } from './boardGroup.js'
import type { PhysicsEngine } from './createPhysicsStore.js'

/**
 * How a card's drag leaves its board for another board of the same `group`
 * (`<PhysicsWorld group>`). While the pointer is over another board of the group the card
 * itself goes back toward where the drag began, inside its own board (swept, as any drag
 * goal: its board stays overlap-free, and it is never drawn against its walls), a floating
 * ghost follows the pointer instead, the element carries `data-aabb-transferring`, and a
 * drop preview shows where the card would land. A release there ends the drag put back and
 * tells both boards' `onTransfer`; a release outside every board of the group (its own
 * included), or over one with no room, puts the card back.
 */
export interface BoardTransfer {
  /** The drag began, the press at (`clientX`, `clientY`): measures the group's boards (layout reads). */
  begin(clientX: number, clientY: number): void
  /** The pointer is at (`clientX`, `clientY`); returns whether it is away over another board. */
  move(clientX: number, clientY: number): boolean
  /** The page scrolled during the drag: the boards are measured again. */
  remeasure(): void
  /**
   * The pointer was released: returns `true` when the transfer took the release (a drop
   * on another board, or the card put back because the pointer was outside every board);
   * `false` leaves it to an ordinary drop on the card's own board.
   */
  end(): boolean
  /** The drag was cancelled or ended by the engine: removes the preview and the ghost. */
  cancel(): void
}

/** Creates the transfer side of body `id`'s drags in the board of `engine`. */
export function createBoardTransfer(
  element: BodyElement,
  id: BodyId,
  engine: PhysicsEngine,
): BoardTransfer {
  let session: DropSession | null = null
  let ownClient: Rect | null = null
  let inside = true

  function stop(): void {
    session?.cancel()
    session = null
    element.removeAttribute('data-aabb-transferring')
  }

  function measureOwn(): void {
    const space = engine.dropBoard.measure()
    ownClient = space && clientEdgesOf(space)
  }

  return {
    begin(clientX, clientY) {
      stop()
      const targets = pageBoards.targetsOf(engine.dropBoard)
      if (targets.length === 0) return
      const card = element.getBoundingClientRect()
      measureOwn()
      inside = true
      session = createDropSession({
        targets,
        size: engine.dropBoard.sizeOf(id),
        grab: { x: clientX - card.left, y: clientY - card.top },
        ghostOf: element,
        ghost: 'overTarget',
      })
    },
    move(clientX, clientY) {
      if (!session) return false
      const over = session.moveTo(clientX, clientY)
      inside = ownClient !== null && containsPoint(ownClient, clientX, clientY)
      const away = over !== null && !inside
      if (away) element.setAttribute('data-aabb-transferring', '')
      else element.removeAttribute('data-aabb-transferring')
      return away
    },
    remeasure() {
      if (!session) return
      measureOwn()
      session.remeasure()
    },
    end() {
      if (!session) return false
      const hit = session.drop()
      const wasInside = inside
      stop()
      if (wasInside) return false
      engine.cancelDrag(id, hit === null)
      if (hit) {
        hit.board.expect(id, hit.rect, engine.dropBoard.id)
        const event = { id, from: engine.dropBoard.id, to: hit.board.id, rect: hit.rect }
        engine.dropBoard.transferred(event)
        hit.board.transferred(event)
      }
      return true
    },
    cancel: stop,
  }
}
