import { lazy, Suspense, useId, useRef, useState, type HTMLAttributes, type ReactNode } from 'react'
import type { Vec2 } from '../core/geometry/types.js'
import { defaultSettings } from '../core/world/settings.js'
import type { ContactEvent, IntegratorName } from '../core/world/types.js'
import { describeValue } from '../core/geometry/validate.js'
import { visuallyHiddenStyle } from '../dom/announcer.js'
import { defaultScreenReaderInstructions, type Accessibility } from './accessibility.js'
import { createPhysicsStore, type Bounds } from './createPhysicsStore.js'
import type { FrameScheduler } from './frameLoop.js'
import { PhysicsContext } from './physicsContext.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'
import { useLatestRef } from './useLatestRef.js'
import { assertWorldProps } from './worldProps.js'

/**
 * Props of {@link PhysicsWorld}. Every other HTML attribute (`className`, `style`, `role`,
 * `aria-*`, event handlers, ...) goes to the container element.
 */
export interface PhysicsWorldProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Units (CSS pixels) per second squared, y down. @default { x: 0, y: 0 } */
  gravity?: Vec2
  /** Seconds per fixed step. @default 1 / 60 */
  fixedStep?: number
  /** @default 'euler' */
  integrator?: IntegratorName
  /** Stop stepping; drags, `move` and manual `step()` still work. @default false */
  paused?: boolean
  /**
   * Walls around the world: `'container'` makes the container's edges static walls
   * (re-measured when it resizes), a Rect puts them around that rect (world coordinates:
   * finite `x`, `y`, and `width`, `height` >= 0); `null` means none. The walls are static
   * bodies with the ids `aabb-bounds-left`, `-right`, `-top` and `-bottom`.
   * @default none
   */
  bounds?: Bounds
  /** Draw every body's box over the world. @default false */
  debug?: boolean
  /**
   * `'user'` follows `prefers-reduced-motion`; with reduced motion, bodies settle to rest
   * in one frame instead of animating. @default 'user'
   */
  reducedMotion?: 'user' | 'always' | 'never'
  /** Two bodies started touching (contacts are tracked only while a contact handler exists). */
  onContactStart?: (event: ContactEvent) => void
  /** Two bodies stopped touching. */
  onContactEnd?: (event: ContactEvent) => void
  /**
   * What screen readers are told: the key instructions and the `aria-live` announcements,
   * to translate or reword them (see {@link Accessibility}). @default English texts
   */
  accessibility?: Accessibility
  /**
   * The container element: an HTML element, or `'svg'` for a world in SVG user units. It may
   * change to another HTML element; a change between `'svg'` and HTML throws (the world's
   * units would change under its bodies): remount the world with a new `key` instead.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'main' | 'article' | 'ul' | 'ol' | 'svg'
  /** The svg's `viewBox` when `as="svg"`. */
  viewBox?: string
  /** The svg's `width` when `as="svg"`. */
  width?: number | string
  /** The svg's `height` when `as="svg"`. */
  height?: number | string
  /**
   * The world's content: elements with `useAABBBody` bodies, and anything else. Bodies may
   * sit deeper in the tree (or in a portal): the nearest `<PhysicsWorld>` above a hook owns it.
   */
  children?: ReactNode
  /** Where frames come from (tests run frames by hand). @default requestAnimationFrame */
  scheduler?: FrameScheduler
  /** Milliseconds clock used with `scheduler`. @default performance.now */
  now?: () => number
}

/**
 * The overlay `debug` draws, loaded on first use: a board app that never sets `debug` does
 * not ship the overlay (its drawing, the grid it rebuilds, the rays).
 */
const LazyDebugOverlay = lazy(() =>
  import('./DebugOverlay.js').then(({ DebugOverlay }) => ({ default: DebugOverlay })),
)

function boundsOf(bounds: PhysicsWorldProps['bounds']): Bounds {
  return bounds ?? null
}

/**
 * A physics world: renders its container (with `data-aabb-world`), which defines the
 * world's coordinate space, and runs the frame loop of the bodies registered inside it
 * with `useAABBBody`. Each instance has its own zustand store, provided by context.
 * Renders the same markup on the server; nothing touches the DOM before mount.
 * A world that is not rendered (an HTML or `as="svg"` container inside a `display: none`
 * tab panel) measures nothing until it renders: its bodies and `'container'` walls enter
 * the world when it shows.
 * It also renders, once, the `aria-live` region that announces key moves and the hidden
 * key instructions that keyboard-movable bodies point `aria-describedby` at.
 *
 * @example
 * <PhysicsWorld gravity={{ x: 0, y: 0 }} bounds="container">
 *   <Card id="a" /><Card id="b" />
 * </PhysicsWorld>
 * @throws TypeError or RangeError naming the prop (and the field of a `bounds` Rect or
 * `gravity`) for any bad prop, e.g. `<PhysicsWorld>: bounds.width must be a finite number
 * >= 0 (got NaN)`.
 */
export function PhysicsWorld(props: PhysicsWorldProps) {
  const {
    gravity,
    fixedStep,
    integrator,
    paused = false,
    bounds,
    debug = false,
    reducedMotion = 'user',
    as: Container = 'div',
    scheduler,
    now,
    onContactStart,
    onContactEnd,
    accessibility,
    children,
    style,
    ...attributes
  } = props
  assertWorldProps(props)
  const keyboardInstructionsId = useId()
  const [store] = useState(() =>
    createPhysicsStore({
      settings: {
        ...(gravity && { gravity }),
        ...(fixedStep !== undefined && { fixedStep }),
        ...(integrator && { integrator }),
      },
      paused,
      bounds: boundsOf(bounds),
      containerKind: Container === 'svg' ? 'svg' : 'html',
      keyboardInstructionsId,
      ...(scheduler && { scheduler }),
      ...(now && { now }),
    }),
  )
  // The store measures in the units of the container it was made for (user units in an
  // <svg>, CSS pixels otherwise): those cannot change under its bodies.
  if ((Container === 'svg') !== (store.getState().containerKind === 'svg')) {
    throw new Error(
      `<PhysicsWorld>: as cannot change between 'svg' and an HTML element after mount (got ${describeValue(Container)}): give the world a new key to remount it`,
    )
  }
  // Typed as a div for JSX; at runtime it is whatever `as` names (an <svg> included).
  const containerRef = useRef<HTMLDivElement>(null)
  const announcerRef = useRef<HTMLDivElement>(null)
  const contactHandlers = useLatestRef({ onContactStart, onContactEnd })
  const announcements = useLatestRef(accessibility?.announcements)

  // Before the container is attached below, which starts the frame loop: its first frame
  // must not animate what reduced motion settles.
  useIsomorphicLayoutEffect(() => {
    const { engine } = store.getState()
    if (reducedMotion !== 'user' || typeof matchMedia !== 'function') {
      engine.setReducedMotion(reducedMotion === 'always')
      return
    }
    const query = matchMedia('(prefers-reduced-motion: reduce)')
    const apply = () => engine.setReducedMotion(query.matches)
    apply()
    query.addEventListener('change', apply)
    return () => query.removeEventListener('change', apply)
  }, [store, reducedMotion])

  // Runs after the children's layout effects: their bodies registered and wait for the
  // container, which is measured here once for all of them. Again when `as` names another
  // element: React replaced the container (and remounted the children).
  useIsomorphicLayoutEffect(() => {
    const container = containerRef.current as HTMLElement | SVGSVGElement | null
    if (!container) return
    const { engine } = store.getState()
    engine.setContactHandlers(contactHandlers)
    engine.setAnnouncements(announcements)
    engine.attachAnnouncer(announcerRef.current)
    engine.attachContainer(container)
    return () => {
      engine.attachAnnouncer(null)
      engine.detachContainer()
    }
  }, [store, contactHandlers, announcements, Container])

  const watchesContacts = onContactStart !== undefined || onContactEnd !== undefined
  useIsomorphicLayoutEffect(() => {
    if (!watchesContacts) return
    return store.getState().engine.watchContacts()
  }, [store, watchesContacts])

  const hasGravity = gravity !== undefined
  const gravityX = gravity?.x
  const gravityY = gravity?.y
  useIsomorphicLayoutEffect(() => {
    // A prop not given gets the world's default, so removing one puts the default back. A
    // gravity without x or y reaches the world's check, which names the field.
    const defaults = defaultSettings()
    store.getState().engine.configure({
      gravity: hasGravity ? { x: gravityX as number, y: gravityY as number } : defaults.gravity,
      fixedStep: fixedStep ?? defaults.fixedStep,
      integrator: integrator ?? defaults.integrator,
    })
  }, [store, hasGravity, gravityX, gravityY, fixedStep, integrator])

  useIsomorphicLayoutEffect(() => {
    store.getState().engine.setPaused(paused)
  }, [store, paused])

  const boundsKey =
    bounds && typeof bounds === 'object'
      ? `${bounds.x},${bounds.y},${bounds.width},${bounds.height}`
      : bounds
  const latestBounds = useLatestRef(bounds)
  useIsomorphicLayoutEffect(() => {
    store.getState().engine.setBounds(boundsOf(latestBounds.current))
  }, [store, boundsKey, latestBounds])

  // The overlay needs a positioned container. Giving it one moves absolutely positioned
  // cards laid out against an ancestor, and no ResizeObserver sees a move: measure again
  // when `debug` changes that (the cards then show where the world has them).
  const positionedForDebug = debug && !style?.position
  const measuredPositioning = useRef(positionedForDebug)
  useIsomorphicLayoutEffect(() => {
    if (measuredPositioning.current === positionedForDebug) return
    measuredPositioning.current = positionedForDebug
    store.getState().engine.remeasure()
  }, [store, positionedForDebug])
  const containerStyle = positionedForDebug ? { position: 'relative' as const, ...style } : style
  const Element = Container as 'div'
  return (
    <PhysicsContext.Provider value={store}>
      <Element ref={containerRef} data-aabb-world="" style={containerStyle} {...attributes}>
        {children}
        {debug && (
          <Suspense fallback={null}>
            <LazyDebugOverlay />
          </Suspense>
        )}
      </Element>
      <div
        ref={announcerRef}
        role="status"
        aria-live="polite"
        data-aabb-announcer=""
        style={visuallyHiddenStyle}
      />
      {/* The accessible description of every keyboard-movable body (their
          `aria-describedby` points at it): one element per world, not one per body.
          `hidden`, as dnd-kit's: a description is read from a hidden element all the same,
          and the text is not a stray paragraph of the page (outside its landmarks when the
          world is one) for a screen reader reading on. */}
      <div id={keyboardInstructionsId} data-aabb-instructions="" hidden>
        {accessibility?.screenReaderInstructions ?? defaultScreenReaderInstructions}
      </div>
    </PhysicsContext.Provider>
  )
}
