import type { Vec2 } from '../core/geometry/types.js'

/**
 * Seconds: the time constant of the drag velocity's exponential moving average. A frame of
 * `seconds` weighs `1 - exp(-seconds / τ)`, so the average forgets at the same rate in time
 * whatever the frame rate (at 60 Hz the newest frame weighs about a half), and a pointer
 * held still for 0.1 s leaves under 2% of the speed it had.
 */
export const DRAG_VELOCITY_TIME_CONSTANT = 0.025

/**
 * px/s: a release slower than this is a drop, not a throw (Android's minimum fling
 * velocity, 50 dp/s, is the same convention). Without it, a card let go after the pointer
 * paused would drift on at a few px/s for tens of seconds.
 */
export const THROW_MIN_SPEED = 50

/**
 * Folds one frame's displacement of a dragged body (`dx`, `dy` in px over `seconds`) into
 * its smoothed `velocity` (px/s), in place. A frame of no time changes nothing.
 */
export function noteDragFrame(velocity: Vec2, dx: number, dy: number, seconds: number): void {
  if (!(seconds > 0)) return
  const weight = 1 - Math.exp(-seconds / DRAG_VELOCITY_TIME_CONSTANT)
  velocity.x += weight * (dx / seconds - velocity.x)
  velocity.y += weight * (dy / seconds - velocity.y)
}

/**
 * The velocity a throw releases a body with: its smoothed drag `velocity`, or zero when
 * that is slower than {@link THROW_MIN_SPEED}.
 */
export function throwVelocity(velocity: Readonly<Vec2>): Vec2 {
  return Math.hypot(velocity.x, velocity.y) < THROW_MIN_SPEED
    ? { x: 0, y: 0 }
    : { x: velocity.x, y: velocity.y }
}
