import { userEvent } from 'vitest/browser'

/**
 * Drags `element` with the real mouse (Playwright's drag: press at its center, `steps`
 * interpolated moves, release) by `dx`, `dy` screen pixels. Positions are given relative
 * to `surface` (an element under the whole path, e.g. the world container) so the path
 * may run over other elements; `force` skips Playwright's hit-target check there.
 * Returns the pointer's actual travel in client pixels, from press to last move.
 */
export async function dragBy(
  element: Element,
  surface: Element,
  dx: number,
  dy: number,
  steps: number,
): Promise<{ x: number; y: number }> {
  // Record where the pointer really went: Playwright places it within a pixel or two.
  let down: PointerEvent | null = null
  let last: PointerEvent | null = null
  const record = (event: PointerEvent) => {
    if (event.type === 'pointerdown') down = event
    else last = event
  }
  document.addEventListener('pointerdown', record, true)
  document.addEventListener('pointermove', record, true)
  const from = element.getBoundingClientRect()
  const base = surface.getBoundingClientRect()
  await userEvent.dragAndDrop(element, surface, {
    sourcePosition: { x: from.width / 2, y: from.height / 2 },
    targetPosition: {
      x: from.left + from.width / 2 + dx - base.left,
      y: from.top + from.height / 2 + dy - base.top,
    },
    steps,
    force: true,
  })
  document.removeEventListener('pointerdown', record, true)
  document.removeEventListener('pointermove', record, true)
  const start = down as PointerEvent | null
  const end = (last as PointerEvent | null) ?? start
  if (!start || !end) throw new Error('dragBy: the drag produced no pointer events')
  return { x: end.clientX - start.clientX, y: end.clientY - start.clientY }
}

/**
 * Dispatches a synthetic pointer event of the primary pointer at client coordinates: the
 * mouse's unless `pointerType` says `'touch'` or `'pen'`.
 */
export function firePointer(
  target: EventTarget,
  type: string,
  clientX: number,
  clientY: number,
  pointerType: 'mouse' | 'touch' | 'pen' = 'mouse',
): void {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: 1,
      pointerType,
      isPrimary: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      clientX,
      clientY,
    }),
  )
}

/** Resolves after the browser has drawn `count` more frames. */
export async function nextFrames(count = 2): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
}

/** The center of an element in client coordinates. */
export function centerOf(element: Element): { x: number; y: number } {
  const box = element.getBoundingClientRect()
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 }
}

/**
 * Calls `check` on every animation frame until the returned function is called: a way to
 * look at what is displayed at each frame while a drag runs.
 */
export function everyFrame(check: () => void): () => void {
  let handle = requestAnimationFrame(function tick() {
    check()
    handle = requestAnimationFrame(tick)
  })
  return () => cancelAnimationFrame(handle)
}

/**
 * Calls `check` once after each frame's rendering (in a task queued from the frame's
 * animation callback, so after the library's writes, the layout, the ResizeObserver
 * callbacks and the paint) until the returned function is called: what each frame showed.
 */
export function everyPaintedFrame(check: () => void): () => void {
  let stopped = false
  const tick = () => {
    setTimeout(() => {
      if (stopped) return
      check()
      requestAnimationFrame(tick)
    }, 0)
  }
  requestAnimationFrame(tick)
  return () => {
    stopped = true
  }
}
