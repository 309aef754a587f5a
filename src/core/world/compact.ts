import type { Vec2 } from '../geometry/types.js'
import { assertOneOf, describeValue } from '../geometry/validate.js'
import { placeBefore } from './findFreeSpot.js'
import { assertSnapGrid, gridLineAbove, gridLineBelow, type SnapGrid } from './snap.js'
import type {
  BodyId,
  BodySnapshot,
  CompactDirection,
  CompactMove,
  CompactOptions,
  World,
} from './types.js'

const SUBJECT = 'compact:'

/** The directions {@link compact} takes. */
export const COMPACT_DIRECTIONS: readonly CompactDirection[] = Object.freeze([
  'up',
  'down',
  'left',
  'right',
])

/**
 * How near a body is to the edge it is compacted toward (smaller first): its leading edge
 * along the direction. Ties go to the smaller coordinate across it, then to insertion order
 * (the sort is stable), so the order depends on the layout alone.
 */
function leadingEdge(direction: CompactDirection, body: BodySnapshot): number {
  switch (direction) {
    case 'up':
      return body.y
    case 'down':
      return -(body.y + body.height)
    case 'left':
      return body.x
    case 'right':
      return -(body.x + body.width)
  }
}

/** The coordinate across the direction, for ties of {@link leadingEdge}. */
function across(direction: CompactDirection, body: BodySnapshot): number {
  return direction === 'up' || direction === 'down' ? body.x : body.y
}

/**
 * Where body `body` would be if it went all the way to `reach`, the world's far edge in
 * `direction` (the top of the topmost body for `'up'`, ...): its goal, which the sweep
 * stops short of at the first body in the way.
 */
function goalAt(direction: CompactDirection, body: BodySnapshot, reach: number): Vec2 {
  switch (direction) {
    case 'up':
      return { x: body.x, y: reach }
    case 'down':
      return { x: body.x, y: placeBefore(reach, body.height) }
    case 'left':
      return { x: reach, y: body.y }
    case 'right':
      return { x: placeBefore(reach, body.width), y: body.y }
  }
}

/**
 * Where `body` stops at `other` (which stopped it) exactly, along `direction`, `gap` away
 * from it (the world's `gap`): the sweep's touch point is `start + motion * time`, which
 * rounding can leave an ulp short of the face (then a second compaction would creep on)
 * or an ulp inside it (an overlap). For the far faces `placeBefore` keeps `x + width`
 * from passing the face.
 */
function touching(
  direction: CompactDirection,
  body: BodySnapshot,
  other: BodySnapshot,
  gap: number,
): Vec2 {
  switch (direction) {
    case 'up':
      return { x: body.x, y: other.y + other.height + gap }
    case 'down':
      return { x: body.x, y: placeBefore(other.y - gap, body.height) }
    case 'left':
      return { x: other.x + other.width + gap, y: body.y }
    case 'right':
      return { x: placeBefore(other.x - gap, body.width), y: body.y }
  }
}

/**
 * The last grid line of `grid` that `body`, moved from its start to `to`, passed or
 * reached: `to` pulled back along the direction to the grid, never behind the start. It
 * lies on the swept path the move found free, so the body fits there.
 */
function lastGridLine(
  direction: CompactDirection,
  body: BodySnapshot,
  to: Vec2,
  grid: SnapGrid,
): Vec2 {
  const originX = grid.origin?.x ?? 0
  const originY = grid.origin?.y ?? 0
  switch (direction) {
    case 'up':
      return { x: to.x, y: Math.min(body.y, gridLineAbove(to.y, grid.y, originY)) }
    case 'down':
      return { x: to.x, y: Math.max(body.y, gridLineBelow(to.y, grid.y, originY)) }
    case 'left':
      return { x: Math.min(body.x, gridLineAbove(to.x, grid.x, originX)), y: to.y }
    case 'right':
      return { x: Math.max(body.x, gridLineBelow(to.x, grid.x, originX)), y: to.y }
  }
}

/**
 * Whether a box of `body`'s size at `place` comes nearer than `gap` to any body but `body`
 * (their interiors meet, each grown by `gap / 2`).
 */
function blocked(world: World, body: BodySnapshot, place: Vec2, gap: number): boolean {
  const box = { x: place.x, y: place.y, width: body.width, height: body.height }
  return world.queryRect(box).some((id) => {
    if (id === body.id) return false
    const other = world.get(id)
    return (
      box.x < other.x + other.width + gap &&
      other.x < box.x + box.width + gap &&
      box.y < other.y + other.height + gap &&
      other.y < box.y + box.height + gap
    )
  })
}

/**
 * The world's far edge in `direction`: the least top (`'up'`), greatest bottom (`'down'`),
 * ... over every body. Bounds walls are bodies, so on a bounded board it lies beyond the
 * board's edge; without walls, compaction stops where the outermost body is, not at
 * infinity.
 */
function reachOf(direction: CompactDirection, bodies: readonly BodySnapshot[]): number {
  let reach = direction === 'up' || direction === 'left' ? Infinity : -Infinity
  for (const body of bodies) {
    if (direction === 'up') reach = Math.min(reach, body.y)
    else if (direction === 'down') reach = Math.max(reach, body.y + body.height)
    else if (direction === 'left') reach = Math.min(reach, body.x)
    else reach = Math.max(reach, body.x + body.width)
  }
  return reach
}

/** The ids `compact` moves, checked before anything moves: every dynamic body by default. */
function compactedIds(world: World, ids: readonly BodyId[] | undefined): BodyId[] {
  if (ids === undefined) return world.ids().filter((id) => world.get(id).type === 'dynamic')
  const list: unknown = ids
  if (!Array.isArray(list)) {
    throw new TypeError(`${SUBJECT} ids must be an array of body ids (got ${describeValue(list)})`)
  }
  list.forEach((id: unknown, k) => {
    if (typeof id !== 'string' || !world.has(id)) {
      throw new RangeError(
        `${SUBJECT} ids[${k}]: body ${describeValue(id)} does not exist (unknown or removed id)`,
      )
    }
  })
  return [...new Set(ids)]
}

/**
 * Each body's grid from `gridOf` (none without it), asked and checked before anything
 * moves, so a bad grid throws with the world unchanged, naming the body, e.g.
 * `compact: options.gridOf("a").x must be a finite number > 0 (got NaN)`.
 */
function gridsOf(ids: readonly BodyId[], gridOf: CompactOptions['gridOf']): Map<BodyId, SnapGrid> {
  const grids = new Map<BodyId, SnapGrid>()
  if (gridOf === undefined) return grids
  if (typeof gridOf !== 'function') {
    throw new TypeError(
      `${SUBJECT} options.gridOf must be a function (got ${describeValue(gridOf)})`,
    )
  }
  for (const id of ids) {
    const grid: unknown = gridOf(id)
    if (grid !== undefined) {
      grids.set(id, assertSnapGrid(SUBJECT, `options.gridOf(${JSON.stringify(id)})`, grid))
    }
  }
  return grids
}

/**
 * `world.compact`: moves each body as far as it can in `direction` without pushing, the
 * body nearest the target edge first (react-grid-layout's vertical compaction, made
 * swept and free-size: gridstack #754, react-grid-layout #795).
 *
 * Each body takes one non-pushing `world.move` toward the world's far edge in that
 * direction (article 003's sweep, bump.lua's `move`; straight along one axis, so it slides
 * nowhere: it stops at the first body in the way). So compaction keeps the layout
 * contract: it never deepens an overlap. Nearest first, a body moves only after every body
 * that could stop it has: one pass compacts fully, and a second moves nothing.
 */
export function compact(
  world: World,
  direction: CompactDirection,
  ids?: readonly BodyId[],
  options?: CompactOptions,
): CompactMove[] {
  assertOneOf(SUBJECT, 'direction', direction, COMPACT_DIRECTIONS)
  const moved = compactedIds(world, ids)
  const givenOptions: unknown = options
  if (givenOptions !== undefined && (givenOptions === null || typeof givenOptions !== 'object')) {
    throw new TypeError(
      `${SUBJECT} options must be an object { gridOf? } (got ${describeValue(givenOptions)})`,
    )
  }
  const grids = gridsOf(moved, options?.gridOf)
  const gap = world.settings.gap ?? 0
  const reach = reachOf(
    direction,
    world.ids().map((id) => world.get(id)),
  )
  const order = moved
    .map((id) => world.get(id))
    .sort(
      (p, q) =>
        leadingEdge(direction, p) - leadingEdge(direction, q) ||
        across(direction, p) - across(direction, q),
    )
  const moves: CompactMove[] = []
  for (const body of order) {
    const result = world.move(body.id, goalAt(direction, body, reach))
    let to: Vec2 = { x: result.x, y: result.y }
    const hit = result.hits[0]
    if (hit !== undefined && (to.x !== body.x || to.y !== body.y)) {
      const exact = touching(direction, body, world.get(hit.other), gap)
      if (!blocked(world, body, exact, gap)) {
        world.update(body.id, exact)
        to = exact
      }
    }
    const grid = grids.get(body.id)
    if (grid !== undefined && (to.x !== body.x || to.y !== body.y)) {
      const onGrid = lastGridLine(direction, body, to, grid)
      if (onGrid.x !== to.x || onGrid.y !== to.y) {
        world.update(body.id, onGrid)
        to = onGrid
      }
    }
    if (to.x !== body.x || to.y !== body.y)
      moves.push({ id: body.id, from: { x: body.x, y: body.y }, to })
  }
  return moves
}
