import type { Rect, Vec2 } from '../core/geometry/types.js'
import { assertNumberInRange, assertOneOf, describeValue } from '../core/geometry/validate.js'
import { RESIZE_MODES } from '../core/world/resize.js'
import type { BodyResizeOptions, ResizeMode } from '../core/world/types.js'

import type { ResizeDirection } from '../dom/resizeHandles.js'

export type { ResizeDirection }

/** Every {@link ResizeDirection}, in the order messages list them. */
export const RESIZE_DIRECTIONS: readonly ResizeDirection[] = Object.freeze([
  'n',
  's',
  'e',
  'w',
  'ne',
  'nw',
  'se',
  'sw',
])

/** How a card is resized (`useAABBBody`'s `resizable`). Sizes are in world units (CSS pixels). */
export interface ResizeOptions {
  /** The sides and corners that get a handle. @default ['se'] */
  handles?: ResizeDirection[] | undefined
  /** The narrowest a resize may make the card (px). @default 0 */
  minWidth?: number | undefined
  /** The shortest a resize may make the card (px). @default 0 */
  minHeight?: number | undefined
  /** The widest a resize may make the card (px). @default unbounded */
  maxWidth?: number | undefined
  /** The tallest a resize may make the card (px). @default unbounded */
  maxHeight?: number | undefined
  /**
   * What a growing edge does to the cards ahead: `'push'` pushes them as a drag does and
   * stops where they are blocked, `'stop'` stops at the first contact, `'squeeze'` shrinks
   * them (down to their own `minWidth`/`minHeight`, 0 for a card that is not resizable)
   * before pushing them. @default 'push'
   */
  mode?: ResizeMode | undefined
}

/** `resizable` as options: `false` or absent is null, `true` is every default. */
export function resizeOptionsOf(
  resizable: boolean | ResizeOptions | undefined,
): ResizeOptions | null {
  if (resizable === undefined || resizable === false) return null
  return resizable === true ? {} : resizable
}

/**
 * Checks `resizable`, throwing a TypeError or RangeError that names the body (`subject`)
 * and the field, e.g. `useAABBBody("notes"): resizable.minWidth must be a finite number >= 0 (got -1)`.
 */
export function assertResizable(subject: string, resizable: unknown): void {
  if (resizable === undefined || typeof resizable === 'boolean') return
  if (resizable === null || typeof resizable !== 'object') {
    throw new TypeError(
      `${subject} resizable must be a boolean or an object of resize options (got ${describeValue(resizable)})`,
    )
  }
  const options = resizable as Record<string, unknown>
  if (options.handles !== undefined) {
    if (!Array.isArray(options.handles)) {
      throw new TypeError(
        `${subject} resizable.handles must be an array of directions (got ${describeValue(options.handles)})`,
      )
    }
    options.handles.forEach((direction, k) =>
      assertOneOf(subject, `resizable.handles[${k}]`, direction, RESIZE_DIRECTIONS),
    )
  }
  for (const field of ['minWidth', 'minHeight', 'maxWidth', 'maxHeight'] as const) {
    if (options[field] !== undefined) {
      assertNumberInRange(subject, `resizable.${field}`, options[field], 0)
    }
  }
  for (const [min, max] of [
    ['minWidth', 'maxWidth'],
    ['minHeight', 'maxHeight'],
  ] as const) {
    const low = options[min] as number | undefined
    const high = options[max] as number | undefined
    if (low !== undefined && high !== undefined && low > high) {
      throw new RangeError(
        `${subject} resizable.${min} (${low}) is above resizable.${max} (${high})`,
      )
    }
  }
  if (options.mode !== undefined) assertOneOf(subject, 'resizable.mode', options.mode, RESIZE_MODES)
}

/** The minimum size a card's resize options allow (what `'squeeze'` shrinks it down to). */
export function minSizeOf(options: ResizeOptions | null): { width: number; height: number } {
  return { width: options?.minWidth ?? 0, height: options?.minHeight ?? 0 }
}

/** The world's resize options for a card with `options`, squeezing others down to `minSizes`. */
export function worldResizeOptions(
  options: ResizeOptions,
  minSizes: BodyResizeOptions['minSizes'],
): BodyResizeOptions {
  return {
    mode: options.mode ?? 'push',
    minSize: minSizeOf(options),
    // The world takes finite sizes only: the largest double stands for no bound.
    maxSize: {
      width: options.maxWidth ?? Number.MAX_VALUE,
      height: options.maxHeight ?? Number.MAX_VALUE,
    },
    ...(minSizes && { minSizes }),
  }
}

/**
 * The rect a handle asks for: `start` with the edges of `direction` moved by `delta`
 * (world units), the opposite edges fixed. An edge dragged past the opposite one leaves
 * a size of 0 there.
 */
export function resizedRect(
  start: Readonly<Rect>,
  direction: ResizeDirection,
  delta: Readonly<Vec2>,
): Rect {
  const rect = { ...start }
  if (direction.includes('e')) rect.width = Math.max(0, start.width + delta.x)
  if (direction.includes('w')) {
    rect.width = Math.max(0, start.width - delta.x)
    rect.x = start.x + start.width - rect.width
  }
  if (direction.includes('s')) rect.height = Math.max(0, start.height + delta.y)
  if (direction.includes('n')) {
    rect.height = Math.max(0, start.height - delta.y)
    rect.y = start.y + start.height - rect.height
  }
  return rect
}

/**
 * Puts into `goal` the edges of `body` that a handle of `direction` does not move: on an
 * axis it leaves alone, the body's position and size; on an axis it moves, the opposite
 * edge, with the size measured from it.
 */
export function keepFixedEdges(goal: Rect, body: Readonly<Rect>, direction: ResizeDirection): void {
  if (direction.includes('w')) {
    goal.width = Math.max(0, body.x + body.width - goal.x)
  } else {
    goal.x = body.x
    if (!direction.includes('e')) goal.width = body.width
  }
  if (direction.includes('n')) {
    goal.height = Math.max(0, body.y + body.height - goal.y)
  } else {
    goal.y = body.y
    if (!direction.includes('s')) goal.height = body.height
  }
}
