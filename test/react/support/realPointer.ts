import { userEvent } from 'vitest/browser'

/**
 * Playwright's mouse works in top-level page coordinates, and tests run in an iframe:
 * add the iframe's offset (TOOLCHAIN pitfall 9) so tests can speak in client coordinates.
 */
function toPage(clientX: number, clientY: number): { x: number; y: number } {
  const frame = window.frameElement?.getBoundingClientRect()
  return { x: clientX + (frame?.left ?? 0), y: clientY + (frame?.top ?? 0) }
}

/** A real mouse: press, move and release at client coordinates. */
export const mouse = {
  down: (clientX: number, clientY: number) =>
    userEvent.pointer({ coords: toPage(clientX, clientY), keys: '[MouseLeft>]' }),
  move: (clientX: number, clientY: number) =>
    userEvent.pointer({ coords: toPage(clientX, clientY) }),
  up: (clientX: number, clientY: number) =>
    userEvent.pointer({ coords: toPage(clientX, clientY), keys: '[/MouseLeft]' }),
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
