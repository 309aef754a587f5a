import { assertBoolean, describeValue } from '../core/geometry/validate.js'

/** {@link assertBoolean} for an optional option or prop: `undefined` passes. */
export function assertOptionalBoolean(subject: string, field: string, value: unknown): void {
  if (value !== undefined) assertBoolean(subject, field, value)
}

/** Throws a TypeError unless an optional option or prop is a function (or `undefined`). */
export function assertOptionalFunction(subject: string, field: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`${subject} ${field} must be a function (got ${describeValue(value)})`)
  }
}
