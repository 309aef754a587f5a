import type { Vec2 } from '../core/geometry/types.js'
import { applyAffineInto, type Affine } from './affine.js'
import type { AutoScroller } from './autoScroll.js'
import type { AutoScrollSettings } from './autoScrollOptions.js'
import { lazyModule } from './lazyModule.js'

/** What a pointer drag reports, in world coordinates. */
export interface PointerDragHandlers {
  /**
   * The pointer travelled the activation distance: the drag begins (the press was at
   * `clientX`, `clientY` in the viewport). Return the
   * client-to-world map to use for the whole drag (measured now, never in the frame
   * loop), or `null` to refuse the drag.
   */
  onStart(clientX: number, clientY: number): Affine | null
  /**
   * The pointer moved by `delta` world units since the drag began; it is at (`clientX`,
   * `clientY`) in the viewport (what a drag that may leave its world hit-tests with).
   */
  onMove(delta: Readonly<Vec2>, clientX: number, clientY: number): void
  /** The pointer was released (or the browser cancelled it): keep the card where it is. */
  onEnd(): void
  /** Escape was pressed during the drag: put the card back where it started. */
  onCancel(): void
  /**
   * The page or a scroll container scrolled during the drag, so the still pointer now
   * points elsewhere in the world. Return the client-to-world map measured now (a scroll
   * handler may read layout), or `null` to keep the current one; the last pointer position
   * is then reported again through it with `onMove`.
   * @default not compensated: the card stays until the pointer moves
   */
  onScroll?(): Affine | null
}

/** Client pixels a press travels before it becomes a drag, unless told otherwise. */
const DEFAULT_ACTIVATION_DISTANCE = 4

/**
 * Where presses never start a drag unless told otherwise: form controls, buttons, links,
 * editable text and anything marked `data-aabb-cancel`, so that clicking, typing and
 * following a link inside a draggable card work as they do elsewhere.
 */
export const DEFAULT_DRAG_CANCEL =
  'input, textarea, select, button, a[href], [contenteditable], [data-aabb-cancel]'

/** Options of {@link attachPointerDrag}. */
export interface PointerDragOptions extends PointerDragHandlers {
  /**
   * Client pixels the pointer must travel before a press becomes a drag, so clicks still
   * work. Read when a press starts (a getter may supply it), so a change applies from the
   * next press. @default 4
   */
  activationDistance?: number | undefined
  /**
   * A CSS selector: only a press inside a descendant of the handle that matches it (a
   * grip, a title bar) starts a drag. Read when a press starts.
   * @default any press on the handle may start a drag
   */
  dragHandle?: string | undefined
  /**
   * A CSS selector: a press inside a descendant of the handle that matches it never starts
   * a drag, even inside `dragHandle`. `''` cancels nothing. Read when a press starts.
   * @default {@link DEFAULT_DRAG_CANCEL}
   */
  dragCancel?: string | undefined
  /**
   * Scrolls the nearest scroll container of the handle (or the page) while the dragging
   * pointer is near its edge (see `createAutoScroller`); `null` never does. Read when a
   * drag begins (and at the press, to start loading the scroller). @default null
   */
  autoScroll?: AutoScrollSettings | null | undefined
  /**
   * The board: auto-scroll stops once its edge is in view on the side it scrolls toward
   * (see `createAutoScroller`). Read when a drag begins. @default null, no limit
   */
  autoScrollWithin?: Element | null | undefined
}

/**
 * The auto-scroller (`autoScroll.ts`), loaded on use: a press that may drag with
 * `autoScroll` on starts loading it, long before a drag reaches an edge. A drag that
 * begins before it has loaded starts scrolling once it has.
 */
export const autoScrollModule = lazyModule(() => import('./autoScroll.js'))

/**
 * Capture: scroll events do not bubble, but every element's passes the document on its way
 * down. Passive: listening never delays scrolling.
 */
const scrollListening: AddEventListenerOptions = { capture: true, passive: true }

/**
 * What {@link attachPointerDrag} returns. Calling it detaches the handle: an active drag
 * ends with `onEnd`, every listener, pointer capture and click trap goes, and the handle's
 * own `touch-action` comes back.
 */
export interface PointerDragAttachment {
  (): void
  /**
   * Ends the press or drag in progress at once, calling no handler: for a drag that ended
   * elsewhere (the world made the body static). Removes every listener, pointer capture
   * and click trap the press set, so Escape and the next click (the release's included)
   * reach the page again; the handle stays attached, and its next press starts a new drag.
   * Does nothing when no press is in progress. Safe to pass around on its own (no `this`).
   */
  readonly abortDrag: () => void
}

/**
 * Where a press on the handle stands:
 * - `idle`: none.
 * - `pressed`: the pointer is down but has not travelled the activation distance: still a click.
 * - `dragging`: an active drag.
 * - `cancelled`: Escape ended the drag, the pointer is still down: its release's click is
 *   not the user's click, so the release is awaited to swallow it.
 */
type PressPhase = 'idle' | 'pressed' | 'dragging' | 'cancelled'

/**
 * Makes `handle` draggable with pointer events and returns the function that detaches it
 * (with `abortDrag`, for drags ended elsewhere).
 *
 * - `touch-action: none` is set on the handle only, so touch scrolling works everywhere else.
 * - A press inside a `dragCancel` match (by default form controls, buttons and links), or
 *   outside every `dragHandle` match when one is given, is left to the page: never a drag.
 * - Nothing is prevented before the activation distance: a press that does not move
 *   stays a click, focus and selection behave as usual. The pointer is captured only once
 *   the drag is active, and the click that ends a real drag is swallowed.
 * - Escape during an active drag calls `onCancel`. The pointer is still down then: the drag
 *   stops at once, but the pointer stays captured until its release, whose click is
 *   swallowed too; later clicks are not.
 * - A scroll during an active drag (of the page or of any scroll container: one passive
 *   capturing listener on the document, present only while the drag is active) asks
 *   `onScroll` for a fresh map, so the card stays under a still pointer.
 * - With `autoScroll`, a dragging pointer near the edge of the handle's scroll container
 *   (or of the page) scrolls it, and the scroll keeps the card under the pointer as above.
 */
export function attachPointerDrag(
  handle: Element,
  options: PointerDragOptions,
): PointerDragAttachment {
  /** The activation distance of the current press (read when it starts). */
  let activationDistance = DEFAULT_ACTIVATION_DISTANCE
  const style = (handle as HTMLElement | SVGElement).style
  const ownTouchAction = style.touchAction
  style.touchAction = 'none'
  const document = handle.ownerDocument
  const releaseClick = createClickTrap(handle)

  let phase: PressPhase = 'idle'
  let pointerId: number | null = null
  let startClientX = 0
  let startClientY = 0
  let clientToWorld: Affine | null = null
  let lastClientX = 0
  let lastClientY = 0
  const startWorld: Vec2 = { x: 0, y: 0 }
  const pointerWorld: Vec2 = { x: 0, y: 0 }
  const delta: Vec2 = { x: 0, y: 0 }
  let autoScroller: AutoScroller | null = null
  /** Counts the drags that waited for the scroller: one that loads late starts only for the last. */
  let lateStarts = 0

  function onPointerDown(event: Event): void {
    const pointer = event as PointerEvent
    if (phase !== 'idle' || !pointer.isPrimary || pointer.button !== 0) return
    if (!pressMayDrag(handle, pointer.target as Element, options)) return
    phase = 'pressed'
    if (options.autoScroll) autoScrollModule.preload()
    activationDistance = options.activationDistance ?? DEFAULT_ACTIVATION_DISTANCE
    pointerId = pointer.pointerId
    startClientX = pointer.clientX
    startClientY = pointer.clientY
    // On the document: before activation the pointer may leave the handle, and captured
    // events (retargeted to the handle) bubble up to it as well.
    document.addEventListener('pointermove', onPointerMove)
    document.addEventListener('pointerup', onPointerUp)
    document.addEventListener('pointercancel', onPointerUp)
    handle.addEventListener('lostpointercapture', onLostCapture)
    // A press on a link or an image inside the card would start the browser's own drag,
    // which cancels the pointer (pointercancel) a few pixels in.
    handle.addEventListener('dragstart', preventDefault)
  }

  /**
   * The handle lost the pointer capture the drag set (a release the page never saw): the
   * drag ends. A capture lost by an element inside the handle is not: a touch captures the
   * pointer on the element it landed on until the drag captures it on the handle, and that
   * loss bubbles up here (a touch drag begun on a card's title stopped after one move).
   */
  function onLostCapture(event: Event): void {
    if (event.target === handle) onPointerUp(event)
  }

  function onPointerMove(event: Event): void {
    const pointer = event as PointerEvent
    if (pointer.pointerId !== pointerId) return
    if (phase === 'pressed') {
      const dx = pointer.clientX - startClientX
      const dy = pointer.clientY - startClientY
      if (Math.hypot(dx, dy) < activationDistance) return
      clientToWorld = options.onStart(startClientX, startClientY)
      if (!clientToWorld) return finish()
      phase = 'dragging'
      capture(pointer.pointerId)
      // A mouse drag selected the text it passed over: what the press began is dropped,
      // and no selection starts until the drag ends.
      document.getSelection()?.removeAllRanges()
      document.addEventListener('selectstart', preventDefault)
      document.addEventListener('keydown', onKeyDown, true)
      document.addEventListener('scroll', onScroll, scrollListening)
      applyAffineInto(startWorld, clientToWorld, startClientX, startClientY)
      const autoScroll = options.autoScroll
      if (autoScroll) startAutoScroll(autoScroll)
    }
    if (event.cancelable) event.preventDefault()
    lastClientX = pointer.clientX
    lastClientY = pointer.clientY
    reportPointer()
    autoScroller?.update(lastClientX, lastClientY)
  }

  /** Scrolls near the edges for this drag: now or, while the scroller loads, once it has loaded. */
  function startAutoScroll(autoScroll: AutoScrollSettings): void {
    const within = options.autoScrollWithin ?? null
    const loaded = autoScrollModule.current
    if (loaded) {
      autoScroller = loaded.createAutoScroller(handle, autoScroll, onScroll, within)
      return
    }
    const drag = ++lateStarts
    autoScrollModule.load().then(
      ({ createAutoScroller }) => {
        // The drag may have ended (or another begun) while the scroller loaded.
        if (drag !== lateStarts || phase !== 'dragging') return
        autoScroller = createAutoScroller(handle, autoScroll, onScroll, within)
        autoScroller.update(lastClientX, lastClientY)
      },
      () => {},
    )
  }

  /** Reports the last pointer position, in world units from where the drag began. */
  function reportPointer(): void {
    applyAffineInto(pointerWorld, clientToWorld as Affine, lastClientX, lastClientY)
    delta.x = pointerWorld.x - startWorld.x
    delta.y = pointerWorld.y - startWorld.y
    options.onMove(delta, lastClientX, lastClientY)
  }

  function onScroll(): void {
    if (phase !== 'dragging') return
    const remapped = options.onScroll?.()
    if (!remapped) return
    // The world point under the press (startWorld) does not move with a scroll: world
    // coordinates are the container's unscrolled ones. Only the pointer's mapping changed.
    clientToWorld = remapped
    reportPointer()
  }

  function onPointerUp(event: Event): void {
    if ((event as PointerEvent).pointerId !== pointerId) return
    const wasDrag = phase === 'dragging'
    if (wasDrag || phase === 'cancelled') releaseClick.swallowNext()
    finish()
    if (wasDrag) options.onEnd()
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    awaitRelease()
    options.onCancel()
  }

  /**
   * Stops the drag but not the press: nothing more is reported, Escape and scrolls are no
   * longer intercepted, and only the release (`pointerup`, `pointercancel`) is awaited,
   * still captured so it and its click come to the handle wherever the pointer is.
   */
  function awaitRelease(): void {
    phase = 'cancelled'
    clientToWorld = null
    stopFollowing()
    // A release the page never saw (outside the window, capture lost) must not leave the
    // wait behind: a new press means the old one is over, and its click is not swallowed.
    document.addEventListener('pointerdown', finish, true)
  }

  /** Removes what follows the pointer (moves, capture loss, auto-scroll) and intercepts Escape and scrolls. */
  function stopFollowing(): void {
    autoScroller?.stop()
    autoScroller = null
    document.removeEventListener('pointermove', onPointerMove)
    document.removeEventListener('keydown', onKeyDown, true)
    document.removeEventListener('scroll', onScroll, scrollListening)
    document.removeEventListener('selectstart', preventDefault)
    handle.removeEventListener('lostpointercapture', onLostCapture)
  }

  function capture(id: number): void {
    try {
      handle.setPointerCapture(id)
    } catch {
      // The pointer is already gone (released between events): the document listeners still end the drag.
    }
  }

  /** Back to idle: removes every listener and the pointer capture the press set. */
  function finish(): void {
    const id = pointerId
    phase = 'idle'
    pointerId = null
    clientToWorld = null
    stopFollowing()
    document.removeEventListener('pointerup', onPointerUp)
    document.removeEventListener('pointercancel', onPointerUp)
    document.removeEventListener('pointerdown', finish, true)
    handle.removeEventListener('dragstart', preventDefault)
    if (id !== null && handle.hasPointerCapture?.(id)) handle.releasePointerCapture(id)
  }

  function abortDrag(): void {
    releaseClick.remove()
    finish()
  }

  handle.addEventListener('pointerdown', onPointerDown)
  function detach(): void {
    const wasDrag = phase === 'dragging'
    abortDrag()
    if (wasDrag) options.onEnd()
    handle.removeEventListener('pointerdown', onPointerDown)
    style.touchAction = ownTouchAction
  }
  return Object.assign(detach, { abortDrag })
}

/**
 * Whether a press on `target` may start a drag of `handle`: no element from `target` up to
 * the handle (the handle itself excluded, so a card that is itself a link still drags)
 * matches `dragCancel`, and, when `dragHandle` is given, one of them matches it. The
 * selectors are those of react-grid-layout's `draggableHandle` and `draggableCancel`.
 */
function pressMayDrag(
  handle: Element,
  target: Element,
  { dragHandle, dragCancel = DEFAULT_DRAG_CANCEL }: PointerDragOptions,
): boolean {
  let insideDragHandle = dragHandle === undefined
  for (let node: Element | null = target; node && node !== handle; node = node.parentElement) {
    if (dragCancel !== '' && node.matches(dragCancel)) return false
    if (!insideDragHandle && node.matches(dragHandle as string)) insideDragHandle = true
  }
  return insideDragHandle
}

function preventDefault(event: Event): void {
  event.preventDefault()
}

/** A capturing click listener on the handle that swallows the click a release produces. */
interface ClickTrap {
  /** Swallows the next click on the handle, if it comes from the release being handled now. */
  swallowNext(): void
  /** Removes the trap now. */
  remove(): void
}

function createClickTrap(handle: Element): ClickTrap {
  let removal: ReturnType<typeof setTimeout> | undefined
  const swallow = (click: Event) => {
    click.preventDefault()
    click.stopPropagation()
    remove()
  }
  function remove(): void {
    clearTimeout(removal)
    handle.removeEventListener('click', swallow, true)
  }
  return {
    swallowNext() {
      handle.addEventListener('click', swallow, true)
      // The browser fires a release's click before any timer: one that has not come by then
      // (a release outside the handle, a pointercancel) never will, so the trap goes.
      clearTimeout(removal)
      removal = setTimeout(remove, 0)
    },
    remove,
  }
}
