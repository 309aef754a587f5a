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
}

/** Options of {@link attachPointerDrag}. */
export interface PointerDragOptions extends PointerDragHandlers {
  /** Client pixels the pointer must travel before a press becomes a drag, so clicks still work. @default 4 */
  activationDistance?: number
}

/**
 * Makes `handle` draggable with pointer events and returns the function that detaches it.
 *
 * - `touch-action: none` is set on the handle only, so touch scrolling works everywhere else.
 * - Nothing is prevented before the activation distance: a press that does not move
 *   stays a click, focus and selection behave as usual. The pointer is captured only once
 *   the drag is active, and the click that ends a real drag is swallowed.
 * - Escape during an active drag calls `onCancel`.
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
      applyAffineInto(startWorld, clientToWorld, startClientX, startClientY)
    }
    if (event.cancelable) event.preventDefault()
    applyAffineInto(pointerWorld, clientToWorld as Affine, pointer.clientX, pointer.clientY)
    delta.x = pointerWorld.x - startWorld.x
    delta.y = pointerWorld.y - startWorld.y
    options.onMove(delta)
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
