/**
 * Geometry types shared by the whole kernel.
 *
 * Coordinate space: screen coordinates, **y grows downwards**, units are whatever the caller
 * uses (CSS pixels for DOM containers). A {@link Rect}'s `(x, y)` is its top-left corner, so
 * its left edge is `x`, right edge `x + width`, top edge `y` and bottom edge `y + height`.
 */

/** A point or a displacement. */
export interface Vec2 {
  /** Horizontal component, growing to the right (CSS pixels in a DOM container). */
  x: number
  /** Vertical component, growing downward. */
  y: number
}

/**
 * An axis-aligned box: top-left corner plus size (any `DOMRect` fits).
 * `width` and `height` are never negative.
 */
export interface Rect {
  /** Left edge. */
  x: number
  /** Top edge (y grows downward). */
  y: number
  /** Extent along x, never negative: the right edge is `x + width`. */
  width: number
  /** Extent along y, never negative: the bottom edge is `y + height`. */
  height: number
}

/** The result of a swept test ({@link sweep}): when and how a moving box `a` first meets `b`. */
export interface SweepHit {
  /** Fraction of the step, in [0, 1], at which `a` first touches `b` (0 when already overlapping). */
  time: number
  /**
   * Unit axis vector of the face of `b` that `a` hits, pointing from `b` toward `a`;
   * e.g. `a` falling onto `b`'s top face gives `{ x: 0, y: -1 }`. For a start overlap it is
   * the direction of {@link SweepHit.penetration}.
   */
  normal: Vec2
  /** `a`'s top-left corner at the time of impact: `a + aDelta * time`. */
  touch: Vec2
  /** The penetration vector when `a` and `b` already overlap at the start; `{ 0, 0 }` otherwise. */
  penetration: Vec2
  /** `true` when the interiors of `a` and `b` already overlap at the start of the step. */
  overlapping: boolean
}

/**
 * What a body does after a swept hit:
 * - `slide`: keep the velocity along the face (article 003),
 * - `touch`: stop dead,
 * - `bounce`: reflect the normal part, scaled by a restitution (article 004),
 * - `cross`: pass through unchanged; the hit is only reported.
 */
export type SweptResponse = 'slide' | 'touch' | 'bounce' | 'cross'

/** Position and velocity of a point mass, as the integrators advance it (article 004). */
export interface KinematicState {
  /** Where the point is (px). */
  position: Vec2
  /** How fast it moves (px/s). */
  velocity: Vec2
}

/**
 * Acceleration as a function of state and time, written into `out` (no allocation); returns `out`.
 * The `position` and `velocity` it receives are scratch objects reused between calls: read
 * them, do not keep them.
 */
export type AccelerationField = (position: Vec2, velocity: Vec2, time: number, out: Vec2) => Vec2
