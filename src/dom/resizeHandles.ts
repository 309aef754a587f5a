import type { Vec2 } from '../core/geometry/types.js'
import type { BodyElement } from './elementBox.js'
import { arrowDirectionOf } from './keyboardMover.js'

/** A side or corner of a card that a resize handle moves: compass directions, y down. */
export type ResizeDirection = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw'

/** The attribute that marks a resize handle, its value the {@link ResizeDirection}. */
export const RESIZE_HANDLE_ATTRIBUTE = 'data-aabb-resize-handle'

/** Matches every resize handle: a press on one never starts a drag of the card. */
export const RESIZE_HANDLE_SELECTOR = `[${RESIZE_HANDLE_ATTRIBUTE}]`

/** Side of a handle's square hit area, CSS pixels: a touch target, not just a mouse one. */
const HANDLE_SIZE = 24

/** Where each handle sits inside the card (CSS inset values), by direction. */
const handlePlacement: Record<ResizeDirection, string> = {
  n: `top: 0; left: ${HANDLE_SIZE}px; right: ${HANDLE_SIZE}px; height: ${HANDLE_SIZE / 2}px`,
  s: `bottom: 0; left: ${HANDLE_SIZE}px; right: ${HANDLE_SIZE}px; height: ${HANDLE_SIZE / 2}px`,
  e: `right: 0; top: ${HANDLE_SIZE}px; bottom: ${HANDLE_SIZE}px; width: ${HANDLE_SIZE / 2}px`,
  w: `left: 0; top: ${HANDLE_SIZE}px; bottom: ${HANDLE_SIZE}px; width: ${HANDLE_SIZE / 2}px`,
  ne: `top: 0; right: 0; width: ${HANDLE_SIZE}px; height: ${HANDLE_SIZE}px`,
  nw: `top: 0; left: 0; width: ${HANDLE_SIZE}px; height: ${HANDLE_SIZE}px`,
  se: `bottom: 0; right: 0; width: ${HANDLE_SIZE}px; height: ${HANDLE_SIZE}px`,
  sw: `bottom: 0; left: 0; width: ${HANDLE_SIZE}px; height: ${HANDLE_SIZE}px`,
}

/** A grip drawn in the corner the handle moves (two diagonal strokes), so it can be found. */
function gripOf(direction: ResizeDirection): string {
  if (direction.length === 1) return ''
  const toward = `to ${direction.includes('s') ? 'bottom' : 'top'} ${direction.includes('e') ? 'right' : 'left'}`
  return `background: linear-gradient(${toward}, transparent 55%, currentColor 55%, currentColor 62%, transparent 62%, transparent 72%, currentColor 72%, currentColor 79%, transparent 79%); opacity: 0.6`
}

/**
 * Gives `element` a resize handle per direction and lets `attach(handle, direction)`
 * make each one draggable; returns the function that detaches them and removes the
 * handles it made. An element of the app's own inside the card carrying
 * `data-aabb-resize-handle="<direction>"` is used instead of a new one. A new handle is a
 * `<div>` placed absolutely inside the card (so the card must be positioned, as a board's
 * cards are), 24 px across at a corner, with the cursor of its direction. An SVG card gets
 * no handles of its own: give it the elements (e.g. a small `<rect>`) with the attribute.
 */
export function attachResizeHandles(
  element: BodyElement,
  directions: readonly ResizeDirection[],
  attach: (handle: Element, direction: ResizeDirection) => () => void,
): () => void {
  const made: Element[] = []
  const detachers: Array<() => void> = []
  for (const direction of directions) {
    let handle = element.querySelector(`[${RESIZE_HANDLE_ATTRIBUTE}="${direction}"]`)
    if (!handle && element instanceof HTMLElement) {
      const div = element.ownerDocument.createElement('div')
      div.setAttribute(RESIZE_HANDLE_ATTRIBUTE, direction)
      div.setAttribute('aria-hidden', 'true')
      div.style.cssText = `position: absolute; ${handlePlacement[direction]}; cursor: ${direction}-resize; z-index: 1; ${gripOf(direction)}`
      element.appendChild(div)
      made.push(div)
      handle = div
    }
    if (handle) detachers.push(attach(handle, direction))
  }
  return () => {
    for (const detach of detachers) detach()
    for (const handle of made) handle.remove()
  }
}

/**
 * Calls `onResize(direction)` for Alt+arrow keys pressed on `element` itself (not on a
 * control inside it), and keeps the page from acting on them; returns the function that
 * detaches it. Plain arrows are the keyboard mover's.
 */
export function attachKeyboardResizer(
  element: BodyElement,
  onResize: (direction: Readonly<Vec2>) => void,
): () => void {
  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent
    const direction = arrowDirectionOf(key.key)
    if (!direction || key.target !== element || !key.altKey || key.ctrlKey || key.metaKey) return
    key.preventDefault()
    onResize(direction)
  }
  element.addEventListener('keydown', onKeyDown)
  return () => element.removeEventListener('keydown', onKeyDown)
}
