import type { Vec2 } from '../core/geometry/types.js'
import { applyAffineInto, type Affine } from './affine.js'

/** What a pointer drag reports, in world coordinates. */
export interface PointerDragHandlers {
  /**
   * The pointer travelled the activation distance: the drag begins. Return the
   * client-to-world map to use for the whole drag (measured now, never in the frame
   * loop), or `null` to refuse the drag.
   */
  onStart(): Affine | null
  /** The pointer moved by `delta` world units since the drag began. */
  onMove(delta: Readonly<Vec2>): void
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

/** Options of {@link attachPointerDrag}. */
export interface PointerDragOptions extends PointerDragHandlers {
  /** Client pixels the pointer must travel before a press becomes a drag, so clicks still work. @default 4 */
  activationDistance?: number
}

/**
 * Capture: scroll events do not bubble, but every element's passes the document on its way
 * down. Passive: listening never delays scrolling.
 */
const scrollListening: AddEventListenerOptions = { capture: true, passive: true }

/**
 * Makes `handle` draggable with pointer events and returns the function that detaches it.
 *
 * - `touch-action: none` is set on the handle only, so touch scrolling works everywhere else.
 * - Nothing is prevented before the activation distance: a press that does not move
 *   stays a click, focus and selection behave as usual. The pointer is captured only once
 *   the drag is active, and the click that ends a real drag is swallowed.
 * - Escape during an active drag calls `onCancel`.
 * - A scroll during an active drag (of the page or of any scroll container: one passive
 *   capturing listener on the document, present only while the drag is active) asks
 *   `onScroll` for a fresh map, so the card stays under a still pointer.
 */
export function attachPointerDrag(handle: Element, options: PointerDragOptions): () => void {
  const activationDistance = options.activationDistance ?? 4
  const style = (handle as HTMLElement | SVGElement).style
  const ownTouchAction = style.touchAction
  style.touchAction = 'none'

  let pointerId: number | null = null
  let active = false
  let startClientX = 0
  let startClientY = 0
  let clientToWorld: Affine | null = null
  let lastClientX = 0
  let lastClientY = 0
  const startWorld: Vec2 = { x: 0, y: 0 }
  const pointerWorld: Vec2 = { x: 0, y: 0 }
  const delta: Vec2 = { x: 0, y: 0 }

  function onPointerDown(event: Event): void {
    const pointer = event as PointerEvent
    if (pointerId !== null || !pointer.isPrimary || pointer.button !== 0) return
    pointerId = pointer.pointerId
    startClientX = pointer.clientX
    startClientY = pointer.clientY
    // On the document: before activation the pointer may leave the handle, and captured
    // events (retargeted to the handle) bubble up to it as well.
    const document = handle.ownerDocument
    document.addEventListener('pointermove', onPointerMove)
    document.addEventListener('pointerup', onPointerUp)
    document.addEventListener('pointercancel', onPointerUp)
    handle.addEventListener('lostpointercapture', onPointerUp)
  }

  function onPointerMove(event: Event): void {
    const pointer = event as PointerEvent
    if (pointer.pointerId !== pointerId) return
    if (!active) {
      const dx = pointer.clientX - startClientX
      const dy = pointer.clientY - startClientY
      if (Math.hypot(dx, dy) < activationDistance) return
      clientToWorld = options.onStart()
      if (!clientToWorld) return finish()
      active = true
      capture(pointer.pointerId)
      handle.ownerDocument.addEventListener('keydown', onKeyDown, true)
      handle.ownerDocument.addEventListener('scroll', onScroll, scrollListening)
      applyAffineInto(startWorld, clientToWorld, startClientX, startClientY)
    }
    if (event.cancelable) event.preventDefault()
    lastClientX = pointer.clientX
    lastClientY = pointer.clientY
    reportPointer()
  }

  /** Reports the last pointer position, in world units from where the drag began. */
  function reportPointer(): void {
    applyAffineInto(pointerWorld, clientToWorld as Affine, lastClientX, lastClientY)
    delta.x = pointerWorld.x - startWorld.x
    delta.y = pointerWorld.y - startWorld.y
    options.onMove(delta)
  }

  function onScroll(): void {
    if (!active) return
    const remapped = options.onScroll?.()
    if (!remapped) return
    // The world point under the press (startWorld) does not move with a scroll: world
    // coordinates are the container's unscrolled ones. Only the pointer's mapping changed.
    clientToWorld = remapped
    reportPointer()
  }

  function onPointerUp(event: Event): void {
    if ((event as PointerEvent).pointerId !== pointerId) return
    if (active) {
      swallowNextClick()
      options.onEnd()
    }
    finish()
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    swallowNextClick()
    options.onCancel()
    finish()
  }

  function capture(id: number): void {
    try {
      handle.setPointerCapture(id)
    } catch {
      // The pointer is already gone (released between events): the document listeners still end the drag.
    }
  }

  function swallowNextClick(): void {
    const swallow = (click: Event) => {
      click.preventDefault()
      click.stopPropagation()
    }
    handle.addEventListener('click', swallow, { capture: true, once: true })
    // A drag that ends outside the handle produces no click on it: drop the trap soon after.
    setTimeout(() => handle.removeEventListener('click', swallow, { capture: true }), 0)
  }

  function finish(): void {
    const id = pointerId
    pointerId = null
    active = false
    clientToWorld = null
    const document = handle.ownerDocument
    document.removeEventListener('pointermove', onPointerMove)
    document.removeEventListener('pointerup', onPointerUp)
    document.removeEventListener('pointercancel', onPointerUp)
    document.removeEventListener('keydown', onKeyDown, true)
    document.removeEventListener('scroll', onScroll, scrollListening)
    handle.removeEventListener('lostpointercapture', onPointerUp)
    if (id !== null && handle.hasPointerCapture?.(id)) handle.releasePointerCapture(id)
  }

  handle.addEventListener('pointerdown', onPointerDown)
  return () => {
    if (active) options.onEnd()
    finish()
    handle.removeEventListener('pointerdown', onPointerDown)
    style.touchAction = ownTouchAction
  }
}
