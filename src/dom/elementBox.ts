import type { Rect, Vec2 } from '../core/geometry/types.js'
import {
  affineFrom,
  applyLinearInto,
  composeAffine,
  identityAffine,
  invertAffine,
  mapRectBounds,
  type Affine,
} from './affine.js'
import { isSvgGraphics, type ContainerSpace } from './containerSpace.js'

/** An element the world can move: an HTML element or an SVG shape/group. */
export type BodyElement = HTMLElement | SVGGraphicsElement

/**
 * One element seen as a box in world space. It remembers where layout put the element
 * (its origin) and the offset it wrote on top, so a measurement taken while the element
 * is displaced still finds the layout origin, and `restore` can undo exactly its writes.
 */
export interface ElementBox {
  readonly element: BodyElement
  /**
   * Reads the element's box as displayed now, in world coordinates. Reads layout: call
   * it on mount, from a ResizeObserver or on an explicit remeasure, never in the frame loop.
   * Returns `null` while the element has no size (`display: none`, detached).
   */
  measure(space: ContainerSpace): Rect | null
  /** Displaces the element so its box's top-left shows at world `(x, y)`. Writes only. */
  write(x: number, y: number): void
  /** Puts back the element's own `translate` style (HTML) or `transform` attribute (SVG). */
  restore(): void
}

/** Three decimals are far below a device pixel and keep the written strings short. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000
}

/**
 * Wraps an element. HTML elements are moved with the CSS `translate` property, which
 * composes with (and so keeps) the user's `transform`. SVG elements get
 * `translate(dx dy)` prepended to their own `transform` attribute: it acts in the
 * parent's user space, so world offsets are converted through the parent's CTM.
 */
export function createElementBox(element: BodyElement): ElementBox {
  return isSvgGraphics(element) ? createSvgBox(element) : createHtmlBox(element)
}

/**
 * The bookkeeping both kinds of box share: the layout origin (what is measured minus the
 * offset already written, so a measurement taken while displaced still finds it) and the
 * offset written on top of it.
 */
interface LayoutOffset {
  /** Records a measurement of the box as displayed now and returns it. */
  measured(rect: Rect): Rect
  /** Sets the offset that shows the box's top-left at world `(x, y)`; returns it (reused). */
  offsetTo(x: number, y: number): Readonly<Vec2>
  /** Forgets the written offset: the element shows at its layout origin again. */
  reset(): void
}

function createLayoutOffset(): LayoutOffset {
  const origin: Vec2 = { x: 0, y: 0 }
  // One object for the life of the box: write runs in the frame loop and allocates nothing.
  const offset: Vec2 = { x: 0, y: 0 }
  return {
    measured(rect) {
      origin.x = rect.x - offset.x
      origin.y = rect.y - offset.y
      return rect
    },
    offsetTo(x, y) {
      offset.x = x - origin.x
      offset.y = y - origin.y
      return offset
    },
    reset() {
      offset.x = 0
      offset.y = 0
    },
  }
}

function createHtmlBox(element: HTMLElement): ElementBox {
  const ownTranslate = element.style.translate
  const layout = createLayoutOffset()
  return {
    element,
    measure(space) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) return null
      return layout.measured(
        mapRectBounds(space.clientToWorld, {
          x: box.left,
          y: box.top,
          width: box.width,
          height: box.height,
        }),
      )
    },
    write(x, y) {
      const offset = layout.offsetTo(x, y)
      element.style.translate = `${round(offset.x)}px ${round(offset.y)}px`
    },
    restore() {
      element.style.translate = ownTranslate
      layout.reset()
    },
  }
}

function createSvgBox(element: SVGGraphicsElement): ElementBox {
  const ownTransform = element.getAttribute('transform')
  const suffix = ownTransform ? ` ${ownTransform}` : ''
  const layout = createLayoutOffset()
  const local: Vec2 = { x: 0, y: 0 }
  let worldToParent: Affine = affineFrom(identityAffine)
  return {
    element,
    measure(space) {
      const screen = element.getScreenCTM()
      if (!screen) return null
      const bbox = element.getBBox()
      if (bbox.width === 0 && bbox.height === 0) return null
      // getBBox is in the element's local units; its screen CTM includes its own
      // transform (ours too), so local -> client -> world lands on what is displayed.
      const rect = mapRectBounds(composeAffine(space.clientToWorld, affineFrom(screen)), bbox)
      const parent = element.parentNode
      const parentScreen =
        parent && isSvgGraphics(parent as Element)
          ? (parent as SVGGraphicsElement).getScreenCTM()
          : null
      worldToParent = parentScreen
        ? invertAffine(composeAffine(space.clientToWorld, affineFrom(parentScreen)))
        : affineFrom(identityAffine)
      return layout.measured(rect)
    },
    write(x, y) {
      const offset = layout.offsetTo(x, y)
      applyLinearInto(local, worldToParent, offset.x, offset.y)
      element.setAttribute('transform', `translate(${round(local.x)} ${round(local.y)})${suffix}`)
    },
    restore() {
      if (ownTransform === null) element.removeAttribute('transform')
      else element.setAttribute('transform', ownTransform)
      layout.reset()
    },
  }
}
