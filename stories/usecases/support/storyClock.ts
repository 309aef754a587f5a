/**
 * A milliseconds clock for `<PhysicsWorld now={clock.now}>`. The frame loop reads it once
 * at the start of every frame, so it serves two stories:
 * - `scale` below 1 slows the world's time down (slow motion) without touching the fixed
 *   step: each frame simply hands the world fewer seconds;
 * - `lastReading` is the real time at which the current frame began, so an after-step
 *   callback can time the frame's read, step and write phases.
 */
export interface StoryClock {
  /** The clock to pass as `now`: world time in milliseconds. */
  readonly now: () => number
  /** World seconds per real second. @default 1 */
  scale: number
  /** `performance.now()` at the last reading (the start of the current frame). */
  readonly lastReading: number
}

/** Creates a {@link StoryClock} that starts at the current time with `scale` 1. */
export function createStoryClock(): StoryClock {
  let real = performance.now()
  let world = real
  const clock = {
    scale: 1,
    get lastReading() {
      return real
    },
    now() {
      const reading = performance.now()
      world += (reading - real) * clock.scale
      real = reading
      return world
    },
  }
  return clock
}
