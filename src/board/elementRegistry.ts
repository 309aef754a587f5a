import type { Rect, Vec2 } from '../core/geometry/types.js'
import type { BodyId, World } from '../core/world/types.js'
import { measureContainerSpace, type ContainerSpace } from '../dom/containerSpace.js'
import { createElementBox, type BodyElement, type ElementBox } from '../dom/elementBox.js'
import { bodyPatchOf, type AABBBodyOptions } from './bodyOptions.js'
import { boundsWallName } from './boundsWalls.js'

/**
 * What one `useAABBBody` call remembers across the bodies it registers (StrictMode's
 * remount, a new element, `display: none` and back): `initialPosition` places only its
 * first body. That body counts as placed once a frame has drawn it, not when it is
 * created, so StrictMode's remount (before any frame) places its body again.
 */
export interface InitialPlacement {
  /** A body of this hook was drawn, or created without `initialPosition`: later bodies start where their element shows. */
  done: boolean
  /**
   * Where the hook's last body was when it left the world with its element still
   * registered under another id (the `id` option changed): the body of the new id starts
   * there, on the same element, instead of where layout puts the element.
   */
  carried?: { element: BodyElement; x: number; y: number } | undefined
}

/** One registered element and its body. */
export interface BodyEntry {
  id: BodyId
  element: BodyElement
  box: ElementBox
  /** The hook's latest options (a ref, so callbacks can change without re-registering). */
  options: { readonly current: AABBBodyOptions }
  /** Whether `initialPosition` may still place the body (see {@link InitialPlacement}). */
  placement: InitialPlacement
  /** In the world: it had a size when last measured. */
  active: boolean
  /** Where `onMoveEnd` last saw it rest (its start at first): a frame that ends there reports nothing. */
  rest: Vec2
}

/** What the registry tells its store. */
export interface ElementRegistryEvents {
  /**
   * A registered element got a size and its body was added to the world; `displaced` when
   * it starts away from where the element shows (`initialPosition`), so it must be drawn.
   */
  added(entry: BodyEntry, displaced: boolean): void
  /** An element lost its size or was unregistered: its body must leave the world. */
  removed(entry: BodyEntry): void
  /** An active element was measured again (resize, remeasure): its new box. */
  resized(entry: BodyEntry, rect: Rect): void
  /** The container was measured again (it resized). */
  containerResized(space: ContainerSpace): void
  /**
   * A ResizeObserver callback made all its measurements. It runs after layout and before
   * the paint of the same frame, so what the store writes now is painted with the sizes.
   */
  resizesMeasured(): void
  /** The number of elements in the world changed. */
  countChanged(count: number): void
}

/**
 * The elements of one world and the layout reads they need: measuring on registration,
 * on a ResizeObserver callback and on `remeasure`, never in a frame. An element enters
 * the world when it first has a size (`display: none` keeps it out) and leaves when it
 * loses it or unregisters. While the container cannot be measured (it is not rendered,
 * HTML or `<svg>`) no element has a size: the ResizeObserver callback that comes when it
 * renders measures them.
 */
export interface ElementRegistry {
  /** The container, once attached. */
  readonly container: HTMLElement | SVGSVGElement | null
  /** Registers an element as body `id`; returns the function that removes exactly this registration. */
  register(
    id: BodyId,
    element: BodyElement,
    options: { readonly current: AABBBodyOptions },
    placement: InitialPlacement,
  ): () => void
  get(id: BodyId): BodyEntry | undefined
  /**
   * Uses `container` as the world's space and measures the elements waiting for it.
   * Returns its space, or null if it cannot be measured yet (not rendered, HTML or `<svg>`).
   */
  attach(container: HTMLElement | SVGSVGElement): ContainerSpace | null
  /** Forgets the container and stops observing sizes. */
  detach(): void
  /**
   * The container's space measured now (a layout read), or null before `attach` and while
   * it cannot be measured (not rendered, HTML or `<svg>`).
   */
  measureSpace(): ContainerSpace | null
  /** Measures one element, or all of them, again. */
  remeasure(id?: BodyId): void
  /**
   * Says that the page may have laid the elements out anew without any size changing (a
   * sibling added or removed, a card re-rendered with other styles): once the current task
   * ends (a microtask, so a React commit is complete), every element's layout origin is
   * measured again, however many calls came. The world keeps each body where it is; only the
   * written offsets follow, so no card jumps when the layout under it moves. Registering and
   * unregistering call it themselves.
   */
  layoutMayHaveMoved(): void
  /** The name announcements use: the `label` option, else `aria-label`, else the id ("the left edge" for a wall). */
  labelOf(id: BodyId): string
}

/**
 * Whether the page lays `element` out in its flow, so that a change of its size moves its
 * siblings: an HTML element that is not absolutely positioned or fixed. SVG
 * shapes are placed by their attributes, never by a sibling's size.
 */
function inPageFlow(element: Element): boolean {
  if (!(element instanceof HTMLElement)) return false
  const { position } = getComputedStyle(element)
  return position !== 'absolute' && position !== 'fixed'
}

/** Creates the element registry of `world`. */
export function createElementRegistry(
  world: World,
  events: ElementRegistryEvents,
): ElementRegistry {
  const bodies = new Map<BodyId, BodyEntry>()
  const byElement = new Map<Element, BodyEntry>()
  let container: HTMLElement | SVGSVGElement | null = null
  let resizeObserver: ResizeObserver | null = null
  let count = 0
  let layoutCheckQueued = false

  function remeasureAll(): void {
    if (!container) return
    const space = measureContainerSpace(container)
    for (const entry of bodies.values()) measure(entry, space)
  }

  function layoutMayHaveMoved(): void {
    if (layoutCheckQueued) return
    layoutCheckQueued = true
    queueMicrotask(() => {
      layoutCheckQueued = false
      remeasureAll()
    })
  }

  function setCount(next: number): void {
    if (next === count) return
    count = next
    events.countChanged(count)
  }

  function observe(element: Element): void {
    if (!resizeObserver && typeof ResizeObserver !== 'undefined') {
      resizeObserver = new ResizeObserver(onResize)
    }
    resizeObserver?.observe(element)
  }

  function onResize(entries: ResizeObserverEntry[]): void {
    if (!container) return
    const space = measureContainerSpace(container)
    let everyElement = false
    for (const { target } of entries) {
      if (target === container) {
        if (space) events.containerResized(space)
        everyElement = true
      } else {
        const entry = byElement.get(target)
        if (!entry) continue
        // A card the page lays out (in its flow: a flex or grid item, a block) moves the
        // cards laid out after it when its size changes: their layout origins are measured
        // again too, as when the container resizes, so their written offsets follow.
        if (inPageFlow(entry.element)) everyElement = true
        else measure(entry, space)
      }
    }
    if (everyElement) for (const entry of bodies.values()) measure(entry, space)
    events.resizesMeasured()
  }

  /**
   * Where a new body starts: where the hook's previous body on this element was, when only
   * its id changed; at `initialPosition` until the hook's first body has been drawn (see
   * {@link InitialPlacement}); else where the element shows (`rect` itself).
   */
  function startOf(entry: BodyEntry, rect: Rect): Vec2 {
    const { carried } = entry.placement
    entry.placement.carried = undefined
    if (carried?.element === entry.element) return carried
    const { initialPosition } = entry.options.current
    if (initialPosition && !entry.placement.done) return initialPosition
    entry.placement.done = true
    return rect
  }

  function activate(entry: BodyEntry, rect: Rect): void {
    const start = startOf(entry, rect)
    world.add({
      ...bodyPatchOf(entry.options.current, rect),
      id: entry.id,
      x: start.x,
      y: start.y,
      width: rect.width,
      height: rect.height,
    })
    entry.active = true
    entry.rest.x = start.x
    entry.rest.y = start.y
    setCount(count + 1)
    events.added(entry, start !== rect)
  }

  function deactivate(entry: BodyEntry): void {
    entry.active = false
    setCount(count - 1)
    events.removed(entry)
  }

  /**
   * Reads one element's box: activates it once it has a size, deactivates it when it loses
   * it. Without a `space` (the container is not rendered) the element has none either.
   */
  function measure(entry: BodyEntry, space: ContainerSpace | null): void {
    const rect = space && entry.box.measure(space)
    if (!rect) {
      if (entry.active) deactivate(entry)
    } else if (!entry.active) {
      activate(entry, rect)
    } else {
      events.resized(entry, rect)
    }
  }

  function unregister(entry: BodyEntry): void {
    if (bodies.get(entry.id) !== entry) return
    bodies.delete(entry.id)
    byElement.delete(entry.element)
    resizeObserver?.unobserve(entry.element)
    if (entry.active) {
      // For a registration of the same element under a new id (see InitialPlacement).
      if (world.has(entry.id)) {
        const { x, y } = world.get(entry.id)
        entry.placement.carried = { element: entry.element, x, y }
      }
      deactivate(entry)
    }
    entry.box.restore()
    entry.element.removeAttribute('data-aabb-body')
    layoutMayHaveMoved()
  }

  return {
    get container() {
      return container
    },
    register(id, element, options, placement) {
      if (bodies.has(id) || world.has(id)) {
        throw new Error(
          `useAABBBody: the id "${id}" is already used by another body in this <PhysicsWorld>`,
        )
      }
      const entry: BodyEntry = {
        id,
        element,
        box: createElementBox(element),
        options,
        placement,
        active: false,
        rest: { x: 0, y: 0 },
      }
      bodies.set(id, entry)
      byElement.set(element, entry)
      element.setAttribute('data-aabb-body', id)
      if (container) {
        observe(element)
        measure(entry, measureContainerSpace(container))
        layoutMayHaveMoved()
      }
      return () => unregister(entry)
    },
    get: (id) => bodies.get(id),
    attach(element) {
      container = element
      const space = measureContainerSpace(element)
      observe(element)
      for (const entry of bodies.values()) {
        observe(entry.element)
        if (!entry.active) measure(entry, space)
      }
      return space
    },
    detach() {
      resizeObserver?.disconnect()
      resizeObserver = null
      container = null
    },
    measureSpace: () => (container ? measureContainerSpace(container) : null),
    remeasure(id) {
      if (id === undefined) return remeasureAll()
      const entry = bodies.get(id)
      if (container && entry) measure(entry, measureContainerSpace(container))
    },
    layoutMayHaveMoved,
    labelOf(id) {
      const entry = bodies.get(id)
      if (entry)
        return entry.options.current.label ?? entry.element.getAttribute('aria-label') ?? id
      return boundsWallName(id) ?? id
    },
  }
}
