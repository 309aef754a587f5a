import { assertOneOf, assertPositive, describeValue } from '../core/geometry/validate.js'
import { INTEGRATORS } from '../core/world/settings.js'
import { assertMotionVector } from '../core/world/validate.js'
import { assertAccessibility } from './accessibility.js'
import { assertOptionalBoolean, assertOptionalFunction } from './assertOptional.js'
import { assertBounds } from './boundsWalls.js'
import type { PhysicsWorldProps } from './PhysicsWorld.js'

const subject = '<PhysicsWorld>:'

/** The containers `as` may name. */
const containerTags: ReadonlyArray<NonNullable<PhysicsWorldProps['as']>> = [
  'div',
  'section',
  'main',
  'article',
  'ul',
  'ol',
  'svg',
]

const reducedMotionValues: ReadonlyArray<NonNullable<PhysicsWorldProps['reducedMotion']>> = [
  'user',
  'always',
  'never',
]

/**
 * Checks the props of `<PhysicsWorld>` on every render, before any reaches the world, so a
 * message names the prop as the user wrote it: `<PhysicsWorld>: gravity.y must be a finite
 * number in [-1e+150, 1e+150] (got NaN)`, `<PhysicsWorld>: onContactStart must be a
 * function (got "x")` (a callback that is not a function failed at every contact instead).
 * TypeError for a value of the wrong kind, RangeError for a number or a name out of range.
 */
export function assertWorldProps(props: PhysicsWorldProps): void {
  if (props.gravity !== undefined) assertMotionVector(subject, 'gravity', props.gravity)
  if (props.fixedStep !== undefined) assertPositive(subject, 'fixedStep', props.fixedStep)
  if (props.integrator !== undefined) {
    assertOneOf(subject, 'integrator', props.integrator, INTEGRATORS)
  }
  assertOptionalBoolean(subject, 'paused', props.paused)
  assertOptionalBoolean(subject, 'debug', props.debug)
  assertBounds(subject, props.bounds)
  if (props.reducedMotion !== undefined) {
    assertOneOf(subject, 'reducedMotion', props.reducedMotion, reducedMotionValues)
  }
  if (props.as !== undefined) assertOneOf(subject, 'as', props.as, containerTags)
  assertOptionalFunction(subject, 'onContactStart', props.onContactStart)
  assertOptionalFunction(subject, 'onContactEnd', props.onContactEnd)
  assertAccessibility(subject, props.accessibility)
  assertOptionalFunction(subject, 'now', props.now)
  const scheduler: unknown = props.scheduler
  if (scheduler === undefined) return
  const { request, cancel } = (scheduler ?? {}) as Record<string, unknown>
  if (typeof request !== 'function' || typeof cancel !== 'function') {
    throw new TypeError(
      `${subject} scheduler must be an object with request and cancel functions (got ${describeValue(scheduler)})`,
    )
  }
}
