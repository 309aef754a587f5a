import type { Vec2 } from '../core/index.js'

/** Pixels an arrow key moves a demo's box; with Shift, 1 px for fine placement. */
const ARROW_STEP = 10

/**
 * How far an arrow key moves the box of a geometry demo (the keyboard's way to what the
 * pointer does there), or `undefined` for any other key. The demos that step a world use
 * the library's keyboard mover instead.
 */
export function arrowKeyOffset(event: { key: string; shiftKey: boolean }): Vec2 | undefined {
  const distance = event.shiftKey ? 1 : ARROW_STEP
  switch (event.key) {
    case 'ArrowLeft':
      return { x: -distance, y: 0 }
    case 'ArrowRight':
      return { x: distance, y: 0 }
    case 'ArrowUp':
      return { x: 0, y: -distance }
    case 'ArrowDown':
      return { x: 0, y: distance }
    default:
      return undefined
  }
}
