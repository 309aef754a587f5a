import type { BodyId } from '../core/world/types.js'
import type { BodyElement } from '../dom/elementBox.js'
import { attachPointerDrag, DEFAULT_DRAG_CANCEL } from '../dom/pointerDrag.js'
import { RESIZE_HANDLE_SELECTOR } from '../dom/resizeHandles.js'
import type { AABBBodyOptions } from './bodyOptions.js'
import type { PhysicsEngine } from './createPhysicsStore.js'
import type { BoardTransfer } from './boardTransfer.js'
import { boardTransferModule } from './lazyBoardTransfer.js'

/** A drag goal of no displacement: back where the drag began. */
const atStart = Object.freeze({ x: 0, y: 0 })

/** The options a pointer drag reads at each press. */
export type PressOptions = Pick<
  AABBBodyOptions,
  'dragActivationDistance' | 'dragHandle' | 'dragCancel'
>

/**
 * Lets a pointer drag body `id` by `element` (`attachPointerDrag`, wired to the engine) and
 * returns the function that detaches it, ending a drag in progress where the body is. The
 * activation distance, `dragHandle` and `dragCancel` are read from `pressOptions()` at each
 * press, so a change applies from the next press and never ends a drag. When the engine ends the drag on its own (the body became static or
 * left the world), the pointer session is aborted: it would otherwise stay active, taking
 * Escape and the click that ends the press.
 */
export function attachBodyPointerDrag(
  element: BodyElement,
  id: BodyId,
  engine: PhysicsEngine,
  pressOptions: () => PressOptions,
): () => void {
  // The engine ignores an end or cancel of a drag it no longer has (ended by itself, or the
  // body removed before this session detaches), so the session reports them as they come.
  const session = attachPointerDrag(element, {
    get activationDistance() {
      return pressOptions().dragActivationDistance
    },
    get dragHandle() {
      return pressOptions().dragHandle
    },
    // A press on a resize handle resizes the card: it never drags it too.
    get dragCancel() {
      const cancel = pressOptions().dragCancel ?? DEFAULT_DRAG_CANCEL
      return cancel === '' ? RESIZE_HANDLE_SELECTOR : `${cancel}, ${RESIZE_HANDLE_SELECTOR}`
    },
    get autoScroll() {
      return engine.autoScroll
    },
    get autoScrollWithin() {
      return engine.container
    },
    onStart(clientX, clientY) {
      const clientToWorld = engine.beginDrag(id, endedByEngine)
      if (clientToWorld) {
        // Loaded once the board joined a group (`boardTransferModule`); until then no other
        // board can take the card, and the drag stays in its own board.
        transfer ??= boardTransferModule.current?.createBoardTransfer(element, id, engine) ?? null
        transfer?.begin(clientX, clientY)
      }
      return clientToWorld
    },
    // Away over another board of the group, the card goes back to its start in its own.
    onMove: (delta, clientX, clientY) =>
      engine.dragTo(id, transfer?.move(clientX, clientY) ? atStart : delta),
    onEnd() {
      if (!transfer?.end()) engine.endDrag(id)
    },
    onCancel() {
      transfer?.cancel()
      engine.cancelDrag(id)
    },
    // A scroll moved the container under the still pointer: map it through the space as
    // it is now. The engine's container, not a DOM lookup: the element may be in a portal.
    // A container that stopped rendering (HTML or svg) gives null: the drag keeps its last
    // map, and ends when the ResizeObserver takes the body, sizeless now, out of the world.
    onScroll() {
      transfer?.remeasure()
      return engine.measureClientToWorld()
    },
  })
  let transfer: BoardTransfer | null = null
  function endedByEngine(): void {
    transfer?.cancel()
    session.abortDrag()
  }
  return session
}
