/**
 * The input checks of the whole library: the kernel's convenient (allocating) functions,
 * the world's methods and the React layer's props all use these, so every message has one
 * shape: `<subject> <field> must be <rule> (got <value>)`. The subject names the function
 * and, where there is one, the body: `overlaps: a.width must be a finite number >= 0 (got
 * -3)`, `add: body "box" damping must be a finite number >= 0 (got NaN)`, `<PhysicsWorld>:
 * bounds.x must be a finite number (got Infinity)`. The kernel's `...Into` hot-path twins
 * skip them.
 *
 * Each check returns the value it accepted (typed), so a caller can check and read in one
 * expression.
 */
import type { Rect, Vec2 } from './types.js'

/** A short, safe description of a bad value for an error message. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`
  if (typeof value === 'function') return 'a function'
  if (value === null || typeof value !== 'object') return String(value)
  return Array.isArray(value) ? 'an array' : 'an object'
}

/**
 * Throws a TypeError unless `value` is an object (an options bag or a patch, whose fields the
 * caller checks next). `options: null` would otherwise fail later as "cannot read properties
 * of null", naming neither the call nor the field.
 */
export function assertObject(
  subject: string,
  field: string,
  value: unknown,
): asserts value is object {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${subject} ${field} must be an object (got ${describeValue(value)})`)
  }
}

/** Throws a RangeError unless `value` is a finite number. */
export function assertFiniteNumber(subject: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(
      `${subject} ${field} must be a finite number (got ${describeValue(value)})`,
    )
  }
  return value
}

/** Throws a RangeError unless `value` is a finite number >= `min` (and <= `max`). */
export function assertNumberInRange(
  subject: string,
  field: string,
  value: unknown,
  min: number,
  max = Infinity,
): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
  if (!ok) {
    const range = max === Infinity ? `>= ${min}` : `in [${min}, ${max}]`
    throw new RangeError(
      `${subject} ${field} must be a finite number ${range} (got ${describeValue(value)})`,
    )
  }
  return value
}

/** Throws a RangeError unless `value` is a finite number > 0. */
export function assertPositive(subject: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(
      `${subject} ${field} must be a finite number > 0 (got ${describeValue(value)})`,
    )
  }
  return value
}

/**
 * Whether `value` is an object with finite `x` and `y`: {@link assertVector}'s check, without
 * its errors (a drag validates a goal every frame, and the caller's label need not be built).
 */
export function isFiniteVector(value: unknown): value is Vec2 {
  if (value === null || typeof value !== 'object') return false
  const { x, y } = value as Record<string, unknown>
  return typeof x === 'number' && Number.isFinite(x) && typeof y === 'number' && Number.isFinite(y)
}

/** Throws a TypeError unless `value` is an object, a RangeError unless its `x` and `y` are finite; returns a copy. */
export function assertVector(subject: string, field: string, value: unknown): Vec2 {
  // A good vector skips the checks below, which build a field label each (queries and
  // moves pass vectors often).
  if (isFiniteVector(value)) return { x: value.x, y: value.y }
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { x, y } (got ${describeValue(value)})`,
    )
  }
  const { x, y } = value as Record<string, unknown>
  return {
    x: assertFiniteNumber(subject, `${field}.x`, x),
    y: assertFiniteNumber(subject, `${field}.y`, y),
  }
}

/**
 * Throws unless `value` is a rect with a finite position, a finite, non-negative size and
 * finite far edges (a TypeError for a non-object, else a RangeError naming the field);
 * returns a copy. `{ x: 1e308, width: 1e308 }` has an infinite right edge: no overlap test
 * or sweep can hold it, so it is refused as the world refuses such a body.
 */
export function assertRectangle(subject: string, field: string, value: unknown): Rect {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { x, y, width, height } (got ${describeValue(value)})`,
    )
  }
  // Read through the object so DOMRect getters work.
  const { x, y, width, height } = value as Record<string, unknown>
  const rect = {
    x: assertFiniteNumber(subject, `${field}.x`, x),
    y: assertFiniteNumber(subject, `${field}.y`, y),
    width: assertNumberInRange(subject, `${field}.width`, width, 0),
    height: assertNumberInRange(subject, `${field}.height`, height, 0),
  }
  assertFiniteNumber(subject, `${field}.x + ${field}.width`, rect.x + rect.width)
  assertFiniteNumber(subject, `${field}.y + ${field}.height`, rect.y + rect.height)
  return rect
}

/**
 * Throws a RangeError naming the field when a result computed from finite input is not
 * finite: a sum or product passed Number.MAX_VALUE (the Minkowski difference of boxes near
 * both ends of the number line, a bounce at 1e308 units/s). The kernel's checked functions
 * return no Infinity or NaN; numbers nested in objects are checked too. Returns `result`.
 */
export function assertFiniteResult<T extends object>(
  subject: string,
  result: T,
  path = 'result',
): T {
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new RangeError(
        `${subject} ${path}.${key} must be a finite number (got ${value}): the input is too large`,
      )
    }
    if (value !== null && typeof value === 'object') {
      assertFiniteResult(subject, value as object, `${path}.${key}`)
    }
  }
  return result
}

/** Throws a RangeError unless `value` is one of `allowed`. */
export function assertOneOf<T extends string>(
  subject: string,
  field: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    const names = allowed.map((option) => `'${option}'`).join(', ')
    throw new RangeError(
      `${subject} ${field} must be one of ${names} (got ${describeValue(value)})`,
    )
  }
  return value as T
}

/** Throws a RangeError unless `value` is a 32-bit mask: an integer in [0, 0xffffffff]. */
export function assertBits(subject: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(
      `${subject} ${field} must be an integer in [0, 0xffffffff] (got ${describeValue(value)})`,
    )
  }
  return value
}

/** Throws a TypeError unless `value` is a boolean. */
export function assertBoolean(subject: string, field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new TypeError(`${subject} ${field} must be a boolean (got ${describeValue(value)})`)
  }
  return value
}
