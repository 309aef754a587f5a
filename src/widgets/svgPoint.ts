import type { Vec2 } from '../core/index.js'

/**
 * Converts a pointer's client coordinates into an `<svg>`'s user units, so a demo stays
 * right however the story canvas is scrolled, zoomed or scaled.
 */
export function svgPoint(svg: SVGSVGElement, clientX: number, clientY: number): Vec2 {
  const matrix = svg.getScreenCTM()
  if (!matrix) return { x: clientX, y: clientY }
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse())
  return { x: point.x, y: point.y }
}
