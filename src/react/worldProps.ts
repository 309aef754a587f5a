import { assertAutoScroll, type AutoScrollOptions } from '../dom/autoScrollOptions.js'
import type { HTMLAttributes, ReactNode } from 'react'
import type { Accessibility } from '../board/accessibility.js'
import type { Bounds } from '../board/boundsWalls.js'
import type { ExternalDropEvent, TransferEvent } from '../board/externalDrop.js'
import type { OverflowHandler } from '../board/boardOverflow.js'
import type { FrameScheduler } from '../board/frameLoop.js'
import type { Vec2 } from '../core/geometry/types.js'
import type { CompactDirection, ContactEvent, IntegratorName } from '../core/world/types.js'
import {
  assertCompact,
  assertLayout,
  type Layout,
  type LayoutChangeHandler,
} from '../board/boardLayout.js'
import { assertSnap, type Snap } from '../board/snapOption.js'
import {
  assertNumberInRange,
  assertOneOf,
  assertPositive,
  describeValue,
} from '../core/geometry/validate.js'
import { INTEGRATORS } from '../core/world/settings.js'
import { assertMotionVector } from '../core/world/validate.js'
import { assertAccessibility } from '../board/accessibility.js'
import { assertOptionalBoolean, assertOptionalFunction } from '../board/assertOptional.js'
import { assertBounds } from '../board/boundsWalls.js'
import { assertHistoryLimit } from '../board/layoutHistory.js'

/**
 * Props of `<PhysicsWorld>`. Every other HTML attribute (`className`, `style`, `role`,
 * `aria-*`, event handlers, ...) goes to the container element.
 */
export interface PhysicsWorldProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Units (CSS pixels) per second squared, y down. @default { x: 0, y: 0 } */
  gravity?: Vec2 | undefined
  /** Seconds per fixed step. @default 1 / 60 */
  fixedStep?: number | undefined
  /**
   * How dynamic bodies advance each step (article 004): semi-implicit Euler, or classical
   * RK4 (for an acceleration that depends on position or velocity). @default 'euler'
   */
  integrator?: IntegratorName | undefined
  /** Stop stepping; drags, `move` and manual `step()` still work. @default false */
  paused?: boolean | undefined
  /**
   * Walls around the world: `'container'` makes the container's edges static walls
   * (re-measured when it resizes), a Rect puts them around that rect (world coordinates:
   * finite `x`, `y`, and `width`, `height` >= 0); `null` means none. `{ grow: 'y' }` is
   * `'container'` on a board that grows downward instead of letting cards overflow: the
   * container's inline `min-height` grows by a card that finds no room, and is fitted to
   * the lowest card whenever the board rests (never below the container's own CSS height;
   * see `GrowingBounds`). The walls are static bodies with the ids `aabb-bounds-left`,
   * `-right`, `-top` and `-bottom`; they never close over a card: when they move in, the
   * cards they would cover go to the nearest free spot inside first.
   * @default none
   * @example <PhysicsWorld bounds={{ grow: 'y' }} style={{ height: 400 }}>...</PhysicsWorld>
   */
  bounds?: Bounds | undefined
  /**
   * A snapping grid (react-grid-layout's `cols`/`rowHeight`): the cell size in world units
   * (CSS pixels), one number or `{ x, y }`, measured from the container's content box.
   * Drops, key moves and resize ends land on grid points; during a drag the card follows
   * the pointer snapped (and swept, so it still pushes and stops as a drag does); the
   * arrow keys move by one cell. Snapping never makes an overlap: a blocked grid spot
   * gives the nearest free one (inside `bounds`). A body's `snap` option overrides it.
   * A resize puts the edges it moves on the grid too: a near edge (left, top) on a line, a
   * far edge (right, bottom) `gap` short of one, so a card spanning two 100 px cells with
   * `gap={10}` is 190 px wide and its neighbour starts on the next line, 10 px away (as
   * react-grid-layout's `margin` takes the space between cells).
   * @default none
   * @example <PhysicsWorld snap={{ x: 120, y: 40 }} bounds="container">...</PhysicsWorld>
   */
  snap?: Snap | undefined
  /**
   * The least distance in world units (CSS pixels) between any two bodies, walls
   * included (react-grid-layout's `margin`, and its `containerPadding` at its default): part
   * of the collision, so drags, pushes and snapping keep it too (`WorldSettings.gap`).
   * With `snap`, a resized card's far edges (right, bottom) end `gap` short of a grid line,
   * so cards on the grid keep the gap between them.
   * @default 0
   */
  gap?: number | undefined
  /**
   * Compaction (react-grid-layout's `compactType`, in any of four directions): whenever the
   * board comes to rest (a drop, a key move, a resize end, a card added or removed), each
   * card moves as far as it can that way without pushing, nearest that edge first (see
   * `world.compact`). With `snap`, cards stop on the last grid line they reach.
   * @default none
   */
  compact?: CompactDirection | undefined
  /**
   * A drag whose pointer comes near the edge of the world's nearest scroll container (or of
   * the page) scrolls it, faster nearer the edge, and the card follows the content under
   * the still pointer, swept (dnd-kit's and react-grid-layout's auto-scroll), until the
   * board's own edge on that side is in view (the card cannot pass it). `true`,
   * `false`, or `{ edge, speed }`: the band in CSS pixels, the pixels per frame at the edge.
   * @default true (`{ edge: 40, speed: 20 }`)
   * @example <PhysicsWorld autoScroll={{ edge: 60, speed: 30 }}>...</PhysicsWorld>
   */
  autoScroll?: boolean | AutoScrollOptions | undefined
  /**
   * A controlled layout: each body's top-left (and optionally size) by id, as
   * `onLayoutChange` gives it. When it changes, the bodies named go there, snapped; what is
   * in the way stays, and the body takes the nearest free spot. Passing back the layout
   * received (the same values, even as a new object) causes no motion and no further
   * `onLayoutChange`. Bodies that mount later go to their entry too.
   * @default none (bodies start where their elements are)
   */
  layout?: Layout | undefined
  /**
   * Called with the whole layout once at the end of each gesture (`cause`: `'drag'`,
   * `'keyboard'`, `'resize'`), each undo or redo (`'undo'`, `'redo'`) and each settle
   * (`'settle'`, or `'layout'` when a new `layout` could not be taken exactly as given)
   * that changed it: what to store and pass back as `layout`.
   */
  onLayoutChange?: LayoutChangeHandler | undefined
  /**
   * Pushed cards return: during a drag, every card the drag pushed slides back each frame
   * toward where it was when the drag began, swept and without pushing, so it goes exactly
   * as far as free space allows (the dragged card, or a card in the way, stops it). A drop
   * leaves the cards where they are; Escape puts everything back either way. `false` leaves
   * pushed cards where the drag pushed them.
   * @default true
   */
  returnPushed?: boolean | undefined
  /**
   * How many gestures undo can take back (`useWorld().undo()`, Ctrl+Z / Cmd+Z while focus
   * is inside the world; redo: `redo()`, Shift+Ctrl+Z / Cmd+Shift+Z). One unit per gesture:
   * a drag with everything it pushed, a throw (once it comes to rest), a key move, a
   * resize, a change of `layout`. 0 keeps none. A non-negative integer.
   * @default 100
   */
  history?: number | undefined
  /**
   * Called once each time the set of overflowing cards changes, with their ids (insertion
   * order; `[]` when the last one found room). A card overflows when the board has no
   * room for it: no free spot inside its walls (README, "The layout contract", clause 5).
   * It rests where it is, overlapping, its element carries `data-aabb-overflowing`, and the
   * live region says "No room for …" once. `useWorldState((s) => s.overflowing)` renders
   * the same set.
   * @example
   * <PhysicsWorld bounds="container" onOverflow={(ids) => setFull(ids.length > 0)}>
   *   {cards}
   * </PhysicsWorld>
   */
  onOverflow?: OverflowHandler | undefined
  /**
   * Boards with the same group name take each other's cards: a card dragged out of its
   * board over another board of the group floats there as a ghost (`data-aabb-drag-ghost`;
   * the card itself waits at its start, marked `data-aabb-transferring`), a drop preview
   * (`data-aabb-drop-preview`) shows the free, snapped spot where it would land, and a
   * release there calls `onTransfer` on both worlds. A release outside every board of the
   * group puts the card back, as Escape does. A non-empty string.
   * @default none (cards stay on their board)
   * @example
   * <PhysicsWorld id="todo" group="kanban" onTransfer={moveCard}>...</PhysicsWorld>
   * <PhysicsWorld id="done" group="kanban" onTransfer={moveCard}>...</PhysicsWorld>
   */
  group?: string | undefined
  /**
   * A palette item of `useExternalDraggable` was dropped on this board, at `rect` (the spot
   * its preview showed, world coordinates): render the card with body id `id`; when it
   * registers, the world places it at `rect` (whatever its styles or `layout` say) with no
   * overlap.
   * @example
   * <PhysicsWorld onExternalDrop={({ id, data }) => setCards((c) => [...c, { id, ...data }])}>
   */
  onExternalDrop?: ((event: ExternalDropEvent) => void) | undefined
  /**
   * A card moved between two boards of a `group`: called on both worlds, the one it leaves
   * and the one it enters, with `{ id, from, to, rect }`. `from` and `to` are the worlds'
   * `id` props (a generated id, from `useId`, for a world without one: give your boards
   * ids). Move the card in your state (one handler for both is fine: act once, e.g. when
   * `to` is this board); when it registers in `to`, the world places it at `rect` (world
   * coordinates of `to`) with no overlap. If the app does nothing, the card stays put.
   */
  onTransfer?: ((event: TransferEvent) => void) | undefined
  /**
   * Draw every body's box over the world (the overlay of `react-aabb/debug`, loaded on
   * first use). Rendered on the client only: server markup leaves it out, and it appears
   * after hydration. @default false
   */
  debug?: boolean | undefined
  /**
   * `'user'` follows `prefers-reduced-motion`; with reduced motion, bodies settle to rest
   * in one frame instead of animating. @default 'user'
   */
  reducedMotion?: 'user' | 'always' | 'never' | undefined
  /** Two bodies started touching (contacts are tracked only while a contact handler exists). */
  onContactStart?: ((event: ContactEvent) => void) | undefined
  /** Two bodies stopped touching. */
  onContactEnd?: ((event: ContactEvent) => void) | undefined
  /**
   * What screen readers are told: the key instructions and the `aria-live` announcements,
   * to translate or reword them (see {@link Accessibility}). @default English texts
   */
  accessibility?: Accessibility | undefined
  /**
   * The container element: an HTML element, or `'svg'` for a world in SVG user units. It may
   * change to another HTML element; a change between `'svg'` and HTML throws (the world's
   * units would change under its bodies): remount the world with a new `key` instead.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'main' | 'article' | 'ul' | 'ol' | 'svg' | undefined
  /** The svg's `viewBox` when `as="svg"`. */
  viewBox?: string | undefined
  /** The svg's `width` when `as="svg"`. */
  width?: number | string | undefined
  /** The svg's `height` when `as="svg"`. */
  height?: number | string | undefined
  /**
   * The world's content: elements with `useAABBBody` bodies, and anything else. Bodies may
   * sit deeper in the tree (or in a portal): the nearest `<PhysicsWorld>` above a hook owns it.
   */
  children?: ReactNode | undefined
  /** Where frames come from (tests run frames by hand). @default requestAnimationFrame */
  scheduler?: FrameScheduler | undefined
  /** Milliseconds clock used with `scheduler`. @default performance.now */
  now?: (() => number) | undefined
}

const subject = '<PhysicsWorld>:'

/** The containers `as` may name. */
const containerTags: ReadonlyArray<NonNullable<PhysicsWorldProps['as']>> = [
  'div',
  'section',
  'main',
  'article',
  'ul',
  'ol',
  'svg',
]

const reducedMotionValues: ReadonlyArray<NonNullable<PhysicsWorldProps['reducedMotion']>> = [
  'user',
  'always',
  'never',
]

/**
 * Checks the props of `<PhysicsWorld>` on every render, before any reaches the world, so a
 * message names the prop as the user wrote it: `<PhysicsWorld>: gravity.y must be a finite
 * number in [-1e+150, 1e+150] (got NaN)`, `<PhysicsWorld>: onContactStart must be a
 * function (got "x")` (a callback that is not a function failed at every contact instead).
 * TypeError for a value of the wrong kind, RangeError for a number or a name out of range.
 */
export function assertWorldProps(props: PhysicsWorldProps): void {
  if (props.gravity !== undefined) assertMotionVector(subject, 'gravity', props.gravity)
  if (props.fixedStep !== undefined) assertPositive(subject, 'fixedStep', props.fixedStep)
  if (props.integrator !== undefined) {
    assertOneOf(subject, 'integrator', props.integrator, INTEGRATORS)
  }
  assertOptionalBoolean(subject, 'paused', props.paused)
  assertOptionalBoolean(subject, 'debug', props.debug)
  assertOptionalBoolean(subject, 'returnPushed', props.returnPushed)
  if (props.history !== undefined) assertHistoryLimit(subject, 'history', props.history)
  assertBounds(subject, props.bounds)
  if (props.reducedMotion !== undefined) {
    assertOneOf(subject, 'reducedMotion', props.reducedMotion, reducedMotionValues)
  }
  if (props.as !== undefined) assertOneOf(subject, 'as', props.as, containerTags)
  if (props.gap !== undefined) assertNumberInRange(subject, 'gap', props.gap, 0)
  if (props.snap !== undefined) assertSnap(subject, 'snap', props.snap)
  if (props.compact !== undefined) assertCompact(subject, 'compact', props.compact)
  assertAutoScroll(subject, props.autoScroll)
  if (props.layout !== undefined) assertLayout(subject, 'layout', props.layout)
  assertOptionalFunction(subject, 'onLayoutChange', props.onLayoutChange)
  assertOptionalFunction(subject, 'onOverflow', props.onOverflow)
  assertOptionalFunction(subject, 'onExternalDrop', props.onExternalDrop)
  assertOptionalFunction(subject, 'onTransfer', props.onTransfer)
  if (props.group !== undefined && (typeof props.group !== 'string' || props.group === '')) {
    throw new TypeError(
      `${subject} group must be a non-empty string (got ${describeValue(props.group)})`,
    )
  }
  assertOptionalFunction(subject, 'onContactStart', props.onContactStart)
  assertOptionalFunction(subject, 'onContactEnd', props.onContactEnd)
  assertAccessibility(subject, props.accessibility)
  assertOptionalFunction(subject, 'now', props.now)
  const scheduler: unknown = props.scheduler
  if (scheduler === undefined) return
  const { request, cancel } = (scheduler ?? {}) as Record<string, unknown>
  if (typeof request !== 'function' || typeof cancel !== 'function') {
    throw new TypeError(
      `${subject} scheduler must be an object with request and cancel functions (got ${describeValue(scheduler)})`,
    )
  }
}
