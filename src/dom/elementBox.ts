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
import { isSvgGraphics, layoutSize, type ContainerSpace } from './containerSpace.js'

/** An element the world can move: an HTML element or an SVG shape/group. */
export type BodyElement = HTMLElement | SVGGraphicsElement

/**
 * One element seen as a box in world space. It remembers where layout put the element
 * (its origin) and the offset it shows on top (its own `translate` until the first write,
 * then what was written), so a measurement taken while the element is displaced still
 * finds the layout origin, and `restore` can undo exactly its writes.
 */
export interface ElementBox {
  /**
   * Reads the element's box as displayed now, in world coordinates: an HTML element's own
   * `translate` (inline or from a stylesheet) included, as the user sees it. Reads layout
   * and styles: call it on mount, from a ResizeObserver or on an explicit remeasure, never
   * in the frame loop. Returns `null` while the element has no size (`display: none`, detached).
   */
  measure(space: ContainerSpace): Rect | null
  /**
   * Displaces the element so its box's top-left shows at world `(x, y)`, to the thousandth
   * of a pixel. Writes only, and only when that differs from what the element shows. An
   * HTML element's own `translate` is replaced by an offset that already contains it (it
   * was part of the measured box), so it is not added twice; a z part of it is kept.
   */
  write(x: number, y: number): void
  /** Puts back the element's own inline `translate` style (HTML) or `transform` attribute (SVG). */
  restore(): void
}

/**
 * Written offsets are rounded to thousandths of a CSS pixel (an SVG user unit): far below
 * a device pixel at any devicePixelRatio, so motion stays smooth and an element shows at
 * most 0.0005 px from where the world says, in motion and at rest alike.
 */
const unitsPerPixel = 1000

/**
 * The decimal part of each count of thousandths, without trailing zeros: ".001" to
 * ".999" (".25" for 250). Printing the integer part and looking the fraction up is cheaper
 * than printing a double, and it runs for every moved element in every frame (measured:
 * bench/RESULTS.md, "Design choices and their measurements").
 */
const thousandths = Array.from({ length: unitsPerPixel }, (_, index) =>
  `.${String(index).padStart(3, '0')}`.replace(/0+$/, ''),
)

/** Prints an integer count of thousandths as a decimal: 12345 -> "12.345", -50 -> "-0.05". */
function formatThousandths(units: number): string {
  const magnitude = units < 0 ? -units : units
  const fraction = magnitude % unitsPerPixel
  const whole = (magnitude - fraction) / unitsPerPixel
  const sign = units < 0 ? '-' : ''
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}${thousandths[fraction]}`
}

/**
 * Wraps an element. HTML elements are moved with the CSS `translate` property, which
 * composes with (and so keeps) the user's `transform`; their own `translate` is measured
 * as part of where they show and then replaced by the written offset, which includes it
 * (pixel values only: percentages and `calc()` are warned about); so is an outermost
 * `<svg>`, a CSS box too. SVG elements inside an `<svg>` get `translate(dx dy)` prepended to
 * their own `transform` attribute: it acts in the parent's user space, so world offsets are
 * converted through the parent's CTM.
 */
export function createElementBox(element: BodyElement): ElementBox {
  return isSvgGraphics(element) && element.ownerSVGElement !== null
    ? createSvgBox(element)
    : // An outermost <svg> is a CSS box of the HTML layout: measured by its border box (not
      // by getBBox, the bounds of what it draws) and moved by `translate`, as HTML is.
      createHtmlBox(element as CssBoxElement)
}

/** An element laid out as a CSS box: an HTML element, or an outermost `<svg>`. */
type CssBoxElement = HTMLElement | SVGSVGElement

/**
 * The bookkeeping both kinds of box share: the layout origin, and the offset the element
 * shows on top of it (what was last written, rounded; before any write, an HTML element's
 * own translate). A measurement taken while the element is displaced finds the origin by
 * taking away exactly what it shows, so measuring again never shifts the origin by a
 * rounding error.
 */
interface LayoutOffset {
  /** Records a measurement of the box as displayed now and returns it. */
  measured(rect: Rect): Rect
  /** The offset that would show the box's top-left at world `(x, y)`; returns it (reused). */
  offsetTo(x: number, y: number): Readonly<Vec2>
  /** Records the offset the element shows now, in world units: after a write, or its own before any. */
  shows(x: number, y: number): void
  /**
   * Forgets the written offset: the element shows at its layout origin again, plus what
   * its own styles add (an HTML box records that with `shows` when it measures).
   */
  reset(): void
}

function createLayoutOffset(): LayoutOffset {
  const origin: Vec2 = { x: 0, y: 0 }
  // Objects for the life of the box: writes run in the frame loop and allocate nothing.
  const offset: Vec2 = { x: 0, y: 0 }
  const shown: Vec2 = { x: 0, y: 0 }
  return {
    measured(rect) {
      origin.x = rect.x - shown.x
      origin.y = rect.y - shown.y
      return rect
    },
    offsetTo(x, y) {
      offset.x = x - origin.x
      offset.y = y - origin.y
      return offset
    },
    shows(x, y) {
      shown.x = x
      shown.y = y
    },
    reset() {
      shown.x = 0
      shown.y = 0
    },
  }
}

/**
 * What the element shows: the offset last written, rounded to thousandths. A write that
 * rounds to it is skipped: Chromium would parse the string again only to find the value
 * unchanged, and parsing is most of what a write costs.
 */
interface WrittenOffset {
  /** The offset last written, in thousandths (see {@link formatThousandths}). */
  readonly units: Readonly<Vec2>
  /** Rounds `(x, y)` into `units`; returns whether that changed them (and so must be written). */
  changedTo(x: number, y: number): boolean
  /** Whether an offset is written (and so shows), rather than the element's own styles. */
  isWritten(): boolean
  /** Nothing is written any more: the next `changedTo` returns `true`. */
  forget(): void
}

function createWrittenOffset(): WrittenOffset {
  // NaN matches no rounded offset, so the first write always happens.
  const units: Vec2 = { x: Number.NaN, y: Number.NaN }
  return {
    units,
    changedTo(x, y) {
      const unitsX = Math.round(x * unitsPerPixel)
      const unitsY = Math.round(y * unitsPerPixel)
      if (unitsX === units.x && unitsY === units.y) return false
      units.x = unitsX
      units.y = unitsY
      return true
    },
    isWritten() {
      return !Number.isNaN(units.x)
    },
    forget() {
      units.x = Number.NaN
      units.y = Number.NaN
    },
  }
}

/**
 * An HTML element's own `translate`, in CSS pixels of its parent (world units: the world
 * container and its bodies share one scale), as it shows before the box writes.
 */
interface OwnTranslate {
  x: number
  y: number
  /** The z part as written after x and y (`" 30px"`), or `""`: kept in every write. */
  zSuffix: string
}

/** Elements already warned about an own translate not in pixels: measured again, they stay quiet. */
const warnedOwnTranslates = new WeakSet<Element>()

/**
 * Reads the `translate` the element's own styles give it (inline or from a stylesheet)
 * into `into`. Reads styles: measure time only. Only pixel values are understood, to the
 * six significant digits computed values carry (exact for whole and few-decimal pixels).
 * Percentages and `calc()` depend on the element's size, which a write cannot follow: they
 * count as no translate, so the element shows off by them, and a warning names them once.
 * A z part is kept as it is; under an ancestor's `perspective` it also moves the element
 * on screen, which the world does not model.
 */
function readOwnTranslate(element: CssBoxElement, into: OwnTranslate): void {
  const value = getComputedStyle(element).translate
  // Computed lengths are absolute ("2em" reads "32px"); "none" or missing is no translate.
  const parts = value === '' || value === 'none' ? [] : value.split(' ')
  const pixels = parts.map((part) => (part.endsWith('px') ? Number(part.slice(0, -2)) : NaN))
  if (!pixels.every(Number.isFinite)) {
    warnOwnTranslateOnce(element, value)
    pixels.length = 0
  }
  into.x = pixels[0] ?? 0
  into.y = pixels[1] ?? 0
  into.zSuffix = (pixels[2] ?? 0) !== 0 ? ` ${parts[2]}` : ''
}

function warnOwnTranslateOnce(element: CssBoxElement, value: string): void {
  if (warnedOwnTranslates.has(element)) return
  warnedOwnTranslates.add(element)
  console.warn(
    `react-aabb: a body's own CSS translate "${value}" is not in pixels (percentages and ` +
      'calc() are not supported), so the body shows off by it once moved. Use px values.',
    element,
  )
}

/**
 * World units per CSS pixel of the element's own `translate`, by axis, into `out`: 1 unless
 * an ancestor inside the container is scaled (a zoomed canvas, where a translate of 10 px
 * moves the element 20 units under `scale(2)`). Read from the nearest ancestor with a box:
 * its size on screen over its layout size, times the container's world units per screen
 * pixel. Rotations and skews of ancestors are not followed (the world is axis-aligned).
 */
function measureTranslateScale(element: CssBoxElement, space: ContainerSpace, out: Vec2): void {
  let ancestor = element.parentElement
  while (ancestor && !(ancestor.offsetWidth > 0 && ancestor.offsetHeight > 0)) {
    ancestor = ancestor.parentElement
  }
  out.x = 1
  out.y = 1
  if (!ancestor) return
  const box = ancestor.getBoundingClientRect()
  const size = layoutSize(ancestor, getComputedStyle(ancestor))
  // The ancestor's scale over the container's is 1 up to rounding when nothing between
  // them is transformed: kept exactly 1 then, so writes are the offsets themselves.
  const scaleX = (box.width / size.width) * space.clientToWorld.a
  const scaleY = (box.height / size.height) * space.clientToWorld.d
  if (Number.isFinite(scaleX) && scaleX > 0 && Math.abs(scaleX - 1) > 1e-6) out.x = scaleX
  if (Number.isFinite(scaleY) && scaleY > 0 && Math.abs(scaleY - 1) > 1e-6) out.y = scaleY
}

function createHtmlBox(element: CssBoxElement): ElementBox {
  // Kept, not looked up per write: the frame loop writes every moved element.
  const style = element.style
  const ownInlineTranslate = style.translate
  const ownTranslate: OwnTranslate = { x: 0, y: 0, zSuffix: '' }
  const layout = createLayoutOffset()
  const written = createWrittenOffset()
  /** World units per pixel of translate ({@link measureTranslateScale}). */
  const scale: Vec2 = { x: 1, y: 1 }
  return {
    measure(space) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) return null
      measureTranslateScale(element, space, scale)
      // Until the first write the element shows its own translate, which is not layout:
      // taken out of the origin, it lives on in every written offset instead.
      if (!written.isWritten()) {
        readOwnTranslate(element, ownTranslate)
        layout.shows(ownTranslate.x * scale.x, ownTranslate.y * scale.y)
      }
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
      if (!written.changedTo(offset.x / scale.x, offset.y / scale.y)) return
      const { units } = written
      style.translate = `${formatThousandths(units.x)}px ${formatThousandths(units.y)}px${ownTranslate.zSuffix}`
      layout.shows((units.x / unitsPerPixel) * scale.x, (units.y / unitsPerPixel) * scale.y)
    },
    restore() {
      style.translate = ownInlineTranslate
      layout.reset()
      written.forget()
    },
  }
}

function createSvgBox(element: SVGGraphicsElement): ElementBox {
  const ownTransform = element.getAttribute('transform')
  const suffix = ownTransform ? ` ${ownTransform}` : ''
  const layout = createLayoutOffset()
  // Scratch points: the offset in the parent's units, and what was written back in world units.
  const local: Vec2 = { x: 0, y: 0 }
  const shown: Vec2 = { x: 0, y: 0 }
  const written = createWrittenOffset()
  // The parent's user space (where the written translate acts) and world space, both ways.
  let parentToWorld: Affine = affineFrom(identityAffine)
  let worldToParent: Affine = affineFrom(identityAffine)
  return {
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
      parentToWorld = parentScreen
        ? composeAffine(space.clientToWorld, affineFrom(parentScreen))
        : affineFrom(identityAffine)
      worldToParent = invertAffine(parentToWorld)
      return layout.measured(rect)
    },
    write(x, y) {
      const offset = layout.offsetTo(x, y)
      applyLinearInto(local, worldToParent, offset.x, offset.y)
      if (!written.changedTo(local.x, local.y)) return
      const { units } = written
      element.setAttribute(
        'transform',
        `translate(${formatThousandths(units.x)} ${formatThousandths(units.y)})${suffix}`,
      )
      applyLinearInto(shown, parentToWorld, units.x / unitsPerPixel, units.y / unitsPerPixel)
      layout.shows(shown.x, shown.y)
    },
    restore() {
      if (ownTransform === null) element.removeAttribute('transform')
      else element.setAttribute('transform', ownTransform)
      layout.reset()
      written.forget()
    },
  }
}
