import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore } from 'react'
import { defaultSettings } from '../core/world/settings.js'
import { describeValue } from '../core/geometry/validate.js'
import { visuallyHiddenStyle } from '../dom/announcer.js'
import { defaultScreenReaderInstructions } from '../board/accessibility.js'
import { boundsKey, type Bounds } from '../board/boundsWalls.js'
import { createPhysicsStore } from '../board/createPhysicsStore.js'
import { sameLayout, type Layout } from '../board/boardLayout.js'
import { DEFAULT_HISTORY_LIMIT } from '../board/layoutHistory.js'
import { pageBoards } from '../board/boardGroup.js'
import { boardTransferModule } from '../board/lazyBoardTransfer.js'
import { PhysicsContext } from './physicsContext.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'
import { useLatestRef } from './useLatestRef.js'
import { assertWorldProps, type PhysicsWorldProps } from './worldProps.js'

/**
 * The overlay `debug` draws, loaded on first use: a board app that never sets `debug` does
 * not ship the overlay (its drawing, the grid it rebuilds, the rays).
 */
const LazyDebugOverlay = lazy(() =>
  import('../debug.js').then(({ DebugOverlay }) => ({ default: DebugOverlay })),
)

export type { PhysicsWorldProps }

/** A store that never changes, for {@link useRenderedOnClient}. */
const subscribeToNothing = () => () => {}
const onClient = () => true
const onServer = () => false

/**
 * True when this render runs in the browser and is not hydrating server markup: false on a
 * server and in the hydrating render, after which React renders again with true. The lazy
 * overlay waits for it: `renderToString` cannot wait for a lazy component, so the server
 * would send an unfinished Suspense boundary and the client would drop the server's markup
 * of the whole boundary on hydration.
 */
function useRenderedOnClient(): boolean {
  return useSyncExternalStore(subscribeToNothing, onClient, onServer)
}

function boundsOf(bounds: PhysicsWorldProps['bounds']): Bounds {
  return bounds ?? null
}

/**
 * A physics world: renders its container (with `data-aabb-world`), which defines the
 * world's coordinate space, and runs the frame loop of the bodies registered inside it
 * with `useAABBBody`. Each instance has its own board (`createPhysicsStore`: world, engine and
 * a zustand store of low-frequency state), created once and provided by context.
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
    gap,
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
    snap,
    compact,
    autoScroll,
    layout,
    onLayoutChange,
    returnPushed = true,
    history = DEFAULT_HISTORY_LIMIT,
    onOverflow,
    group,
    onExternalDrop,
    onTransfer,
    children,
    style,
    ...attributes
  } = props
  assertWorldProps(props)
  const keyboardInstructionsId = useId()
  const generatedBoardId = useId()
  const [store] = useState(() =>
    createPhysicsStore({
      settings: {
        ...(gravity && { gravity }),
        ...(fixedStep !== undefined && { fixedStep }),
        ...(integrator && { integrator }),
        ...(gap !== undefined && { gap }),
      },
      paused,
      bounds: boundsOf(bounds),
      containerKind: Container === 'svg' ? 'svg' : 'html',
      keyboardInstructionsId,
      history,
      ...(scheduler && { scheduler }),
      ...(now && { now }),
    }),
  )
  // The store measures in the units of the container it was made for (user units in an
  // <svg>, CSS pixels otherwise): those cannot change under its bodies.
  if ((Container === 'svg') !== (store.state.getState().containerKind === 'svg')) {
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
    const { engine } = store
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
    const { engine } = store
    engine.setContactHandlers(contactHandlers)
    engine.setAnnouncements(announcements)
    engine.attachAnnouncer(announcerRef.current)
    engine.attachContainer(container)
    return () => {
      engine.attachAnnouncer(null)
      engine.detachContainer()
    }
  }, [store, contactHandlers, announcements, Container])

  const autoScrollKey =
    typeof autoScroll === 'object' ? `${autoScroll.edge},${autoScroll.speed}` : autoScroll
  const latestAutoScroll = useLatestRef(autoScroll)
  useIsomorphicLayoutEffect(() => {
    store.engine.setAutoScroll(latestAutoScroll.current)
  }, [store, autoScrollKey, latestAutoScroll])

  const layoutChangeHandler = useLatestRef(onLayoutChange)
  const overflowHandler = useLatestRef(onOverflow)
  const snapKey = typeof snap === 'object' ? `${snap.x},${snap.y}` : snap
  const latestSnap = useLatestRef(snap)
  // After the container is attached (above): the bodies are in the world, so a `layout`
  // moves them now; bodies that come later take their entries when they enter.
  useIsomorphicLayoutEffect(() => {
    const { engine } = store
    engine.setLayoutChangeHandler(layoutChangeHandler)
    engine.setOverflowHandler(overflowHandler)
    engine.setSnap(latestSnap.current)
    engine.setCompact(compact)
  }, [store, layoutChangeHandler, overflowHandler, snapKey, latestSnap, compact])
  // Compared by value with the previous `layout` on every render, as react-grid-layout does:
  // a render that passes the same values again (a new object included) changes nothing,
  // and the engine ignores a layout equal to the one it last reported.
  const previousLayout = useRef<Layout | undefined>(undefined)
  useIsomorphicLayoutEffect(() => {
    const previous = previousLayout.current
    if (layout === previous) return
    if (layout !== undefined && previous !== undefined && sameLayout(layout, previous)) return
    previousLayout.current = layout
    store.engine.setLayout(layout)
  })

  // The board as a drop target for palette items and the cards of its group's other
  // boards: named before it joins the page's boards, removed by identity on unmount.
  const boardId = attributes.id ?? generatedBoardId
  const dropHandlers = useLatestRef({ onExternalDrop, onTransfer })
  useIsomorphicLayoutEffect(() => {
    store.engine.dropBoard.name(boardId, group)
    // Its cards may now leave for the group's other boards: the transfer loads before a drag.
    if (group !== undefined) boardTransferModule.preload()
  }, [store, boardId, group])
  useIsomorphicLayoutEffect(() => {
    const { dropBoard } = store.engine
    dropBoard.setHandlers(dropHandlers)
    return pageBoards.add(dropBoard)
  }, [store, dropHandlers])

  const watchesContacts = onContactStart !== undefined || onContactEnd !== undefined
  useIsomorphicLayoutEffect(() => {
    if (!watchesContacts) return
    return store.engine.watchContacts()
  }, [store, watchesContacts])

  const hasGravity = gravity !== undefined
  const gravityX = gravity?.x
  const gravityY = gravity?.y
  useIsomorphicLayoutEffect(() => {
    // A prop not given gets the world's default, so removing one puts the default back. A
    // gravity without x or y reaches the world's check, which names the field.
    const defaults = defaultSettings()
    store.engine.configure({
      gravity: hasGravity ? { x: gravityX as number, y: gravityY as number } : defaults.gravity,
      fixedStep: fixedStep ?? defaults.fixedStep,
      integrator: integrator ?? defaults.integrator,
      gap: gap ?? 0,
    })
  }, [store, hasGravity, gravityX, gravityY, fixedStep, integrator, gap])

  useIsomorphicLayoutEffect(() => {
    store.engine.setPaused(paused)
  }, [store, paused])

  useIsomorphicLayoutEffect(() => {
    store.engine.setReturnPushed(returnPushed)
  }, [store, returnPushed])

  useIsomorphicLayoutEffect(() => {
    store.engine.setHistoryLimit(history)
  }, [store, history])

  const boundsKeyValue = boundsKey(bounds)
  const latestBounds = useLatestRef(bounds)
  useIsomorphicLayoutEffect(() => {
    store.engine.setBounds(boundsOf(latestBounds.current))
  }, [store, boundsKeyValue, latestBounds])

  // The overlay needs a positioned container. Giving it one moves absolutely positioned
  // cards laid out against an ancestor, and no ResizeObserver sees a move: measure again
  // when `debug` changes that (the cards then show where the world has them).
  const positionedForDebug = debug && !style?.position
  const measuredPositioning = useRef(positionedForDebug)
  useIsomorphicLayoutEffect(() => {
    if (measuredPositioning.current === positionedForDebug) return
    measuredPositioning.current = positionedForDebug
    store.engine.remeasure()
  }, [store, positionedForDebug])
  const renderedOnClient = useRenderedOnClient()
  const containerStyle = positionedForDebug ? { position: 'relative' as const, ...style } : style
  const Element = Container as 'div'
  return (
    <PhysicsContext.Provider value={store}>
      <Element ref={containerRef} data-aabb-world="" style={containerStyle} {...attributes}>
        {children}
        {debug && renderedOnClient && (
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
