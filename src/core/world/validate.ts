/**
 * Input checks of the world's public methods. Every message names the method, the body
 * and the field, e.g. `add: body "box" width must be a finite number >= 0 (got -3)`, so a
 * bad prop in a React tree is found from the message alone. Checks run before anything
 * changes: nothing half-made enters the world.
 */
import type { Rect, SweptResponse, Vec2 } from '../geometry/types.js'
import type { BodyOptions, BodyPatch, BodyType } from './types.js'

const BODY_TYPES: readonly BodyType[] = ['static', 'kinematic', 'dynamic']
const RESPONSES: readonly SweptResponse[] = ['slide', 'touch', 'bounce', 'cross']

/** A short, safe description of a bad value for an error message. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`
  if (typeof value === 'function') return 'a function'
  if (value === null || typeof value !== 'object') return String(value)
  return Array.isArray(value) ? 'an array' : 'an object'
}

/** The subject of a message: `add: body "box"` or `add: body` when the id is not known yet. */
export function bodyLabel(method: string, id: string | undefined): string {
  return id === undefined ? `${method}: body` : `${method}: body "${id}"`
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

/** Throws a TypeError unless `value` is an object with finite `x` and `y`. */
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

/** Throws unless `value` is a rect with finite position and finite, non-negative size. */
export function assertRectangle(subject: string, field: string, value: unknown): Rect {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { x, y, width, height } (got ${describeValue(value)})`,
    )
  }
  // Read through the object so DOMRect getters work.
  const { x, y, width, height } = value as Record<string, unknown>
  return {
    x: assertFiniteNumber(subject, `${field}.x`, x),
    y: assertFiniteNumber(subject, `${field}.y`, y),
    width: assertNumberInRange(subject, `${field}.width`, width, 0),
    height: assertNumberInRange(subject, `${field}.height`, height, 0),
  }
}

function assertOneOf<T extends string>(
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

function assertBits(subject: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(
      `${subject} ${field} must be an integer in [0, 0xffffffff] (got ${describeValue(value)})`,
    )
  }
  return value
}

function assertBoolean(subject: string, field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new TypeError(`${subject} ${field} must be a boolean (got ${describeValue(value)})`)
  }
  return value
}

/** Every field of a body, checked and with defaults filled in. */
export interface BodyFields {
  x: number
  y: number
  width: number
  height: number
  type: BodyType
  velocityX: number
  velocityY: number
  mass: number
  restitution: number
  response: SweptResponse
  damping: number
  gravityScale: number
  layer: number
  mask: number
  pushable: boolean
}

/**
 * Checks a patch (or the options of a new body) and writes its fields over `base`, returning
 * a new object; `base` is not touched, so a throw leaves the body as it was.
 */
export function mergeBodyFields(subject: string, base: BodyFields, patch: BodyPatch): BodyFields {
  if (patch === null || typeof patch !== 'object') {
    throw new TypeError(`${subject} options must be an object (got ${describeValue(patch)})`)
  }
  const next = { ...base }
  if (patch.x !== undefined) next.x = assertFiniteNumber(subject, 'x', patch.x)
  if (patch.y !== undefined) next.y = assertFiniteNumber(subject, 'y', patch.y)
  if (patch.width !== undefined) next.width = assertNumberInRange(subject, 'width', patch.width, 0)
  if (patch.height !== undefined) {
    next.height = assertNumberInRange(subject, 'height', patch.height, 0)
  }
  if (patch.type !== undefined) next.type = assertOneOf(subject, 'type', patch.type, BODY_TYPES)
  if (patch.velocity !== undefined) {
    const velocity = assertVector(subject, 'velocity', patch.velocity)
    next.velocityX = velocity.x
    next.velocityY = velocity.y
  }
  if (patch.mass !== undefined) next.mass = assertPositive(subject, 'mass', patch.mass)
  if (patch.restitution !== undefined) {
    next.restitution = assertNumberInRange(subject, 'restitution', patch.restitution, 0, 1)
  }
  if (patch.response !== undefined) {
    next.response = assertOneOf(subject, 'response', patch.response, RESPONSES)
  }
  if (patch.damping !== undefined) {
    next.damping = assertNumberInRange(subject, 'damping', patch.damping, 0)
  }
  if (patch.gravityScale !== undefined) {
    next.gravityScale = assertFiniteNumber(subject, 'gravityScale', patch.gravityScale)
  }
  if (patch.layer !== undefined) next.layer = assertBits(subject, 'layer', patch.layer)
  if (patch.mask !== undefined) next.mask = assertBits(subject, 'mask', patch.mask)
  if (patch.pushable !== undefined) {
    next.pushable = assertBoolean(subject, 'pushable', patch.pushable)
  }
  return next
}

/**
 * Checks the options of a new body and fills in the defaults. `x`, `y`, `width` and
 * `height` are required; the default mass is the area (or 1 for a box of zero area).
 */
export function bodyFieldsFromOptions(subject: string, options: BodyOptions): BodyFields {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${subject} options must be an object (got ${describeValue(options)})`)
  }
  const x = assertFiniteNumber(subject, 'x', options.x)
  const y = assertFiniteNumber(subject, 'y', options.y)
  const width = assertNumberInRange(subject, 'width', options.width, 0)
  const height = assertNumberInRange(subject, 'height', options.height, 0)
  const base: BodyFields = {
    x,
    y,
    width,
    height,
    type: 'dynamic',
    velocityX: 0,
    velocityY: 0,
    mass: width * height > 0 ? width * height : 1,
    restitution: 0,
    response: 'slide',
    damping: 0,
    gravityScale: 1,
    layer: 1,
    mask: 0xffffffff,
    pushable: true,
  }
  return mergeBodyFields(subject, base, options)
}

/** Throws a TypeError unless `id` is a non-empty string. */
export function assertIdString(method: string, id: unknown): string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new TypeError(`${method}: id must be a non-empty string (got ${describeValue(id)})`)
  }
  return id
}
