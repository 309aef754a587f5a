import { RESPONSE_NAMES } from './responseCodes.js'
import { positionAtFace } from '../geometry/faces.js'
import type { Rect, SweptResponse } from '../geometry/types.js'
import type { BodyId, BodySnapshot, BodyType } from './types.js'

/** Body kinds as stored in {@link BodyStore.kind}. */
export const STATIC = 0
export const KINEMATIC = 1
export const DYNAMIC = 2

const KIND_OF: Readonly<Record<BodyType, number>> = Object.freeze({
  static: STATIC,
  kinematic: KINEMATIC,
  dynamic: DYNAMIC,
})
/** Body types by their kind code (the index): what {@link BodyStore.kind} stores. */
export const BODY_TYPES: readonly BodyType[] = Object.freeze(['static', 'kinematic', 'dynamic'])

/** A mask with every layer, the default: such a body collides with every other's layer. */
export const ALL_LAYERS = 0xffffffff

/**
 * Whether two bodies' layers and masks let them collide: each one's mask holds a bit of the
 * other's layer. The one rule for the step's pairs ({@link BodyStore.layersMatch}) and the
 * board's placement of cards.
 */
export function layersCollide(
  layerA: number,
  maskA: number,
  layerB: number,
  maskB: number,
): boolean {
  return (layerA & maskB) !== 0 && (layerB & maskA) !== 0
}

/** Whether two bodies' fields are all equal: a patch from `a` to `b` would change nothing. */
export function sameFields(a: BodyFields, b: BodyFields): boolean {
  for (const key in a) {
    if (a[key as keyof BodyFields] !== b[key as keyof BodyFields]) return false
  }
  return true
}

/** Most bodies one world holds: pair keys pack two slots into one safe integer. */
export const MAX_BODIES = 1 << 21

/** Every field of a body, checked and with defaults filled in. */
export interface BodyFields {
  x: number
  y: number
  width: number
  height: number
  type: BodyType
  velocityX: number
  velocityY: number
  mass: number
  restitution: number
  response: SweptResponse
  damping: number
  gravityScale: number
  layer: number
  mask: number
  pushable: boolean
}

/**
 * A corner coordinate of a body's own box from that of its collision extents (see
 * {@link BodyStore.margin}) and the own coordinate last written for it (NaN: none): the
 * written one while the extent is where that write put it (`written - margin`), since
 * `extent + margin` can differ from it in the last bit (0.1 - 4 + 4 is 0.10000000000000009);
 * else `extent + margin`. Without a gap the extent itself, bit for bit (`-0 + 0` would be
 * `+0`).
 */
export function ownCorner(extent: number, margin: number, written = Number.NaN): number {
  if (margin === 0) return extent
  return written - margin === extent ? written : extent + margin
}

/** A body's own width or height from that of its collision extents (as {@link ownCorner}). */
function ownSize(extent: number, margin: number, written: number): number {
  if (margin === 0) return extent
  return written + 2 * margin === extent ? written : Math.max(0, extent - 2 * margin)
}

/**
 * Places body `slot` against the face of body `other` that it was stopped at, on the axis of
 * the hit's normal (`normalX`, `normalY`: from `other` toward `slot`, one of them 0): its
 * near side exactly on the face, computed from the face (`positionAtFace`), not from a
 * time of impact (`x + dx * t` rounds past the face by an ulp). The other axis is kept. So a
 * body stopped at a solid ends outside it in floats, to the last bit (layout contract,
 * clause 2).
 */
export function placeAtFace(
  store: BodyStore,
  slot: number,
  other: number,
  normalX: number,
  normalY: number,
): void {
  if (normalX !== 0) {
    store.x[slot] = positionAtFace(
      normalX < 0,
      store.x[other] as number,
      store.width[other] as number,
      store.width[slot] as number,
    )
  } else if (normalY !== 0) {
    store.y[slot] = positionAtFace(
      normalY < 0,
      store.y[other] as number,
      store.height[other] as number,
      store.height[slot] as number,
    )
  }
}

/** How far the x spans of slots `a` and `b` overlap, px (<= 0: apart or touching). */
export function overlapAlongX(store: BodyStore, a: number, b: number): number {
  const { x, width } = store
  return (
    Math.min((x[a] as number) + (width[a] as number), (x[b] as number) + (width[b] as number)) -
    Math.max(x[a] as number, x[b] as number)
  )
}

/** How far the y spans of slots `a` and `b` overlap, px (<= 0: apart or touching). */
export function overlapAlongY(store: BodyStore, a: number, b: number): number {
  const { y, height } = store
  return (
    Math.min((y[a] as number) + (height[a] as number), (y[b] as number) + (height[b] as number)) -
    Math.max(y[a] as number, y[b] as number)
  )
}

/**
 * How deep the boxes of slots `a` and `b` overlap: the smaller of their axis overlaps, the
 * length of their penetration vector (article 002), px (<= 0: apart or touching).
 */
export function penetrationDepth(store: BodyStore, a: number, b: number): number {
  return Math.min(overlapAlongX(store, a, b), overlapAlongY(store, a, b))
}

/** Writes a body's collision extents into a scratch rect. */
export function loadRect(out: Rect, store: BodyStore, slot: number): Rect {
  out.x = store.x[slot] as number
  out.y = store.y[slot] as number
  out.width = store.width[slot] as number
  out.height = store.height[slot] as number
  return out
}

function grow<T extends Float64Array | Uint32Array | Uint8Array | Int32Array>(
  array: T,
  capacity: number,
): T {
  const next = new (array.constructor as new (length: number) => T)(capacity)
  next.set(array)
  return next
}

/**
 * The bodies of a world as a struct of arrays: one typed array per field, indexed by a
 * slot. Slots of removed bodies are reused (free list), ids map to slots, and `order`
 * lists the live slots in insertion order, which is the iteration order of every pass
 * (so results never depend on which slot a body got: determinism across restore).
 */
export class BodyStore {
  capacity = 0
  /** Number of live bodies; `order[0 .. count)` are their slots in insertion order. */
  count = 0
  order = new Int32Array(0)
  x = new Float64Array(0)
  y = new Float64Array(0)
  width = new Float64Array(0)
  height = new Float64Array(0)
  velocityX = new Float64Array(0)
  velocityY = new Float64Array(0)
  /**
   * Each body's own box as last written ({@link BodyStore.write}, or a move that reached its
   * goal: {@link BodyStore.noteOwnCorner}): what it reads back as while its extents are where
   * that write put them, so a box reads back exactly as it was given (see {@link ownCorner}).
   */
  writtenX = new Float64Array(0)
  writtenY = new Float64Array(0)
  writtenWidth = new Float64Array(0)
  writtenHeight = new Float64Array(0)
  mass = new Float64Array(0)
  /**
   * 1 / mass for pushable dynamic bodies, else 0 (infinite mass): what push-outs and
   * impulses use, kept by {@link BodyStore.write} so the step reads it instead of dividing.
   */
  inverseMass = new Float64Array(0)
  restitution = new Float64Array(0)
  damping = new Float64Array(0)
  gravityScale = new Float64Array(0)
  layer = new Uint32Array(0)
  mask = new Uint32Array(0)
  kind = new Uint8Array(0)
  response = new Uint8Array(0)
  pushable = new Uint8Array(0)
  /** 1 for a body that may miss another by layers: its mask lacks a layer, or it has none. */
  selective = new Uint8Array(0)
  /** How many live bodies are {@link BodyStore.selective}: with none, every pair's layers match. */
  selectiveCount = 0
  /**
   * Goes up whenever a body is inserted, deleted or written (its type may change): while it
   * stays the same, so do the live bodies, their order and their types.
   */
  version = 0
  /** Insertion sequence number: orders bodies by age (contact events' stable a/b order). */
  serial = new Float64Array(0)
  /** 1 when the body's position changed since the last `drainMoved`. */
  moved = new Uint8Array(0)
  /** The id of each slot (`undefined` for free slots). */
  ids: (BodyId | undefined)[] = []
  /**
   * Half the world's `gap`: the arrays `x`, `y`, `width` and `height` hold each body's
   * collision extents, its own box grown by this much on every side, which is all the
   * step, the broadphase and `move` ever see. {@link BodyStore.write} grows a box and
   * {@link BodyStore.fields} gives the body's own box back.
   */
  margin = 0
  private readonly slotOf = new Map<BodyId, number>()
  private free: number[] = []
  private nextSerial = 0

  constructor(initialCapacity = 64) {
    this.reserve(initialCapacity)
  }

  private reserve(capacity: number): void {
    if (capacity <= this.capacity) return
    this.order = grow(this.order, capacity)
    this.x = grow(this.x, capacity)
    this.y = grow(this.y, capacity)
    this.width = grow(this.width, capacity)
    this.height = grow(this.height, capacity)
    this.writtenX = grow(this.writtenX, capacity)
    this.writtenY = grow(this.writtenY, capacity)
    this.writtenWidth = grow(this.writtenWidth, capacity)
    this.writtenHeight = grow(this.writtenHeight, capacity)
    this.velocityX = grow(this.velocityX, capacity)
    this.velocityY = grow(this.velocityY, capacity)
    this.mass = grow(this.mass, capacity)
    this.inverseMass = grow(this.inverseMass, capacity)
    this.restitution = grow(this.restitution, capacity)
    this.damping = grow(this.damping, capacity)
    this.gravityScale = grow(this.gravityScale, capacity)
    this.layer = grow(this.layer, capacity)
    this.mask = grow(this.mask, capacity)
    this.kind = grow(this.kind, capacity)
    this.response = grow(this.response, capacity)
    this.pushable = grow(this.pushable, capacity)
    this.selective = grow(this.selective, capacity)
    this.moved = grow(this.moved, capacity)
    this.serial = grow(this.serial, capacity)
    for (let slot = capacity - 1; slot >= this.capacity; slot--) this.free.push(slot)
    this.capacity = capacity
  }

  /** The slot of a live body, or -1. */
  slot(id: BodyId): number {
    return this.slotOf.get(id) ?? -1
  }

  /** Inserts a body (fields already checked); returns its slot. */
  insert(id: BodyId, fields: BodyFields): number {
    if (this.count >= MAX_BODIES) {
      throw new RangeError(`add: a world holds at most ${MAX_BODIES} bodies`)
    }
    if (this.free.length === 0) this.reserve(Math.min(MAX_BODIES, this.capacity * 2))
    const slot = this.free.pop() as number
    this.ids[slot] = id
    this.slotOf.set(id, slot)
    this.order[this.count++] = slot
    this.serial[slot] = this.nextSerial++
    this.write(slot, fields)
    this.moved[slot] = 1
    return slot
  }

  /**
   * Puts a body that is not in the world (one whose add is still queued) into a slot for
   * the length of one call, so that `world.move` can sweep it like any body. Give it back
   * with {@link BodyStore.release} before anything else changes the store: the store is then
   * as it was before (free list and insertion serials included).
   */
  lend(id: BodyId, fields: BodyFields): number {
    return this.insert(id, fields)
  }

  /** Takes back the slot of {@link BodyStore.lend}, undoing that insert entirely. */
  release(slot: number): void {
    this.delete(slot)
    this.nextSerial--
  }

  /** Removes a live body by slot; later bodies keep their relative order. */
  delete(slot: number): void {
    let index = this.count - 1
    while (index >= 0 && this.order[index] !== slot) index--
    // A slot deleted twice would drop the last body from the order and be handed out twice.
    if (index < 0) throw new Error(`BodyStore.delete: slot ${slot} holds no body`)
    const id = this.ids[slot]
    // Only while the id still names this slot: a new body may have taken the id already.
    if (id !== undefined && this.slotOf.get(id) === slot) this.slotOf.delete(id)
    this.ids[slot] = undefined
    this.order.copyWithin(index, index + 1, this.count)
    this.count--
    this.version++
    this.selectiveCount -= this.selective[slot] as number
    this.selective[slot] = 0
    this.free.push(slot)
  }

  /** Removes every body. */
  clear(): void {
    while (this.count > 0) this.delete(this.order[this.count - 1] as number)
  }

  /** Writes checked fields into a slot. */
  write(slot: number, fields: BodyFields): void {
    this.version++
    const margin = this.margin
    this.x[slot] = fields.x - margin
    this.y[slot] = fields.y - margin
    this.width[slot] = fields.width + 2 * margin
    this.height[slot] = fields.height + 2 * margin
    this.writtenX[slot] = fields.x
    this.writtenY[slot] = fields.y
    this.writtenWidth[slot] = fields.width
    this.writtenHeight[slot] = fields.height
    this.velocityX[slot] = fields.velocityX
    this.velocityY[slot] = fields.velocityY
    this.mass[slot] = fields.mass
    this.restitution[slot] = fields.restitution
    this.damping[slot] = fields.damping
    this.gravityScale[slot] = fields.gravityScale
    this.layer[slot] = fields.layer
    this.mask[slot] = fields.mask
    const selective = Number(fields.mask !== ALL_LAYERS || fields.layer === 0)
    this.selectiveCount += selective - (this.selective[slot] as number)
    this.selective[slot] = selective
    this.kind[slot] = KIND_OF[fields.type]
    this.response[slot] = RESPONSE_NAMES.indexOf(fields.response)
    this.pushable[slot] = fields.pushable ? 1 : 0
    this.inverseMass[slot] = this.isPushable(slot) ? 1 / fields.mass : 0
  }

  /** The swept response of a slot, by name. */
  responseName(slot: number): SweptResponse {
    return RESPONSE_NAMES[this.response[slot] as number] as SweptResponse
  }

  /** The left edge of a body's own box (its extents' less the margin; see {@link ownCorner}). */
  ownX(slot: number): number {
    return ownCorner(this.x[slot] as number, this.margin, this.writtenX[slot])
  }

  /** The top edge of a body's own box (see {@link BodyStore.ownX}). */
  ownY(slot: number): number {
    return ownCorner(this.y[slot] as number, this.margin, this.writtenY[slot])
  }

  /** Writes a body's own box into a scratch rect (its collision extents less the margin). */
  loadOwnRect(out: Rect, slot: number): Rect {
    return this.ownRectOf(out, slot, loadRect(out, this, slot))
  }

  /**
   * Writes into `out` the own box of body `slot` at collision extents `extents` (its current
   * ones, or ones it had earlier in a call that moved it); `out` may be `extents`.
   */
  ownRectOf(out: Rect, slot: number, extents: Readonly<Rect>): Rect {
    const margin = this.margin
    out.x = ownCorner(extents.x, margin, this.writtenX[slot])
    out.y = ownCorner(extents.y, margin, this.writtenY[slot])
    out.width = ownSize(extents.width, margin, this.writtenWidth[slot] as number)
    out.height = ownSize(extents.height, margin, this.writtenHeight[slot] as number)
    return out
  }

  /**
   * Records that a body's own corner is at (`x`, `y`) on each axis where its extent is that
   * corner less the margin, as a move to that goal leaves it; other axes keep what they had.
   */
  noteOwnCorner(slot: number, x: number, y: number): void {
    if (x - this.margin === this.x[slot]) this.writtenX[slot] = x
    if (y - this.margin === this.y[slot]) this.writtenY[slot] = y
  }

  /** The fields of a slot, as {@link BodyFields}. */
  fields(slot: number): BodyFields {
    const own = this.loadOwnRect({ x: 0, y: 0, width: 0, height: 0 }, slot)
    return {
      x: own.x,
      y: own.y,
      width: own.width,
      height: own.height,
      type: BODY_TYPES[this.kind[slot] as number] as BodyType,
      velocityX: this.velocityX[slot] as number,
      velocityY: this.velocityY[slot] as number,
      mass: this.mass[slot] as number,
      restitution: this.restitution[slot] as number,
      response: this.responseName(slot),
      damping: this.damping[slot] as number,
      gravityScale: this.gravityScale[slot] as number,
      layer: this.layer[slot] as number,
      mask: this.mask[slot] as number,
      pushable: this.pushable[slot] === 1,
    }
  }

  /** Changes {@link BodyStore.margin}, keeping each body's own box (its extents grow or shrink around it). */
  setMargin(margin: number): void {
    if (margin === this.margin) return
    const boxes = Array.from(this.order.subarray(0, this.count), (slot) => this.fields(slot))
    this.margin = margin
    this.order
      .subarray(0, this.count)
      .forEach((slot, k) => this.write(slot, boxes[k] as BodyFields))
  }

  /** A plain copy of a slot, as `world.get` returns it. */
  snapshot(slot: number): BodySnapshot {
    return bodySnapshot(this.ids[slot] as BodyId, this.fields(slot))
  }

  /** Whether two bodies' layers and masks let them collide. */
  layersMatch(a: number, b: number): boolean {
    return layersCollide(
      this.layer[a] as number,
      this.mask[a] as number,
      this.layer[b] as number,
      this.mask[b] as number,
    )
  }

  /** Whether a slot's body may be pushed by others (a pushable dynamic). */
  isPushable(slot: number): boolean {
    return this.kind[slot] === DYNAMIC && this.pushable[slot] === 1
  }
}

/**
 * A plain copy of a body's fields, as `world.get` returns it: of a live body
 * ({@link BodyStore.snapshot}) or of one whose add is still queued.
 */
export function bodySnapshot(id: BodyId, fields: BodyFields): BodySnapshot {
  return {
    id,
    x: fields.x,
    y: fields.y,
    width: fields.width,
    height: fields.height,
    type: fields.type,
    velocity: { x: fields.velocityX, y: fields.velocityY },
    mass: fields.mass,
    restitution: fields.restitution,
    response: fields.response,
    damping: fields.damping,
    gravityScale: fields.gravityScale,
    layer: fields.layer,
    mask: fields.mask,
    pushable: fields.pushable,
  }
}
