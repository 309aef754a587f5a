/**
 * Input checks of the world's public methods, built on the shared checks of
 * `geometry/validate.ts`. Every message names the method, the body and the field, e.g. `add: body "box" width must be a finite number >= 0 (got -3)`, so a
 * bad prop in a React tree is found from the message alone. Checks run before anything
 * changes: nothing half-made enters the world.
 */
import { SWEPT_RESPONSES } from '../geometry/responses.js'
import type { Rect, Vec2 } from '../geometry/types.js'
import {
  assertBits,
  assertBoolean,
  assertFiniteNumber,
  assertNumberInRange,
  assertOneOf,
  assertVector,
  assertObject,
  describeValue,
} from '../geometry/validate.js'
import { ALL_LAYERS, BODY_TYPES, type BodyFields } from './bodyStore.js'
import type { BodyOptions, BodyPatch } from './types.js'

/** The subject of a message: `add: body "box"` or `add: body` when the id is not known yet. */
export function bodyLabel(method: string, id: string | undefined): string {
  return id === undefined ? `${method}: body` : `${method}: body "${id}"`
}

/**
 * Checks a patch (or the options of a new body) and writes its fields over `base`, returning
 * a new object; `base` is not touched, so a throw leaves the body as it was.
 */
export function mergeBodyFields(subject: string, base: BodyFields, patch: BodyPatch): BodyFields {
  assertObject(subject, 'options', patch)
  const next = { ...base }
  if (patch.x !== undefined) next.x = assertFiniteNumber(subject, 'x', patch.x)
  if (patch.y !== undefined) next.y = assertFiniteNumber(subject, 'y', patch.y)
  if (patch.width !== undefined) next.width = assertNumberInRange(subject, 'width', patch.width, 0)
  if (patch.height !== undefined) {
    next.height = assertNumberInRange(subject, 'height', patch.height, 0)
  }
  if (patch.type !== undefined) next.type = assertOneOf(subject, 'type', patch.type, BODY_TYPES)
  if (next.type === 'static' && base.type !== 'static' && patch.velocity === undefined) {
    // Made static: a wall has no motion to keep (it came back when the body was made dynamic).
    next.velocityX = 0
    next.velocityY = 0
  }
  if (patch.velocity !== undefined) {
    const velocity = assertMotionVector(subject, 'velocity', patch.velocity)
    next.velocityX = velocity.x
    next.velocityY = velocity.y
  }
  if (patch.mass !== undefined) {
    next.mass = assertNumberInRange(subject, 'mass', patch.mass, MIN_MASS, MAX_MASS)
  }
  if (patch.restitution !== undefined) {
    next.restitution = assertNumberInRange(subject, 'restitution', patch.restitution, 0, 1)
  }
  if (patch.response !== undefined) {
    next.response = assertOneOf(subject, 'response', patch.response, SWEPT_RESPONSES)
  }
  if (patch.damping !== undefined) {
    next.damping = assertNumberInRange(subject, 'damping', patch.damping, 0)
  }
  if (patch.gravityScale !== undefined) {
    next.gravityScale = assertNumberInRange(
      subject,
      'gravityScale',
      patch.gravityScale,
      -MAX_MOTION,
      MAX_MOTION,
    )
  }
  if (patch.layer !== undefined) next.layer = assertBits(subject, 'layer', patch.layer)
  if (patch.mask !== undefined) next.mask = assertBits(subject, 'mask', patch.mask)
  if (patch.pushable !== undefined) {
    next.pushable = assertBoolean(subject, 'pushable', patch.pushable)
  }
  // The far edges too: `x: 1e308, width: 1e308` has an infinite right edge, which no
  // overlap test or grid cell can hold.
  assertFiniteNumber(subject, 'x + width', next.x + next.width)
  assertFiniteNumber(subject, 'y + height', next.y + next.height)
  return next
}

/**
 * Lightest and heaviest mass a body may have: inverse masses and impulses between any two
 * bodies then stay far from overflow (a mass of 1e-309 has an infinite inverse, and the
 * impulse between two bodies of 1e307 overflowed to NaN). A ratio of 1e24 between the two
 * is more than any layout needs.
 */
export const MIN_MASS = 1e-12
export const MAX_MASS = 1e12

/**
 * Largest magnitude of a velocity or gravity component and of a gravity scale: far beyond
 * any interface (a box at 1,000,000 units/s already stops at the thinnest wall), and small
 * enough that no sum or product of a step overflows to Infinity and then to NaN (an RK4
 * step sums six velocities, a pair's approach is a difference of two, and gravity times its
 * scale stays under 1e300). Velocities of 1e307 did overflow.
 */
export const MAX_MOTION = 1e150

/**
 * {@link assertVector} for a velocity or a gravity: each component also within
 * {@link MAX_MOTION}, else a RangeError naming it.
 */
export function assertMotionVector(subject: string, field: string, value: unknown): Vec2 {
  const vector = assertVector(subject, field, value)
  assertNumberInRange(subject, `${field}.x`, vector.x, -MAX_MOTION, MAX_MOTION)
  assertNumberInRange(subject, `${field}.y`, vector.y, -MAX_MOTION, MAX_MOTION)
  return vector
}

/** The fields of a box given no options but its place and size: every default of the world. */
export function defaultBodyFields(x: number, y: number, width: number, height: number): BodyFields {
  return {
    x,
    y,
    width,
    height,
    type: 'dynamic',
    velocityX: 0,
    velocityY: 0,
    mass: defaultMass(width, height),
    restitution: 0,
    response: 'slide',
    damping: 0,
    gravityScale: 1,
    layer: 1,
    mask: ALL_LAYERS,
    pushable: true,
  }
}

/**
 * Checks the options of a new body and fills in the defaults. `x`, `y`, `width` and
 * `height` are required; the default mass is {@link defaultMass}.
 */
export function bodyFieldsFromOptions(subject: string, options: BodyOptions): BodyFields {
  assertObject(subject, 'options', options)
  const x = assertFiniteNumber(subject, 'x', options.x)
  const y = assertFiniteNumber(subject, 'y', options.y)
  const width = assertNumberInRange(subject, 'width', options.width, 0)
  const height = assertNumberInRange(subject, 'height', options.height, 0)
  const base = defaultBodyFields(x, y, width, height)
  return mergeBodyFields(subject, base, options)
}

/**
 * A body's mass when none is given: its area, so a bigger box is harder to push (article
 * 002's split by mass), kept within [{@link MIN_MASS}, {@link MAX_MASS}]; 1 for a box of
 * zero area.
 */
export function defaultMass(width: number, height: number): number {
  const area = width * height
  if (!(area > 0)) return 1
  return area < MIN_MASS ? MIN_MASS : area > MAX_MASS ? MAX_MASS : area
}

/**
 * Checks that `world.move` of body `id` (now at `box`) to `goal` stays on the number line:
 * the distance to the goal and the far edges there must be finite. A box at x = -1e308
 * sent to 1e308 has an infinite motion, which no sweep can follow (it passed through a
 * wall), and a right edge past Number.MAX_VALUE fits no overlap test or grid cell. Objects,
 * not numbers, are passed: a drag calls `move` in every frame, and V8 boxes the doubles
 * passed to a call it does not inline. `method` names the call in the error (`moveGroup`
 * checks each member).
 */
export function assertMoveFits(id: string, box: Rect, goal: Vec2, method = 'move'): void {
  const dx = goal.x - box.x
  const dy = goal.y - box.y
  const right = goal.x + box.width
  const bottom = goal.y + box.height
  const fits =
    Number.isFinite(dx) && Number.isFinite(dy) && Number.isFinite(right) && Number.isFinite(bottom)
  if (fits) return
  // The subject is built only for a move that does not fit.
  const subject = bodyLabel(method, id)
  assertFiniteNumber(subject, 'goal.x - x', dx)
  assertFiniteNumber(subject, 'goal.y - y', dy)
  assertFiniteNumber(subject, 'goal.x + width', right)
  assertFiniteNumber(subject, 'goal.y + height', bottom)
}

/** Throws a TypeError unless `id` is a non-empty string. */
export function assertIdString(method: string, id: unknown): string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new TypeError(`${method}: id must be a non-empty string (got ${describeValue(id)})`)
  }
  return id
}
