import type { Vec2 } from '../core/geometry/types.js'

/** Unit directions of the arrow keys (world y points down). */
const arrowDirections: Readonly<Record<string, Readonly<Vec2>>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
}

/** The unit direction of an arrow key (`event.key`), or undefined for another key. */
export function arrowDirectionOf(key: string): Readonly<Vec2> | undefined {
  return arrowDirections[key]
}

/** Options of {@link attachKeyboardMover}. */
export interface KeyboardMoverOptions {
  /**
   * An arrow key was pressed on the focused element. `untilContact` is true with Shift:
   * move until the first contact rather than by one step.
   */
  onMove(direction: Readonly<Vec2>, untilContact: boolean): void
  /**
   * The role given to an element that has none of its own (a `<div>` or `<span>`, an SVG
   * group or shape, without a `role` attribute), so that it is announced as a control and
   * may carry `roleDescription`: ARIA prohibits `aria-roledescription` on an element
   * without a role. An element with a role, explicit or implicit (`<article>`, `<li>`,
   * `role="group"`, ...), keeps it.
   * @default none
   */
  role?: string | undefined
  /**
   * What assistive technology calls the element ("movable item"), set as
   * `aria-roledescription` unless the element has its own.
   * @default none
   */
  roleDescription?: string | undefined
  /**
   * The id of an element that explains the keys, added to the element's `aria-describedby`
   * so a screen reader reads it when the element gets focus.
   * @default none
   */
  instructionsId?: string | undefined
}

/**
 * Sets `name` to `value` when the element has no such attribute; returns the function that
 * takes back what it set (and leaves an attribute of the element's own alone).
 */
export function setAttributeIfAbsent(element: Element, name: string, value: string): () => void {
  if (element.hasAttribute(name)) return () => {}
  element.setAttribute(name, value)
  return () => element.removeAttribute(name)
}

/**
 * Elements whose role is generic or none, by local name: HTML's `div` and `span`, SVG's
 * `g` and basic shapes. Any other element has a role of its own, which it keeps.
 */
const elementsWithoutRole = new Set([
  'div',
  'span',
  'g',
  'rect',
  'circle',
  'ellipse',
  'line',
  'path',
  'polygon',
  'polyline',
  'use',
])

/** Whether the element has a role of its own: a `role` attribute, or an implicit role. */
export function hasOwnRole(element: Element): boolean {
  return element.hasAttribute('role') || !elementsWithoutRole.has(element.localName)
}

/**
 * Adds `id` to the element's `aria-describedby` list, keeping the ids it has; returns the
 * function that puts the attribute back as it was.
 */
function addDescribedBy(element: Element, id: string): () => void {
  const own = element.getAttribute('aria-describedby')
  const ids = own?.split(/\s+/).filter(Boolean) ?? []
  if (ids.includes(id)) return () => {}
  element.setAttribute('aria-describedby', [...ids, id].join(' '))
  return () => {
    if (own === null) element.removeAttribute('aria-describedby')
    else element.setAttribute('aria-describedby', own)
  }
}

/**
 * Moves a focused element with the arrow keys and returns the function that detaches it.
 * Makes the element focusable (`tabindex="0"`) when it is not already, gives it the
 * `role` (when it has none of its own), `roleDescription` and `instructionsId` asked for
 * (see {@link KeyboardMoverOptions}), and restores those attributes on detach. Arrow keys
 * are only taken (and page scrolling prevented) while the element itself has focus; every
 * other key passes through.
 */
export function attachKeyboardMover(
  element: HTMLElement | SVGElement,
  options: KeyboardMoverOptions,
): () => void {
  const restorers = [setAttributeIfAbsent(element, 'tabindex', '0')]
  if (options.role && !hasOwnRole(element)) {
    restorers.push(setAttributeIfAbsent(element, 'role', options.role))
  }
  if (options.roleDescription) {
    restorers.push(setAttributeIfAbsent(element, 'aria-roledescription', options.roleDescription))
  }
  if (options.instructionsId) restorers.push(addDescribedBy(element, options.instructionsId))

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
    for (const restore of restorers) restore()
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
