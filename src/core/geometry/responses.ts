/**
 * Velocity responses after a swept hit: pure functions of the velocity and the hit normal
 * (a unit axis vector, as {@link sweep} reports it). Each `...Into` twin writes into a
 * caller-owned `out` (which may be `velocity` itself), does not validate and allocates nothing.
 */
import type { SweptResponse, Vec2 } from './types.js'
import { assertFiniteResult, assertNumberInRange, assertOneOf, assertVector } from './validate.js'

/** The four swept responses, in a fixed order (the world stores a body's as its index). */
export const SWEPT_RESPONSES: readonly SweptResponse[] = Object.freeze([
  'slide',
  'touch',
  'bounce',
  'cross',
])

/** Hot-path twin of {@link slide}. */
export function slideInto(out: Vec2, velocity: Vec2, normal: Vec2): Vec2 {
  return bounceInto(out, velocity, normal, 0)
}

/** Hot-path twin of {@link touch}. */
export function touchInto(out: Vec2, _velocity: Vec2, _normal: Vec2): Vec2 {
  out.x = 0
  out.y = 0
  return out
}

/** Hot-path twin of {@link bounce}. */
export function bounceInto(out: Vec2, velocity: Vec2, normal: Vec2, restitution: number): Vec2 {
  // v' = v - (1 + e) (v . n) n: the tangential part is kept, the normal part becomes
  // -e times itself (article 004's `velocity.Y = -velocity.Y * bounce`); e = 0 is a slide.
  const scale = (1 + restitution) * (velocity.x * normal.x + velocity.y * normal.y)
  const x = velocity.x - scale * normal.x
  const y = velocity.y - scale * normal.y
  out.x = x
  out.y = y
  return out
}

/** Hot-path twin of {@link cross}. */
export function crossInto(out: Vec2, velocity: Vec2, _normal: Vec2): Vec2 {
  out.x = velocity.x
  out.y = velocity.y
  return out
}

/**
 * Hot-path twin of {@link respond}: dispatches to the `...Into` response named by `response`.
 * Does not validate (an unknown name acts as `cross`).
 */
export function respondInto(
  out: Vec2,
  response: SweptResponse,
  velocity: Vec2,
  normal: Vec2,
  restitution = 0,
): Vec2 {
  switch (response) {
    case 'slide':
      return slideInto(out, velocity, normal)
    case 'touch':
      return touchInto(out, velocity, normal)
    case 'bounce':
      return bounceInto(out, velocity, normal, restitution)
    default:
      return crossInto(out, velocity, normal)
  }
}

function assertArgs(subject: string, velocity: Vec2, normal: Vec2): void {
  assertVector(subject, 'velocity', velocity)
  assertVector(subject, 'normal', normal)
}

/**
 * Slide along the hit face: keep the tangential part of `velocity`, drop the normal part.
 * This follows article 003's stated intent, "zero the normal component of the velocity":
 * for a unit normal it is the projection onto the **face's** tangent, `dot(v, t) t`,
 * computed without building `t`.
 *
 * It deviates from article 003's code, which projects onto the tangent of the normalised
 * relative motion (`relativeMotion.normalized.tangent`). That tangent is perpendicular to
 * the motion, not to the face, so a body moving into a static face loses all of its
 * velocity, as with {@link touch}: a box falling diagonally onto a floor would stop instead
 * of sliding, contrary to the comment. The hit normal gives the face directly.
 *
 * @example
 * slide({ x: 3, y: 5 }, { x: 0, y: -1 }) // { x: 3, y: 0 }: landing on a floor keeps the run
 */
export function slide(velocity: Vec2, normal: Vec2): Vec2 {
  assertArgs('slide:', velocity, normal)
  return assertFiniteResult('slide:', slideInto({ x: 0, y: 0 }, velocity, normal))
}

/** Stop: the velocity becomes `{ x: 0, y: 0 }`. */
export function touch(velocity: Vec2, normal: Vec2): Vec2 {
  assertArgs('touch:', velocity, normal)
  return touchInto({ x: 0, y: 0 }, velocity, normal)
}

/**
 * Bounce: reflect the normal part of `velocity` and scale it by `restitution`, keep the
 * tangential part (article 004). `restitution` 1 is a perfect bounce, 0 a slide; above 1
 * a bounce would gain speed, so it is refused, as the world refuses it for a body.
 *
 * @throws RangeError when `restitution` is not a number from 0 to 1, or naming the field of
 *   a result that would overflow (a velocity near Number.MAX_VALUE).
 * @example
 * bounce({ x: 3, y: 5 }, { x: 0, y: -1 }, 0.5) // { x: 3, y: -2.5 }
 */
export function bounce(velocity: Vec2, normal: Vec2, restitution: number): Vec2 {
  assertArgs('bounce:', velocity, normal)
  assertNumberInRange('bounce:', 'restitution', restitution, 0, 1)
  return assertFiniteResult('bounce:', bounceInto({ x: 0, y: 0 }, velocity, normal, restitution))
}

/** Pass through: the velocity is unchanged (the hit is only reported). Returns a copy. */
export function cross(velocity: Vec2, normal: Vec2): Vec2 {
  assertArgs('cross:', velocity, normal)
  return crossInto({ x: 0, y: 0 }, velocity, normal)
}

/**
 * Applies the response named by `response` ({@link slide}, {@link touch}, {@link bounce} or
 * {@link cross}) and returns the new velocity.
 *
 * @param restitution - Used by `bounce` only, from 0 to 1; defaults to 0.
 * @throws RangeError when `response` is not one of the four names, or `restitution` is
 *   not a number from 0 to 1.
 */
export function respond(
  response: SweptResponse,
  velocity: Vec2,
  normal: Vec2,
  restitution = 0,
): Vec2 {
  assertOneOf('respond:', 'response', response, SWEPT_RESPONSES)
  assertArgs('respond:', velocity, normal)
  assertNumberInRange('respond:', 'restitution', restitution, 0, 1)
  const next = respondInto({ x: 0, y: 0 }, response, velocity, normal, restitution)
  return assertFiniteResult('respond:', next)
}
