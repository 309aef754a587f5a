/**
 * Input checks shared by every convenient (allocating) geometry function. The `...Into`
 * hot-path twins skip them. Every message names the function, the argument and the field,
 * e.g. `overlaps: a.width must be a finite number >= 0 (got NaN)`.
 */
import type { Rect, Vec2 } from './types.js'

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  if (value === null || typeof value !== 'object') return String(value)
  return Array.isArray(value) ? 'an array' : 'an object'
}

/** Throws a RangeError unless `value` is a finite number. */
export function assertFinite(fn: string, name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${fn}: ${name} must be a finite number (got ${describe(value)})`)
  }
}

/** Throws a RangeError unless `value` is a finite number >= 0. */
export function assertNonNegative(
  fn: string,
  name: string,
  value: unknown,
): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${fn}: ${name} must be a finite number >= 0 (got ${describe(value)})`)
  }
}

/** Throws a RangeError unless `value` is a number from 0 to 1 (a restitution). */
export function assertUnitInterval(
  fn: string,
  name: string,
  value: unknown,
): asserts value is number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new RangeError(`${fn}: ${name} must be a number from 0 to 1 (got ${describe(value)})`)
  }
}

function assertObject(fn: string, name: string, value: unknown, kind: string): void {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${fn}: ${name} must be a ${kind} object (got ${describe(value)})`)
  }
}

/** Throws unless `vector` is an object with finite `x` and `y`. */
export function assertVec2(fn: string, name: string, vector: unknown): asserts vector is Vec2 {
  assertObject(fn, name, vector, 'Vec2')
  const { x, y } = vector as Record<string, unknown>
  assertFinite(fn, `${name}.x`, x)
  assertFinite(fn, `${name}.y`, y)
}

/** Throws unless `rect` has finite `x`, `y` and finite, non-negative `width`, `height`. */
export function assertRect(fn: string, name: string, rect: unknown): asserts rect is Rect {
  assertObject(fn, name, rect, 'Rect')
  // Read through the object so DOMRect getters work.
  const { x, y, width, height } = rect as Record<string, unknown>
  assertFinite(fn, `${name}.x`, x)
  assertFinite(fn, `${name}.y`, y)
  assertNonNegative(fn, `${name}.width`, width)
  assertNonNegative(fn, `${name}.height`, height)
}

/** Throws a RangeError unless `value` is one of `allowed`. */
export function assertOneOf<T extends string>(
  fn: string,
  name: string,
  value: unknown,
  allowed: readonly T[],
): asserts value is T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    const names = allowed.map((option) => `'${option}'`).join(', ')
    throw new RangeError(`${fn}: ${name} must be one of ${names} (got ${describe(value)})`)
  }
}
