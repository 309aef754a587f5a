import type { Vec2 } from '../core/geometry/types.js'
import type { BodyElement } from './elementBox.js'
import { arrowDirectionOf } from './keyboardMover.js'
import { svgNamespace } from './svgElement.js'

/** A side or corner of a card that a resize handle moves: compass directions, y down. */
export type ResizeDirection = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw'

/** The attribute that marks a resize handle, its value the {@link ResizeDirection}. */
const RESIZE_HANDLE_ATTRIBUTE = 'data-aabb-resize-handle'

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
 * `data-aabb-resize-handle="<direction>"` is used instead of a new one.
 *
 * A new handle of an HTML card is a `<div>` placed absolutely inside the card (so the card
 * must be positioned, as a board's cards are), 24 px across at a corner, with the cursor
 * of its direction. An SVG card that a resize resizes (a `<rect>`, `<image>`,
 * `<foreignObject>` or nested `<svg>`: what has `x`, `y`, `width` and `height`) cannot
 * hold a child shape, so its new handle is a `<rect>` placed right after it in the same
 * parent (the same user space, drawn above the card), 24 screen pixels across, kept on the
 * card's edges as it moves and resizes. Other SVG shapes (a `<g>`, a `<circle>`) have no
 * size a resize can write (see `writeElementSize`) and get no handle; nor does an `<svg>`
 * card in an HTML board (a `<rect>` beside it would not draw): give it an element of its
 * own with the attribute.
 */
export function attachResizeHandles(
  element: BodyElement,
  directions: readonly ResizeDirection[],
  attach: (handle: Element, direction: ResizeDirection) => () => void,
): () => void {
  const made: Element[] = []
  const detachers: Array<() => void> = []
  // Only inside an <svg> does a sibling <rect> draw: an <svg> card in an HTML board has none.
  const svgBox =
    element instanceof HTMLElement || element.ownerSVGElement === null ? null : sizedSvgBox(element)
  const svgHandles = new Map<SVGRectElement, ResizeDirection>()
  let lastSvgHandle: Element = element
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
    } else if (!handle && svgBox) {
      const rect = element.ownerDocument.createElementNS(svgNamespace, 'rect')
      rect.setAttribute(RESIZE_HANDLE_ATTRIBUTE, direction)
      rect.setAttribute('aria-hidden', 'true')
      // Corners show a grip; sides are invisible but still take presses (fill is not 'none').
      rect.setAttribute('fill', direction.length === 2 ? 'currentColor' : 'transparent')
      if (direction.length === 2) rect.setAttribute('fill-opacity', '0.35')
      rect.style.cursor = `${direction}-resize`
      // Right after the card (and its other handles), in the card's parent's user space.
      lastSvgHandle.after(rect)
      lastSvgHandle = rect
      svgHandles.set(rect, direction)
      made.push(rect)
      handle = rect
    }
    if (handle) detachers.push(attach(handle, direction))
  }
  const stopFollowing =
    svgBox && svgHandles.size > 0
      ? followSvgCard(element as SVGGraphicsElement, svgBox, svgHandles)
      : () => {}
  return () => {
    stopFollowing()
    for (const detach of detachers) detach()
    for (const handle of made) handle.remove()
  }
}

/** The size attributes of an SVG card that a resize writes, as live lengths. */
interface SvgBox {
  x: SVGAnimatedLength
  y: SVGAnimatedLength
  width: SVGAnimatedLength
  height: SVGAnimatedLength
}

/** The position and size lengths of `element` (a `<rect>`, `<image>`, ...), or null for a shape without them. */
function sizedSvgBox(element: Element): SvgBox | null {
  const { x, y, width, height } = element as Partial<Record<keyof SvgBox, unknown>>
  // A DOM without SVG's interfaces (a test's jsdom) has no sized SVG elements either.
  if (typeof SVGAnimatedLength === 'undefined') return null
  return [x, y, width, height].every((length) => length instanceof SVGAnimatedLength)
    ? (element as unknown as SvgBox)
    : null
}

/**
 * Keeps the `<rect>` handles of an SVG card on its edges: each takes the card's
 * `transform` (where the world writes its moves) and is placed from the card's `x`, `y`,
 * `width` and `height` (where a resize writes its size), whenever one of them changes. A
 * MutationObserver runs before the frame is drawn, so the handle never lags a frame.
 * Returns the function that stops it.
 */
function followSvgCard(
  card: SVGGraphicsElement,
  box: SvgBox,
  handles: ReadonlyMap<SVGRectElement, ResizeDirection>,
): () => void {
  // HANDLE_SIZE screen pixels in the card's user units, read once (getScreenCTM lays the
  // page out: reading it at every write would lay it out again after each handle's write).
  const scale = card.getScreenCTM()
  const size = scale ? HANDLE_SIZE / Math.hypot(scale.a, scale.b) : HANDLE_SIZE
  const place = () => {
    const transform = card.getAttribute('transform')
    const x = box.x.baseVal.value
    const y = box.y.baseVal.value
    const width = box.width.baseVal.value
    const height = box.height.baseVal.value
    for (const [handle, direction] of handles) {
      if (transform === null) handle.removeAttribute('transform')
      else handle.setAttribute('transform', transform)
      const thickness = direction.length === 1 ? size / 2 : size
      // Corners: a square inside the corner; sides: a strip along the side between them.
      const handleWidth =
        direction === 'n' || direction === 's' ? Math.max(0, width - 2 * size) : thickness
      const handleHeight =
        direction === 'e' || direction === 'w' ? Math.max(0, height - 2 * size) : thickness
      const left = direction.includes('e')
        ? x + width - handleWidth
        : direction.includes('w')
          ? x
          : x + size
      const top = direction.includes('s')
        ? y + height - handleHeight
        : direction.includes('n')
          ? y
          : y + size
      handle.setAttribute('x', String(left))
      handle.setAttribute('y', String(top))
      handle.setAttribute('width', String(handleWidth))
      handle.setAttribute('height', String(handleHeight))
    }
  }
  place()
  const observer = new MutationObserver(place)
  observer.observe(card, { attributeFilter: ['transform', 'x', 'y', 'width', 'height'] })
  return () => observer.disconnect()
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
