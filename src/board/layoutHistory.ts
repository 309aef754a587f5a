import type { Rect } from '../core/geometry/types.js'
import { describeValue } from '../core/geometry/validate.js'
import type { BodyId } from '../core/world/types.js'
import type { Layout, LayoutCause, LayoutEntry } from './boardLayout.js'

/** How many gestures a board's history keeps when the `history` prop is not given. */
export const DEFAULT_HISTORY_LIMIT = 100

/** One body a gesture moved or resized: its box before the gesture and after it (world units). */
export interface HistoryEntry {
  id: BodyId
  before: Rect
  after: Rect
}

/** One gesture in the history: every body it moved or resized (pushed ones included). */
export type HistoryUnit = readonly HistoryEntry[]

/** The causes of a change that is one unit of the history: the gestures, and a new `layout`. */
const RECORDED_CAUSES: ReadonlySet<LayoutCause> = new Set<LayoutCause>([
  'drag',
  'keyboard',
  'resize',
  'layout',
])

/**
 * The undo and redo stacks of one board (issue #26; gridstack #779): one unit per gesture
 * (a drag with all its pushes, a throw once it comes to rest, a key move, a resize, a
 * change of `layout`), each the boxes before and after of every body that changed.
 * Framework-free and DOM-free: the board feeds it each layout at rest and applies what
 * `undo` and `redo` give back through its own invariant-keeping moves.
 *
 * A unit is the difference between two rests: the layout at the last rest (the baseline)
 * and the one now, over the bodies in both (a body that entered or left the world is not
 * part of it). A rest after anything but a gesture (the board settling by itself, an undo,
 * a redo) only moves the baseline.
 */
export interface LayoutHistory {
  /** Whether {@link LayoutHistory.undo} has a unit to give. */
  readonly canUndo: boolean
  /** Whether {@link LayoutHistory.redo} has a unit to give. */
  readonly canRedo: boolean
  /** How many units are kept (the oldest go first); 0 keeps none. */
  readonly limit: number
  /** Keeps at most `limit` units on each stack, dropping the oldest. */
  setLimit(limit: number): void
  /**
   * The board is at rest at `layout` after a change of `cause`: a gesture's change is
   * recorded as one unit (and the redo stack is emptied); then `layout` is the baseline.
   * Returns whether `canUndo` or `canRedo` changed.
   */
  rested(layout: Layout, cause: LayoutCause): boolean
  /** Takes the last unit off the undo stack onto the redo stack; null when there is none. */
  undo(): HistoryUnit | null
  /** Takes the last undone unit back onto the undo stack; null when there is none. */
  redo(): HistoryUnit | null
}

/**
 * Checks a `history` limit: a non-negative integer, else a RangeError naming `field`:
 * `<PhysicsWorld>: history must be a non-negative integer (got 1.5)`.
 */
export function assertHistoryLimit(subject: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new RangeError(
      `${subject} ${field} must be a non-negative integer (got ${describeValue(value)})`,
    )
  }
  return value
}

/** A layout entry as a box; an entry without a size has none to give, so it is not compared. */
function boxOf({ x, y, width, height }: LayoutEntry): Rect | null {
  if (width === undefined || height === undefined) return null
  return { x, y, width, height }
}

function sameBox(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
}

/** The bodies whose box differs between two layouts (bodies in both only). */
function difference(before: Layout, after: Layout): HistoryEntry[] {
  const entries: HistoryEntry[] = []
  for (const [id, entry] of Object.entries(after)) {
    const old = before[id]
    if (old === undefined) continue
    const from = boxOf(old)
    const to = boxOf(entry)
    if (from === null || to === null || sameBox(from, to)) continue
    entries.push({ id, before: from, after: to })
  }
  return entries
}

/** Creates an empty history keeping at most `limit` units ({@link DEFAULT_HISTORY_LIMIT}). */
export function createLayoutHistory(limit = DEFAULT_HISTORY_LIMIT): LayoutHistory {
  assertHistoryLimit('createLayoutHistory:', 'limit', limit)
  const undone: HistoryUnit[] = []
  const done: HistoryUnit[] = []
  let kept = limit
  /** The layout at the last rest: what the next gesture's unit is measured from. */
  let baseline: Layout | null = null

  const trim = (stack: HistoryUnit[]) => stack.splice(0, Math.max(0, stack.length - kept))

  const history: LayoutHistory = {
    get canUndo() {
      return done.length > 0
    },
    get canRedo() {
      return undone.length > 0
    },
    get limit() {
      return kept
    },
    setLimit(next) {
      kept = assertHistoryLimit('setLimit:', 'limit', next)
      trim(done)
      trim(undone)
    },
    rested(layout, cause) {
      const previous = baseline
      // A copy: the same layout object goes to the app's `onLayoutChange`, which may keep it.
      baseline = {}
      for (const [id, entry] of Object.entries(layout)) baseline[id] = { ...entry }
      if (previous === null || !RECORDED_CAUSES.has(cause) || kept === 0) return false
      const unit = difference(previous, layout)
      if (unit.length === 0) return false
      const could = [history.canUndo, history.canRedo]
      done.push(unit)
      trim(done)
      undone.length = 0
      return could[0] !== history.canUndo || could[1] !== history.canRedo
    },
    undo() {
      const unit = done.pop()
      if (unit === undefined) return null
      undone.push(unit)
      return unit
    },
    redo() {
      const unit = undone.pop()
      if (unit === undefined) return null
      done.push(unit)
      return unit
    },
  }
  return history
}
