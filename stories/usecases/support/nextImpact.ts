import { sweep, type BodyId, type Rect, type SweepHit, type Vec2, type World } from 'react-aabb'

/** The first swept hit of a body's straight-line motion, and what it hits. */
export interface PredictedImpact {
  /** The body it hits. */
  other: BodyId
  /** What `sweep` returned (article 003): `time` is the fraction of the ray. */
  hit: SweepHit
  /** The other body's box when predicted, for drawing the Minkowski difference. */
  otherBox: Rect
  /** Seconds until impact at the current velocity: `hit.time * horizon`. */
  seconds: number
}

/**
 * Predicts the next impact of body `id` if it keeps its velocity for `horizon` seconds:
 * sweeps its box along the ray `velocity * horizon` against every other body with the
 * kernel's `sweep` (the ray against their Minkowski difference, article 003) and keeps the
 * earliest hit that it moves into. Returns `null` when nothing is hit within the horizon.
 */
export function predictImpact(world: World, id: BodyId, horizon: number): PredictedImpact | null {
  const body = world.get(id)
  const ray: Vec2 = { x: body.velocity.x * horizon, y: body.velocity.y * horizon }
  if (ray.x === 0 && ray.y === 0) return null
  let first: PredictedImpact | null = null
  for (const other of world.ids()) {
    if (other === id) continue
    const otherBox = world.get(other)
    const hit = sweep(body, ray, otherBox)
    // A start overlap is a push-out's business, not a future impact.
    if (!hit || hit.overlapping) continue
    if (!first || hit.time < first.hit.time) {
      first = { other, hit, otherBox, seconds: hit.time * horizon }
    }
  }
  return first
}
