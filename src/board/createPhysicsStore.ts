import {
  autoScrollOptionsOf,
  type AutoScrollOptions,
  type AutoScrollSettings,
} from '../dom/autoScrollOptions.js'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Rect, Vec2 } from '../core/geometry/types.js'
import { createWorld } from '../core/world/index.js'
import type {
  BodyId,
  BodySnapshot,
  CompactDirection,
  MoveOptions,
  MoveResult,
  ResizeResult,
  World,
  WorldSettings,
} from '../core/world/types.js'
import type { Affine } from '../dom/affine.js'
import type { ContainerSpace } from '../dom/containerSpace.js'
import type { BodyElement } from '../dom/elementBox.js'
import type { Announcements } from './accessibility.js'
import { createBoardAnnouncer } from './boardAnnouncer.js'
import { createBoardOverflow, type OverflowHandler } from './boardOverflow.js'
import { bodyPatchOf, type AABBBodyOptions, type BodyDragEnd } from './bodyOptions.js'
import { bodyRect } from './bodyRect.js'
import { assertBounds, isGrowingBounds, placeBoundsWalls, type Bounds } from './boundsWalls.js'
import { createBoardGrowth } from './boardGrowth.js'
import { createContactRouting, type WorldContactHandlers } from './contactRouting.js'
import { createDragSessions } from './dragSessions.js'
import { createElementRegistry, type BodyEntry, type InitialPlacement } from './elementRegistry.js'
import { createFrame } from './frame.js'
import { createFrameLoop, safely, type FrameScheduler } from './frameLoop.js'
import { keyMoveAnnouncement, moveByKey } from './keyboardMove.js'
import { createBoardLayout, type Layout, type LayoutChangeHandler } from './boardLayout.js'
import type { Snap } from './snapOption.js'
import { prepareSizeWrites, writeElementSize } from '../dom/elementSize.js'
import type { ResizeDirection } from '../dom/resizeHandles.js'
import { resizeByKey, resizeMinSizes } from './resizeByKey.js'
import { resizeOptionsOf, worldResizeOptions } from './resizeOptions.js'
import { attachHistoryKeys } from '../dom/historyKeys.js'
import { createLayoutHistory } from './layoutHistory.js'
import { applyHistory } from './applyHistory.js'
import { createSelection } from './selection.js'
import { markSelected, isSelectable } from './selectionMarks.js'
import { moveGroupByKey } from './groupKeyMove.js'
import { attachSelectionKeys } from '../dom/selectionInput.js'
import { createDropPlacements } from './externalDrop.js'
import { createDropBoard, type NamedDropBoard } from './boardGroup.js'

/**
 * CSS pixels within which a measured size is the one written (layout rounds sizes to its
 * units: 1/64 px in Chromium and WebKit, 1/60 in Gecko; both axes summed).
 */
const LAYOUT_ROUNDING = 1 / 16

/** Options of {@link createPhysicsStore}. */
export interface PhysicsStoreOptions {
  /** Settings of the world it creates. @default the world's defaults */
  settings?: Partial<WorldSettings> | undefined
  /** Start paused: bodies do not step, drags and `step()` still work. @default false */
  paused?: boolean | undefined
  /** Where the walls are (see {@link Bounds}). @default null */
  bounds?: Bounds | undefined
  /** Settle bodies to rest in one frame instead of animating them. @default false */
  reducedMotion?: boolean | undefined
  /** Whether the container will be an `<svg>` (world in user units) or an HTML element. @default 'html' */
  containerKind?: 'html' | 'svg' | undefined
  /**
   * The id of an element that explains how to move a body with the keys (`<PhysicsWorld>`
   * renders one); every keyboard-movable element points `aria-describedby` at it.
   * @default none
   */
  keyboardInstructionsId?: string | undefined
  /** Where frames come from. @default requestAnimationFrame */
  scheduler?: FrameScheduler | undefined
  /** Milliseconds clock. @default performance.now */
  now?: (() => number) | undefined
  /** How many gestures undo can take back (see `PhysicsEngine.setHistoryLimit`). @default 100 */
  history?: number | undefined
}

/**
 * The imperative side of a physics store: what the hooks and `<PhysicsWorld>` call.
 * Nothing here renders React; the frame loop writes elements directly.
 */
export interface PhysicsEngine {
  /**
   * Uses `container` as the world's coordinate space and registers the bodies waiting for
   * it. A container that is not rendered yet (HTML or `<svg>`, in a `display: none` tab
   * panel) measures nothing: its bodies and `'container'` walls come when it renders (a
   * ResizeObserver callback).
   */
  attachContainer(container: HTMLElement | SVGSVGElement): void
  /** Stops the loop and forgets the container (unmount). */
  detachContainer(): void
  /** The `aria-live` region announcements go to. */
  attachAnnouncer(region: HTMLElement | null): void
  /**
   * The announcement formatters, read through the ref at each announcement so they can
   * change without a call; one not given is taken from `defaultAnnouncements`.
   */
  setAnnouncements(announcements: { readonly current: Partial<Announcements> | undefined }): void
  /**
   * Registers `element` as body `id`, returning the function that removes exactly this
   * registration (a newer one with the same id is left alone). `options.current` is read
   * whenever an option is needed, so callbacks can change without re-registering.
   * `placement` is shared by the registrations of one hook, so that `initialPosition`
   * places only its first body; without it, the registration gets one of its own.
   */
  registerBody(
    id: BodyId,
    element: BodyElement,
    options: { readonly current: AABBBodyOptions },
    placement?: InitialPlacement,
  ): () => void
  /**
   * Applies the current physical options of a registered body to the world, the world's
   * default for each option not given. While the body is dragged a new non-static type
   * waits for the drag to end; a static type ends the drag.
   */
  updateBody(id: BodyId): void
  /**
   * Measures one registered body (or every body and the container) again, e.g. after a
   * layout change. A registered element still without a size counts as registered. While
   * the container (HTML or `<svg>`) is not rendered, every element measured counts as
   * without a size (its body leaves the world) and `'container'` walls stay where they are.
   * @throws RangeError naming the id when no element is registered with it.
   */
  remeasure(id?: BodyId): void
  /**
   * A body's element was rendered again: its layout origin, or its siblings', may have
   * moved. Measured once the current task ends (the element registry's `layoutMayHaveMoved`).
   */
  layoutMayHaveMoved(): void
  /**
   * Starts dragging a body; returns the client-to-world map for the drag, or null if it
   * cannot be dragged (not in the world, static, already dragged) or the container cannot
   * be measured now (it is not rendered, HTML or `<svg>`). `onEndedByEngine` is called if the
   * engine ends the drag on its own (the body became static, or left the world), so that
   * the pointer session can stop too; a drag ended by `endDrag` or `cancelDrag` does not
   * call it.
   */
  beginDrag(id: BodyId, onEndedByEngine?: () => void): Affine | null
  /**
   * The container's client-to-world map measured now (a layout read), or null without a
   * container or while it cannot be measured (it is not rendered, HTML or `<svg>`): what a
   * drag maps the pointer with after a scroll moved the world under it.
   */
  measureClientToWorld(): Affine | null
  /** The world's container while one is attached: where a drag's auto-scroll stops. */
  readonly container: HTMLElement | SVGSVGElement | null
  /**
   * Reads body `id` for `useWorld().get`: a RangeError that says so for a body whose
   * element is registered but has no size yet (it is not in the world), the world's own
   * (`body "id" does not exist`) for an id nothing registered.
   */
  get(id: BodyId): BodySnapshot
  /** Sets where the dragged body should be: its start plus `delta` (applied by the next frame, swept). */
  dragTo(id: BodyId, delta: Readonly<Vec2>): void
  /** Ends a drag where the body is (a `throwable` body keeps its drag velocity). */
  endDrag(id: BodyId): void
  /**
   * Ends a drag by undoing it: the body goes back to where the drag started, and the bodies
   * the drag pushed go back too, unless something else has moved them since. Announced as
   * cancelled unless `announce` is false (the card left for another board).
   */
  cancelDrag(id: BodyId, announce?: boolean): void
  /**
   * Starts resizing a body by the handle of `direction` (a drag whose `dragTo` deltas move
   * those edges, ended by `endDrag` or undone by `cancelDrag`); returns the client-to-world
   * map, or null as {@link beginDrag} does, or when the body is not `resizable`.
   */
  beginResize(id: BodyId, direction: ResizeDirection, onEndedByEngine?: () => void): Affine | null
  /**
   * An Alt+arrow resize: the right (or bottom) edge moves by the body's keyboard step in
   * `direction`, through the world's `resize`; announced as a key move. Null when the body
   * is not resizable, not in the world, or dragged.
   */
  resizeWithKeys(id: BodyId, direction: Readonly<Vec2>): ResizeResult | null
  /**
   * An arrow-key move: by the body's step, or until contact; announces the outcome. On a
   * selected card, the whole selection moves by that step (`world.moveGroup`).
   */
  moveWithKeys(
    id: BodyId,
    direction: Readonly<Vec2>,
    untilContact: boolean,
  ): Pick<MoveResult, 'hits' | 'pushed'> | null
  /**
   * Replaces the selection (`[]` clears it).
   * @throws RangeError naming the first id that is not a registered body in the world or
   * whose body is not `selectable`, before anything changes.
   */
  select(ids: readonly BodyId[]): void
  /** Adds a selectable body to the selection, or takes it out (Shift-click, Space). */
  toggleSelected(id: BodyId): void
  /** Selects a selectable body alone (a plain click); does nothing for another. */
  selectOnly(id: BodyId): void
  /** Swept move of a body (the world's `move`), then wakes the loop to write it. */
  move(id: BodyId, goal: Vec2, options?: MoveOptions): MoveResult
  /** Steps by `seconds` now (even while paused) and writes the moved elements. Returns the fixed steps run. */
  step(seconds?: number): number
  /**
   * Stops (`true`) or resumes stepping the world. Drags, `move` and `step()` still work
   * while paused. Updates the store's `paused`.
   */
  setPaused(paused: boolean): void
  /** Changes the world's settings (gravity, fixedStep, integrator, ...) and wakes the loop. */
  configure(settings: Partial<WorldSettings>): void
  /**
   * Puts the walls where `bounds` says (taking them away for `null`); `'container'` walls
   * follow the container's edges from now on (a container that is not rendered, HTML or
   * `<svg>`, leaves the walls as they are until it renders).
   * @throws TypeError/RangeError naming `bounds` (and the Rect field) for a bad value.
   */
  setBounds(bounds: Bounds): void
  /** With reduced motion, each frame runs the world to rest instead of one frame's steps. */
  setReducedMotion(reducedMotion: boolean): void
  /**
   * The world-level contact handlers, read through the ref at each event so they can
   * change without re-subscribing. They hear of contacts only while someone watches
   * (see {@link PhysicsEngine.watchContacts}).
   */
  setContactHandlers(handlers: { readonly current: WorldContactHandlers }): void
  /**
   * Routes contact events to the handlers while at least one caller watches (a body or
   * the world with an `onContactStart` or `onContactEnd`); returns the function that stops
   * watching (idempotent). Tracking contacts costs the step time, so a world without
   * handlers does not track them.
   */
  watchContacts(): () => void
  /**
   * The snapping cell (`undefined`: none): drags follow the pointer on the grid, the keys
   * step by a cell, and every settle puts bodies off the grid on the nearest free grid spot.
   */
  setSnap(snap: Snap | undefined): void
  /** How drags scroll their scroll container near its edge (`<PhysicsWorld autoScroll>`). */
  setAutoScroll(autoScroll: boolean | AutoScrollOptions | undefined): void
  /** The auto-scroll a drag that begins now uses (`null`: none). */
  readonly autoScroll: AutoScrollSettings | null
  /** Compacts the board that way after every settle (`undefined`: never). */
  setCompact(direction: CompactDirection | undefined): void
  /**
   * Whether the bodies a drag pushed slide back toward where they were, each frame of the
   * drag, as far as free space allows (see `returnPushed`). @default true
   */
  setReturnPushed(returnPushed: boolean): void
  /**
   * A controlled layout: bodies go where it says (see `BoardLayout.setLayout`); one equal to
   * the layout last received or reported does nothing.
   */
  setLayout(layout: Layout | undefined): void
  /** The `onLayoutChange` handler, read through the ref at each call. */
  setLayoutChangeHandler(handler: { readonly current: LayoutChangeHandler | undefined }): void
  /**
   * Takes back the last gesture (a drag with its pushes, a throw, a key move, a resize, a
   * change of `layout`): every body it changed goes back to its box before it, or to the
   * nearest free spot when that box is taken, then the board settles and reports the
   * change with cause `'undo'`; announced. Does nothing while a drag runs or with nothing
   * to undo; returns whether it undid a gesture.
   */
  undo(): boolean
  /** Does the last undone gesture again, as {@link PhysicsEngine.undo} takes one back (cause `'redo'`). */
  redo(): boolean
  /**
   * How many gestures the history keeps (the oldest go first; 0 keeps none).
   * @throws RangeError naming `history` for a value that is not a non-negative integer.
   */
  setHistoryLimit(limit: number): void
  /** The `onOverflow` handler, read through the ref at each call (see `PhysicsState.overflowing`). */
  setOverflowHandler(handler: { readonly current: OverflowHandler | undefined }): void
  /** Runs `listener` after every frame's write phase; returns the function that removes it. */
  onAfterStep(listener: (seconds: number) => void): () => void
  /** Starts the frame loop if it is stopped (after any outside change to the world). */
  wake(): void
  /** Whether the frame loop has a frame pending. */
  readonly running: boolean
  /**
   * The board as a drop target (drags in from a palette, cards from other boards of its
   * group): `<PhysicsWorld>` names it, sets its handlers and adds it to `pageBoards`.
   */
  readonly dropBoard: NamedDropBoard
}

/**
 * The low-frequency state of one board, in a zustand vanilla store: what a component may
 * render from. Each field changes at most a few times per interaction, never per frame.
 * Objects with behaviour (the world, the engine) live beside the store, not in it.
 */
export interface PhysicsState {
  /** Whether the container is an `<svg>` (world in user units) or an HTML element. */
  containerKind: 'html' | 'svg'
  /** The id of the element that explains the keys to keyboard users, if there is one. */
  keyboardInstructionsId: string | null
  /** Registered elements that are in the world (walls and inactive elements not counted). */
  bodyCount: number
  /** Whether the frame loop is stopped because nothing moves. */
  idle: boolean
  /** Whether stepping is stopped (the `paused` prop, `pause()`); drags, `move` and `step()` still work. */
  paused: boolean
  /** The body being dragged by a pointer, if any (with several, the one whose drag began last). */
  dragging: BodyId | null
  /** Whether `undo()` (Ctrl+Z) has a gesture to take back. */
  canUndo: boolean
  /** Whether `redo()` (Shift+Ctrl+Z) has an undone gesture to do again. */
  canRedo: boolean
  /**
   * The cards that find no room on the board, in insertion order (the world's `overflow`
   * event, README "The layout contract", clause 5): they rest where they are, overlapping,
   * and their elements carry `data-aabb-overflowing`. A new array only when the set changes.
   */
  overflowing: readonly BodyId[]
  /**
   * The selected cards, in the order selected (issue #26): a frozen array, the same one
   * until the selection changes. Dragging one of them drags them all.
   */
  selected: readonly BodyId[]
}

/**
 * The framework-free board behind one `<PhysicsWorld>`: its world, the engine that runs it
 * over the registered elements, and the store of its low-frequency state.
 */
export interface PhysicsStore {
  /** The world; change it through `engine` (or call `engine.wake()` after) so the loop writes. */
  readonly world: World
  /** What the hooks and `<PhysicsWorld>` call. */
  readonly engine: PhysicsEngine
  /** The low-frequency state (zustand vanilla store): select from it to render. */
  readonly state: StoreApi<PhysicsState>
}

/**
 * Creates the board of one `<PhysicsWorld>`: a world, its elements, and the frame loop
 * that runs, in this order, (1) pending measurements, (2) drag goals through the swept
 * `move`, (3) the world's step, (4) one write pass over the bodies that moved, (5) the
 * after-step listeners (see `createFrame`). Layout is read only on mount, in
 * ResizeObserver callbacks, on `remeasure()` and when a drag starts, never in a frame.
 * It imports nothing from React: any framework can drive it.
 *
 * It touches no DOM until `attachContainer`, so creating it during a server render is safe.
 *
 * @example
 * const { world, engine, state } = createPhysicsStore({ settings: { gravity: { x: 0, y: 900 } } })
 * engine.attachContainer(document.querySelector('#board')!)
 * const stop = engine.registerBody('card', cardElement, { current: { draggable: true } })
 * state.subscribe(({ idle }) => console.log(idle ? 'at rest' : 'moving'))
 */
export function createPhysicsStore(options: PhysicsStoreOptions = {}): PhysicsStore {
  assertBounds('createPhysicsStore:', options.bounds)
  const world = createWorld(options.settings)
  const state = createStore<PhysicsState>()(() => ({
    containerKind: options.containerKind ?? 'html',
    keyboardInstructionsId: options.keyboardInstructionsId ?? null,
    bodyCount: 0,
    idle: true,
    paused: options.paused ?? false,
    dragging: null,
    canUndo: false,
    canRedo: false,
    overflowing: Object.freeze([]),
    selected: Object.freeze([]),
  }))
  const history = createLayoutHistory(options.history)
  /** Publishes the history's `canUndo` and `canRedo` to the store. */
  function historyChanged(): void {
    const { canUndo, canRedo } = history
    const now = state.getState()
    if (now.canUndo !== canUndo || now.canRedo !== canRedo) state.setState({ canUndo, canRedo })
  }
  let stopHistoryKeys = () => {}
  let stopSelectionKeys = () => {}
  const selection = createSelection({
    refusal(id) {
      const entry = elements.get(id)
      if (!entry?.active || !world.has(id)) return 'unknown'
      return isSelectable(entry.options.current) ? null : 'unselectable'
    },
    changed(selected, added, removed) {
      for (const id of added) markSelected(elements.get(id)?.element, true)
      for (const id of removed) markSelected(elements.get(id)?.element, false)
      state.setState({ selected })
    },
  })
  const drags = createDragSessions(world, {
    snapGoal: (id, goal) => boardLayout.snapGoal(id, goal),
    snapResize: (id, rect, direction, toward) =>
      boardLayout.snapResize(id, rect, direction, toward),
    onSizeChanged: writeSize,
  })
  const announcer = createBoardAnnouncer()
  let bounds: Bounds = options.bounds ?? null

  /** The container's edges in world space as last measured (`null` before the first measurement). */
  let boundsEdges: Rect | null = null
  /** Scratch for a body's box read in the ResizeObserver callback (see `resized`). */
  const writtenBox: Rect = { x: 0, y: 0, width: 0, height: 0 }
  /** A card's measured size differs from its body's in the ResizeObserver callback running now. */
  let sizesChanged = false
  /** The container resized in the ResizeObserver callback running now (see `resizesMeasured`). */
  let wallsMoved = false
  const elements = createElementRegistry(world, {
    added(entry, displaced) {
      // Its `layout` entry, or the nearest free spot when it starts over a card or beyond
      // the bounds (the layout contract, issue #23).
      const placed = boardLayout.added(entry.id)
      // A card dropped in from outside or from another board lands where the preview was.
      // A body away from where its element shows (placed above, that drop's place, kept
      // over StrictMode's remount, or `initialPosition`) is written now, in the
      // registration's layout effect: not one painted frame at the place the app's own
      // styles give it, over another card or outside the board.
      const arrival = placements.added(entry.id)
      if (placed || arrival || displaced) {
        const { x, y } = world.get(entry.id)
        entry.box.write(x, y)
        frame.displaced(entry.id)
      }
      if (arrival) {
        announcer.droppedIn({ id: entry.id, label: elements.labelOf(entry.id) }, arrival.from)
      }
      wake()
    },
    removed(entry) {
      if (drags.endByEngine(entry.id, 'gone')) finishDrag(entry, 'removed')
      selection.remove(entry.id)
      markSelected(entry.element, false)
      frame.forget(entry.id)
      overflow.forget(entry.id, entry.element)
      // Safe from a contact callback too: the world defers a removal asked for while it delivers events.
      if (world.has(entry.id)) world.remove(entry.id)
      wake()
    },
    resized(entry, rect) {
      // A size a resize wrote comes back from layout rounded to its units: the world keeps
      // its exact size (an undo compares sizes exactly); the layout origin still applies.
      let measured = rect
      if (world.has(entry.id)) {
        const box = world.box(entry.id, writtenBox)
        const rounding = Math.abs(box.width - rect.width) + Math.abs(box.height - rect.height)
        if (rounding < LAYOUT_ROUNDING) measured = { ...rect, width: box.width, height: box.height }
        else sizesChanged = true
        // The layout origin may have moved (a card laid out before this one changed size,
        // see the element registry): the offset from the new origin is written now, before
        // this frame's paint, which so shows the card where the world has it (left to the
        // next frame, every frame of a resize drew the cards after the resized one a frame's
        // growth off).
        entry.box.write(box.x, box.y)
      }
      // The world keeps the position; the new size is applied by the next frame, or by the
      // frame `resizesMeasured` runs now.
      frame.resized(entry.id, measured)
      wake()
    },
    containerResized(space) {
      const before = boundsEdges
      applyBounds(space)
      const { edges } = space
      wallsMoved ||=
        before !== null &&
        (edges.x !== before.x ||
          edges.y !== before.y ||
          edges.width !== before.width ||
          edges.height !== before.height)
    },
    resizesMeasured() {
      // The container resized under the cards, or a card's own content changed its size: a
      // frame now, before this frame's paint, brings the cards inside the new walls and
      // pushes the grown card's neighbours away (a fixed step pushes every body out of the
      // solids and overlapping pairs apart). Left to the next animation frame, the paint in
      // between showed cards outside a shrunk board, or a card grown over its neighbours,
      // for a frame or two.
      if (!wallsMoved && !sizesChanged) return
      wallsMoved = false
      sizesChanged = false
      if (frame.paused) return
      if (frame.run(world.settings.fixedStep)) wake()
    },
    countChanged(bodyCount) {
      state.setState({ bodyCount })
    },
  })
  let autoScroll = autoScrollOptionsOf(undefined)
  const overflow = createBoardOverflow(world, elements, announcer, (overflowing) =>
    state.setState({ overflowing }),
  )
  const growth = createBoardGrowth(world)
  growth.setEnabled(isGrowingBounds(bounds))
  world.on('overflow', (ids) => overflow.publish(growth.overflowing(ids)))
  const boardLayout = createBoardLayout(world, elements, {
    isDragged: (id) => drags.has(id),
    bounds: () => (isGrowingBounds(bounds) ? 'container' : bounds),
    sizeWritten: (id) => frame.sizeWritten(id),
    rested(layout, cause) {
      if (history.rested(layout, cause)) historyChanged()
    },
  })
  const frame = createFrame(world, elements, drags)
  const placements = createDropPlacements(
    world,
    {
      grid: () => boardLayout.worldGrid(),
      gridOf: (id) => boardLayout.gridOf(id),
      within: () => boardLayout.within(),
    },
    options.now,
  )
  const dropBoard = createDropBoard({
    measure: () => elements.measureSpace(),
    sizeOf(id) {
      const { width, height } = world.get(id)
      return { width, height }
    },
    placements,
  })
  frame.paused = options.paused ?? false
  frame.reducedMotion = options.reducedMotion ?? false
  const loop = createFrameLoop({
    frame: (seconds) => frame.run(seconds),
    onIdle() {
      // Snapping and compaction move bodies once everything rests; the loop then runs
      // again and the next rest settles again (a fixed point: nothing moves then).
      if (boardLayout.settle()) {
        wake()
        return
      }
      growth.fit()
      frame.idle()
      state.setState({ idle: true })
    },
    ...(options.scheduler && { scheduler: options.scheduler }),
    ...(options.now && { now: options.now }),
  })
  const contacts = createContactRouting(world, (id) => elements.get(id)?.options.current, wake)

  /**
   * Writes body `id`'s box from the world onto its element (a resize changed its size):
   * the position with the size, so that a box written between frames (an undo, a key) is
   * never shown at its new size in its old place.
   */
  function writeSize(id: BodyId): void {
    const entry = elements.get(id)
    if (!entry?.active || !world.has(id)) return
    const { x, y, width, height } = world.get(id)
    writeElementSize(entry.element, width, height)
    frame.sizeWritten(id)
    entry.box.write(x, y)
  }

  function wake(): void {
    // Without a container (before mount, after unmount) nothing can be written: stay asleep.
    // Attaching the container wakes the loop.
    if (!elements.container) return
    // Always start (idempotent): a wake during a frame, where the loop is running, asks
    // that frame for one more instead of letting it go idle.
    loop.start()
    if (state.getState().idle) state.setState({ idle: false })
  }

  function applyBounds(space: ContainerSpace | null): void {
    if (space) boundsEdges = space.edges
    boardLayout.containerMeasured(space)
    growth.containerMeasured(elements.container, space)
    if (bounds === 'container' || isGrowingBounds(bounds)) {
      if (space) placeBoundsWalls(world, space.edges)
    } else {
      placeBoundsWalls(world, bounds)
    }
    wake()
  }

  /** Ends a drag the pointer ended (release, Escape). */
  function endDrag(id: BodyId, release: 'drop' | 'throw' | 'return'): void {
    const entry = elements.get(id)
    const resize = drags.isResize(id)
    if (drags.end(id, release) && entry) {
      if (resize) finishResize(entry)
      else finishDrag(entry, release === 'return' ? 'cancel' : 'drop')
    }
  }

  /** After a resize gesture ended: takes back what `beginResize` marked, then `onResizeEnd`. */
  function finishResize(entry: BodyEntry): void {
    const { id } = entry
    boardLayout.gestureEnded('resize')
    entry.element.removeAttribute('data-resizing')
    if (state.getState().dragging === id) state.setState({ dragging: drags.latest() })
    wake()
    if (world.has(id)) safely(entry.options.current.onResizeEnd, bodyRect(world, id))
  }

  /**
   * After a drag ended: takes back what `beginDrag` marked (`data-dragging` and the state's
   * `dragging`), then tells the body's `onDragEnd` where the body is.
   */
  function finishDrag(entry: BodyEntry, reason: BodyDragEnd['reason']): void {
    const { id } = entry
    if (reason !== 'removed') boardLayout.gestureEnded('drag')
    entry.element.removeAttribute('data-dragging')
    // Another pointer may still drag another body: the state names it until it ends too.
    if (state.getState().dragging === id) state.setState({ dragging: drags.latest() })
    wake()
    if (world.has(id))
      safely(entry.options.current.onDragEnd, { rect: bodyRect(world, id), reason })
  }

  /** An undo or a redo: see {@link PhysicsEngine.undo}. */
  function travel(kind: 'undo' | 'redo'): boolean {
    if (drags.size > 0) return false
    // A gesture not at rest yet (a throw in flight) is recorded now, so this takes it back.
    boardLayout.flushGesture()
    const unit = kind === 'undo' ? history.undo() : history.redo()
    historyChanged()
    if (unit === null) return false
    const moved = applyHistory(world, boardLayout, unit, kind)
    for (const id of moved) writeSize(id)
    wake()
    if (announcer.attached && moved.length > 0) {
      announcer.historyApplied(
        kind,
        moved.map((id) => ({ id, label: elements.labelOf(id) })),
      )
    }
    return true
  }

  const engine: PhysicsEngine = {
    attachContainer(element) {
      stopHistoryKeys()
      stopHistoryKeys = attachHistoryKeys(element, {
        undo: () => travel('undo'),
        redo: () => travel('redo'),
      })
      stopSelectionKeys()
      stopSelectionKeys = attachSelectionKeys(element, () => selection.select([]))
      applyBounds(elements.attach(element))
    },
    detachContainer() {
      stopHistoryKeys()
      stopHistoryKeys = () => {}
      stopSelectionKeys()
      stopSelectionKeys = () => {}
      loop.stop()
      growth.detach()
      elements.detach()
      state.setState({ idle: true })
    },
    attachAnnouncer: (region) => announcer.attach(region),
    setAnnouncements: (formatters) => announcer.setFormatters(formatters),
    layoutMayHaveMoved: () => elements.layoutMayHaveMoved(),
    registerBody(id, element, bodyOptions, placement = { done: false }) {
      return elements.register(id, element, bodyOptions, placement)
    },
    updateBody(id) {
      const entry = elements.get(id)
      if (!entry?.active) return
      const patch = bodyPatchOf(entry.options.current, world.get(id))
      // A static body cannot be dragged, so a static type ends a drag where the body is.
      // Any other type waits: a dragged body stays kinematic until the drag ends.
      if (patch.type === 'static') {
        const resize = drags.isResize(id)
        if (drags.endByEngine(id, 'drop')) {
          if (resize) finishResize(entry)
          else finishDrag(entry, 'drop')
        }
      } else if (patch.type && drags.deferType(id, patch.type)) delete patch.type
      if (!isSelectable(entry.options.current)) selection.remove(id)
      world.update(id, patch)
      wake()
    },
    remeasure(id) {
      if (id !== undefined && !elements.get(id)) {
        throw new RangeError(`remeasure: body "${id}" is not registered (unknown or removed id)`)
      }
      if (id === undefined) applyBounds(elements.measureSpace())
      elements.remeasure(id)
    },
    beginDrag(id, onEndedByEngine) {
      const entry = elements.get(id)
      // Layout is read here, once per drag: pointer moves then map without touching it.
      const space = elements.measureSpace()
      if (!entry?.active || !space) return null
      // Figma's and React Flow's rule: a press that drags an unselected card drags it alone
      // (and selects it alone, when it can be); a selected one drags the whole selection.
      if (!selection.has(id) && selection.ids.length > 0) {
        selection.select(isSelectable(entry.options.current) ? [id] : [])
      }
      const group = selection.has(id) && selection.ids.length > 1 ? selection.ids : undefined
      if (!drags.begin(id, onEndedByEngine, undefined, group)) return null
      entry.element.setAttribute('data-dragging', '')
      state.setState({ dragging: id })
      wake()
      safely(entry.options.current.onDragStart, bodyRect(world, id))
      return space.clientToWorld
    },
    beginResize(id, direction, onEndedByEngine) {
      const entry = elements.get(id)
      const resizable = entry && resizeOptionsOf(entry.options.current.resizable)
      const space = elements.measureSpace()
      if (!entry?.active || !resizable || !space) return null
      const options = worldResizeOptions(resizable, resizeMinSizes(world, elements, id))
      if (!drags.begin(id, onEndedByEngine, { direction, options })) return null
      // Layout is read here, once per gesture: the frames then only write sizes.
      prepareSizeWrites(entry.element)
      entry.element.setAttribute('data-resizing', direction)
      state.setState({ dragging: id })
      wake()
      return space.clientToWorld
    },
    resizeWithKeys(id, direction) {
      const entry = elements.get(id)
      const resizable = entry && resizeOptionsOf(entry.options.current.resizable)
      if (!entry?.active || !resizable || drags.has(id)) return null
      const options = worldResizeOptions(resizable, resizeMinSizes(world, elements, id))
      const step =
        entry.options.current.keyboardStep ??
        boardLayout.keyboardStep(id, direction.x !== 0 ? 'x' : 'y') ??
        10
      const result = resizeByKey(world, id, direction, step, options)
      boardLayout.gestureEnded('resize')
      writeSize(id)
      for (const { id: squeezed } of result.squeezed) writeSize(squeezed)
      wake()
      if (announcer.attached) {
        const labelOf = (body: BodyId) => elements.labelOf(body)
        announcer.keyMoved(keyMoveAnnouncement(result, direction, labelOf, id))
      }
      safely(entry.options.current.onResizeEnd, bodyRect(world, id))
      return result
    },
    measureClientToWorld() {
      return elements.measureSpace()?.clientToWorld ?? null
    },
    get container() {
      return elements.container
    },
    get(id) {
      if (!world.has(id) && elements.get(id)) {
        throw new RangeError(
          `get: body "${id}" is not in the world yet: its element has no size (0 x 0: display: none, not laid out yet, or its <PhysicsWorld> is not rendered); it enters when a measurement finds it with one`,
        )
      }
      return world.get(id)
    },
    dragTo(id, delta) {
      drags.aim(id, delta)
      wake()
    },
    endDrag(id) {
      endDrag(id, elements.get(id)?.options.current.throwable ? 'throw' : 'drop')
    },
    cancelDrag(id, announce = true) {
      if (!drags.has(id)) return
      const members = drags.membersOf(id)
      endDrag(id, 'return')
      if (announce) {
        const announced = (body: BodyId) => ({ id: body, label: elements.labelOf(body) })
        if (members.length === 0) announcer.dragCancelled(announced(id))
        else announcer.dragCancelled(announced(id), [id, ...members].map(announced))
      }
    },
    select: (ids) => selection.select(ids),
    toggleSelected: (id) => selection.toggle(id),
    selectOnly(id) {
      const entry = elements.get(id)
      if (entry?.active && isSelectable(entry.options.current)) selection.select([id])
    },
    moveWithKeys(id, direction, untilContact) {
      const entry = elements.get(id)
      if (!entry?.active || drags.has(id)) return null
      const step = untilContact
        ? 'untilContact'
        : (entry.options.current.keyboardStep ??
          boardLayout.keyboardStep(id, direction.x !== 0 ? 'x' : 'y') ??
          10)
      // Arrow keys on a selected card move the selection, the focused card first.
      const group = selection.has(id) && selection.ids.length > 1
      const others = selection.ids.filter((other) => other !== id && !drags.has(other))
      const result = group
        ? moveGroupByKey(world, [id, ...others], direction, step)
        : moveByKey(world, id, direction, step)
      boardLayout.gestureEnded('keyboard')
      wake()
      if (announcer.attached) {
        const labelOf = (body: BodyId) => elements.labelOf(body)
        const announcement = keyMoveAnnouncement(result, direction, labelOf, id)
        if ('ids' in result) {
          announcement.group = result.ids.map((body) => ({ id: body, label: labelOf(body) }))
        }
        announcer.keyMoved(announcement)
      }
      return result
    },
    move(id, goal, moveOptions) {
      const result = world.move(id, goal, moveOptions)
      wake()
      return result
    },
    step(seconds = world.settings.fixedStep) {
      return frame.stepNow(seconds)
    },
    setPaused(next) {
      if (next === frame.paused) return
      frame.paused = next
      state.setState({ paused: next })
      wake()
    },
    configure(settings) {
      world.configure(settings)
      wake()
    },
    setBounds(next) {
      assertBounds('setBounds:', next)
      bounds = next
      growth.setEnabled(isGrowingBounds(next))
      applyBounds(elements.measureSpace())
      // Growth turned on makes room for the cards that overflow already.
      overflow.publish(growth.overflowing(world.overflowing()))
    },
    setReducedMotion(next) {
      frame.reducedMotion = next
      wake()
    },
    setSnap(snap) {
      boardLayout.setSnap(snap)
      wake()
    },
    setCompact(direction) {
      boardLayout.setCompact(direction)
      wake()
    },
    setAutoScroll(next) {
      autoScroll = autoScrollOptionsOf(next)
    },
    get autoScroll() {
      return autoScroll
    },
    setReturnPushed(returnPushed) {
      drags.returnPushed = returnPushed
    },
    setLayout(layout) {
      if (boardLayout.setLayout(layout)) wake()
    },
    setLayoutChangeHandler: (handler) => boardLayout.setChangeHandler(handler),
    setOverflowHandler: (handler) => overflow.setHandler(handler),
    setContactHandlers: (handlers) => contacts.setHandlers(handlers),
    watchContacts: () => contacts.watch(),
    undo: () => travel('undo'),
    redo: () => travel('redo'),
    setHistoryLimit(limit) {
      history.setLimit(limit)
      historyChanged()
    },
    onAfterStep: (listener) => frame.onAfterStep(listener),
    wake,
    get running() {
      return loop.running
    },
    dropBoard,
  }
  return { world, engine, state }
}
