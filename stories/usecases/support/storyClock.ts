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
  readonly scale: number
  /** Changes `scale` from the next reading on (slow motion below 1). */
  setScale(scale: number): void
  /** `performance.now()` at the last reading (the start of the current frame). */
  readonly lastReading: number
}

/** Creates a {@link StoryClock} that starts at the current time with `scale` 1. */
export function createStoryClock(): StoryClock {
  let real = performance.now()
  let world = real
  let scale = 1
  return {
    get scale() {
      return scale
    },
    setScale(next) {
      if (!Number.isFinite(next) || next < 0) {
        throw new RangeError(
          `StoryClock.setScale: scale must be a finite number >= 0 (got ${next})`,
        )
      }
      scale = next
    },
    get lastReading() {
      return real
    },
    now() {
      const reading = performance.now()
      world += (reading - real) * scale
      real = reading
      return world
    },
  }
}
