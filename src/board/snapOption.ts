import { assertPositive, describeValue } from '../core/geometry/validate.js'

/**
 * A snapping grid's cell, in world units (CSS pixels): one number for square cells, or a
 * width and a height. The grid starts at the container's content box.
 */
export type Snap = number | { x: number; y: number }

/**
 * Checks a snap cell (`number | { x, y }`, each finite and > 0), throwing a RangeError or
 * TypeError that names `field`, e.g. `<PhysicsWorld>: snap must be a finite number > 0 (got 0)`.
 */
export function assertSnap(subject: string, field: string, value: unknown): Snap {
  if (typeof value === 'number') return assertPositive(subject, field, value)
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be a number or an object { x, y } (got ${describeValue(value)})`,
    )
  }
  const { x, y } = value as Record<string, unknown>
  return {
    x: assertPositive(subject, `${field}.x`, x),
    y: assertPositive(subject, `${field}.y`, y),
  }
}

/** The cell of a snap value. */
export function cellOf(snap: Snap): { x: number; y: number } {
  return typeof snap === 'number' ? { x: snap, y: snap } : snap
}
