import { penetrationVector, slideInto, type Rect, type SweepHit, type Vec2 } from '../core/index.js'
import { moveSwept } from './sweptMove.js'

/** A box moving by a fixed `motion` per step; both are mutated by the step functions. */
export interface SteppedBody {
  box: Rect
  /** Displacement per simulation step, px. Becomes `{ 0, 0 }` when a wall stops the box. */
  motion: Vec2
}

/**
 * Discrete detection only (article 000): move the whole step, then, if the box overlaps the
 * wall at the end of the step, push it out along the penetration vector and drop the
 * motion into the wall. A step longer than the box plus the wall can jump from one side to
 * the other without ever ending inside: that is tunnelling (article 003). Returns whether
 * an overlap was found.
 */
export function stepDiscrete(body: SteppedBody, wall: Rect): boolean {
  body.box.x += body.motion.x
  body.box.y += body.motion.y
  // null when apart, { 0, 0 } when only touching: nothing to resolve in either case.
  const push = penetrationVector(body.box, wall)
  if (!push || (push.x === 0 && push.y === 0)) return false
  body.box.x += push.x
  body.box.y += push.y
  const normal = { x: Math.sign(push.x), y: Math.sign(push.y) }
  slideInto(body.motion, body.motion, normal)
  return true
}

/**
 * Swept detection (article 003): the step's motion is ray-cast from the origin against the
 * Minkowski difference wall − box (the kernel's `sweep`). On a hit the box moves only to
 * the time of impact and its motion into the wall is dropped, so no step is long enough to
 * skip the wall. Returns the hit, or `null` when the whole step is free.
 */
export function stepSwept(body: SteppedBody, wall: Rect): SweepHit | null {
  const hit = moveSwept(body.box, body.motion, wall)
  if (hit) slideInto(body.motion, body.motion, hit.normal)
  return hit
}
