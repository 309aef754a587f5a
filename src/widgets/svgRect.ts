import type { Rect } from '../core/index.js'

/**
 * Writes a box into an SVG `<rect>`'s attributes. The animated demos call it from their
 * frame loops instead of re-rendering React on every frame.
 */
export function writeRect(element: SVGRectElement, rect: Rect): void {
  element.setAttribute('x', String(rect.x))
  element.setAttribute('y', String(rect.y))
  element.setAttribute('width', String(rect.width))
  element.setAttribute('height', String(rect.height))
}

/** Reads the box an SVG `<rect>` draws, in the `<svg>`'s user units (for play functions). */
export function readRect(element: Element): Rect {
  const read = (name: string) => {
    const value = Number(element.getAttribute(name))
    if (!Number.isFinite(value)) {
      throw new TypeError(`readRect: attribute "${name}" of the element is not a finite number`)
    }
    return value
  }
  return { x: read('x'), y: read('y'), width: read('width'), height: read('height') }
}
