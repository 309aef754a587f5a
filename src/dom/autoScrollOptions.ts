import { assertPositive, describeValue } from '../core/geometry/validate.js'

/**
 * How a drag near the edge of its scroll container scrolls it (`<PhysicsWorld autoScroll>`).
 * Distances in CSS pixels.
 */
export interface AutoScrollOptions {
  /** How near the edge the pointer starts the scroll. @default 40 */
  edge?: number | undefined
  /** Pixels per frame with the pointer on (or past) the edge; less further in, 0 at `edge`. @default 20 */
  speed?: number | undefined
}

/** {@link AutoScrollOptions} with the defaults filled in: what a drag scrolls by. */
export interface AutoScrollSettings {
  readonly edge: number
  readonly speed: number
}

/** The defaults of {@link AutoScrollOptions}. */
const DEFAULT_EDGE = 40
const DEFAULT_SPEED = 20

/**
 * Checks `autoScroll` (a boolean or {@link AutoScrollOptions}), throwing an error that names
 * `subject` and the field, e.g. `<PhysicsWorld>: autoScroll.edge must be a finite number > 0 (got 0)`.
 */
export function assertAutoScroll(subject: string, value: unknown): void {
  if (value === undefined || typeof value === 'boolean') return
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} autoScroll must be a boolean or { edge?, speed? } (got ${describeValue(value)})`,
    )
  }
  const { edge, speed } = value as Record<string, unknown>
  if (edge !== undefined) assertPositive(subject, 'autoScroll.edge', edge)
  if (speed !== undefined) assertPositive(subject, 'autoScroll.speed', speed)
}

/** `autoScroll` as options, or `null` when it is off (`false`). `undefined` and `true` give the defaults. */
export function autoScrollOptionsOf(
  value: boolean | AutoScrollOptions | undefined,
): AutoScrollSettings | null {
  if (value === false) return null
  const options = typeof value === 'object' ? value : {}
  return { edge: options.edge ?? DEFAULT_EDGE, speed: options.speed ?? DEFAULT_SPEED }
}
