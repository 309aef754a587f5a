import { fireEvent } from 'storybook/test'

/** The centre of an element in client coordinates. */
function centreOf(element: Element): { clientX: number; clientY: number } {
  const box = element.getBoundingClientRect()
  return { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }
}

/** Moves the pointer over `surface` to the centre of `target`, as a person would (play functions). */
export async function pointTo(surface: Element, target: Element): Promise<void> {
  await fireEvent.pointerMove(surface, centreOf(target))
}

/**
 * Drags `handle` by its centre onto the centre of `target` with pointer events: down on the
 * handle, a few moves along the way, up at the end (play functions).
 */
export async function dragOnto(handle: Element, target: Element, moves = 4): Promise<void> {
  const start = centreOf(handle)
  const end = centreOf(target)
  const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true }
  await fireEvent.pointerDown(handle, { ...pointer, ...start, button: 0, buttons: 1 })
  for (let i = 1; i <= moves; i++) {
    await fireEvent.pointerMove(handle, {
      ...pointer,
      clientX: start.clientX + ((end.clientX - start.clientX) * i) / moves,
      clientY: start.clientY + ((end.clientY - start.clientY) * i) / moves,
      buttons: 1,
    })
  }
  await fireEvent.pointerUp(handle, { ...pointer, ...end, button: 0, buttons: 0 })
}

/** Resolves after `count` animation frames, so a play function can let a demo run (play functions). */
export async function animationFrames(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  }
}
