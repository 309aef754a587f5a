import type { Rect } from '../geometry/types.js'
import {
  assertNumberInRange,
  assertOneOf,
  assertRectangle,
  assertObject,
  describeValue,
} from '../geometry/validate.js'
import { loadRect } from './bodyStore.js'
import type { Move } from './move.js'
import type { StepContext as Simulation } from '../step/context.js'
import type {
  BodyId,
  BodyResizeOptions,
  ResizeMode,
  ResizeResult,
  Size,
  SqueezedBody,
} from './types.js'
import { bodyLabel } from './validate.js'

/** The modes of {@link World.resize}, in the order the messages list them. */
export const RESIZE_MODES: readonly ResizeMode[] = Object.freeze(['push', 'stop', 'squeeze'])

/** Most cards one growing edge squeezes before it pushes what is left ahead. */
const MAX_SQUEEZES = 64

const NO_MIN_SIZE: Readonly<Size> = Object.freeze({ width: 0, height: 0 })

/** A checked `world.resize` call: the rect to reach (clamped) and how. */
export interface ResizeRequest {
  target: Rect
  mode: ResizeMode
  minSize: Readonly<Size>
  minSizes: Readonly<Record<BodyId, Size>> | undefined
}

/** Throws unless `value` is `{ width, height }` of finite numbers >= 0 (or `undefined`). */
function checkedSize(subject: string, field: string, value: unknown): Size | undefined {
  if (value === undefined) return undefined
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { width, height } (got ${describeValue(value)})`,
    )
  }
  const { width, height } = value as Record<string, unknown>
  return {
    width: assertNumberInRange(subject, `${field}.width`, width, 0),
    height: assertNumberInRange(subject, `${field}.height`, height, 0),
  }
}

/**
 * Relative rounding under which an edge of the rect asked for is the body's edge: a caller
 * that keeps the right edge computes `x` as `right - width`, which may differ from the
 * body's `x + width` in the last bits. The edge kept is then the body's own, exactly.
 */
const EDGE_ROUNDING = 1e-12

/** Whether two edge coordinates are the same edge, up to {@link EDGE_ROUNDING}. */
function sameEdge(a: number, b: number): boolean {
  return Math.abs(a - b) <= EDGE_ROUNDING * Math.max(1, Math.abs(a), Math.abs(b))
}

/** Clamps `size` to [min, max] along one axis. */
function clamp(size: number, min: number, max: number): number {
  return size < min ? min : size > max ? max : size
}

/**
 * Checks a `world.resize(id, rect, options)` call against the body's box `current` and
 * returns what to do; throws, naming the body and the field, before anything changes. The
 * size asked for is clamped to `minSize` and `maxSize`, the edges that do not move
 * staying put; a rect that moves both edges of an axis is refused (that is a move).
 */
export function resizeRequest(
  id: BodyId,
  current: Readonly<Rect>,
  rect: unknown,
  options: BodyResizeOptions | undefined,
): ResizeRequest {
  const subject = bodyLabel('resize', id)
  const asked = assertRectangle(subject, 'rect', rect)
  if (options !== undefined) assertObject(subject, 'options', options)
  const { push, mode: givenMode, minSizes } = options ?? {}
  if (push !== undefined && typeof push !== 'boolean') {
    throw new TypeError(`${subject} options.push must be a boolean (got ${describeValue(push)})`)
  }
  const mode =
    givenMode === undefined
      ? push === false
        ? 'stop'
        : 'push'
      : assertOneOf(subject, 'options.mode', givenMode, RESIZE_MODES)
  if (push === false && mode !== 'stop') {
    throw new RangeError(
      `${subject} options.push is false, which contradicts options.mode '${mode}' (use mode 'stop')`,
    )
  }
  const minSize = checkedSize(subject, 'options.minSize', options?.minSize) ?? NO_MIN_SIZE
  const maxSize = checkedSize(subject, 'options.maxSize', options?.maxSize)
  for (const field of ['width', 'height'] as const) {
    if (maxSize !== undefined && minSize[field] > maxSize[field]) {
      throw new RangeError(
        `${subject} options.minSize.${field} (${minSize[field]}) is above options.maxSize.${field} (${maxSize[field]})`,
      )
    }
  }
  if (minSizes !== undefined) {
    if (minSizes === null || typeof minSizes !== 'object') {
      throw new TypeError(
        `${subject} options.minSizes must be an object of sizes by id (got ${describeValue(minSizes)})`,
      )
    }
    for (const [other, size] of Object.entries(minSizes)) {
      checkedSize(subject, `options.minSizes["${other}"]`, size)
    }
  }
  const target = { ...asked }
  for (const axis of [0, 1] as const) {
    const start = axis === 0 ? 'x' : 'y'
    const length = axis === 0 ? 'width' : 'height'
    const far = current[start] + current[length]
    const nearMoves = !sameEdge(asked[start], current[start])
    const farMoves = !sameEdge(asked[start] + asked[length], far)
    if (nearMoves && farMoves) {
      throw new RangeError(
        `${subject} rect moves both edges along ${start} (rect.${start} ${asked[start]} and rect.${start} + rect.${length} ${asked[start] + asked[length]}; the body spans ${current[start]} to ${far}): a resize keeps the opposite edge where it is`,
      )
    }
    if (!nearMoves && !farMoves) {
      target[start] = current[start]
      target[length] = current[length]
      continue
    }
    const size = clamp(asked[length], minSize[length], maxSize?.[length] ?? Infinity)
    target[length] = size
    // The near edge moves: the far edge is the one that stays.
    if (nearMoves) target[start] = far - size
    else target[start] = current[start]
  }
  return { target, mode, minSize, minSizes }
}

/**
 * `world.resize`: swept edges (issue #25). A growing edge is swept as the whole box moving
 * by the edge's motion along its axis through {@link Move} (the same sweep and push chain
 * as a drag): the boxes ahead of the edge are exactly those the moving box meets, and the
 * union of the box where it was and where it stopped is the resized box (one axis at a
 * time, so the union is a box). So a resize keeps `move`'s invariant: it never deepens an
 * overlap nor enters a solid. One instance per world, reused by every call.
 */
export class Resize {
  /** The bodies the current call squeezed, each once, with their boxes before it. */
  private squeezedSlots: number[] = []
  private squeezedFrom: Rect[] = []
  /** Scratch: the resized body's own box. */
  private readonly own: Rect = { x: 0, y: 0, width: 0, height: 0 }

  constructor(
    private readonly sim: Simulation,
    private readonly move: Move,
  ) {}

  /** Resizes body `slot` as `request` says; the caller marks the bodies changed. */
  run(slot: number, request: ResizeRequest): void {
    this.move.begin()
    this.squeezedSlots = []
    this.squeezedFrom = []
    this.resizeAxis(slot, 0, request)
    this.resizeAxis(slot, 1, request)
  }

  /** The slots the last call squeezed (to be marked changed, as the displaced ones are). */
  get squeezed(): readonly number[] {
    return this.squeezedSlots
  }

  /** What the last call did to body `slot`, asked for `target`. */
  result(slot: number, target: Readonly<Rect>): ResizeResult {
    const store = this.sim.store
    const ownRectOf = (other: number) =>
      store.loadOwnRect({ x: 0, y: 0, width: 0, height: 0 }, other)
    const rect = ownRectOf(slot)
    const squeezed: SqueezedBody[] = this.squeezedSlots.map((other, k) => ({
      id: store.ids[other] as string,
      from: store.ownRectOf(
        { x: 0, y: 0, width: 0, height: 0 },
        other,
        this.squeezedFrom[k] as Rect,
      ),
      to: ownRectOf(other),
    }))
    return {
      rect,
      // Up to rounding: with a gap, the own box is computed back from the extents.
      reached:
        sameEdge(rect.x, target.x) &&
        sameEdge(rect.y, target.y) &&
        sameEdge(rect.x + rect.width, target.x + target.width) &&
        sameEdge(rect.y + rect.height, target.y + target.height),
      hits: this.move.hits,
      pushed: this.move.pushedBy(slot),
      squeezed,
    }
  }

  /**
   * Moves the edge of `slot` along `axis` (0: x, 1: y) that `request.target` moves. The
   * target is the body's own box and the store holds its extents (grown by the world's half
   * gap, `BodyStore.margin`): the edge and growth are found on own boxes and applied to the
   * extents as differences, so an edge that stays keeps its stored value bit for bit.
   */
  private resizeAxis(slot: number, axis: 0 | 1, request: ResizeRequest): void {
    const store = this.sim.store
    const position = axis === 0 ? store.x : store.y
    const length = axis === 0 ? store.width : store.height
    const from = position[slot] as number
    const fromSize = length[slot] as number
    const own = store.loadOwnRect(this.own, slot)
    const start = axis === 0 ? request.target.x : request.target.y
    const size = axis === 0 ? request.target.width : request.target.height
    // -1: the near edge (left, top) moves, the far one stays; 1: the other way round.
    const sign = start !== (axis === 0 ? own.x : own.y) ? -1 : 1
    const growth = size - (axis === 0 ? own.width : own.height)
    if (growth <= 0) {
      // A shrinking edge moves into the body's own box: nothing to sweep, no overlap deepens.
      if (sign < 0) position[slot] = from - growth
      length[slot] = fromSize + growth
      this.move.refile(slot)
      return
    }
    // Grown, the box would deepen an overlap its motion separates: the edge stays.
    if (this.move.growthDeepens(slot, axis, sign)) return
    const amount = sign * growth
    if (request.mode === 'push') {
      this.move.pushAlong(slot, axis, amount)
    } else if (request.mode === 'stop') {
      this.slideAlong(slot, axis, amount)
    } else {
      this.squeezeAlong(slot, axis, amount, request)
    }
    const moved = (position[slot] as number) - from
    position[slot] = sign < 0 ? from + moved : from
    length[slot] = fromSize + Math.abs(moved)
    this.move.refile(slot)
  }

  /** Sweeps `slot` by `amount` along `axis` to the first contact; returns the body met, or -1. */
  private slideAlong(slot: number, axis: 0 | 1, amount: number): number {
    const store = this.sim.store
    const x = store.x[slot] as number
    const y = store.y[slot] as number
    return this.move.slideTo(slot, axis === 0 ? x + amount : x, axis === 0 ? y : y + amount)
  }

  /**
   * `'squeeze'`: sweeps to the first contact; a pushable dynamic body met there above its
   * minimum size gives up its near side (its far edge stays) for the rest of the motion,
   * down to that minimum, and the sweep goes on; what is left once a body cannot give way
   * is pushed as `'push'` does.
   */
  private squeezeAlong(slot: number, axis: 0 | 1, amount: number, request: ResizeRequest): void {
    const store = this.sim.store
    const position = axis === 0 ? store.x : store.y
    const length = axis === 0 ? store.width : store.height
    let rest = amount
    for (let round = 0; round < MAX_SQUEEZES; round++) {
      const before = position[slot] as number
      const blocker = this.slideAlong(slot, axis, rest)
      rest -= (position[slot] as number) - before
      if (rest === 0 || blocker < 0) return
      const slack = store.isPushable(blocker)
        ? (length[blocker] as number) - this.minimumOf(blocker, axis, request)
        : 0
      if (!(slack > 0)) break
      const give = Math.min(slack, Math.abs(rest))
      this.noteSqueezed(blocker)
      if (rest > 0) {
        // Its near edge is its left (top) one: it moves on, the far edge stays.
        const x = store.x[blocker] as number
        const y = store.y[blocker] as number
        this.move.placeAt(blocker, axis === 0 ? x + give : x, axis === 0 ? y : y + give, slot)
      }
      length[blocker] = (length[blocker] as number) - give
      this.move.refile(blocker)
    }
    this.move.pushAlong(slot, axis, rest)
  }

  /** The size along `axis` below which `'squeeze'` does not shrink body `slot`. */
  private minimumOf(slot: number, axis: 0 | 1, request: ResizeRequest): number {
    const id = this.sim.store.ids[slot] as string
    const own =
      request.minSizes && Object.hasOwn(request.minSizes, id) ? request.minSizes[id] : undefined
    const size = own ?? request.minSize
    // Minimum sizes are of own boxes; the store holds extents, `2 * margin` larger.
    return (axis === 0 ? size.width : size.height) + 2 * this.sim.store.margin
  }

  /** Lists `slot` as squeezed (once per call), with its box before the call. */
  private noteSqueezed(slot: number): void {
    if (this.squeezedSlots.includes(slot)) return
    const from = loadRect({ x: 0, y: 0, width: 0, height: 0 }, this.sim.store, slot)
    // The first axis may have pushed it already: its box before the call starts there.
    this.move.positionBeforeCall(slot, from)
    this.squeezedSlots.push(slot)
    this.squeezedFrom.push(from)
  }
}
