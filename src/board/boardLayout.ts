import type { Rect, Vec2 } from '../core/geometry/types.js'
import { interiorsOverlap } from '../core/geometry/overlaps.js'
import {
  assertFiniteNumber,
  assertNumberInRange,
  assertOneOf,
  describeValue,
} from '../core/geometry/validate.js'
import { layersCollide } from '../core/world/bodyStore.js'
import { COMPACT_DIRECTIONS } from '../core/world/compact.js'
import { isOnGrid, snapToGrid, type SnapGrid } from '../core/world/snap.js'
import type { BodyId, BodySnapshot, CompactDirection, World } from '../core/world/types.js'
import type { ContainerSpace } from '../dom/containerSpace.js'
import { writeElementSize } from '../dom/elementSize.js'
import { cellOf, type Snap } from './snapOption.js'
import { isInside, nearestPlaceInside, type Bounds, type GrowingBounds } from './boundsWalls.js'
import type { ElementRegistry } from './elementRegistry.js'
import type { ResizeDirection } from './resizeOptions.js'
import { snapResizeEdges, type EdgeSnap } from './resizeSnap.js'
import { safely } from './frameLoop.js'

/**
 * Most entering bodies (a count) moved to a free spot in one task (see `placeIfBlocked`).
 * Invariant: a commit's placement work grows with the cards it adds, not with their
 * square: each `findFreeSpot` widens over the crowd already around the spot, so hundreds
 * of cards added at one spot would cost the crowd's square in one commit. Ordinary
 * additions (a card, a row of cards) stay far below it.
 */
const PLACED_AT_ONCE_PER_TASK = 32

/** Where one body is in a {@link Layout}: its top-left, and optionally its size (world units). */
export interface LayoutEntry {
  /** Left edge. */
  x: number
  /** Top edge. */
  y: number
  /** Width; left out, the card keeps its current width. */
  width?: number | undefined
  /** Height; left out, the card keeps its current height. */
  height?: number | undefined
}

/** A board's layout: each body's place (and size) by id, as `onLayoutChange` gives it and `layout` takes it. */
export type Layout = Record<BodyId, LayoutEntry>

/**
 * What made a layout change: a pointer drag, a key move, a resize, the board settling by
 * itself (bodies added or removed, compaction, physics), a new `layout` that could not
 * be taken as given (what overlapped was moved to the nearest free spot), or an undo or a
 * redo of a gesture (`useWorld().undo()`, Ctrl+Z; `redo()`, Shift+Ctrl+Z).
 */
export type LayoutCause = 'drag' | 'keyboard' | 'resize' | 'settle' | 'layout' | 'undo' | 'redo'

/** The second argument of `onLayoutChange`. */
export interface LayoutChange {
  /** What made the layout change. */
  cause: LayoutCause
}

/** Called once at the end of each gesture and each settle that changed the layout, with the whole layout. */
export type LayoutChangeHandler = (layout: Layout, change: LayoutChange) => void

/** Checks a `compact` direction, naming `field` (RangeError for another value). */
export function assertCompact(subject: string, field: string, value: unknown): CompactDirection {
  return assertOneOf(subject, field, value, COMPACT_DIRECTIONS)
}

/**
 * Checks a whole layout before any of it is applied: an object of entries with finite `x`
 * and `y`, and `width`/`height` finite and >= 0 when given. The message names the prop,
 * the body and the field: `<PhysicsWorld>: layout["chart"].y must be a finite number (got NaN)`.
 */
export function assertLayout(subject: string, field: string, value: unknown): Layout {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `${subject} ${field} must be an object of { x, y, width?, height? } by body id (got ${describeValue(value)})`,
    )
  }
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const name = `${field}[${JSON.stringify(id)}]`
    if (entry === null || typeof entry !== 'object') {
      throw new TypeError(
        `${subject} ${name} must be an object { x, y, width?, height? } (got ${describeValue(entry)})`,
      )
    }
    const { x, y, width, height } = entry as Record<string, unknown>
    assertFiniteNumber(subject, `${name}.x`, x)
    assertFiniteNumber(subject, `${name}.y`, y)
    if (width !== undefined) assertNumberInRange(subject, `${name}.width`, width, 0)
    if (height !== undefined) assertNumberInRange(subject, `${name}.height`, height, 0)
  }
  return value as Layout
}

/**
 * Whether two layouts say the same: the same ids, each at the same place; a size given by
 * only one of them is not compared (a `layout` may leave sizes to the elements).
 */
export function sameLayout(a: Layout, b: Layout): boolean {
  const ids = Object.keys(a)
  if (ids.length !== Object.keys(b).length) return false
  return ids.every((id) => {
    const p = a[id] as LayoutEntry
    const q = b[id]
    if (q === undefined || p.x !== q.x || p.y !== q.y) return false
    const sameWidth = p.width === undefined || q.width === undefined || p.width === q.width
    const sameHeight = p.height === undefined || q.height === undefined || p.height === q.height
    return sameWidth && sameHeight
  })
}

/** A copy of a layout's values (the app may reuse or change its objects). */
function copyLayout(layout: Layout): Layout {
  const copy: Layout = {}
  for (const [id, entry] of Object.entries(layout)) copy[id] = { ...entry }
  return copy
}

/** What the board layout needs from its store. */
export interface BoardLayoutHost {
  /** Whether a pointer drags body `id` now (a new `layout` leaves it where the drag has it). */
  isDragged(id: BodyId): boolean
  /** The walls' setting: snapped and placed bodies stay inside it (growing bounds as `'container'`). */
  bounds(): Exclude<Bounds, GrowingBounds>
  /** The layout wrote body `id`'s size onto its element (see `Frame.sizeWritten`). */
  sizeWritten(id: BodyId): void
  /**
   * The board is at rest at `layout` (a fresh object, also given to `onLayoutChange`)
   * after a change of `cause`, or a gesture is taken as ended before it rests
   * ({@link BoardLayout.flushGesture}): what the layout history records.
   */
  rested?(layout: Layout, cause: LayoutCause): void
}

/**
 * The layout side of a board (issue #25, react-grid-layout's `layout`/`onLayoutChange`,
 * `cols`/`rowHeight`, `compactType`): snapping, compaction after every settle, and a
 * controlled layout. Framework-free; `<PhysicsWorld>` drives it through the engine.
 *
 * Every change goes through the world's invariant-keeping operations: swept moves
 * (`move`, `compact`) and `findFreeSpot`, so no snap, compaction or new layout ever leaves
 * two bodies overlapping.
 */
export interface BoardLayout {
  /** The world's snapping cell (`undefined`: none); a body's `snap` option overrides it. */
  setSnap(snap: Snap | undefined): void
  /** Compaction after every settle, that way (`undefined`: none). */
  setCompact(direction: CompactDirection | undefined): void
  /** The handler, read through the ref at each call. */
  setChangeHandler(handler: { readonly current: LayoutChangeHandler | undefined }): void
  /**
   * A new `layout`: each body named goes there (snapped; what is in the way stays, and the
   * body goes to the nearest free spot). One equal to the layout last received or reported
   * (the same values, even in a new object) does nothing. Returns whether anything moved.
   */
  setLayout(layout: Layout | undefined): boolean
  /** The container was measured (where its content box starts, where its edges are). */
  containerMeasured(space: ContainerSpace | null): void
  /**
   * Body `id` entered the world: it goes to its `layout` entry, if it has one; else a
   * dynamic body that starts over another body or beyond the bounds goes to the nearest free
   * spot (see `placeIfBlocked`). Returns whether it moved, so the caller writes its element
   * before the first paint.
   */
  added(id: BodyId): boolean
  /** A gesture ended: the next layout change reports this cause. */
  gestureEnded(cause: LayoutCause): void
  /**
   * Puts bodies at the boxes `layout` gives (an undo's or a redo's), as a new `layout`
   * does, and reports the change with `cause`; returns whether anything moved. Unlike
   * `setLayout` it leaves the controlled layout alone: the app hears of the result
   * through `onLayoutChange` and passes it back.
   */
  apply(layout: Layout, cause: LayoutCause): boolean
  /**
   * A gesture ended and its change is not reported yet (a throw still in flight): tells
   * the host's `rested` of the layout now with that gesture's cause, so that an undo
   * asked for now takes the gesture back too.
   */
  flushGesture(): void
  /** The grid body `id` snaps to, or `undefined`. */
  gridOf(id: BodyId): SnapGrid | undefined
  /** The world's grid (`snap`), where a card without options of its own lands, or `undefined`. */
  worldGrid(): SnapGrid | undefined
  /** The rect snapped and placed bodies stay inside (the bounds), or `undefined`. */
  within(): Rect | undefined
  /** Puts a drag goal on the body's grid (in place), so the card follows the pointer snapped. */
  snapGoal(id: BodyId, goal: Vec2): void
  /**
   * Puts the edges a resize of `direction` moves on body `id`'s grid, in place (see
   * {@link snapResizeEdges}); without a grid, leaves `rect` as it is.
   */
  snapResize(id: BodyId, rect: Rect, direction: ResizeDirection, toward: EdgeSnap): void
  /** The keyboard step of body `id` moving along x (`'x'`) or y: its grid's cell, or `undefined`. */
  keyboardStep(id: BodyId, axis: 'x' | 'y'): number | undefined
  /**
   * The world came to rest: snaps bodies off their grid to the nearest free grid spot,
   * compacts, and returns `true` if that moved anything (the loop runs again and the next
   * rest settles again); otherwise reports a changed layout and returns `false`.
   */
  settle(): boolean
}

/** Creates the layout side of one board. */
export function createBoardLayout(
  world: World,
  elements: ElementRegistry,
  host: BoardLayoutHost,
): BoardLayout {
  let worldCell: { x: number; y: number } | undefined
  let direction: CompactDirection | undefined
  let origin: Vec2 = { x: 0, y: 0 }
  let edges: Rect | null = null
  let handler: { readonly current: LayoutChangeHandler | undefined } = { current: undefined }
  /** The layout the app has: the last one received or reported (null before either). */
  let known: Layout | null = null
  /** The last `layout` received: where bodies that enter later go. */
  let received: Layout | undefined
  let cause: LayoutCause | null = null
  /** Bodies `placeIfBlocked` moved in the current task. */
  let placedAtOnce = 0

  /** The bodies the layout is made of: those of registered elements in the world (no walls). */
  function layoutIds(): BodyId[] {
    return world.ids().filter((id) => elements.get(id)?.active === true)
  }

  /** The rect snapped and placed bodies must stay inside, if there is one. */
  function within(): Rect | undefined {
    const bounds = host.bounds()
    if (bounds === 'container') return edges ?? undefined
    return bounds ?? undefined
  }

  function currentLayout(): Layout {
    const layout: Layout = {}
    for (const id of layoutIds()) {
      const { x, y, width, height } = world.get(id)
      layout[id] = { x, y, width, height }
    }
    return layout
  }

  /** Puts `id` at the nearest free place (on its grid) to `near`, ignoring `ignore`; whether it moved. */
  function placeNear(id: BodyId, near: Vec2, ignore: BodyId[]): boolean {
    const body = world.get(id)
    const grid = board.gridOf(id)
    const inside = within()
    const free = world.findFreeSpot(body, near, {
      ignore,
      ...(grid && { grid }),
      ...(inside && { within: inside }),
    })
    // No free spot (the board is full): a card beyond the bounds still comes inside, over
    // others, where it overflows (clause 5), as `gatherInside` brings one in when the walls
    // close in; one inside stays where it is.
    const spot =
      free ??
      (inside && !isInside(body, inside)
        ? nearestPlaceInside(body, inside, world.settings.gap ?? 0)
        : null)
    if (spot === null || (spot.x === body.x && spot.y === body.y)) return false
    world.update(id, spot)
    return true
  }

  /**
   * Whether body `id` (`body`, its snapshot) leaves the bounds or overlaps the interior of a
   * body it collides with: their layers and masks match and neither crosses (the world's
   * pair `filter` is not consulted here; a card it lets overlap another is placed apart).
   */
  function isBlocked(id: BodyId, body: BodySnapshot): boolean {
    const inside = within()
    if (inside !== undefined && !isInside(body, inside)) return true
    return world.queryRect(body).some((other) => {
      if (other === id || !interiorsOverlap(body, world.box(other))) return false
      const { layer, mask, response } = world.get(other)
      return response !== 'cross' && layersCollide(body.layer, body.mask, layer, mask)
    })
  }

  /**
   * The layout contract for a body entering the board (issue #23): a card is never shown
   * over another card or beyond the bounds, not even in the first frame. Its start (where
   * its element shows, or `initialPosition`) may be either; left to the step, it was painted
   * there until the loop's next fixed steps pushed it out, one to three frames later. So a
   * dynamic body that does not start free goes at once to the nearest free spot inside the
   * bounds (on its grid), as `gatherInside` does for a shrinking board and the layout watch
   * for a stuck body; the others stay where they are. With no free spot (it overflows,
   * clause 5) it comes inside the bounds if it started beyond them, over other cards. Left
   * to the step: a `cross` body (it overlaps others by design), and
   * the bodies beyond {@link PLACED_AT_ONCE_PER_TASK} in one task (a crowd added at one
   * spot, which the step spreads over frames, clause 6). Returns whether it moved.
   */
  function placeIfBlocked(id: BodyId): boolean {
    const body = world.get(id)
    if (body.type !== 'dynamic' || body.response === 'cross' || !isBlocked(id, body)) return false
    if (placedAtOnce >= PLACED_AT_ONCE_PER_TASK) return false
    // Counted per task: a React commit registers its cards in one task.
    if (placedAtOnce++ === 0) queueMicrotask(() => (placedAtOnce = 0))
    return placeNear(id, body, [id])
  }

  /** Applies one entry's size (element and body) and place; whether the body moved. */
  function applyEntry(id: BodyId, entry: LayoutEntry, ignore: BodyId[]): boolean {
    const body = world.get(id)
    const width = entry.width ?? body.width
    const height = entry.height ?? body.height
    if (width !== body.width || height !== body.height) {
      const element = elements.get(id)?.element
      if (element) writeElementSize(element, width, height)
      host.sizeWritten(id)
      world.update(id, { width, height })
    }
    return placeNear(id, entry, ignore)
  }

  const board: BoardLayout = {
    setSnap(snap) {
      worldCell = snap === undefined ? undefined : cellOf(snap)
    },
    setCompact(next) {
      direction = next
    },
    setChangeHandler(next) {
      handler = next
    },
    setLayout(layout) {
      if (layout === undefined) {
        received = undefined
        return false
      }
      if (known !== null && sameLayout(layout, known)) return false
      received = copyLayout(layout)
      known = copyLayout(layout)
      return board.apply(layout, 'layout')
    },
    apply(layout, next) {
      // Bodies not placed yet do not count as obstacles: a swap of two cards must not send
      // the first to a free spot because the second is still where the first goes.
      const pending = Object.keys(layout).filter((id) => world.has(id) && !host.isDragged(id))
      let moved = false
      while (pending.length > 0) {
        const id = pending[0] as BodyId
        if (applyEntry(id, layout[id] as LayoutEntry, pending)) moved = true
        pending.shift()
      }
      cause = next
      return moved
    },
    flushGesture() {
      if (cause === null || cause === 'settle') return
      host.rested?.(currentLayout(), cause)
    },
    containerMeasured(space) {
      if (space === null) return
      origin = space.content
      edges = space.edges
    },
    added(id) {
      const entry = received?.[id]
      if (entry !== undefined) return applyEntry(id, entry, [id])
      return placeIfBlocked(id)
    },
    gestureEnded(next) {
      cause = next
    },
    gridOf(id) {
      const own = elements.get(id)?.options.current.snap
      if (own === false) return undefined
      const cell = own === undefined ? worldCell : cellOf(own)
      return cell && { x: cell.x, y: cell.y, origin }
    },
    worldGrid: () => worldCell && { x: worldCell.x, y: worldCell.y, origin },
    within,
    snapGoal(id, goal) {
      const grid = board.gridOf(id)
      if (grid === undefined) return
      const snapped = snapToGrid(goal, grid)
      goal.x = snapped.x
      goal.y = snapped.y
    },
    snapResize(id, rect, direction, toward) {
      const grid = board.gridOf(id)
      if (grid !== undefined)
        snapResizeEdges(rect, direction, grid, world.settings.gap ?? 0, toward)
    },
    keyboardStep(id, axis) {
      return board.gridOf(id)?.[axis]
    },
    settle() {
      let moved = false
      const ids = layoutIds().filter((id) => world.get(id).type === 'dynamic')
      for (const id of ids) {
        const grid = board.gridOf(id)
        const body = world.get(id)
        if (grid !== undefined && !isOnGrid(body, grid) && placeNear(id, body, [id])) moved = true
      }
      if (direction !== undefined) {
        const gridOf = (id: BodyId) => board.gridOf(id)
        if (world.compact(direction, ids, { gridOf }).length > 0) moved = true
      }
      if (moved) return true
      const reported = cause ?? 'settle'
      cause = null
      const watched = handler.current !== undefined || known !== null
      if (!watched && host.rested === undefined) return false
      const layout = currentLayout()
      host.rested?.(layout, reported)
      if (watched && (known === null || !sameLayout(layout, known))) {
        known = copyLayout(layout)
        safely((value: Layout) => handler.current?.(value, { cause: reported }), layout)
      }
      return false
    },
  }
  return board
}
