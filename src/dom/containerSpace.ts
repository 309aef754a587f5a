import type { Rect, Vec2 } from '../core/geometry/types.js'
import { affineFrom, invertAffine, mapRectBounds, type Affine } from './affine.js'

/**
 * A world container's coordinate space, measured once (on mount, on resize, at the start
 * of a drag) and then used without touching layout again.
 *
 * World space of an HTML container: CSS pixels of the container's padding box before any
 * ancestor transform, origin at its top-left when scrolled to the start, so a body keeps
 * its coordinates while the page or the container scrolls. World space of an `<svg>`
 * container: the svg's user units (its `viewBox`).
 */
export interface ContainerSpace {
  /** Maps viewport (client) coordinates, as in `PointerEvent.clientX`, to world coordinates. */
  clientToWorld: Affine
  /** The container's edges in world coordinates: its padding box (HTML) or visible area (SVG). */
  edges: Rect
  /**
   * The top-left of the container's content box in world coordinates (HTML: its padding,
   * as world space starts at the padding box; SVG: the visible area's top-left): where a
   * snapping grid starts.
   */
  content: Vec2
}

/** Whether an element is an `<svg>` or lives inside one (and so measures through CTMs). */
export function isSvgGraphics(element: Element): element is SVGGraphicsElement {
  return typeof SVGGraphicsElement !== 'undefined' && element instanceof SVGGraphicsElement
}

/**
 * Measures a container's space. Reads layout: call it outside the frame loop.
 *
 * Returns `null` while the container, HTML or `<svg>`, is not rendered (`display: none` on
 * it or an ancestor, or detached): it has no box to map through yet, and its elements have
 * no size either. A ResizeObserver on the container sees the moment it renders. Also
 * `null` while a transform collapses it (`scale(0)` on it or an ancestor, the first frame
 * of many entrance animations): no point of the screen maps back into it (the inverse
 * scale is infinite, and made NaN of every body's position). A transform changes no layout
 * size, so no ResizeObserver callback comes when it grows back: call `remeasure()` then.
 */
export function measureContainerSpace(
  container: HTMLElement | SVGSVGElement,
): ContainerSpace | null {
  // Only the missing box (no client rects) tells: Chromium measures an HTML element that is
  // not rendered as an empty box at the viewport's origin, and gives such an svg an
  // identity screen CTM instead of null.
  if (container.getClientRects().length === 0) return null
  if (isSvgGraphics(container)) return measureSvgSpace(container)
  return measureHtmlSpace(container)
}

/** An element's border box before any transform, in CSS pixels. */
export interface LayoutSize {
  width: number
  height: number
}

/**
 * An element's border-box size before transforms, from its computed style: fractional,
 * unlike `offsetWidth`, which is rounded to whole pixels (a 400.5 px wide container read as
 * 401 px gave a scale of 0.99875 where there was no transform, and every measurement was
 * off by 0.125%: 0.25 px at x = 200). `offsetWidth` and `offsetHeight` when the style has
 * no length (`auto` on an inline element).
 */
export function layoutSize(
  element: HTMLElement | SVGSVGElement,
  style: CSSStyleDeclaration,
): LayoutSize {
  const offsets = element as Partial<Pick<HTMLElement, 'offsetWidth' | 'offsetHeight'>>
  const { paddingLeft, paddingRight, borderLeftWidth, borderRightWidth } = style
  const { paddingTop, paddingBottom, borderTopWidth, borderBottomWidth } = style
  return {
    width: borderBoxLength(
      style,
      style.width,
      [paddingLeft, paddingRight, borderLeftWidth, borderRightWidth],
      offsets.offsetWidth ?? 0,
    ),
    height: borderBoxLength(
      style,
      style.height,
      [paddingTop, paddingBottom, borderTopWidth, borderBottomWidth],
      offsets.offsetHeight ?? 0,
    ),
  }
}

/**
 * One side of {@link layoutSize}: the computed `length`, plus the paddings and borders on
 * that axis unless `box-sizing` already counts them; `fallback` when it is not a length.
 */
function borderBoxLength(
  style: CSSStyleDeclaration,
  length: string,
  edges: readonly string[],
  fallback: number,
): number {
  const content = parseFloat(length)
  if (!Number.isFinite(content)) return fallback
  if (style.boxSizing === 'border-box') return content
  return edges.reduce((sum, edge) => sum + lengthOf(edge), content)
}

/** A computed length in pixels ("2.5px"), 0 for none. */
function lengthOf(value: string): number {
  const pixels = parseFloat(value)
  return Number.isFinite(pixels) ? pixels : 0
}

function measureHtmlSpace(container: HTMLElement): ContainerSpace | null {
  const box = container.getBoundingClientRect()
  const style = getComputedStyle(container)
  const size = layoutSize(container, style)
  // An ancestor's CSS scale shows as the ratio of the transformed box to the layout size.
  const scaleX = size.width > 0 ? box.width / size.width : 1
  const scaleY = size.height > 0 ? box.height / size.height : 1
  if (scaleX === 0 || scaleY === 0) return null
  const borderLeft = lengthOf(style.borderLeftWidth)
  const borderTop = lengthOf(style.borderTopWidth)
  const clientToWorld: Affine = {
    a: 1 / scaleX,
    b: 0,
    c: 0,
    d: 1 / scaleY,
    e: -box.left / scaleX - borderLeft + container.scrollLeft,
    f: -box.top / scaleY - borderTop + container.scrollTop,
  }
  // The padding box: client sizes (which leave out scrollbars), with the fraction of a pixel
  // that their rounding dropped put back.
  const edges = {
    x: 0,
    y: 0,
    width: container.clientWidth + size.width - container.offsetWidth,
    height: container.clientHeight + size.height - container.offsetHeight,
  }
  const content = { x: lengthOf(style.paddingLeft), y: lengthOf(style.paddingTop) }
  return { clientToWorld, edges, content }
}

function measureSvgSpace(svg: SVGGraphicsElement): ContainerSpace | null {
  const screen = svg.getScreenCTM()
  // Collapsed by a zero scale: no inverse (see measureContainerSpace).
  if (!screen || screen.a * screen.d - screen.b * screen.c === 0) return null
  const clientToWorld = invertAffine(affineFrom(screen))
  const box = svg.getBoundingClientRect()
  const edges = mapRectBounds(clientToWorld, {
    x: box.left,
    y: box.top,
    width: box.width,
    height: box.height,
  })
  return { clientToWorld, edges, content: { x: edges.x, y: edges.y } }
}
