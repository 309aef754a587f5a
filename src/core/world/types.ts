import type { Rect, SweptResponse, Vec2 } from '../geometry/types.js'
import type { SnapGrid } from './snap.js'

/**
 * A body's identity in a world: the `id` given to {@link World.add}, or one the world
 * made (`"body-1"`, `"body-2"`, ...). Stable for the body's lifetime and never reused
 * while the body exists.
 */
export type BodyId = string

/**
 * How a body takes part in the simulation.
 * - `static`: never moves in a step (only {@link World.move} and {@link World.update} place
 *   it); infinite mass (walls, the board's edges).
 * - `kinematic`: moved only by the caller ({@link World.move}, {@link World.update});
 *   never pushed, pushes dynamic bodies (a dragged card).
 * - `dynamic`: integrated with velocity and gravity, pushed by others.
 */
export type BodyType = 'static' | 'kinematic' | 'dynamic'

/** The integrator used for dynamic bodies (article 004). */
export type IntegratorName = 'euler' | 'rk4'

/**
 * What {@link World.add} takes. Positions are the box's top-left corner in world space
 * (y down, CSS pixels when the world is a DOM container).
 */
export interface BodyOptions extends Rect {
  /** Identity; must be unique in the world. @default a generated id */
  id?: BodyId | undefined
  /**
   * How the body takes part in the step:
   * - `'dynamic'`: moved by its velocity, gravity and damping, and pushed out by others
   *   (shared by mass between two dynamic bodies).
   * - `'kinematic'`: moved only by the caller (`move`, `update`, a pointer); infinite mass:
   *   it pushes dynamic bodies and is never pushed.
   * - `'static'`: never moves in a step; infinite mass (a wall, a floor). A body made static
   *   by `update` loses its velocity (unless the patch gives one), so it does not pick up its
   *   old motion when it is made dynamic again.
   * @default 'dynamic'
   */
  type?: BodyType | undefined
  /** Units per second, each component in [-1e150, 1e150]. @default { x: 0, y: 0 } */
  velocity?: Vec2 | undefined
  /**
   * Share of a push-out this body takes against another dynamic (article 002), in
   * [1e-12, 1e12]. @default width * height (1 for a box of zero area), kept in that range
   */
  mass?: number | undefined
  /** Bounce factor used by the `bounce` response, in [0, 1]. @default 0 */
  restitution?: number | undefined
  /**
   * What happens after a swept hit. Between two dynamic bodies the pair takes the stronger
   * of their responses, `cross` over `bounce` over `touch` over `slide`, whichever was added
   * first (a pair filter's verdict overrides it); `touch` stops a body dead only at a static
   * or kinematic body. @default 'slide'
   */
  response?: SweptResponse | undefined
  /**
   * Linear damping per second (velocity *= 1 / (1 + damping * dt)). A damped body that
   * gravity does not accelerate stops once it would travel less than 0.25 px more, so it
   * comes to rest. @default 0
   */
  damping?: number | undefined
  /** Multiplies the world's gravity for this body, in [-1e150, 1e150]. @default 1 */
  gravityScale?: number | undefined
  /** Collision layer bits of this body. @default 1 */
  layer?: number | undefined
  /** Layers this body collides with; a pair collides when each one's mask has the other's layer. @default 0xffffffff */
  mask?: number | undefined
  /**
   * Whether other bodies may push this one aside (dynamic bodies only). A body that may not
   * still moves by its own velocity and stops at what it meets; two such bodies stop at
   * each other as at walls (and, added overlapping, share the way out). @default true
   */
  pushable?: boolean | undefined
}

/** Fields that {@link World.update} may change on a live body. */
export type BodyPatch = Partial<Omit<BodyOptions, 'id'>>

/** A plain copy of one body's state, as {@link World.get} returns it. */
export interface BodySnapshot extends Rect {
  /** The body's id. */
  id: BodyId
  /** See {@link BodyOptions.type}. */
  type: BodyType
  /** Current velocity (px/s). */
  velocity: Vec2
  /** See {@link BodyOptions.mass}. */
  mass: number
  /** See {@link BodyOptions.restitution}. */
  restitution: number
  /** See {@link BodyOptions.response}. */
  response: SweptResponse
  /** See {@link BodyOptions.damping}. */
  damping: number
  /** See {@link BodyOptions.gravityScale}. */
  gravityScale: number
  /** See {@link BodyOptions.layer}. */
  layer: number
  /** See {@link BodyOptions.mask}. */
  mask: number
  /** See {@link BodyOptions.pushable}. */
  pushable: boolean
}

/**
 * Where a contact came from in the step of the event: `'sweep'`, a swept hit (article 003);
 * `'push'`, boxes found touching or overlapping (push-out or resting contact, articles 000,
 * 002, 004). A box that lands on a floor starts its contact by a sweep; while it rests
 * there, its `contactStay` events and a snapshot say `'push'`.
 */
export type ContactSource = 'sweep' | 'push'

/** The names of the events a world emits. */
export type ContactEventType = 'contactStart' | 'contactStay' | 'contactEnd'

/**
 * One contact event for the pair (a, b). `normal` is the unit axis vector of the face of
 * `b` that `a` touches (pointing from b toward a); for `b`'s point of view negate it. Boxes
 * that touch only at a corner have no face in common: their normal is `{ x: 0, y: 0 }`.
 * Each pair is reported once per event, with a and b in a stable order.
 */
export interface ContactEvent {
  /** Whether the contact began, goes on, or ended in this step. */
  type: ContactEventType
  /** One body of the pair. */
  a: BodyId
  /** The other body of the pair. */
  b: BodyId
  /** Unit axis vector of the face of `b` that `a` touches, from `b` toward `a` (or 0, 0 at a corner). */
  normal: Vec2
  /** How the contact was found in this step. */
  source: ContactSource
}

/** A listener for contact events. */
export type ContactListener = (event: ContactEvent) => void

/**
 * A listener for the `overflow` event: the ids of the bodies that overflow (in insertion
 * order; empty when none is left), called once each time that set changes.
 */
export type OverflowListener = (ids: readonly BodyId[]) => void

/** Options of {@link World.move}. */
export interface MoveOptions {
  /**
   * Push pushable dynamic bodies in the way (and the bodies they push). A pushing move goes
   * straight toward the goal until it touches a body, pushes that body along the face it
   * touched, then carries the rest of the motion along that face; each body in a chain
   * stops touching the one ahead, so nothing overlaps afterwards, and a chain blocked by a
   * solid stops the mover where it must. A push moves at most 64 bodies in a row ahead of
   * the mover: a 65th stops the row as a solid would.
   * Without it, every body in the way is an obstacle to slide along (bump.lua).
   * @default false
   */
  push?: boolean | undefined
}

/** What {@link World.move} did. */
export interface MoveResult {
  /** Where the body ended: its left edge. */
  x: number
  /** Where the body ended: its top edge. */
  y: number
  /** Whether it reached the goal. */
  reached: boolean
  /**
   * The bodies that stopped or deflected it, first hit first, with the normal of each,
   * each body and normal once.
   */
  hits: Array<{ other: BodyId; normal: Vec2 }>
  /**
   * The bodies it pushed (a move with `push`), each once, in the order they were first
   * moved: the far end of a chain before the body that pushed it. Empty when it pushed
   * none. Putting each back at its `from` undoes the pushes.
   */
  pushed: PushedBody[]
}

/** What {@link World.moveGroup} did. */
export interface GroupMoveResult {
  /** The displacement every member moved by, the same for all (the one asked when `reached`). */
  delta: Vec2
  /** Whether the group went the whole displacement. */
  reached: boolean
  /**
   * The bodies that stopped or deflected a member, first hit first, with the normal of each,
   * each body and normal once (a face met again by a retried push, or by another member, is
   * listed once).
   */
  hits: Array<{ other: BodyId; normal: Vec2 }>
  /**
   * The non-members it pushed (with `push`), each once, in the order first moved, as in
   * {@link MoveResult.pushed}: putting each back at its `from` undoes the pushes.
   */
  pushed: PushedBody[]
}

/**
 * How a growing edge of {@link World.resize} treats the cards ahead of it:
 * - `'push'`: pushes them as a pushing `move` does (and they push the cards ahead of them);
 *   the edge stops where the chain is blocked by a solid.
 * - `'stop'`: stops at the first contact.
 * - `'squeeze'`: shrinks each pushable card it meets, from the side facing the edge (its
 *   far edge stays), down to that card's minimum size, then pushes it as `'push'` does.
 */
export type ResizeMode = 'push' | 'stop' | 'squeeze'

/** Options of {@link World.resize}. */
export interface BodyResizeOptions {
  /**
   * What a growing edge does to the pushable dynamic bodies ahead of it ({@link ResizeMode}).
   * Solids (static and kinematic bodies, non-pushable ones) always stop it.
   * @default 'push', or 'stop' when `push` is false
   */
  mode?: ResizeMode | undefined
  /**
   * As `move`'s: whether cards ahead may be moved at all. `false` is `mode: 'stop'`, and
   * contradicts another mode. @default true
   */
  push?: boolean | undefined
  /**
   * The smallest size of the resized body (the rect is clamped to it, the fixed edges
   * staying put); also the size below which `'squeeze'` shrinks no card that `minSizes`
   * does not list. @default { width: 0, height: 0 }
   */
  minSize?: Size | undefined
  /** The largest size of the resized body (the rect is clamped to it). @default unbounded */
  maxSize?: Size | undefined
  /**
   * The minimum size of each card `'squeeze'` may shrink, by id, over `minSize`. An id of no
   * body in the world is ignored, as the board's map, read when a resize drag begins, may
   * name a card removed since. @default none
   */
  minSizes?: Readonly<Record<BodyId, Size>> | undefined
}

/** A body a `'squeeze'` {@link World.resize} shrank: its box before and after the call. */
export interface SqueezedBody {
  /** The squeezed body. */
  id: BodyId
  /** Its box before the call. */
  from: Rect
  /** Its box after the call. */
  to: Rect
}

/** What {@link World.resize} did. */
export interface ResizeResult {
  /** The body's box now. */
  rect: Rect
  /** Whether it reached the rect asked for (after clamping to `minSize` and `maxSize`). */
  reached: boolean
  /**
   * The bodies that stopped its edges, first hit first, with the normal of each, each body
   * and normal once (a squeezed card met in several rounds is listed once).
   */
  hits: Array<{ other: BodyId; normal: Vec2 }>
  /**
   * The bodies it moved, other than itself, each once, top-left before and after (as
   * `move`'s `pushed`; a squeezed body whose near edge moved is listed here too).
   */
  pushed: PushedBody[]
  /** The bodies it shrank (mode `'squeeze'`), each once, with their boxes before and after. */
  squeezed: SqueezedBody[]
}

/** A body displaced by a pushing {@link World.move}: where it was before the move, and where the move left it (top-left corners). */
export interface PushedBody {
  /** The displaced body. */
  id: BodyId
  /**
   * The body whose push last moved it: the mover, or the body ahead of it in the chain
   * that pushed this one on (or, in a `'squeeze'` resize, the resized body that shrank it).
   */
  by: BodyId
  /** Its top-left corner before the call. */
  from: Vec2
  /** Its top-left corner after the call. */
  to: Vec2
}

/** Which way {@link World.compact} moves the bodies: toward the top, bottom, left or right. */
export type CompactDirection = 'up' | 'down' | 'left' | 'right'

/** Options of {@link World.compact}. */
export interface CompactOptions {
  /**
   * The grid each body snaps to (`undefined`: none): a body on its grid stops on the last
   * grid line it reaches rather than touching what stopped it, so a snapped board stays on
   * its grid and compacting it again moves nothing. @default no grid for any body
   */
  gridOf?: ((id: BodyId) => SnapGrid | undefined) | undefined
}

/** A body moved by {@link World.compact}: where it was, and where it ended (top-left corners). */
export interface CompactMove {
  /** The moved body. */
  id: BodyId
  /** Its top-left corner before the call. */
  from: Vec2
  /** Its top-left corner after the call. */
  to: Vec2
}

/**
 * One swept hit as the world resolved it (article 003), for drawing and debugging: the
 * body `id`, swept from its top-left corner (`x`, `y`) by (`deltaX`, `deltaY`), first
 * touched `other` at fraction `time` of that motion, on the face whose normal (pointing
 * from `other` toward the body) is (`normalX`, `normalY`). Between two dynamic bodies
 * both move: the time comes from their relative motion, and the motion given is `id`'s
 * own, so `x + deltaX * time` is where it met the other.
 */
export interface SweptHitRecord {
  /** The swept body. */
  id: BodyId
  /** The body it hit. */
  other: BodyId
  /** Its left edge at the start of the sweep. */
  x: number
  /** Its top edge at the start of the sweep. */
  y: number
  /** Its own motion along x over the sweep (px). */
  deltaX: number
  /** Its own motion along y over the sweep (px). */
  deltaY: number
  /** Fraction of the motion, in [0, 1], at which it first touched `other`. */
  time: number
  /** x of the hit face's unit normal, from `other` toward the body. */
  normalX: number
  /** y of the hit face's unit normal, from `other` toward the body. */
  normalY: number
}

/** One body hit by {@link World.raycast}. */
export interface RaycastHit {
  /** The body hit. */
  id: BodyId
  /** Fraction of the segment in [0, 1] where it enters the body. */
  time: number
  /** Unit axis vector of the face it enters by, pointing out of the body. */
  normal: Vec2
  /** Where it enters the body: `from + time * (to - from)`. */
  point: Vec2
}

/**
 * A per-pair filter, called with the ids of two bodies that may collide (after the
 * layer/mask test): `false` ignores the pair, a {@link SweptResponse} overrides the
 * moving body's response for this pair, `true` or `undefined` keeps the default.
 * Anything else (a misspelt response such as `'bouce'`) keeps the default too, and the
 * step or move throws a `TypeError` naming the value and the two bodies once it is complete
 * (as when the filter throws).
 * It is called during every step for every candidate pair: keep it cheap and pure.
 */
export type PairFilter = (a: BodyId, b: BodyId) => SweptResponse | boolean | undefined

/** Settings of a world; every field has a default. */
export interface WorldSettings {
  /** Units per second squared, each component in [-1e150, 1e150]. @default { x: 0, y: 0 } */
  gravity: Vec2
  /** Seconds per fixed step, > 0 and at most `maxFrameTime`. @default 1 / 60 */
  fixedStep: number
  /**
   * Most fixed steps one `step()` call may run, an integer from 1 to 1,000; the rest of the
   * frame time is dropped. @default 8
   */
  maxSubSteps: number
  /**
   * Longest frame time accepted, in seconds (a tab hidden for minutes), > 0 and at most 1:
   * longer ones are clamped by `step`; larger settings throw a RangeError naming the field.
   * @default 0.25
   */
  maxFrameTime: number
  /**
   * How dynamic bodies advance each step (article 004): semi-implicit Euler, or classical
   * RK4 (for an acceleration that depends on position or velocity). @default 'euler'
   */
  integrator: IntegratorName
  /** Report `contactStay` every step for touching pairs. @default false */
  contactStay: boolean
  /**
   * The least distance between any two bodies, in world units, finite and >= 0: each body
   * collides as its box grown by `gap / 2` on every side (its collision extents), so
   * sweeps, pushes, push-outs and `findFreeSpot` all keep it. Static bodies are grown
   * too, so bodies keep the gap from walls (the board's bounds included), as
   * react-grid-layout's `containerPadding` defaults to its `margin`. Everything the world
   * reports and takes (`add`, `get`, `update`, `move`, `drainMoved`, `findFreeSpot`,
   * snapshots) is the body's own box; the queries (`queryPoint`, `queryRect`, `raycast`)
   * and `forEachHit` see the collision extents. Changing it keeps every body's own box.
   * @default 0
   */
  gap?: number | undefined
  /**
   * Per-pair filter (not part of a {@link WorldSnapshot}: functions are not JSON).
   * @default undefined (every pair whose layers match collides)
   */
  filter?: PairFilter | undefined
}

/** A pair in contact as a {@link WorldSnapshot} keeps it: a contact event without its type. */
export type SnapshotContact = Omit<ContactEvent, 'type'>

/** A JSON-safe copy of a whole world, for {@link World.restore}. */
export interface WorldSnapshot {
  /** The settings, without `filter`. */
  settings: WorldSettings
  /** Every body, in insertion order. */
  bodies: BodySnapshot[]
  /** The counter behind generated ids (`body-<nextId>`). */
  nextId: number
  /** Frame time carried to the next `step()` (seconds). @default 0 */
  accumulator?: number | undefined
  /**
   * The pairs in contact, in the order they started (recorded while contacts are tracked,
   * i.e. while someone listens), so that a restored world goes on with them: no second
   * `contactStart`, and a `contactEnd` when they part. @default [] (every touching pair
   * starts again at the next step)
   */
  contacts?: SnapshotContact[] | undefined
}

/** A box's size in px (finite, non-negative). */
export interface Size {
  /** Extent along x, never negative. */
  width: number
  /** Extent along y, never negative. */
  height: number
}

/** Options of {@link World.findFreeSpot}. */
export interface FreeSpotOptions {
  /**
   * The rect the box must stay inside (touching its edges is fine), e.g. the board. Without
   * it the plane is unbounded and a spot always exists.
   */
  within?: Rect | undefined
  /** Bodies that do not count as obstacles, e.g. the card being placed. Unknown ids throw. */
  ignore?: readonly BodyId[] | undefined
  /**
   * Only places on this grid count: the answer is the nearest grid point where the box is
   * free (and inside `within`), the grid a snapping board lays its cards on.
   * @default none (any place)
   */
  grid?: SnapGrid | undefined
}

/**
 * A world of axis-aligned boxes. Create one with `createWorld(settings?)`.
 * Every method that takes an id throws a `RangeError` naming the id when it is unknown.
 *
 * The layout contract (README, "The layout contract"):
 * - A move never deepens an overlap: `move` keeps or reduces the penetration of every pair;
 *   a pair that already overlaps, by any amount, blocks motion into it (its penetration
 *   direction is the contact normal) and lets separating motion pass, so drags and pushes
 *   never pass through anything.
 * - No move takes a body deeper into a static body (bounds walls included).
 * - No step produces NaN within the documented ranges.
 * - {@link World.findFreeSpot} answers the nearest place where a box overlaps nothing.
 */
export interface World {
  /** Adds a body; validates every field first, so nothing half-made enters. Returns its id. */
  add(options: BodyOptions): BodyId
  /**
   * Removes a body and ends its contacts at once (`contactEnd` events). Called from inside
   * a contact listener, it is applied right after the listeners of the current batch (the
   * body, and `has`, stay until then); removing a body added in the same batch cancels the add.
   * Removing a body again before its removal is applied does nothing (two contacts of one
   * step may each remove it).
   */
  remove(id: BodyId): void
  /** Whether a body with this id is in the world, or added from a listener and about to enter it. */
  has(id: BodyId): boolean
  /**
   * A snapshot of one body. For a body added from inside a contact listener, whose add is
   * still queued, it is the body as it will enter the world once the listeners of the
   * batch have run: its checked fields with every `update` and `move` made since merged in.
   */
  get(id: BodyId): BodySnapshot
  /**
   * A body's box (its corner and size, px) as {@link World.get} gives them, written into
   * `into` when it is given: for code that reads boxes every frame and must not allocate
   * (`get` copies every field of the body into new objects).
   *
   * @example
   * ```ts
   * const box = { x: 0, y: 0, width: 0, height: 0 }
   * world.box('card', box) // box.x, box.y, box.width, box.height
   * ```
   */
  box(id: BodyId, into?: Rect): Rect
  /**
   * A body's swept response (`slide`, `touch`, `bounce` or `cross`), as {@link World.get}
   * gives it, without the snapshot: for code that reads it every frame and must not allocate.
   *
   * @example
   * ```ts
   * if (world.response('card') === 'cross') return // it passes through the others
   * ```
   */
  response(id: BodyId): SweptResponse
  /**
   * Changes fields of a body; a new x or y teleports it (no sweep). Called from inside a
   * contact listener, the patch is checked at once and applied right after the listeners
   * of the batch, over the body as it is then (so patches and moves made meanwhile are kept).
   */
  update(id: BodyId, patch: BodyPatch): void
  /** The ids of all bodies, in insertion order. */
  ids(): BodyId[]
  /** The number of bodies. */
  readonly size: number
  /**
   * Advances the simulation by a frame of `frameSeconds`: clamps it to
   * `maxFrameTime`, adds it to the accumulator and runs as many fixed steps as fit
   * (at most `maxSubSteps`). Returns the number of fixed steps run.
   */
  step(frameSeconds: number): number
  /**
   * Swept move of one body toward a goal (bump.lua's `move`), the drag primitive. It is
   * applied at once, also from inside a contact listener. A body whose add is still queued
   * (added from a listener) moves the same way: it is swept now through the world as it is
   * (pushing live bodies at once with `push`), the result is what a live body there would
   * get, and the body enters the world where it stopped. The goal must keep the body on the
   * number line: a `RangeError` names the body and `goal.x - x` or `goal.x + width` (or
   * their y twins) when the distance or a far edge at the goal is not finite. A pushed body
   * stops where one of its edges would pass Number.MAX_VALUE, as at a wall.
   */
  move(id: BodyId, goal: Vec2, options?: MoveOptions): MoveResult
  /**
   * Swept move of a set of bodies by one common displacement, as one rigid shape (a group
   * drag, issue #26): the members never stop nor push one another; the earliest contact of
   * any member with any other body clips the motion of all, and with `push` the bodies in
   * the way of any member are pushed as `move` pushes (a chain that meets another member
   * stops there, as at a solid). Every member moves by the same displacement (to the
   * rounding of adding it to each), and like `move` it never deepens an overlap and never
   * takes a member into a solid or out of the bounds' walls.
   * @throws TypeError unless `ids` is a non-empty array; RangeError naming the body for an
   * unknown id or one listed twice; RangeError / TypeError naming the field for a delta or
   * options that are not valid, or a member the delta would put past the number line; all
   * before anything changes.
   * @example
   * const world = createWorld()
   * world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
   * world.add({ id: 'b', x: 0, y: 60, width: 50, height: 50 })
   * world.add({ id: 'c', x: 80, y: 60, width: 50, height: 50 })
   * // a and b move right together; c, in b's way, is pushed to x = 130.
   * world.moveGroup(['a', 'b'], { x: 80, y: 0 }, { push: true }).pushed
   * // [{ id: 'c', from: { x: 80, y: 60 }, to: { x: 130, y: 60 } }]
   */
  moveGroup(ids: readonly BodyId[], delta: Vec2, options?: MoveOptions): GroupMoveResult
  /**
   * Resizes a body toward `rect` as swept edges: the edges `rect` moves (one per axis at
   * most: a resize keeps the opposite edge where it is) sweep through the world, the
   * horizontal one first, and a growing edge treats what it meets by `options.mode`
   * (pushing by default); a shrinking edge just moves in. Like `move` it never deepens an
   * overlap and never takes a body into a solid or out of the bounds' walls. The size is
   * first clamped to `minSize` and `maxSize`, anchored at the fixed edges.
   * @throws RangeError / TypeError naming the body and the field (`rect.width`,
   * `options.minSize.width`, ...) for bad input, before anything changes; a RangeError
   * when `rect` moves both edges of an axis.
   * @example
   * const world = createWorld()
   * world.add({ id: 'a', x: 0, y: 0, width: 100, height: 50 })
   * world.add({ id: 'b', x: 100, y: 0, width: 100, height: 50 })
   * // Grow a's right edge by 30: b is pushed to x = 130.
   * world.resize('a', { x: 0, y: 0, width: 130, height: 50 }).pushed
   * // [{ id: 'b', by: 'a', from: { x: 100, y: 0 }, to: { x: 130, y: 0 } }]
   */
  resize(id: BodyId, rect: Rect, options?: BodyResizeOptions): ResizeResult
  /**
   * Subscribes to contact events; returns the function that unsubscribes. Contacts are
   * tracked for pairs with a dynamic or kinematic body in them: two static bodies are never
   * in contact, so a body made static ends its contacts with static bodies (and starts
   * none with them) even while they touch.
   */
  on(type: ContactEventType, listener: ContactListener): () => void
  /**
   * Subscribes to the `overflow` event (see {@link World.overflowing}); returns the
   * function that unsubscribes. Called after the `step` in which the overflowing set
   * changed, once, with the new set.
   * @example
   * world.on('overflow', (ids) => console.warn('no room for', ids))
   */
  on(type: 'overflow', listener: OverflowListener): () => void
  /**
   * The bodies that overflow, in insertion order: dynamic bodies the step could not push
   * out of an overlap (deeper than 0.5 px for 0.25 s of simulated time) and for which no
   * free spot is left inside their enclosure (the static bodies around them, as a board's
   * walls). An overflowing body rests where it is and its pairs with other dynamic bodies
   * are ignored, so the board comes to rest instead of flickering; after a later change
   * of the layout (a body added, removed, moved or resized) it is placed again when it
   * can be. See README, "The layout contract".
   */
  overflowing(): readonly BodyId[]
  /** Ids of bodies containing the point (edges included). */
  queryPoint(point: Vec2): BodyId[]
  /** Ids of bodies overlapping or touching the rect. */
  queryRect(rect: Rect): BodyId[]
  /**
   * Bodies the segment origin + t * delta enters, sorted by time. Entering means reaching the
   * interior (as in the kernel's `rayFraction`): a body of zero width or height has none, so
   * a ray passes it, though moves and steps stop at it.
   */
  raycast(origin: Vec2, delta: Vec2): RaycastHit[]
  /**
   * The nearest place for the top-left corner of a box of `size` where it overlaps no body
   * (touching is allowed) and, with `options.within`, stays inside that rect; `null` when
   * `within` has no such place. "Nearest" is the Euclidean distance from `near` to the
   * top-left corner, which for a box of fixed size is also the distance its centre moves.
   * Deterministic: ties go to the smaller y, then the smaller x. Static, kinematic and
   * dynamic bodies all count (bounds walls included), except those in `options.ignore`.
   * Built on the broadphase (the same index as `queryRect`); see `findFreeSpot.ts` for why
   * the candidates it tries hold the answer. Throws naming the field for a negative or
   * non-finite size, a bad `near`, `within` or `ignore`, or an unknown id in `ignore`.
   *
   * @example
   * // Where can a 100 x 150 card go on a 400 x 600 board, nearest to where it was dropped?
   * const spot = world.findFreeSpot({ width: 100, height: 150 }, { x: 120, y: 40 }, {
   *   within: { x: 0, y: 0, width: 400, height: 600 },
   *   ignore: ['card-3'],
   * })
   * if (spot !== null) world.update('card-3', spot)
   */
  findFreeSpot(size: Size, near: Vec2, options?: FreeSpotOptions): Vec2 | null
  /**
   * Compaction: moves each body as far as it can in `direction` without pushing (a swept,
   * non-pushing `move` straight that way, which stops at the first body in its way), the
   * body nearest the target edge first (ties: the smaller x for `'up'`/`'down'`, the smaller
   * y for `'left'`/`'right'`, then insertion order). No body goes beyond the world's far
   * edge that way: the outermost edge of any body, so a bounded board compacts against its
   * walls. It keeps the layout contract (no overlap deepened), is deterministic, and a
   * second call moves nothing. Returns the bodies that moved, in the order they moved.
   *
   * @param ids - The bodies to compact (checked first: unknown ids throw before anything
   *   moves); the others stay put and are obstacles. @default every dynamic body
   * @param options - `gridOf`: the grid of each body, for a snapping board (see
   *   {@link CompactOptions}).
   * @throws RangeError naming `direction` for an unknown direction, `ids[k]` for an
   *   unknown id, or `options.gridOf("id")` and the field for a bad grid (every body's grid
   *   is asked and checked before anything moves); TypeError naming `options` when it is not
   *   an object.
   * @example
   * // A dashboard that closes the holes a removed card left, react-grid-layout style:
   * world.remove('card-2')
   * for (const { id, to } of world.compact('up')) console.log(id, 'moved up to', to.y)
   */
  compact(
    direction: CompactDirection,
    ids?: readonly BodyId[],
    options?: CompactOptions,
  ): CompactMove[]
  /** True when no body moved in the last step and nothing is pending. */
  isIdle(): boolean
  /** The current settings (a copy). */
  readonly settings: Readonly<WorldSettings>
  /** Changes settings; validated like `createWorld`'s. */
  configure(settings: Partial<WorldSettings>): void
  /**
   * Calls `visit` once for each body whose position may have changed since the last call
   * (moved by a step or `move`, added, or changed by `update`), then forgets them: the
   * writer's way to touch only moved elements. Allocates nothing.
   */
  drainMoved(visit: (id: BodyId, x: number, y: number) => void): void
  /**
   * Calls `visit` for each swept hit since the start of the last fixed step (the step's
   * hits, then those of `move` calls made after it), in order. The record is reused: read
   * it during the call, copy what you keep. Allocates nothing.
   *
   * @example
   * world.forEachHit((hit) => {
   *   console.log(`${hit.id} hit ${hit.other} at ${Math.round(hit.time * 100)}% of its motion`)
   * })
   */
  forEachHit(visit: (hit: Readonly<SweptHitRecord>) => void): void
  /** A JSON-safe copy of the whole world. */
  snapshot(): WorldSnapshot
  /**
   * Replaces the whole world with a snapshot's state; the filter and the listeners stay.
   * Current contacts that the snapshot does not have end (`contactEnd`); those it has go on
   * without a new start, as do the snapshot's other contacts. The step's swept hits are
   * forgotten.
   */
  restore(snapshot: WorldSnapshot): void
}
