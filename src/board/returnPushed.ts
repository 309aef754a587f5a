import type { Rect, Vec2 } from '../core/geometry/types.js'
import { TOUCH_TOLERANCE } from '../core/step/tolerances.js'
import type { BodyId, MoveResult, World } from '../core/world/types.js'

/**
 * A body a drag pushed: where it was before the drag first pushed it (`from`), and where
 * the drag last left it (`to`), updated in place by every push and every return.
 */
export interface PushRecord {
  readonly id: BodyId
  readonly from: Vec2
  to: Vec2
  /** The body whose push last moved it (`MoveResult.pushed[].by`), if known. */
  by?: BodyId | undefined
  /**
   * Set when the last return moved the body not at all: where it was then, and the boxes of
   * the bodies that stopped it ({@link ReturnBlock}). Kept only while it stays true.
   */
  blocked?: ReturnBlock | undefined
  /**
   * Set when the last return moved the body but stopped short of `from`: the bodies it met
   * (that move's `hits`). Checked, as `blocked.by` is, by {@link touchBlock} before the next
   * try: a slide ends against faces that often close every way back.
   */
  stoppedBy?: ReadonlyArray<{ readonly other: BodyId }> | undefined
  /**
   * The count of returns ({@link ReturnCall.returns}) at its last return, if it returned
   * during the drag: what {@link anyReturned} reads of the bodies that block another.
   */
  returnedAt?: number | undefined
  /**
   * Set while a {@link returnPushed} call runs when the call found the drag owns the body:
   * its box is `to` and {@link width} by {@link height} for the rest of the call (only its
   * own return moves it), and a block's check reads it here ({@link boxOf}).
   */
  owned?: boolean | undefined
  /** px: the body's width when the running call found it owned ({@link owned}). */
  width?: number | undefined
  /** px: the body's height when the running call found it owned ({@link owned}). */
  height?: number | undefined
}

/**
 * A return that made no progress, or would make none: the body at `at`, stopped at once by
 * the bodies `by` (the move's hits, or the bodies found touching it: {@link touchBlock}),
 * with their boxes then. A new try sweeps the same path and moves the body
 * no more while the body is still at `at` and either
 * - each of `by` is still there with the same box: the same faces at time 0; or
 * - (in a world without a gap) for each axis along which the way back goes, one of `by`
 *   still touches the body's face on that side, along a stretch of positive length: the
 *   sweep meets that face at time 0 (article 003), the slide keeps only the other axis,
 *   and that one meets its own touching face at time 0 too, whatever else moved.
 * Bodies that came since can only block more. So a frame tries only the pushed bodies
 * whose way may have changed: a drag through a crowd leaves hundreds pushed, nearly all
 * of them blocked behind the dragged ones, which move every frame along the faces they
 * touch.
 */
export interface ReturnBlock {
  at: Vec2
  by: BlockEntry[]
  /**
   * The count of returns ({@link ReturnCall.returns}) when the block was last found to
   * hold: only a body of `by` that returned since can have ended it.
   */
  since: number
}

/**
 * A body that blocks a return ({@link ReturnBlock.by}): its box then, and its own record
 * when the drag pushed it (only such a body returns, and so can end the block).
 */
export interface BlockEntry {
  /** The blocking body. */
  id: BodyId
  /** px: its box's left edge when the block was found. */
  x: number
  /** px: its box's top edge when the block was found. */
  y: number
  /** px: its box's width when the block was found. */
  width: number
  /** px: its box's height when the block was found. */
  height: number
  /** Its record in the drag, if the drag pushed it: when it last returned ({@link PushRecord.returnedAt}). */
  record: PushRecord | undefined
}

/**
 * Most passes of one frame's return. A pass can free the way of a body tried earlier in
 * it (a chain pushed over several frames is not listed nearest first), so passes repeat
 * while one moves something; every pass but the last moves a body, and a chain of pushes
 * is at most a few bodies deep in a board.
 */
export const MAX_RETURN_PASSES = 4

/**
 * Pushed cards return (issue #26; react-grid-layout #95, gridstack #1837): each body in
 * `pushed` slides back toward where it was before the drag pushed it, swept and without
 * pushing ({@link returnOnce}), so it goes exactly as far as free space allows, and no
 * further: the move keeps the invariant (it never deepens an overlap), so the return can
 * make none. Tried nearest the dragged body first (`pushed` lists each frame's chain far
 * end first: it is walked backwards), in passes while one moves something. After the first
 * pass only returns have moved bodies, so a later pass walks only the bodies the first
 * found the drag's to return (nothing else can make them so), and a blocked body is tried
 * again only when one of the bodies that blocked it has returned since it was found
 * blocked (a return before that was seen). A body whose pusher (or an earlier blocker)
 * still touches it across its way back is not tried at all ({@link touchBlock}).
 *
 * A body is left alone when the drag no longer owns where it is: it is not where the drag
 * last left it (gravity, a throw or another drag moved it), it is in `dragged` (a pointer
 * holds it) or in `skipped` (a body a resize squeezed: its place goes with its old size), or
 * it left the world. `to` follows each return, so Escape's put-back still finds it.
 */
export function returnPushed(
  world: World,
  pushed: readonly PushRecord[],
  dragged: Pick<ReadonlyMap<BodyId, unknown>, 'has'>,
  skipped: Pick<ReadonlyMap<BodyId, unknown>, 'has'>,
  scratch: ReturnScratch = createReturnScratch(
    new Map(pushed.map((record) => [record.id, record])),
  ),
): void {
  const { gap, filter } = world.settings
  const { call, owned } = scratch
  call.touchCounts = (gap ?? 0) === 0
  // A pusher's push says how the pusher meets the body; a filter may make the body's own
  // move meet it otherwise.
  call.pushersStop = filter === undefined
  // Written over, never emptied: `length = 0` would give its storage back, to be grown
  // again by the pushes of every frame.
  let ownedCount = 0
  // The records the drag owns are found first (a return moves only its own body, so this
  // finds what finding them along the way would), so that a block's check reads the box of
  // any of them from its record, not from the world.
  for (let index = pushed.length - 1; index >= 0; index--) {
    const record = pushed[index] as PushRecord
    const { id, from, to } = record
    if (to.x === from.x && to.y === from.y) continue
    if (!world.has(id) || dragged.has(id) || skipped.has(id)) continue
    const body = world.box(id, call.body)
    if (body.x !== to.x || body.y !== to.y) continue
    record.owned = true
    record.width = body.width
    record.height = body.height
    owned[ownedCount++] = record
  }
  try {
    returnOwned(world, owned, ownedCount, call)
  } finally {
    for (let k = 0; k < ownedCount; k++) (owned[k] as PushRecord).owned = false
  }
}

/**
 * The passes of {@link returnPushed} ({@link MAX_RETURN_PASSES}) over the first `count`
 * records of `owned`, the ones the drag owns; their boxes are in the records.
 */
function returnOwned(world: World, owned: PushRecord[], count: number, call: ReturnCall): void {
  let moved = false
  for (let k = 0; k < count; k++) {
    const record = owned[k] as PushRecord
    boxOfOwned(record, call.body)
    const block = record.blocked
    if (block !== undefined && stillBlocked(world, block, record, call)) {
      block.since = call.returns
      continue
    }
    if (tryReturn(world, record, call)) moved = true
  }
  for (let pass = 1; moved && pass < MAX_RETURN_PASSES; pass++) {
    moved = false
    for (let k = 0; k < count; k++) {
      const record = owned[k] as PushRecord
      const { from, to } = record
      // Home, or blocked by bodies that stayed: only returns have moved bodies since.
      if (to.x === from.x && to.y === from.y) continue
      const block = record.blocked
      if (block !== undefined && !anyReturned(block, call)) continue
      boxOfOwned(record, call.body)
      if (tryReturn(world, record, call)) moved = true
    }
  }
}

/** Writes into `box` the box of the body of `record`, owned in the running call ({@link PushRecord.owned}). */
function boxOfOwned(record: PushRecord, box: Rect): Rect {
  box.x = record.to.x
  box.y = record.to.y
  box.width = record.width as number
  box.height = record.height as number
  return box
}

/**
 * The box of body `id` now, in `call.other`, or undefined when it left the world: from its
 * `record` (if the drag pushed it) while the call owns it, else asked of the world.
 */
function boxOf(
  world: World,
  id: BodyId,
  record: PushRecord | undefined,
  call: ReturnCall,
): Rect | undefined {
  if (record?.owned === true) return boxOfOwned(record, call.other)
  return world.has(id) ? world.box(id, call.other) : undefined
}

/**
 * What {@link returnPushed} reuses from one call to the next, so a drag's frames make no
 * garbage for its bookkeeping: the working state of a call ({@link ReturnCall}) and the list
 * of the records it found the drag still owns. A drag keeps one ({@link createReturnScratch}).
 */
export interface ReturnScratch {
  readonly call: ReturnCall
  /**
   * The records the drag still owns and that are not home, in the order tried: the first
   * ones, as many as the call found (the rest are an earlier call's, of the same drag).
   */
  readonly owned: PushRecord[]
}

/**
 * A {@link ReturnScratch} for the calls of one drag, whose records (every body it pushed, by
 * id) are `records`.
 */
export function createReturnScratch(
  records: Pick<ReadonlyMap<BodyId, PushRecord>, 'get'>,
): ReturnScratch {
  return {
    call: {
      records,
      body: emptyBox(),
      other: emptyBox(),
      way: { x: 0, y: 0 },
      touchCounts: true,
      pushersStop: true,
      returns: 0,
      spareBlocks: [],
      spareEntries: [],
      closing: [],
      closingCount: 0,
    },
    owned: [],
  }
}

/**
 * One try of the return of `record` (its body at `to`, its box in `call.body`), unless
 * {@link touchBlock} finds it blocked: notes the block, or where it got to. Whether it moved.
 */
function tryReturn(world: World, record: PushRecord, call: ReturnCall): boolean {
  const { id, from, to } = record
  if (call.touchCounts && touchBlock(world, record, call)) {
    record.stoppedBy = undefined
    return false
  }
  const result = returnOnce(world, id, from)
  if (result.x === to.x && result.y === to.y) {
    setBlockOf(world, record, result.hits, call)
    record.stoppedBy = undefined
    return false
  }
  dropBlock(record, call)
  record.stoppedBy = result.x === from.x && result.y === from.y ? undefined : result.hits
  record.to.x = result.x
  record.to.y = result.y
  record.returnedAt = ++call.returns
  return true
}

/**
 * The return of body `id` toward `from`, tried: the world's `move` without `push` (bump.lua's
 * slide), placed on `from` exactly when it stopped within {@link TOUCH_TOLERANCE} of it
 * ({@link landsOnStart}). Where it got to is the result's `x` and `y`.
 */
export function returnOnce(world: World, id: BodyId, from: Vec2): MoveResult {
  const result = world.move(id, from)
  if (!result.reached && landsOnStart(world, id, from, result)) {
    result.x = from.x
    result.y = from.y
  }
  return result
}

/**
 * Whether a body that blocked a return (`block.by`) has returned since the block was found
 * ({@link ReturnBlock.since}): read on the blockers' own records, no lookup by id.
 */
function anyReturned(block: ReturnBlock, call: ReturnCall): boolean {
  if (block.since === call.returns) return false
  for (const { record } of block.by) if ((record?.returnedAt ?? 0) > block.since) return true
  return false
}

function emptyBox(): Rect {
  return { x: 0, y: 0, width: 0, height: 0 }
}

/**
 * Makes `record.blocked` the block of a return from `record.to` that `hits` stopped at once
 * (with the boxes of the bodies hit), or none without hits.
 */
function setBlockOf(
  world: World,
  record: PushRecord,
  hits: ReadonlyArray<{ other: BodyId }>,
  call: ReturnCall,
): void {
  if (hits.length === 0) {
    dropBlock(record, call)
    return
  }
  call.closingCount = 0
  for (const { other } of hits) {
    const box = world.box(other, call.other)
    writeEntry(call.closing, call.closingCount++, other, box, call.records.get(other), call)
  }
  writeBlock(record, record.to, call)
}

/** Takes `record`'s block away, if it has one, keeping its objects in `call` for later blocks. */
function dropBlock(record: PushRecord, call: ReturnCall): void {
  const block = record.blocked
  if (block === undefined) return
  record.blocked = undefined
  const by = block.by
  // Popped, not `length = 0`: that would give the list's storage back.
  while (by.length > 0) call.spareEntries.push(by.pop() as BlockEntry)
  call.spareBlocks.push(block)
}

/**
 * What a {@link returnPushed} call works in: the body's box, another body's box, and the way
 * back (numbers in objects: V8 boxes the doubles passed to a call it does not inline); the
 * world's settings as the shortcuts read them; when each body last returned; the objects of
 * blocks no longer used.
 */
export interface ReturnCall {
  /** The drag's records by body id: a blocker's own, for {@link BlockEntry.record}. */
  readonly records: Pick<ReadonlyMap<BodyId, PushRecord>, 'get'>
  body: Rect
  other: Rect
  way: Vec2
  /** Whether touching faces close a way (a world without a gap: {@link ReturnBlock}). */
  touchCounts: boolean
  /** Whether a pusher counts as a blocker (no pair filter may say otherwise: {@link touchBlock}). */
  pushersStop: boolean
  /**
   * Counts the returns, of every call (never reset): the clock of
   * {@link PushRecord.returnedAt} and of {@link ReturnBlock.since}.
   */
  returns: number
  /**
   * Blocks and their entries taken from records that moved, for the next blocks to reuse:
   * a group drag frame writes dozens of blocks, and hundreds of bodies' boxes in them.
   */
  readonly spareBlocks: ReturnBlock[]
  readonly spareEntries: BlockEntry[]
  /** The bodies {@link touchBlock} found closing the way, with their boxes: the first `closingCount`. */
  closing: BlockEntry[]
  closingCount: number
}

/**
 * Whether `block` still holds for the return of `record`, its body's box in `call.body`
 * (see {@link ReturnBlock}): the body still at the block's place, and every body that
 * stopped it unchanged, or (when `call.touchCounts`: a world without a gap, where touching is
 * exact) a touching face of them across each axis of the way back.
 */
function stillBlocked(
  world: World,
  block: ReturnBlock,
  record: PushRecord,
  call: ReturnCall,
): boolean {
  const { at } = block
  if (at.x !== record.to.x || at.y !== record.to.y) return false
  const way = call.way
  way.x = record.from.x - at.x
  way.y = record.from.y - at.y
  let unchanged = true
  let closed = 0
  for (const was of block.by) {
    const now = boxOf(world, was.id, was.record, call)
    if (now === undefined) {
      unchanged = false
      continue
    }
    if (
      now.x !== was.x ||
      now.y !== was.y ||
      now.width !== was.width ||
      now.height !== was.height
    ) {
      unchanged = false
    }
    closed |= closedWays(call.body, way, now)
  }
  return unchanged || (call.touchCounts && closed === waysOf(way))
}

/** {@link closedWays}' bit of the way back along x, and along y. */
const WAY_X = 1
const WAY_Y = 2

/** The axes the way back goes along: {@link WAY_X}, {@link WAY_Y} or both. */
function waysOf(way: Vec2): number {
  return (way.x !== 0 ? WAY_X : 0) | (way.y !== 0 ? WAY_Y : 0)
}

/**
 * The axes of the way back (`way`) of `body` that box `other` closes: it touches the
 * body's face on that side along a stretch of positive length, so a sweep that way meets
 * it at time 0 (article 003). Exact in a world without a gap only (see {@link ReturnBlock}).
 */
function closedWays(body: Rect, way: Vec2, other: Rect): number {
  let closed = 0
  if (way.x !== 0 && spans(body, other, 1)) {
    const touches = way.x > 0 ? other.x === body.x + body.width : other.x + other.width === body.x
    if (touches) closed |= WAY_X
  }
  if (way.y !== 0 && spans(body, other, 0)) {
    const touches = way.y > 0 ? other.y === body.y + body.height : other.y + other.height === body.y
    if (touches) closed |= WAY_Y
  }
  return closed
}

/**
 * Whether the return of `record` is blocked, found without trying it (in a world without a
 * gap; its box in `call.body`); then `record.blocked` is that block: the bodies that last pushed it, blocked it or stopped its
 * last return short (`record.by`, `record.blocked.by`, `record.stoppedBy`) touch its faces
 * across each axis of the way back, as
 * {@link ReturnBlock}'s second case asks. A drag leaves each body it pushes this frame
 * touching its pusher, so those are not tried: a group drag pushes dozens a frame. Its
 * pusher counts only with `call.pushersStop` (no pair filter may say otherwise) and when the
 * body does not `cross` (a push is the pusher's pair, the return the body's: the body's
 * response decides); and a body within {@link TOUCH_TOLERANCE} of its start is tried
 * ({@link landsOnStart}).
 */
function touchBlock(world: World, record: PushRecord, call: ReturnCall): boolean {
  const { from, to } = record
  const way = call.way
  way.x = from.x - to.x
  way.y = from.y - to.y
  if (Math.abs(way.x) <= TOUCH_TOLERANCE && Math.abs(way.y) <= TOUCH_TOLERANCE) return false
  const pusher = call.pushersStop ? record.by : undefined
  // A record holds at most one of the two (each is dropped when the other is set).
  const earlier = record.blocked?.by
  const stopped = record.stoppedBy
  // Each body is read once: the ones that close a way are noted as they are found, and
  // used only once they close every way.
  call.closingCount = 0
  const ways = waysOf(way)
  let closed = pusher !== undefined ? noteClosing(world, pusher, call.records.get(pusher), call) : 0
  const pusherCloses = closed !== 0
  // A pusher that closes every way is the whole block (a group drag's pushes mostly are):
  // the others are not read.
  if (earlier !== undefined && closed !== ways) {
    for (const entry of earlier) {
      if (entry.id !== pusher) closed |= noteClosing(world, entry.id, entry.record, call)
    }
  }
  if (stopped !== undefined && closed !== ways) {
    for (const { other } of stopped) {
      if (other !== pusher) closed |= noteClosing(world, other, call.records.get(other), call)
    }
  }
  if (closed !== ways) return false
  if (pusherCloses && world.response(record.id) === 'cross') return false
  writeBlock(record, to, call)
  return true
}

/**
 * Makes `record.blocked` the block at `at` by the bodies {@link touchBlock} noted in `call`,
 * written into the record's block, list and entries when it has them: a group drag finds
 * dozens of bodies blocked by touch each frame.
 */
function writeBlock(record: PushRecord, at: Vec2, call: ReturnCall): void {
  // Its own `at`, a copy: a record's `to` may be updated in place.
  const block = (record.blocked ??= call.spareBlocks.pop() ?? {
    at: { x: 0, y: 0 },
    by: [],
    since: 0,
  })
  block.since = call.returns
  block.at.x = at.x
  block.at.y = at.y
  const by = block.by
  for (let k = 0; k < call.closingCount; k++) {
    const closing = call.closing[k] as BlockEntry
    writeEntry(by, k, closing.id, closing, closing.record, call)
  }
  while (by.length > call.closingCount) call.spareEntries.push(by.pop() as BlockEntry)
}

/**
 * Makes entry `k` of `list` (at most its length) body `id` with `box` and its `record`,
 * reusing the entry there, else a spare one of `call`.
 */
function writeEntry(
  list: BlockEntry[],
  k: number,
  id: BodyId,
  box: Readonly<Rect>,
  record: PushRecord | undefined,
  call: ReturnCall,
): void {
  const { x, y, width, height } = box
  const entry = list[k] ?? call.spareEntries.pop()
  if (entry === undefined) {
    list.push({ id, x, y, width, height, record })
    return
  }
  if (k === list.length) list.push(entry)
  entry.id = id
  entry.x = x
  entry.y = y
  entry.width = width
  entry.height = height
  entry.record = record
}

/**
 * {@link closedWays} of body `id` (its `record`, if the drag pushed it: {@link boxOf}) for
 * the body and way in `call` (0 when `id` left the world); a body that closes a way is
 * added with its box and record to `call.closing`.
 */
function noteClosing(
  world: World,
  id: BodyId,
  record: PushRecord | undefined,
  call: ReturnCall,
): number {
  const box = boxOf(world, id, record, call)
  if (box === undefined) return 0
  const closed = closedWays(call.body, call.way, box)
  if (closed !== 0) writeEntry(call.closing, call.closingCount++, id, box, record, call)
  return closed
}

/**
 * Whether boxes `a` and `b` share a stretch of positive length along `axis` (0: x, 1: y).
 * (It takes the boxes, not their numbers: V8 boxes the doubles passed to a call it does not
 * inline, and a group drag frame checks hundreds of faces.)
 */
function spans(a: Rect, b: Rect, axis: number): boolean {
  const start = axis === 0 ? Math.max(a.x, b.x) : Math.max(a.y, b.y)
  const end =
    axis === 0 ? Math.min(a.x + a.width, b.x + b.width) : Math.min(a.y + a.height, b.y + b.height)
  return start < end
}

/**
 * Whether a return that stopped at `at`, touching a body at its start, is placed on its
 * start `from` exactly: a touch point `a + d * t` is rounded (a few 1e-15 px short of the
 * start, a push can leave as little), so within {@link TOUCH_TOLERANCE} of the start, the
 * body goes there when the start is free (`findFreeSpot` gives it back unchanged) and the
 * layout reports the start itself.
 */
function landsOnStart(world: World, id: BodyId, from: Vec2, at: Vec2): boolean {
  if (Math.abs(at.x - from.x) > TOUCH_TOLERANCE || Math.abs(at.y - from.y) > TOUCH_TOLERANCE) {
    return false
  }
  const spot = world.findFreeSpot(world.get(id), from, { ignore: [id] })
  if (spot === null || spot.x !== from.x || spot.y !== from.y) return false
  world.update(id, { x: from.x, y: from.y })
  return true
}
