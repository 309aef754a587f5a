import type { Vec2 } from '../core/geometry/types.js'
import type { BodyId } from '../core/world/types.js'
import {
  clientEdgesOf,
  createDropSession,
  deliverDrop,
  type DropSession,
  type ExternalDragOptions,
} from './externalDrag.js'
import { arrowDirectionOf, hasOwnRole, setAttributeIfAbsent } from './keyboardMover.js'

/** Client pixels the aim moves per arrow key press; with Shift, {@link SHIFT_FACTOR} times as far. */
const EXTERNAL_KEY_STEP = 20
const SHIFT_FACTOR = 5

/** Whether a key picks the item up or drops it (a button's keys: Enter and Space). */
function isActivation(key: string): boolean {
  return key === 'Enter' || key === ' '
}

/**
 * The keyboard's way of dragging `element` (a palette item) into worlds, beside the
 * pointer's (`attachExternalDrag`), after dnd-kit's keyboard sensor: with the element
 * focused, Enter or Space picks the item up, its ghost and the drop preview appearing at
 * the top-left of the first rendered board; the arrow keys move that aim by
 * {@link EXTERNAL_KEY_STEP} client pixels (Shift: five times as far), across boards as the
 * pointer would, the preview showing the free, snapped spot nearest it; Enter or Space
 * drops it there (the board's `onExternalDrop`, as a release does) and Escape, Tab or a
 * loss of focus cancels. Makes the element focusable (`tabindex="0"` unless it has one), a
 * `button` when it has no role of its own, with `aria-roledescription="draggable item"`
 * unless it has its own; restores them on detach. Returns the function that detaches it.
 */
export function attachExternalKeys(element: HTMLElement, options: ExternalDragOptions): () => void {
  const restorers = [setAttributeIfAbsent(element, 'tabindex', '0')]
  if (!hasOwnRole(element)) restorers.push(setAttributeIfAbsent(element, 'role', 'button'))
  restorers.push(setAttributeIfAbsent(element, 'aria-roledescription', 'draggable item'))
  let session: DropSession | null = null
  let id: BodyId = ''
  let data: unknown
  /** Where the ghost's centre is, client pixels: the keyboard's pointer. */
  const aim: Vec2 = { x: 0, y: 0 }

  function begin(): void {
    const targets = options.targets()
    const { size } = options
    const first = targets.map((board) => board.measure()).find((space) => space !== null)
    if (!first) return
    ;({ id, data } = options)
    const edges = clientEdgesOf(first)
    aim.x = edges.x + size.width / 2
    aim.y = edges.y + size.height / 2
    session = createDropSession({
      targets,
      size,
      grab: { x: size.width / 2, y: size.height / 2 },
      ghostOf: element,
      ghost: 'always',
    })
    session.moveTo(aim.x, aim.y)
    options.onActive?.(true)
  }

  function end(drop: boolean): void {
    if (!session) return
    const hit = drop ? session.drop() : null
    if (!drop) session.cancel()
    session = null
    options.onActive?.(false)
    if (hit) deliverDrop(hit, id, data)
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (event.target !== element || event.altKey || event.ctrlKey || event.metaKey) return
    if (!session) {
      if (!isActivation(event.key)) return
      event.preventDefault()
      begin()
      return
    }
    if (event.key === 'Tab') return end(false)
    const direction = arrowDirectionOf(event.key)
    if (direction) {
      event.preventDefault()
      const step = EXTERNAL_KEY_STEP * (event.shiftKey ? SHIFT_FACTOR : 1)
      aim.x += direction.x * step
      aim.y += direction.y * step
      session.moveTo(aim.x, aim.y)
    } else if (event.key === 'Escape' || isActivation(event.key)) {
      event.preventDefault()
      end(event.key !== 'Escape')
    }
  }

  const onBlur = () => end(false)
  element.addEventListener('keydown', onKeyDown)
  element.addEventListener('blur', onBlur)
  return () => {
    element.removeEventListener('keydown', onKeyDown)
    element.removeEventListener('blur', onBlur)
    end(false)
    for (const restore of restorers) restore()
  }
}
