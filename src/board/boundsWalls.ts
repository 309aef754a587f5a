import type { Rect } from '../core/geometry/types.js'
import { assertRectangle, describeValue } from '../core/geometry/validate.js'
import type { BodyId, World } from '../core/world/types.js'

/**
 * The container's edges as walls, as `'container'`, on a board that grows downward instead
 * of letting cards overflow (dashboards): when a card finds no free spot inside, the
 * container's inline `min-height` grows by the card's height, so the bottom wall moves down
 * and the card takes the nearest free spot in the grown board; whenever the board rests,
 * `min-height` is fitted to the lowest card, so the board shrinks back when cards are removed
 * or shrunk, never below the container's own CSS height (an HTML container only: an
 * `<svg>` keeps its size). A card wider than the board still overflows.
 */
export interface GrowingBounds {
  /** The axis the board grows along: `'y'`, downward. */
  grow: 'y'
}

/**
 * Where the world's walls are: `'container'` (the container's edges, re-measured when it
 * resizes), `{ grow: 'y' }` (the container's edges, growing downward to fit the cards: see
 * {@link GrowingBounds}), a fixed Rect in world coordinates, or `null` for no walls.
 */
export type Bounds = 'container' | GrowingBounds | Rect | null

/** Whether `bounds` are the container's edges that grow to fit (`{ grow: 'y' }`). */
export function isGrowingBounds(bounds: Bounds | undefined): bounds is GrowingBounds {
  return typeof bounds === 'object' && bounds !== null && 'grow' in bounds
}

/** A string that changes exactly when `bounds` changes value (for effect dependencies). */
export function boundsKey(bounds: Bounds | undefined): string {
  if (isGrowingBounds(bounds)) return `grow:${bounds.grow}`
  if (bounds && typeof bounds === 'object') {
    return `${bounds.x},${bounds.y},${bounds.width},${bounds.height}`
  }
  return String(bounds)
}

/** The ids of the four static walls that `bounds` adds around the world, by side. */
export const boundsWallIds = {
  left: 'aabb-bounds-left',
  right: 'aabb-bounds-right',
  top: 'aabb-bounds-top',
  bottom: 'aabb-bounds-bottom',
} as const

const wallNames: ReadonlyMap<BodyId, string> = new Map(
  Object.entries(boundsWallIds).map(([side, id]) => [id, `the ${side} edge`]),
)

/** "the left edge" for a bounds wall, `undefined` for any other body. */
export function boundsWallName(id: BodyId): string | undefined {
  return wallNames.get(id)
}

/**
 * Walls are thick so that even a push-out (articles 000 and 002: the shortest way out
 * of an overlap) of a body caught deep inside one points back into the world.
 */
const wallThickness = 4096

const wallIds: readonly BodyId[] = Object.values(boundsWallIds)

/** Whether `body` lies inside `rect` (touching its edges counts as inside). */
export function isInside(body: Rect, rect: Rect): boolean {
  return (
    body.x >= rect.x &&
    body.y >= rect.y &&
    body.x + body.width <= rect.x + rect.width &&
    body.y + body.height <= rect.y + rect.height
  )
}

/**
 * The rule that keeps a board's cards inside and apart when its walls move in (a container
 * shrunk): walls never close over a card. Each body that moves (dynamic, or kinematic: a
 * dragged card) and that `rect` does not hold whole is moved first, at rest, to the nearest
 * free spot inside it (`findFreeSpot`, in insertion order, so each sees the spots taken
 * before it). Left to the step, a card inside a wall is pushed out into its neighbours, which
 * flip between overlapping places until the layout watch relocates them 0.25 s later. A card
 * with no free spot is moved to the nearest place inside (the gap from the walls kept where
 * the board is large enough), over other cards: the step and the layout watch then treat it
 * as an overflow. Left where the wall closed over it, the step would push it out through the
 * wall's far face, thousands of pixels off the board, where no card overlaps it. A kinematic
 * card goes on where it is told from there, stopped by the walls.
 */
function gatherInside(world: World, rect: Rect): void {
  const present = wallIds.filter((id) => world.has(id))
  const gap = world.settings.gap ?? 0
  for (const id of world.ids()) {
    if (present.includes(id)) continue
    const body = world.get(id)
    if (body.type === 'static' || isInside(body, rect)) continue
    const spot =
      world.findFreeSpot(body, body, { within: rect, ignore: [id, ...present] }) ??
      nearestPlaceInside(body, rect, gap)
    world.update(id, { x: spot.x, y: spot.y, velocity: { x: 0, y: 0 } })
  }
}

/**
 * The top-left corner nearest `body`'s at which it lies inside `rect` at least `gap` from
 * its edges, along each axis where it fits with the gaps; where it does not, its near side
 * at the near edge (a card wider than the board overflows on the far side).
 */
export function nearestPlaceInside(body: Rect, rect: Rect, gap: number): { x: number; y: number } {
  const along = (start: number, size: number, from: number, length: number): number => {
    const least = from + Math.min(gap, Math.max(0, length - size) / 2)
    const most = Math.max(least, from + length - size - gap)
    return Math.min(Math.max(start, least), most)
  }
  return {
    x: along(body.x, body.width, rect.x, rect.width),
    y: along(body.y, body.height, rect.y, rect.height),
  }
}

/**
 * Puts four static walls just outside `rect` (or takes them away for `null`), updating
 * walls that exist so that a resize moves them rather than re-creating them. The dynamic
 * bodies `rect` does not hold are first gathered inside it (see `gatherInside`).
 */
export function placeBoundsWalls(world: World, rect: Rect | null): void {
  if (!rect) {
    for (const id of wallIds) if (world.has(id)) world.remove(id)
    return
  }
  gatherInside(world, rect)
  const t = wallThickness
  const { x, y, width, height } = rect
  const walls: Array<[BodyId, Rect]> = [
    [boundsWallIds.left, { x: x - t, y: y - t, width: t, height: height + 2 * t }],
    [boundsWallIds.right, { x: x + width, y: y - t, width: t, height: height + 2 * t }],
    [boundsWallIds.top, { x, y: y - t, width, height: t }],
    [boundsWallIds.bottom, { x, y: y + height, width, height: t }],
  ]
  for (const [id, wall] of walls) {
    if (world.has(id)) world.update(id, wall)
    else world.add({ id, type: 'static', ...wall })
  }
}

/**
 * Throws unless `bounds` is a {@link Bounds} (or `undefined`, no walls like `null`), before
 * a bad one reaches the walls, whose errors would name a wall's id rather than `bounds`:
 * a TypeError for a value of the wrong kind, a RangeError naming the field of a Rect whose
 * x or y is not finite or whose width or height is not a finite number >= 0, e.g.
 * `<PhysicsWorld>: bounds.width must be a finite number >= 0 (got NaN)`, or an unknown
 * `grow` axis: `<PhysicsWorld>: bounds.grow must be 'y' (got "z")`.
 */
export function assertBounds(
  subject: string,
  bounds: unknown,
): asserts bounds is Bounds | undefined {
  if (bounds === undefined || bounds === null || bounds === 'container') return
  if (typeof bounds !== 'object') {
    throw new TypeError(
      `${subject} bounds must be 'container', { grow: 'y' }, a Rect { x, y, width, height } or null (got ${describeValue(bounds)})`,
    )
  }
  if ('grow' in bounds) {
    const { grow } = bounds
    if (grow !== 'y') {
      throw new RangeError(`${subject} bounds.grow must be 'y' (got ${describeValue(grow)})`)
    }
    if (Object.keys(bounds).length > 1) {
      throw new TypeError(
        `${subject} bounds { grow } takes no other field: the walls are the container's edges (got ${Object.keys(bounds).join(', ')})`,
      )
    }
    return
  }
  assertRectangle(subject, 'bounds', bounds)
}
