import type { IntegratorName, WorldSettings } from './types.js'
import {
  assertNumberInRange,
  assertObject,
  assertPositive,
  describeValue,
} from '../geometry/validate.js'
import { assertMotionVector } from './validate.js'

/** The settings a world starts with when `createWorld` is given none. */
export function defaultSettings(): WorldSettings {
  return {
    gravity: { x: 0, y: 0 },
    fixedStep: 1 / 60,
    maxSubSteps: 8,
    maxFrameTime: 0.25,
    integrator: 'euler',
    contactStay: false,
  }
}

/** The integrators a world can use. */
export const INTEGRATORS: readonly IntegratorName[] = Object.freeze(['euler', 'rk4'])

/**
 * Most fixed steps one `step()` call may run. Without a bound, a tiny `fixedStep` with a
 * huge `maxSubSteps` made one call run for ever (`fixedStep: 1e-300` is accepted, and
 * taking it from the accumulator does not change it). 1,000 steps of 1 ms still cover a
 * whole second.
 */
const MAX_SUB_STEPS = 1000

/**
 * Longest `maxFrameTime` (and so `fixedStep`, which may not exceed it), in seconds. Without a
 * bound, `fixedStep: 1e10` with an in-range gravity gave NaN (issue #23): the step's
 * products of gravity, step and its square left the range of doubles. A second covers any
 * real frame; within it every gravity up to `MAX_MOTION` stays finite (tested).
 */
const MAX_FRAME_TIME = 1

/**
 * Checks `patch` and returns `base` with it applied (a new object; `base` is untouched, so
 * a bad field changes nothing). `method` names the caller in messages, e.g.
 * `createWorld: settings fixedStep must be a finite number > 0 (got 0)`.
 */
export function mergeSettings(
  method: string,
  base: WorldSettings,
  patch: Partial<WorldSettings> | undefined,
): WorldSettings {
  const next: WorldSettings = { ...base, gravity: { ...base.gravity } }
  if (patch === undefined) return next
  assertObject(`${method}:`, 'settings', patch)
  const subject = `${method}: settings`
  if (patch.gravity !== undefined) {
    next.gravity = assertMotionVector(subject, 'gravity', patch.gravity)
  }
  if (patch.fixedStep !== undefined) {
    next.fixedStep = assertPositive(subject, 'fixedStep', patch.fixedStep)
  }
  if (patch.maxSubSteps !== undefined) {
    const steps = patch.maxSubSteps
    if (
      typeof steps !== 'number' ||
      !Number.isInteger(steps) ||
      steps < 1 ||
      steps > MAX_SUB_STEPS
    ) {
      throw new RangeError(
        `${subject} maxSubSteps must be an integer in [1, ${MAX_SUB_STEPS}] (got ${describeValue(steps)})`,
      )
    }
    next.maxSubSteps = steps
  }
  if (patch.maxFrameTime !== undefined) {
    next.maxFrameTime = assertPositive(subject, 'maxFrameTime', patch.maxFrameTime)
    assertNumberInRange(subject, 'maxFrameTime', next.maxFrameTime, 0, MAX_FRAME_TIME)
  }
  if (patch.integrator !== undefined) {
    if (!INTEGRATORS.includes(patch.integrator)) {
      throw new RangeError(
        `${subject} integrator must be one of 'euler', 'rk4' (got ${describeValue(patch.integrator)})`,
      )
    }
    next.integrator = patch.integrator
  }
  if (patch.contactStay !== undefined) {
    if (typeof patch.contactStay !== 'boolean') {
      throw new TypeError(
        `${subject} contactStay must be a boolean (got ${describeValue(patch.contactStay)})`,
      )
    }
    next.contactStay = patch.contactStay
  }
  if (patch.gap !== undefined) next.gap = assertNumberInRange(subject, 'gap', patch.gap, 0)
  if ('filter' in patch) {
    if (patch.filter !== undefined && typeof patch.filter !== 'function') {
      throw new TypeError(
        `${subject} filter must be a function or undefined (got ${describeValue(patch.filter)})`,
      )
    }
    next.filter = patch.filter
  }
  assertNumberInRange(subject, 'fixedStep', next.fixedStep, 0, next.maxFrameTime)
  return next
}
