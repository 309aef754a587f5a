import type { Vec2 } from '../core/geometry/types.js'

/** Unit directions of the arrow keys (world y points down). */
const arrowDirections: Readonly<Record<string, Readonly<Vec2>>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
}

/** Options of {@link attachKeyboardMover}. */
export interface KeyboardMoverOptions {
  /**
   * An arrow key was pressed on the focused element. `untilContact` is true with Shift:
   * move until the first contact rather than by one step.
   */
  onMove(direction: Readonly<Vec2>, untilContact: boolean): void
}

/**
 * Moves a focused element with the arrow keys and returns the function that detaches it.
 * Makes the element focusable (`tabindex="0"`) when it is not already, and restores
 * that on detach. Arrow keys are only taken (and page scrolling prevented) while the
 * element itself has focus; every other key passes through.
 */
export function attachKeyboardMover(
  element: HTMLElement | SVGElement,
  options: KeyboardMoverOptions,
): () => void {
  const ownTabIndex = element.getAttribute('tabindex')
  if (ownTabIndex === null) element.setAttribute('tabindex', '0')

  function onKeyDown(event: KeyboardEvent): void {
    const direction = arrowDirections[event.key]
    if (!direction || event.target !== element || event.altKey || event.ctrlKey || event.metaKey)
      return
    event.preventDefault()
    options.onMove(direction, event.shiftKey)
  }

  element.addEventListener('keydown', onKeyDown as EventListener)
  return () => {
    element.removeEventListener('keydown', onKeyDown as EventListener)
    if (ownTabIndex === null) element.removeAttribute('tabindex')
  }
}

/** The side of the moving box that touched, from a contact normal (which points from the other box toward it). */
export function sideFacing(normal: Readonly<Vec2>): 'left' | 'right' | 'top' | 'bottom' {
  if (Math.abs(normal.x) >= Math.abs(normal.y)) return normal.x < 0 ? 'right' : 'left'
  return normal.y < 0 ? 'bottom' : 'top'
}

/** Names a direction for announcements. */
export function directionName(direction: Readonly<Vec2>): 'left' | 'right' | 'up' | 'down' {
  if (Math.abs(direction.x) >= Math.abs(direction.y)) return direction.x < 0 ? 'left' : 'right'
  return direction.y < 0 ? 'up' : 'down'
}
