import { sweep, type Rect, type SweepHit, type Vec2 } from '../core/index.js'

/**
 * Moves `box` (in place) by `delta` against a static `wall`, the way article 003 does: the
 * motion is ray-cast from the origin against the Minkowski difference wall − box (the
 * kernel's `sweep`). On a miss the box moves the whole way; on a hit it stops at the time of
 * impact, or, when it already overlaps the wall, is pushed out discretely first (article
 * 000), since the ray test needs the boxes apart. The caller decides what the hit does to
 * its velocity. Returns the hit, or `null` when the whole move is free.
 */
export function moveSwept(box: Rect, delta: Vec2, wall: Rect): SweepHit | null {
  const hit = sweep(box, delta, wall)
  if (!hit) {
    box.x += delta.x
    box.y += delta.y
  } else if (hit.overlapping) {
    box.x += hit.penetration.x
    box.y += hit.penetration.y
  } else {
    box.x = hit.touch.x
    box.y = hit.touch.y
  }
  return hit
}
