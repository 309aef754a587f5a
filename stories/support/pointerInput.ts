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
 * handle, a few moves along the way, up at the end (play functions). With `'cancel'`, the
 * frames apply the moves, then Escape is pressed before the pointer goes up.
 */
export async function dragOnto(
  handle: Element,
  target: Element,
  moves = 4,
  end: 'drop' | 'cancel' = 'drop',
): Promise<void> {
  const from = centreOf(handle)
  const to = centreOf(target)
  const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true }
  await fireEvent.pointerDown(handle, { ...pointer, ...from, button: 0, buttons: 1 })
  for (let i = 1; i <= moves; i++) {
    await fireEvent.pointerMove(handle, {
      ...pointer,
      clientX: from.clientX + ((to.clientX - from.clientX) * i) / moves,
      clientY: from.clientY + ((to.clientY - from.clientY) * i) / moves,
      buttons: 1,
    })
  }
  if (end === 'cancel') {
    await animationFrames(3)
    await fireEvent.keyDown(handle, { key: 'Escape' })
  }
  await fireEvent.pointerUp(handle, { ...pointer, ...to, button: 0, buttons: 0 })
}

/** Resolves after `count` animation frames, so a play function can let a demo run (play functions). */
export async function animationFrames(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  }
}
