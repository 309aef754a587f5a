import type { BodyId } from '../core/world/types.js'
import type { BodyElement } from '../dom/elementBox.js'
import { attachKeyboardMover } from '../dom/keyboardMover.js'
import { attachPointerDrag, DEFAULT_DRAG_CANCEL } from '../dom/pointerDrag.js'
import { attachSelectionInput } from '../dom/selectionInput.js'
import { isSelectable } from './selectionMarks.js'
import {
  attachKeyboardResizer,
  attachResizeHandles,
  type ResizeDirection,
} from '../dom/resizeHandles.js'
import { resizeOptionsOf } from './resizeOptions.js'
import type { AABBBodyOptions } from './bodyOptions.js'
import { attachBodyPointerDrag } from './bodyPointerDrag.js'
import type { PhysicsEngine } from './createPhysicsStore.js'
import type { InitialPlacement } from './elementRegistry.js'

/**
 * One body as a framework binds it: an element registered under an id, with the
 * controllers its options ask for (pointer drag, keyboard moves, contact routing).
 * Made once per hook instance (dnd-kit's entity); the binding calls `sync` with every
 * render's options and `connect` whenever the id or the element changes.
 */
export interface BodyBinding {
  /**
   * Takes this render's options: while connected, attaches or detaches the controllers
   * whose options changed and applies changed physical options to the world. Call it
   * before `connect` of the same render: the registration reads these options.
   */
  sync(id: BodyId, options: AABBBodyOptions): void
  /**
   * Registers `element` as body `id` and attaches its controllers; returns the function
   * that detaches them and removes exactly this registration (a newer one with the same
   * id is left alone), so a mount-unmount-mount ends with one body. `null`: no element,
   * nothing is registered.
   */
  connect(id: BodyId, element: BodyElement | null): () => void
}

/** The options that `bodyPatchOf` sends to the world: a change of any re-applies the patch. */
const physicalKeys = [
  'type',
  'response',
  'mass',
  'restitution',
  'layer',
  'mask',
  'pushable',
  'damping',
  // Its default damping depends on it.
  'throwable',
] as const satisfies ReadonlyArray<keyof AABBBodyOptions>

interface Connection {
  id: BodyId
  element: BodyElement
  stopContacts?: (() => void) | undefined
  detachPointer?: (() => void) | undefined
  detachKeyboard?: (() => void) | undefined
  detachResize?: (() => void) | undefined
  detachSelection?: (() => void) | undefined
  /** The handle directions attached (joined), to re-attach when they change. */
  resizeHandles?: string | undefined
}

/**
 * Makes `handle` resize body `id` by its `direction` edges (a pointer drag wired to the
 * engine's resize gesture). Any press on the handle counts: it is the control.
 */
function attachResizeDrag(
  handle: Element,
  direction: ResizeDirection,
  id: BodyId,
  engine: PhysicsEngine,
): () => void {
  const session = attachPointerDrag(handle, {
    dragCancel: '',
    onStart: () => engine.beginResize(id, direction, session.abortDrag),
    onMove: (delta) => engine.dragTo(id, delta),
    onEnd: () => engine.endDrag(id),
    onCancel: () => engine.cancelDrag(id),
    onScroll: () => engine.measureClientToWorld(),
  })
  return session
}

/**
 * Creates the binding of one body in the board of `engine`. `keyboardInstructionsId` is
 * the element keyboard-movable bodies point `aria-describedby` at (null: none).
 */
export function createBodyBinding(
  engine: PhysicsEngine,
  keyboardInstructionsId: string | null,
): BodyBinding {
  // Read whenever an option is needed (a callback, the activation distance at a press),
  // so callbacks can change without re-registering.
  const options: { current: AABBBodyOptions } = { current: {} }
  // Shared by every registration of this binding: `initialPosition` places only the first.
  const placement: InitialPlacement = { done: false }
  let connection: Connection | null = null

  /** Attaches or detaches each controller to match the current options, in a fixed order. */
  function attachControllers(connected: Connection): void {
    const { onContactStart, onContactEnd, draggable = false } = options.current
    const { keyboard = draggable } = options.current
    const { id, element } = connected
    const watchesContacts = onContactStart !== undefined || onContactEnd !== undefined
    // Contacts are tracked only while some handler wants them (see `watchContacts`).
    if (watchesContacts !== (connected.stopContacts !== undefined)) {
      connected.stopContacts?.()
      connected.stopContacts = watchesContacts ? engine.watchContacts() : undefined
    }
    // Attaching again would end a drag in progress: only a change of `draggable` does.
    if (draggable !== (connected.detachPointer !== undefined)) {
      connected.detachPointer?.()
      connected.detachPointer = draggable
        ? attachBodyPointerDrag(element, id, engine, () => options.current)
        : undefined
    }
    const resizable = resizeOptionsOf(options.current.resizable)
    const handles = resizable ? (resizable.handles ?? ['se']).join(' ') : undefined
    // Attaching again would end a resize in progress: only a change of the handles does.
    if (handles !== connected.resizeHandles) {
      connected.detachResize?.()
      connected.resizeHandles = handles
      connected.detachResize =
        handles === undefined
          ? undefined
          : chain(
              attachResizeHandles(element, handles.split(' ') as ResizeDirection[], (handle, d) =>
                attachResizeDrag(handle, d, id, engine),
              ),
              keyboard
                ? attachKeyboardResizer(element, (direction) =>
                    engine.resizeWithKeys(id, direction),
                  )
                : () => {},
            )
    }
    const selectable = isSelectable(options.current)
    if (selectable !== (connected.detachSelection !== undefined)) {
      connected.detachSelection?.()
      connected.detachSelection = selectable
        ? attachSelectionInput(element, {
            toggle: () => engine.toggleSelected(id),
            selectOnly: () => engine.selectOnly(id),
            // A click where a press never drags (a button in the card) is the page's.
            get ignore() {
              return options.current.dragCancel ?? DEFAULT_DRAG_CANCEL
            },
          })
        : undefined
    }
    if (keyboard !== (connected.detachKeyboard !== undefined)) {
      connected.detachKeyboard?.()
      connected.detachKeyboard = keyboard
        ? attachKeyboardMover(element, {
            onMove: (direction, untilContact) => engine.moveWithKeys(id, direction, untilContact),
            role: 'button',
            roleDescription: 'movable item',
            ...(keyboardInstructionsId !== null && { instructionsId: keyboardInstructionsId }),
          })
        : undefined
    }
  }

  return {
    sync(id, next) {
      const previous = options.current
      options.current = next
      if (connection?.id !== id) return
      // `updateBody` also drops a card that can no longer be selected from the selection.
      const selectableChanged = isSelectable(previous) !== isSelectable(next)
      if (selectableChanged || physicalKeys.some((key) => previous[key] !== next[key])) {
        engine.updateBody(id)
      }
      attachControllers(connection)
      // A render may have moved the element in the page's layout (its styles, its siblings).
      engine.layoutMayHaveMoved()
    },
    connect(id, element) {
      if (!element) return () => {}
      const unregister = engine.registerBody(id, element, options, placement)
      const connected: Connection = { id, element }
      connection = connected
      attachControllers(connected)
      return () => {
        if (connection === connected) connection = null
        // The body leaves first: ending the pointer session after it ends no drag twice.
        unregister()
        connected.stopContacts?.()
        connected.detachPointer?.()
        connected.detachKeyboard?.()
        connected.detachResize?.()
        connected.detachSelection?.()
      }
    },
  }
}

/** One function that calls `first`, then `second`. */
function chain(first: () => void, second: () => void): () => void {
  return () => {
    first()
    second()
  }
}
