import type { Vec2 } from '../core/geometry/types.js'
import type { BodyElement } from './elementBox.js'

/** The client pixels of padding and border around an HTML element's CSS width and height. */
const frameOf = new WeakMap<Element, Vec2>()

/**
 * Writes a body's size onto its element: an HTML element's CSS `width` and `height`
 * (less its padding and border when its `box-sizing` is `content-box`: the world's size is
 * the border box); an SVG `<rect>`, or an `<image>`, `<foreignObject>` or nested `<svg>`
 * with a `width` attribute, its `width` and `height` attributes. Other SVG shapes have no
 * size to set and are left as they are. The first write to an HTML element reads its
 * computed style once ({@link prepareSizeWrites} does it earlier, outside a frame's writes).
 */
export function writeElementSize(element: BodyElement, width: number, height: number): void {
  if (element instanceof HTMLElement) {
    const frame = frameOf.get(element) ?? prepareSizeWrites(element)
    element.style.width = `${Math.max(0, width - frame.x)}px`
    element.style.height = `${Math.max(0, height - frame.y)}px`
  } else if (element.localName === 'rect' || element.hasAttribute('width')) {
    element.setAttribute('width', String(width))
    element.setAttribute('height', String(height))
  }
}

/**
 * Reads (a layout read) what {@link writeElementSize} needs of an HTML element: how much
 * its border box exceeds its CSS `width` and `height`. Call it before a frame writes.
 */
export function prepareSizeWrites(element: Element): Vec2 {
  const frame = { x: 0, y: 0 }
  if (element instanceof HTMLElement) {
    const style = getComputedStyle(element)
    frame.x = element.offsetWidth - parseFloat(style.width) || 0
    frame.y = element.offsetHeight - parseFloat(style.height) || 0
  }
  frameOf.set(element, frame)
  return frame
}
