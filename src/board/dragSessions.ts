import type { Rect, Vec2 } from '../core/geometry/types.js'
import type {
  BodyId,
  BodyResizeOptions,
  BodyType,
  MoveOptions,
  MoveResult,
  ResizeResult,
  World,
} from '../core/world/types.js'
import { keepFixedEdges, resizedRect, type ResizeDirection } from './resizeOptions.js'
import {
  createReturnScratch,
  returnPushed,
  type PushRecord,
  type ReturnScratch,
} from './returnPushed.js'
import { beginGroup, endGroup, moveGroupTo, type GroupMember } from './groupDrag.js'
import type { EdgeSnap } from './resizeSnap.js'
import { noteDragFrame, throwVelocity } from './throwVelocity.js'

/** A set of no body, for the bodies {@link returnPushed} must leave alone when there are none. */
const NO_BODY: Pick<ReadonlySet<BodyId>, 'has'> = Object.freeze({ has: () => false })

/** Whether two boxes are the same, exactly. */
function sameRect(a: Readonly<Rect>, b: Readonly<Rect>): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
}

/** A drag of a resize handle: the edges of `direction` follow the pointer. */
export interface ResizeGesture {
  direction: ResizeDirection
  /** How the world resizes the body (mode, min and max sizes), read when the gesture begins. */
  options: BodyResizeOptions
}

interface Drag {
  start: Vec2
  goal: Vec2
  /** A goal arrived that the world has not moved to yet. */
  pending: boolean
  /** The type to give back when the drag ends (the body is kinematic while dragged). */
  typeAfter: Exclude<BodyType, 'static'>
  /** px/s: the body's recent velocity, smoothed over time ({@link noteDragFrame}): what a throw releases it with. */
  velocity: Vec2
  /** Called when the engine, not the pointer, ends the drag (see {@link DragSessions.endByEngine}). */
  onEndedByEngine: (() => void) | undefined
  /**
   * The bodies the drag pushed, in the order first pushed: where each was before the
   * drag first pushed it, and where the drag last left it. What a cancel puts back.
   */
  pushed: Map<BodyId, DragPushRecord>
  /**
   * The records of {@link Drag.pushed} not back where they were, and maybe a few that are,
   * in the order first pushed, for {@link returnPushed} (which skips the ones back home): a
   * drag through a crowd pushes hundreds of bodies, and most of them are home again a few
   * frames later, so each frame walks these instead of every record ({@link dropHome}).
   */
  away: DragPushRecord[]
  /** A resize handle's drag: the body's box when it began, and how it resizes. */
  resize: (ResizeGesture & { start: Rect; delta: Vec2 }) | undefined
  /** The bodies a resize squeezed: each one's box before the first squeeze, and the last one. */
  squeezed: Map<BodyId, { from: Rect; to: Rect }>
  /** What {@link returnPushed} reuses from one frame of the drag to the next. */
  returnScratch: ReturnScratch
  /** A group drag's other members (the selection), moved with it by one displacement. */
  members: GroupMember[]
  /** The dragged body then its {@link Drag.members}, as `world.moveGroup` takes them. */
  groupIds: BodyId[]
}

/** A drag's {@link PushRecord}: its place in the order first pushed, and whether it is in {@link Drag.away}. */
interface DragPushRecord extends PushRecord {
  readonly order: number
  listed: boolean
}

/** Notes in `drag` the bodies a move or resize of the dragged body pushed (`result.pushed`). */
function notePushes(drag: Drag, { pushed }: Pick<MoveResult, 'pushed'>): void {
  for (const { id, by, from, to } of pushed) {
    const known = drag.pushed.get(id)
    if (known) {
      // In place: the records stay next to their points in memory, and a frame reads them all.
      known.to.x = to.x
      known.to.y = to.y
      known.by = by
      if (!known.listed) listAway(drag.away, known)
    } else {
      // Every field from the start: one object shape for all records, which returnPushed
      // reads hundreds of times a frame (a field added later gives a record a new shape).
      const record: DragPushRecord = {
        id,
        by,
        from,
        to,
        blocked: undefined,
        stoppedBy: undefined,
        returnedAt: 0,
        owned: false,
        width: 0,
        height: 0,
        order: drag.pushed.size,
        listed: true,
      }
      drag.pushed.set(id, record)
      drag.away.push(record)
    }
    // A body squeezed in an earlier frame and pushed in this one: its box is here now.
    const squeezed = drag.squeezed.size > 0 ? drag.squeezed.get(id) : undefined
    if (squeezed) squeezed.to = { ...squeezed.to, x: to.x, y: to.y }
  }
}

/** Puts `record`, pushed again after it was back home, back into `away` at its place in the order. */
function listAway(away: DragPushRecord[], record: DragPushRecord): void {
  let low = 0
  let high = away.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((away[middle] as DragPushRecord).order < record.order) low = middle + 1
    else high = middle
  }
  away.splice(low, 0, record)
  record.listed = true
}

/** Takes out of `away` the records back where they were (a return took them home), keeping the order. */
function dropHome(away: DragPushRecord[]): void {
  let kept = 0
  for (const record of away) {
    if (record.to.x === record.from.x && record.to.y === record.from.y) record.listed = false
    else away[kept++] = record
  }
  away.length = kept
}

/** Notes in `drag` the bodies a resize squeezed (`result.squeezed`). */
function noteSqueezes(drag: Drag, { squeezed }: ResizeResult): void {
  for (const { id, from, to } of squeezed) {
    const known = drag.squeezed.get(id)
    if (known) known.to = to
    else drag.squeezed.set(id, { from, to })
  }
}

/**
 * How a dragged body moves through the world: swept, pushing the pushable dynamic bodies
 * in its way, which push others in turn, and stopping where the chain is blocked (the
 * world's `move` with `push`, bump.lua-style).
 */
export const dragMoveOptions: Readonly<MoveOptions> = { push: true }

/**
 * Whether a pointer may drag a body of this type: any but a static one. Every drag moves
 * with {@link dragMoveOptions}, so this is also whether moving the body by hand pushes;
 * arrow keys ask the same question so that they behave like the pointer.
 */
export function isDraggableType(type: BodyType): type is Exclude<BodyType, 'static'> {
  return type !== 'static'
}

/**
 * The pointer drags in progress in one world. A dragged body is kinematic: it pushes
 * dynamic bodies and is never pushed (bump.lua's and the world's `move` with `push`).
 * Pointer moves only record a goal; the frame applies it with one swept `move`, so a
 * fast pointer cannot tunnel through anything (article 003).
 */
export interface DragSessions {
  readonly size: number
  /**
   * Whether the bodies a drag pushed slide back toward where they were, each frame of the
   * drag, as far as free space allows (see {@link returnPushed}); a drop leaves them where
   * they are. Read every frame, so it may change during a drag.
   * @default true (the `returnPushed` hook option)
   */
  returnPushed: boolean
  /** Whether `id` is dragged: under a pointer, or a member of a group drag. */
  has(id: BodyId): boolean
  /** The members a running drag of `id` moves with it (the group drag's other cards); empty otherwise. */
  membersOf(id: BodyId): readonly BodyId[]
  /** Whether `id`'s running drag is a resize gesture. */
  isResize(id: BodyId): boolean
  /** The body whose running drag began last, or null when none runs. */
  latest(): BodyId | null
  /**
   * Starts dragging `id`; false for a static body or one already dragged. `onEndedByEngine`
   * runs if the engine ends the drag itself ({@link DragSessions.endByEngine}), so the
   * pointer session that drives it can stop too. With `group` (the selection, `id` in it),
   * a group drag: the other cards of `group` that may be dragged move with `id` by one
   * common displacement (`world.moveGroup`), Escape puts them back too, and none is thrown.
   */
  begin(
    id: BodyId,
    onEndedByEngine?: () => void,
    resize?: ResizeGesture,
    group?: readonly BodyId[],
  ): boolean
  /**
   * The body should be at its start plus `delta`; in a resize (`begin` with a gesture), the
   * edges of the gesture's direction should be moved by `delta`.
   */
  aim(id: BodyId, delta: Readonly<Vec2>): void
  /**
   * Moves every dragged body to its goal (swept, pushing), once per frame of `seconds`; a
   * resized one is resized (`world.resize`), and `onSizeChanged` hears of each body whose
   * size changed, the squeezed ones included. Then, with {@link DragSessions.returnPushed},
   * the bodies each drag pushed slide back as far as they can.
   */
  applyGoals(seconds: number): void
  /**
   * Ends a drag: where the pointer is, or undone (`'return'`: the body is placed where the
   * drag began, and the bodies it pushed where they were); `'throw'` releases a body that
   * becomes dynamic again with its smoothed drag velocity ({@link throwVelocity}: none below
   * the minimum throw speed). Returns whether a drag was running.
   */
  end(id: BodyId, release: 'drop' | 'throw' | 'return'): boolean
  /**
   * The engine ends a drag: `'drop'` where the body is (it became static), `'gone'` when
   * the body left the world (the drag is forgotten). Calls the drag's `onEndedByEngine`;
   * returns whether a drag was running.
   */
  endByEngine(id: BodyId, reason: 'drop' | 'gone'): boolean
  /** Records a type change asked for during a drag, to apply when it ends; false when `id` is not dragged. */
  deferType(id: BodyId, type: Exclude<BodyType, 'static'>): boolean
}

/**
/** What a board adds to its drag sessions: {@link createDragSessions}. */
export interface DragSessionHooks {
  /** May change each goal in place (a snapping board puts it on the body's grid) before the swept move goes there. */
  snapGoal?: ((id: BodyId, goal: Vec2) => void) | undefined
  /**
   * May put the edges a resize moves on the body's grid, in place, before `world.resize`
   * goes there (`'nearest'`), and again (`'inside'`) when the edges were blocked short of it.
   */
  snapResize?:
    ((id: BodyId, rect: Rect, direction: ResizeDirection, toward: EdgeSnap) => void) | undefined
  /** Called for each body whose size a resize changed (or put back), so the board can write its element's size. */
  onSizeChanged?: ((id: BodyId) => void) | undefined
  /** The first value of {@link DragSessions.returnPushed}. @default true */
  returnPushed?: boolean | undefined
}

/**
 * Creates the drag sessions of `world`, with a board's {@link DragSessionHooks}.
 */
export function createDragSessions(
  world: World,
  {
    snapGoal,
    snapResize,
    onSizeChanged = () => {},
    returnPushed: returnsPushed = true,
  }: DragSessionHooks = {},
): DragSessions {
  const drags = new Map<BodyId, Drag>()
  /** The lead of the group drag each member is in. */
  const leadOf = new Map<BodyId, BodyId>()
  /** Seconds: the length of the latest frame that had any, for a release's own displacement. */
  let lastFrameSeconds = 0
  /** Where a dragged body was before this frame's move, and where it got to (no snapshot per frame). */
  const fromBox: Rect = { x: 0, y: 0, width: 0, height: 0 }
  const toBox: Rect = { x: 0, y: 0, width: 0, height: 0 }
  const sessions: DragSessions = {
    get size() {
      return drags.size
    },
    returnPushed: returnsPushed,
    has: (id) => drags.has(id) || leadOf.has(id),
    membersOf: (id) => drags.get(id)?.groupIds.slice(1) ?? [],
    isResize: (id) => drags.get(id)?.resize !== undefined,
    latest() {
      // A Map keeps insertion order: the last key is the drag begun last.
      let last: BodyId | null = null
      for (const id of drags.keys()) last = id
      return last
    },
    begin(id, onEndedByEngine, resize, group) {
      if (sessions.has(id)) return false
      const body = world.get(id)
      if (!isDraggableType(body.type)) return false
      const { x, y, width, height } = body
      const members = group ? beginGroup(world, id, group, (other) => !sessions.has(other)) : []
      for (const member of members) leadOf.set(member.id, id)
      const pushed = new Map<BodyId, DragPushRecord>()
      drags.set(id, {
        members,
        groupIds: [id, ...members.map((member) => member.id)],
        resize: resize && { ...resize, start: { x, y, width, height }, delta: { x: 0, y: 0 } },
        squeezed: new Map(),
        start: { x: body.x, y: body.y },
        goal: { x: body.x, y: body.y },
        pending: false,
        typeAfter: body.type,
        velocity: { x: 0, y: 0 },
        onEndedByEngine,
        pushed,
        away: [],
        returnScratch: createReturnScratch(pushed),
      })
      world.update(id, { type: 'kinematic', velocity: { x: 0, y: 0 } })
      return true
    },
    aim(id, delta) {
      const drag = drags.get(id)
      if (!drag) return
      if (drag.resize) {
        drag.resize.delta.x = delta.x
        drag.resize.delta.y = delta.y
      }
      drag.goal.x = drag.start.x + delta.x
      drag.goal.y = drag.start.y + delta.y
      snapGoal?.(id, drag.goal)
      drag.pending = true
    },
    applyGoals(seconds) {
      if (seconds > 0) lastFrameSeconds = seconds
      for (const [id, drag] of drags) {
        let dx = 0
        let dy = 0
        if (drag.pending && drag.resize) {
          drag.pending = false
          resizeToGoal(id, drag)
        } else if (drag.pending) {
          drag.pending = false
          const from = world.box(id, fromBox)
          // The displacement the world allowed, not the pointer's: a blocked card throws nothing.
          const to = moveToGoal(id, drag)
          dx = to.x - from.x
          dy = to.y - from.y
        }
        noteDragFrame(drag.velocity, dx, dy, seconds)
      }
      // After every dragged body has moved: a body returns only into space the drags left.
      if (!sessions.returnPushed) return
      // A drag never pushes its own bodies (a move lists neither its mover nor its members),
      // so while it runs alone no body it pushed is dragged: one lookup less per body.
      const dragged = drags.size > 1 ? sessions : NO_BODY
      for (const drag of drags.values()) {
        if (drag.away.length === 0) continue
        const squeezed = drag.squeezed.size > 0 ? drag.squeezed : NO_BODY
        returnPushed(world, drag.away, dragged, squeezed, drag.returnScratch)
        dropHome(drag.away)
      }
    },
    end,
    endByEngine(id, reason) {
      const drag = drags.get(id)
      if (!drag) {
        leaveGroup(id)
        return false
      }
      if (reason === 'gone') {
        forget(id, drag)
        endGroup(world, drag.members, 'drop')
      } else end(id, reason)
      drag.onEndedByEngine?.()
      return true
    },
    deferType(id, type) {
      const drag = drags.get(id)
      const member = drags.get(leadOf.get(id) ?? '')?.members.find((other) => other.id === id)
      if (member) member.typeAfter = type
      else if (drag) drag.typeAfter = type
      return drag !== undefined || member !== undefined
    },
  }
  return sessions

  function end(id: BodyId, release: 'drop' | 'throw' | 'return'): boolean {
    const drag = drags.get(id)
    if (!drag) return false
    forget(id, drag)
    if (!world.has(id)) {
      endGroup(world, drag.members, 'drop')
      return true
    }
    if (release === 'return') {
      // Squeezed first: a squeezed body's box before the resize holds its position too.
      putBackSqueezed(drag)
      putBackPushed(drag)
    } else if (drag.pending && drag.resize) resizeToGoal(id, drag)
    else if (drag.pending) {
      // Moves that arrived since the last frame (a flick released within one frame) count
      // as one more frame of the latest frame's length.
      const from = world.box(id, fromBox)
      const to = moveToGoal(id, drag)
      noteDragFrame(drag.velocity, to.x - from.x, to.y - from.y, lastFrameSeconds)
    }
    if (release === 'return' && drag.resize) {
      world.update(id, drag.resize.start)
      onSizeChanged(id)
    }
    endGroup(world, drag.members, release === 'return' ? 'return' : 'drop')
    // A group lands together: a thrown lead would leave its members behind.
    const throwing =
      release === 'throw' && drag.typeAfter === 'dynamic' && drag.members.length === 0
    world.update(id, {
      type: drag.typeAfter,
      velocity: throwing ? throwVelocity(drag.velocity) : { x: 0, y: 0 },
      ...(release === 'return' ? drag.start : undefined),
    })
    return true
  }

  /** The swept, pushing move of a drag to its goal (with its group, if any), noting what it pushed. */
  function moveToGoal(id: BodyId, drag: Drag): Vec2 {
    if (drag.members.length === 0) {
      const to = world.move(id, drag.goal, dragMoveOptions)
      notePushes(drag, to)
      return to
    }
    notePushes(drag, moveGroupTo(world, drag.groupIds, drag.goal))
    return world.box(id, toBox)
  }

  /** Takes a drag and its group's members out of the running drags. */
  function forget(id: BodyId, drag: Drag): void {
    drags.delete(id)
    for (const member of drag.members) leadOf.delete(member.id)
  }

  /** A group member left the world mid-drag: the group goes on without it. */
  function leaveGroup(id: BodyId): void {
    const drag = drags.get(leadOf.get(id) ?? '')
    if (!drag) return
    leadOf.delete(id)
    drag.members = drag.members.filter((member) => member.id !== id)
    drag.groupIds = drag.groupIds.filter((other) => other !== id)
  }

  /** One frame of a resize gesture: `world.resize` toward the rect its handle asks for. */
  function resizeToGoal(id: BodyId, drag: Drag): void {
    const gesture = drag.resize as NonNullable<Drag['resize']>
    const goal = resizedRect(gesture.start, gesture.direction, gesture.delta)
    // The edges the handle does not move are the body's own now, exactly (a measurement
    // may have rounded the size since the gesture began).
    const body = world.get(id)
    keepFixedEdges(goal, body, gesture.direction)
    snapResize?.(id, goal, gesture.direction, 'nearest')
    resizeOnce(id, drag, goal)
    const reached = world.get(id)
    if (snapResize && !sameRect(reached, goal)) {
      // Blocked short of the grid line: back to the line inside, which only shrinks.
      const inside = { x: reached.x, y: reached.y, width: reached.width, height: reached.height }
      snapResize(id, inside, gesture.direction, 'inside')
      if (!sameRect(reached, inside)) resizeOnce(id, drag, inside)
    }
  }

  /** One `world.resize` of a gesture to `goal`, noting what it pushed and squeezed. */
  function resizeOnce(id: BodyId, drag: Drag, goal: Rect): void {
    const gesture = drag.resize as NonNullable<Drag['resize']>
    const result = world.resize(id, goal, gesture.options)
    notePushes(drag, result)
    noteSqueezes(drag, result)
    onSizeChanged(id)
    for (const { id: squeezed } of result.squeezed) onSizeChanged(squeezed)
  }

  /**
   * Undoes a cancelled resize's squeezes as {@link putBackPushed} undoes pushes: each body
   * goes back to its box, unless something else has changed it since.
   */
  function putBackSqueezed(drag: Drag): void {
    for (const [id, { from, to }] of drag.squeezed) {
      if (drags.has(id) || !world.has(id)) continue
      const body = world.get(id)
      if (body.x !== to.x || body.y !== to.y || body.width !== to.width) continue
      if (body.height !== to.height) continue
      world.update(id, from)
      onSizeChanged(id)
    }
  }

  /**
   * Undoes a cancelled drag's pushes, before the dragged body goes back to its start: each
   * body it pushed goes back to where it was, unless something else has moved it since
   * (gravity, another drag: the drag no longer owns where it is), it is dragged now, or it
   * left the world. Bodies are placed, not swept: a swept way back would shove bodies the
   * drag went around. In a layout where nothing else moved, every place is as free as
   * when the drag began, so the layout comes back exactly; a body that moved into one
   * meanwhile is pushed out by the next step.
   */
  function putBackPushed(drag: Drag): void {
    for (const [id, { from, to }] of drag.pushed) {
      if (drags.has(id) || !world.has(id)) continue
      const body = world.get(id)
      if (body.x === to.x && body.y === to.y) world.update(id, { x: from.x, y: from.y })
    }
  }
}
