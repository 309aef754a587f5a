import { useMemo } from 'react'
import type { Rect, Vec2 } from '../core/geometry/types.js'
import type {
  BodyId,
  BodySnapshot,
  FreeSpotOptions,
  MoveOptions,
  MoveResult,
  RaycastHit,
  Size,
  World,
  WorldSettings,
} from '../core/world/types.js'
import { usePhysicsStore } from './physicsContext.js'

/** The imperative API of the nearest `<PhysicsWorld>`, stable for its lifetime. */
export interface WorldApi {
  /** The world itself, for reading; call `wake()` after changing it directly. */
  readonly world: World
  /** Steps by `seconds` (default: one fixed step) now, even while paused, and writes the moved elements. */
  step(seconds?: number): number
  /** Stops stepping (drags still work). Same as the `paused` prop. */
  pause(): void
  /** Starts stepping again. */
  resume(): void
  /** Swept move of a body toward `goal` (pushing others with `{ push: true }`), written on the next frame. */
  move(id: BodyId, goal: Vec2, options?: MoveOptions): MoveResult
  /**
   * A snapshot of one body. @throws RangeError for an unknown id, and one that says so for a
   * body whose element has no size yet (it enters the world once measured with one)
   */
  get(id: BodyId): BodySnapshot
  /**
   * Ids of the bodies whose box contains `point` (edges included), in world coordinates.
   * With `bounds` set, the walls around the world are bodies too (`aabb-bounds-left`,
   * `-right`, `-top`, `-bottom`): a point outside the bounds finds one.
   */
  queryPoint(point: Vec2): BodyId[]
  /**
   * Ids of the bodies whose box overlaps or touches `rect`, in world coordinates. With
   * `bounds` set, a rect at the world's edge also finds the `aabb-bounds-*` walls there.
   */
  queryRect(rect: Rect): BodyId[]
  /**
   * The bodies the segment from `origin` to `origin + delta` enters, nearest first, each
   * with the fraction of the segment where it enters, the normal and the point. With
   * `bounds` set, a ray that leaves the world hits an `aabb-bounds-*` wall.
   */
  raycast(origin: Vec2, delta: Vec2): RaycastHit[]
  /**
   * The nearest place for the top-left corner of a box of `size` that overlaps no body
   * (touching allowed), inside `options.within` when given, or `null` (see
   * `World.findFreeSpot`). With `bounds` set, the walls keep the spot inside the world.
   */
  findFreeSpot(size: Size, near: Vec2, options?: FreeSpotOptions): Vec2 | null
  /** Changes world settings (gravity, fixedStep, ...). */
  configure(settings: Partial<WorldSettings>): void
  /**
   * Measures one body, or all bodies and the container, again (after a layout change that
   * neither a ResizeObserver nor a card's own render shows: a class on an ancestor, a
   * stylesheet swapped; a card added, removed or rendered again is measured by itself). An element without a size enters the world once a
   * remeasure finds it with one. In a world that is not rendered (its HTML or `<svg>`
   * container inside a `display: none` ancestor, or collapsed by a `scale(0)` transform) no
   * element has a size: their bodies leave the world, and `'container'` walls stay where
   * they are. Call it when a transform that collapsed the world ends (an entrance
   * animation from `scale(0)`): transforms change no layout size, so no ResizeObserver
   * callback comes.
   * @throws RangeError naming the id when no `useAABBBody` element is registered with it.
   */
  remeasure(id?: BodyId): void
  /** Restarts the frame loop after a direct change to `world`. */
  wake(): void
  /**
   * Takes back the last gesture (a drag with everything it pushed, a throw, a key move, a
   * resize, a change of `layout`), as Ctrl+Z / Cmd+Z in the world does: every card it moved
   * goes back to its box before it, or to the nearest free spot when that box is taken
   * now; announced, and reported by `onLayoutChange` with cause `'undo'`. Does nothing
   * while a drag runs. Returns whether a gesture was undone (see `canUndo` in
   * `useWorldState`).
   * @example
   * const world = useWorld()
   * const canUndo = useWorldState((state) => state.canUndo)
   * return <button disabled={!canUndo} onClick={() => world.undo()}>Undo</button>
   */
  undo(): boolean
  /**
   * Does the last undone gesture again, as Shift+Ctrl+Z / Cmd+Shift+Z does (cause
   * `'redo'`). A new gesture after an undo forgets what was undone. Returns whether a
   * gesture was redone.
   */
  redo(): boolean
  /**
   * Replaces the selection with `ids` (`[]` clears it), as Shift-clicks would (issue #26):
   * dragging any selected card then drags them all, by one displacement, pushing what is
   * in any of their ways; arrow keys on a selected card move them all. Read it with
   * `useWorldState((state) => state.selected)`.
   * @throws RangeError naming the id, before anything changes, for an id no body in the
   * world has or a body that is not `selectable`.
   * @example
   * const world = useWorld()
   * return <button onClick={() => world.select(['notes', 'chart'])}>Select both</button>
   */
  select(ids: readonly BodyId[]): void
}

/**
 * The imperative API of the nearest `<PhysicsWorld>`. Using it never re-renders.
 *
 * @example
 * const world = useWorld()
 * const onClick = () => world.move('notes', { x: 0, y: 0 }, { push: true })
 * @throws Error outside a `<PhysicsWorld>`.
 */
export function useWorld(): WorldApi {
  const store = usePhysicsStore('useWorld')
  return useMemo(() => {
    const { world, engine } = store
    return {
      world,
      step: (seconds) => engine.step(seconds),
      pause: () => engine.setPaused(true),
      resume: () => engine.setPaused(false),
      move: (id, goal, options) => engine.move(id, goal, options),
      get: (id) => engine.get(id),
      queryPoint: (point) => world.queryPoint(point),
      queryRect: (rect) => world.queryRect(rect),
      raycast: (origin, delta) => world.raycast(origin, delta),
      findFreeSpot: (size, near, options) => world.findFreeSpot(size, near, options),
      configure: (settings) => engine.configure(settings),
      remeasure: (id) => engine.remeasure(id),
      wake: () => engine.wake(),
      undo: () => engine.undo(),
      redo: () => engine.redo(),
      select: (ids) => engine.select(ids),
    }
  }, [store])
}
