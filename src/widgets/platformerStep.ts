import {
  minkowskiDifference,
  slideInto,
  type Rect,
  type SweepHit,
  type Vec2,
} from '../core/index.js'
import { moveSwept } from './sweptMove.js'

/** The platformer's one moving box. Mutated in place by {@link stepPlatformer}. */
export interface PlatformerBody {
  box: Rect
  /** Pixels per second. */
  velocity: Vec2
  /** Whether the box stood on something at the end of the last frame (it may jump). */
  grounded: boolean
}

/** What the player holds down this frame. */
export interface PlatformerInput {
  left: boolean
  right: boolean
  jump: boolean
}

/** Physical constants, in pixels and seconds. */
export interface PlatformerSettings {
  /** Downward acceleration, px/s². */
  gravity: number
  /** Horizontal speed while A or D is held, px/s. */
  runSpeed: number
  /** Upward speed given by a jump, px/s. */
  jumpSpeed: number
}

/** What one frame tested, for drawing article 003's picture. */
export interface PlatformerFrame {
  /** The box's motion this frame before any hit: the ray cast from the origin. */
  motion: Vec2
  /** platform − box at the start of the frame: the Minkowski box the ray is cast against. */
  minkowski: Rect
  /** The hit of that ray, or `null` when it misses. */
  hit: SweepHit | null
}

// After sliding along one face the rest of the move is swept again, so a box landing while
// running keeps running. With one platform two sweeps suffice; three leave headroom.
const MAX_SWEEPS = 3

/**
 * Advances the platformer by one fixed step `dt` (seconds) against a static platform,
 * the way article 003 does: the box's motion this frame is ray-cast from the origin against
 * the Minkowski difference platform − box (the kernel's `sweep`); on a hit the box moves
 * only to the time of impact and the velocity's normal part is dropped (`slide`), then the
 * rest of the frame is swept again with the new velocity. However large `dt` is, the box
 * cannot pass through the platform. Velocity is integrated with semi-implicit Euler
 * (article 004).
 */
export function stepPlatformer(
  body: PlatformerBody,
  input: PlatformerInput,
  platform: Rect,
  dt: number,
  settings: PlatformerSettings,
): PlatformerFrame {
  const velocity = body.velocity
  velocity.x = (input.right ? settings.runSpeed : 0) - (input.left ? settings.runSpeed : 0)
  velocity.y += settings.gravity * dt
  if (input.jump && body.grounded) velocity.y = -settings.jumpSpeed

  const motion = { x: velocity.x * dt, y: velocity.y * dt }
  const minkowski = minkowskiDifference(platform, body.box)
  let firstHit: SweepHit | null = null
  let remaining = 1
  body.grounded = false
  for (let sweepIndex = 0; sweepIndex < MAX_SWEEPS && remaining > 0; sweepIndex++) {
    const delta = { x: velocity.x * dt * remaining, y: velocity.y * dt * remaining }
    const hit = moveSwept(body.box, delta, platform)
    if (sweepIndex === 0) firstHit = hit
    if (!hit) break
    slideInto(velocity, velocity, hit.normal)
    if (hit.normal.y < 0) body.grounded = true
    remaining *= 1 - hit.time
  }
  return { motion, minkowski, hit: firstHit }
}
