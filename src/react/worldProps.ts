import type { HTMLAttributes, ReactNode } from 'react'
import type { Accessibility } from '../board/accessibility.js'
import type { Bounds } from '../board/boundsWalls.js'
import type { FrameScheduler } from '../board/frameLoop.js'
import type { Vec2 } from '../core/geometry/types.js'
import type { ContactEvent, IntegratorName } from '../core/world/types.js'
import { assertOneOf, assertPositive, describeValue } from '../core/geometry/validate.js'
import { INTEGRATORS } from '../core/world/settings.js'
import { assertMotionVector } from '../core/world/validate.js'
import { assertAccessibility } from '../board/accessibility.js'
import { assertOptionalBoolean, assertOptionalFunction } from '../board/assertOptional.js'
import { assertBounds } from '../board/boundsWalls.js'

/**
 * Props of `<PhysicsWorld>`. Every other HTML attribute (`className`, `style`, `role`,
 * `aria-*`, event handlers, ...) goes to the container element.
 */
export interface PhysicsWorldProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Units (CSS pixels) per second squared, y down. @default { x: 0, y: 0 } */
  gravity?: Vec2
  /** Seconds per fixed step. @default 1 / 60 */
  fixedStep?: number
  /** @default 'euler' */
  integrator?: IntegratorName
  /** Stop stepping; drags, `move` and manual `step()` still work. @default false */
  paused?: boolean
  /**
   * Walls around the world: `'container'` makes the container's edges static walls
   * (re-measured when it resizes), a Rect puts them around that rect (world coordinates:
   * finite `x`, `y`, and `width`, `height` >= 0); `null` means none. The walls are static
   * bodies with the ids `aabb-bounds-left`, `-right`, `-top` and `-bottom`.
   * @default none
   */
  bounds?: Bounds
  /** Draw every body's box over the world. @default false */
  debug?: boolean
  /**
   * `'user'` follows `prefers-reduced-motion`; with reduced motion, bodies settle to rest
   * in one frame instead of animating. @default 'user'
   */
  reducedMotion?: 'user' | 'always' | 'never'
  /** Two bodies started touching (contacts are tracked only while a contact handler exists). */
  onContactStart?: (event: ContactEvent) => void
  /** Two bodies stopped touching. */
  onContactEnd?: (event: ContactEvent) => void
  /**
   * What screen readers are told: the key instructions and the `aria-live` announcements,
   * to translate or reword them (see {@link Accessibility}). @default English texts
   */
  accessibility?: Accessibility
  /**
   * The container element: an HTML element, or `'svg'` for a world in SVG user units. It may
   * change to another HTML element; a change between `'svg'` and HTML throws (the world's
   * units would change under its bodies): remount the world with a new `key` instead.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'main' | 'article' | 'ul' | 'ol' | 'svg'
  /** The svg's `viewBox` when `as="svg"`. */
  viewBox?: string
  /** The svg's `width` when `as="svg"`. */
  width?: number | string
  /** The svg's `height` when `as="svg"`. */
  height?: number | string
  /**
   * The world's content: elements with `useAABBBody` bodies, and anything else. Bodies may
   * sit deeper in the tree (or in a portal): the nearest `<PhysicsWorld>` above a hook owns it.
   */
  children?: ReactNode
  /** Where frames come from (tests run frames by hand). @default requestAnimationFrame */
  scheduler?: FrameScheduler
  /** Milliseconds clock used with `scheduler`. @default performance.now */
  now?: () => number
}

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
