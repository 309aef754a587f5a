import type { BodyElement } from './elementBox.js'

/** CSS pixels a computed length gives (0 for `auto` or anything unparsable). */
function pixels(value: string): number {
  const parsed = parseFloat(value)
  return Number.isFinite(parsed) ? parsed : 0
}

/**
 * Gives a body's element the size `width` x `height` (world units, the size its body is
 * measured at: an HTML element's border box, an SVG element's bounding box). HTML: the CSS
 * `width` and `height`, less padding and border under `box-sizing: content-box`; an SVG
 * `<rect>`, `<image>`, `<foreignObject>` or nested `<svg>`: its `width` and `height`
 * attributes. Other SVG shapes have no size to set and are left alone. Reads computed
 * style: call it outside the frame loop.
 */
export function writeElementSize(element: BodyElement, width: number, height: number): void {
  if (!(element instanceof HTMLElement)) {
    if (element.hasAttribute('width') || element.localName === 'rect') {
      element.setAttribute('width', String(width))
      element.setAttribute('height', String(height))
    }
    return
  }
  const style = getComputedStyle(element)
  const contentBox = style.boxSizing !== 'border-box'
  const extraX = contentBox
    ? pixels(style.paddingLeft) +
      pixels(style.paddingRight) +
      pixels(style.borderLeftWidth) +
      pixels(style.borderRightWidth)
    : 0
  const extraY = contentBox
    ? pixels(style.paddingTop) +
      pixels(style.paddingBottom) +
      pixels(style.borderTopWidth) +
      pixels(style.borderBottomWidth)
    : 0
  element.style.width = `${Math.max(0, width - extraX)}px`
  element.style.height = `${Math.max(0, height - extraY)}px`
}
