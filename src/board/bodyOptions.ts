import type { Rect, SweptResponse, Vec2 } from '../core/geometry/types.js'
import { SWEPT_RESPONSES } from '../core/geometry/responses.js'
import {
  assertBits,
  assertNumberInRange,
  assertOneOf,
  assertPositive,
  assertVector,
  assertObject,
  describeValue,
} from '../core/geometry/validate.js'
import { BODY_TYPES } from '../core/world/bodyStore.js'
import { assertOptionalBoolean, assertOptionalFunction } from './assertOptional.js'
import { boundsWallName } from './boundsWalls.js'
import { assertSnap, type Snap } from './snapOption.js'
import { defaultBodyFields, defaultMass, MAX_MASS, MIN_MASS } from '../core/world/validate.js'
import type { BodyId, BodyPatch, BodyType, ContactSource } from '../core/world/types.js'
import { assertResizable, type ResizeOptions } from './resizeOptions.js'

/** One contact seen from one body: `normal` points from `other` toward this body. */
export interface BodyContact {
  /** This body. */
  id: BodyId
  /** The body it touches (a wall of `bounds="container"` is `aabb-bounds-left` and so on). */
  other: BodyId
  /**
   * The unit axis vector of the face of `other` this body touches, pointing from `other`
   * toward this body (`{ x: -1, y: 0 }`: `other` is on the right). `{ x: 0, y: 0 }` when the
   * boxes touch only at a corner.
   */
  normal: Vec2
  /** How the contact was found: `'sweep'`, a swept hit (article 003); `'push'`, a push-out of overlapping boxes. */
  source: ContactSource
}

/** How a pointer drag of a body ended (`onDragEnd`). */
export interface BodyDragEnd {
  /** The body's box now, in world coordinates: where it was dropped, or back at its start. */
  rect: Rect
  /**
   * `'drop'`: released, or made `static`, where it is (a `throwable` body flies on);
   * `'cancel'`: Escape undid the drag; `'removed'`: the body left the world during the
   * drag (its element unmounted or lost its size).
   */
  reason: 'drop' | 'cancel' | 'removed'
}

/** Options of `useAABBBody`. Physical fields are applied to the live body when they change. */
export interface AABBBodyOptions {
  /**
   * The body's id, unique in its world; put into `data-aabb-body`. A new id replaces the
   * body with one of that id where the old one was (its velocity and contacts start anew).
   * @default an id from React's `useId`
   */
  id?: BodyId | undefined
  /**
   * How the body takes part in the simulation:
   * - `'dynamic'`: moved by its velocity and gravity, and pushed aside by other bodies.
   * - `'kinematic'`: moved only by hand (a drag, the keys, `move`); it pushes dynamic
   *   bodies and is never pushed. A dragged body is kinematic while the drag lasts.
   * - `'static'`: a wall: the simulation never moves it, nothing pushes it, and a pointer
   *   cannot drag it (the keys and `move` still place it, without pushing). Making a
   *   dragged body static ends its drag where the body is.
   *
   * Another type given during a drag applies when the drag ends.
   * @default 'dynamic'
   */
  type?: BodyType | undefined
  /** What happens after a swept hit. @default the world's default ('slide') */
  response?: SweptResponse | undefined
  /** Share of a push-out this body takes, in [1e-12, 1e12]. @default its area (kept in that range) */
  mass?: number | undefined
  /** Bounce factor for `response: 'bounce'`, in [0, 1]. @default 0 */
  restitution?: number | undefined
  /** Collision layer bits. @default 1 */
  layer?: number | undefined
  /** Layers this body collides with. @default 0xffffffff */
  mask?: number | undefined
  /** Whether other bodies may push it aside. @default true */
  pushable?: boolean | undefined
  /**
   * Drag with a pointer (mouse, touch, pen). Escape during a drag undoes it: the body goes
   * back to where the drag began, and so do the bodies it pushed (those nothing else has
   * moved since). @default false
   */
  draggable?: boolean | undefined
  /**
   * Whether the card can be selected (issue #26): Shift-, Ctrl- or Cmd-click and Space
   * toggle it in the world's selection, a plain click selects it alone, and
   * `useWorld().select(ids)` may name it. Dragging a selected card drags the whole
   * selection (one displacement, pushing what is in any member's way); arrow keys on it
   * move the selection. A selected card carries `data-selected` (and `aria-selected` when
   * its role allows it: `option`, `gridcell`, `row`, `tab`, `treeitem`...).
   * @default the value of `draggable`
   * @example useAABBBody({ draggable: true, selectable: true })
   */
  selectable?: boolean | undefined
  /**
   * On release, a dynamic body keeps the velocity the pointer gave it (a throw): the card's
   * own motion over about the last 0.1 s, so a card let go after the pointer paused, or
   * slower than 50 px/s, is dropped. It slows down by its `damping`, 8 unless given (a
   * 1,000 px/s throw slides about 125 px). @default false (it stops where it is dropped)
   */
  throwable?: boolean | undefined
  /**
   * Linear damping per second (velocity *= 1 / (1 + damping * dt)): a thrown card slides
   * about `speed / damping` px, and without gravity stops once under 0.25 px are left.
   * @default 0, or 8 for a `throwable` card ({@link THROWN_CARD_DAMPING})
   */
  damping?: number | undefined
  /**
   * Client pixels the pointer must travel before a press becomes a drag. A change applies
   * from the next press; it never ends a drag in progress. @default 4
   */
  dragActivationDistance?: number | undefined
  /**
   * A CSS selector: only a press inside a descendant of the element that matches it (a
   * grip, a title bar) starts a pointer drag; the rest of the card is left to the page.
   * Read at each press. The keyboard moves the card as before.
   * @default any press on the element may start a drag
   * @example useAABBBody({ draggable: true, dragHandle: '.card-title' })
   */
  dragHandle?: string | undefined
  /**
   * A CSS selector: a press inside a descendant of the element that matches it never
   * starts a pointer drag (even inside `dragHandle`), so a button's click, an input's
   * typing and a link work inside a draggable card. `''` cancels nothing. Read at each
   * press.
   * @default 'input, textarea, select, button, a[href], [contenteditable], [data-aabb-cancel]'
   */
  dragCancel?: string | undefined
  /**
   * Move with the arrow keys while focused: each press is a swept move by `keyboardStep`
   * that pushes cards in the way exactly as a pointer drag does; Shift moves until the
   * first contact, without pushing. An `aria-live` region announces what happened. The
   * element becomes focusable (`tabindex="0"` unless it has a tabindex), gets
   * `role="button"` when it has no role of its own (a `<div>` or `<span>`, an SVG `<g>` or
   * shape, without a `role` attribute: an `<article>`, an `<li>` or `role="group"` keeps
   * its own; give a card that holds controls such a role, since a button's content is not
   * interactive), `aria-roledescription="movable item"` unless it has its own, and
   * `aria-describedby` pointing at the world's hidden key instructions.
   * @default the value of `draggable`, so whatever a pointer can move, keys can move too
   */
  keyboard?: boolean | undefined
  /**
   * World units per arrow key press (and per Alt+arrow resize step). @default 10, or the
   * cell of the body's snapping grid along the key's axis (`snap`)
   */
  keyboardStep?: number | undefined
  /**
   * This body's snapping grid, overriding `<PhysicsWorld snap>`: a cell size (one number,
   * or `{ x, y }`), or `false` for none. Drops, key moves and settles put the body on the
   * grid (from the container's content box), at the nearest free grid spot. A resize ends
   * with its far edges (right, bottom) the world's `gap` short of a grid line.
   * @default the world's `snap`
   */
  snap?: Snap | false | undefined
  /**
   * Resize with handles: `true` or {@link ResizeOptions} (`handles`, `minWidth`,
   * `minHeight`, `maxWidth`, `maxHeight`, `mode`). The card gets a handle per direction
   * (default `['se']`): a `<div data-aabb-resize-handle="se">` 24 px across inside an HTML
   * card; for an SVG `<rect>` (or `<image>`, `<foreignObject>`, nested `<svg>`), which can
   * hold no handle, a `<rect>` with that attribute right after it, 24 screen pixels across,
   * that follows the card's corner. An element of the card's own with the attribute is used
   * instead. Dragging a handle resizes the element (CSS `width` and `height`; an SVG
   * element's `width` and `height` attributes) through the world's swept `resize`, every
   * frame, without a React render: a growing edge pushes the cards ahead (`mode: 'push'`),
   * stops at the first (`'stop'`) or shrinks them first (`'squeeze'`); the opposite edge
   * stays. Escape puts everything back. A keyboard card grows or shrinks its right and
   * bottom edges by `keyboardStep` with Alt+arrows, announced as moves are.
   * @default false
   * @example useAABBBody({ draggable: true, resizable: { minWidth: 80, mode: 'squeeze' } })
   */
  resizable?: boolean | ResizeOptions | undefined
  /** A resize of this body ended (a handle released, an Alt+arrow step, or undone by Escape): its box now. */
  onResizeEnd?: ((rect: Rect) => void) | undefined
  /** The name used in announcements ("Notes blocked on the right by Chart"). @default the element's `aria-label`, else the id */
  label?: string | undefined
  /**
   * Where the box's top-left starts, in world coordinates, instead of where layout put it
   * (for example a position saved from `onMoveEnd`). It places the hook's first body, until
   * a frame has drawn it (a StrictMode remount is placed too); a body created after that
   * (the element shown again after `display: none`, or a new element) starts where its
   * element shows.
   * @default the measured position
   */
  initialPosition?: Vec2 | undefined
  /**
   * This body started touching another. The world tracks contacts only while some body or
   * the world has a contact handler (tracking costs each step time), so a handler added
   * while bodies already touch hears of those contacts as starts at the next step.
   */
  onContactStart?: ((contact: BodyContact) => void) | undefined
  /** This body stopped touching another. */
  onContactEnd?: ((contact: BodyContact) => void) | undefined
  /**
   * The body came to rest after moving (drag, push, keys or simulation): persist `rect` as
   * JSON. Called once per rest, in the first frame whose fixed steps left the body still
   * (no velocity, not dragged), whether or not other bodies are still moving.
   */
  onMoveEnd?: ((rect: Rect) => void) | undefined
  /**
   * A pointer drag of this body began (the pointer went `dragActivationDistance` from
   * where it pressed): `rect` is where the body starts. Every start is followed by one
   * {@link onDragEnd}. Arrow-key moves are not drags.
   */
  onDragStart?: ((rect: Rect) => void) | undefined
  /** The pointer drag of this body ended: dropped, cancelled, or the body left the world. */
  onDragEnd?: ((end: BodyDragEnd) => void) | undefined
}

/** Throws a TypeError unless the hook's options are an object (`useAABBBody(null)` read `null.id`). */
export function assertOptionsObject(options: unknown): asserts options is AABBBodyOptions {
  assertObject('useAABBBody:', 'options', options)
}

/**
 * Checks every option, throwing a TypeError or RangeError whose message names the body
 * and the field, e.g. `useAABBBody("notes"): restitution must be a finite number in [0, 1] (got 2)`.
 */
export function validateBodyOptions(options: AABBBodyOptions, id: BodyId): void {
  if (typeof id !== 'string' || id === '') {
    throw new TypeError(`useAABBBody: id must be a non-empty string (got ${describeValue(id)})`)
  }
  const wall = boundsWallName(id)
  if (wall !== undefined) {
    // The walls of `bounds` are found by these ids: a body with one would be taken over
    // (moved onto the wall) or removed with the walls.
    throw new RangeError(
      `useAABBBody: id "${id}" is reserved for ${wall} of <PhysicsWorld bounds> (choose another id)`,
    )
  }
  const subject = `useAABBBody("${id}"):`
  if (options.type !== undefined) assertOneOf(subject, 'type', options.type, BODY_TYPES)
  if (options.response !== undefined) {
    assertOneOf(subject, 'response', options.response, SWEPT_RESPONSES)
  }
  if (options.mass !== undefined) {
    assertNumberInRange(subject, 'mass', options.mass, MIN_MASS, MAX_MASS)
  }
  if (options.restitution !== undefined) {
    assertNumberInRange(subject, 'restitution', options.restitution, 0, 1)
  }
  if (options.layer !== undefined) assertBits(subject, 'layer', options.layer)
  if (options.mask !== undefined) assertBits(subject, 'mask', options.mask)
  assertOptionalBoolean(subject, 'pushable', options.pushable)
  assertOptionalBoolean(subject, 'draggable', options.draggable)
  assertOptionalBoolean(subject, 'selectable', options.selectable)
  assertOptionalBoolean(subject, 'throwable', options.throwable)
  if (options.damping !== undefined) assertNumberInRange(subject, 'damping', options.damping, 0)
  assertOptionalBoolean(subject, 'keyboard', options.keyboard)
  if (options.dragActivationDistance !== undefined) {
    assertNumberInRange(subject, 'dragActivationDistance', options.dragActivationDistance, 0)
  }
  if (options.dragHandle !== undefined) {
    assertSelector(subject, 'dragHandle', options.dragHandle, false)
  }
  if (options.dragCancel !== undefined) {
    assertSelector(subject, 'dragCancel', options.dragCancel, true)
  }
  if (options.keyboardStep !== undefined) {
    assertPositive(subject, 'keyboardStep', options.keyboardStep)
  }
  if (options.snap !== undefined && options.snap !== false) {
    assertSnap(subject, 'snap', options.snap)
  }
  assertResizable(subject, options.resizable)
  if (options.label !== undefined && typeof options.label !== 'string') {
    throw new TypeError(`${subject} label must be a string (got ${describeValue(options.label)})`)
  }
  if (options.initialPosition !== undefined) {
    assertVector(subject, 'initialPosition', options.initialPosition)
  }
  assertOptionalFunction(subject, 'onContactStart', options.onContactStart)
  assertOptionalFunction(subject, 'onContactEnd', options.onContactEnd)
  assertOptionalFunction(subject, 'onMoveEnd', options.onMoveEnd)
  assertOptionalFunction(subject, 'onDragStart', options.onDragStart)
  assertOptionalFunction(subject, 'onDragEnd', options.onDragEnd)
  assertOptionalFunction(subject, 'onResizeEnd', options.onResizeEnd)
}

/**
 * Throws unless `value` is a CSS selector string: a TypeError for another type or an
 * empty one (unless `emptyAllowed`), a SyntaxError for one the browser cannot parse. On
 * the server, where no document parses selectors, only the type is checked (the client's
 * render checks the rest).
 */
function assertSelector(subject: string, field: string, value: unknown, emptyAllowed: boolean) {
  if (typeof value !== 'string' || (value.trim() === '' && !emptyAllowed)) {
    throw new TypeError(
      `${subject} ${field} must be a ${emptyAllowed ? '' : 'non-empty '}CSS selector string (got ${describeValue(value)})`,
    )
  }
  if (value === '' || typeof document === 'undefined') return
  try {
    document.createDocumentFragment().querySelector(value)
  } catch {
    throw new SyntaxError(`${subject} ${field} is not a valid CSS selector (got "${value}")`)
  }
}

/** The width and height of a body: what its default mass depends on. */
export type BodySize = Readonly<Pick<Rect, 'width' | 'height'>>

/** The body's mass: the `mass` option, else the world's default for `size` (the area). */
export function massOf(options: AABBBodyOptions, size: BodySize): number {
  return options.mass ?? defaultMass(size.width, size.height)
}

/**
 * Every world field among the options, for a body of `size`. An option not given gets the
 * world's default (a `throwable` card's damping: {@link THROWN_CARD_DAMPING}), so removing
 * an option in a re-render puts the default back (the world's `update` leaves out only
 * `undefined` fields).
 */
export function bodyPatchOf(options: AABBBodyOptions, size: BodySize): BodyPatch {
  const defaults = defaultBodyFields(0, 0, size.width, size.height)
  return {
    type: options.type ?? defaults.type,
    response: options.response ?? defaults.response,
    mass: massOf(options, size),
    restitution: options.restitution ?? defaults.restitution,
    layer: options.layer ?? defaults.layer,
    mask: options.mask ?? defaults.mask,
    pushable: options.pushable ?? defaults.pushable,
    damping: options.damping ?? (options.throwable ? THROWN_CARD_DAMPING : defaults.damping),
  }
}

/**
 * The damping of a `throwable` card that names none, per second: a throw of 1,000 px/s
 * slides about 125 px and rests in about 0.8 s (2,000 px/s: 250 px, 0.9 s), within the
 * layout contract's second after the last input. Without damping a thrown card slides on
 * until a wall stops it.
 */
export const THROWN_CARD_DAMPING = 8
