import type { BodyId, World } from '../core/world/types.js'
import type { BodyElement } from '../dom/elementBox.js'
import type { BoardAnnouncer } from './boardAnnouncer.js'
import type { ElementRegistry } from './elementRegistry.js'
import { safely } from './frameLoop.js'

/**
 * Called with the ids of the cards that overflow the board (no room for them: they rest
 * where they are, overlapping), in the world's insertion order, each time that set changes;
 * an empty array when the last one found room.
 */
export type OverflowHandler = (ids: readonly BodyId[]) => void

/** The attribute an overflowing card's element carries while it overflows (to style it). */
const OVERFLOWING_ATTRIBUTE = 'data-aabb-overflowing'

/**
 * The board's side of "overflow is reported once" (README, "The layout contract", clause
 * 5): it turns the world's `overflow` event into the board's overflowing set, then, once
 * per change of that set, the state, the attribute on the elements, the live region and
 * `onOverflow`.
 */
export interface BoardOverflow {
  /** The cards of the board that overflow, as last published (a frozen array). */
  readonly ids: readonly BodyId[]
  /**
   * Publishes `ids` as the overflowing set when it differs from the last one: marks and
   * unmarks the elements, announces the cards new in it (or clears the announcement when
   * cards left it and none came), then calls `changed` and the handler. Ids not in the
   * world are left out.
   */
  publish(ids: readonly BodyId[]): void
  /** Body `id` (of `element`) left the board: its element is unmarked and it leaves the set. */
  forget(id: BodyId, element: BodyElement): void
  /** The `onOverflow` handler, read through the ref at each call. */
  setHandler(handler: { readonly current: OverflowHandler | undefined }): void
}

/**
 * Creates the overflow report of a board. `changed` hears each new set first (the board
 * puts it in its state); it subscribes to nothing itself: the board feeds it the world's
 * `overflow` event (through the growth rule of `bounds={{ grow: 'y' }}`, which keeps out
 * the cards it makes room for).
 */
export function createBoardOverflow(
  world: World,
  elements: ElementRegistry,
  announcer: BoardAnnouncer,
  changed: (ids: readonly BodyId[]) => void,
): BoardOverflow {
  let published: readonly BodyId[] = Object.freeze([])
  let handler: { readonly current: OverflowHandler | undefined } = { current: undefined }

  function mark(id: BodyId, overflowing: boolean, element = elements.get(id)?.element): void {
    if (!element) return
    if (overflowing) element.setAttribute(OVERFLOWING_ATTRIBUTE, '')
    else element.removeAttribute(OVERFLOWING_ATTRIBUTE)
  }

  const overflow: BoardOverflow = {
    get ids() {
      return published
    },
    publish(next) {
      const ids = next.filter((id) => world.has(id))
      const before = published
      if (ids.length === before.length && ids.every((id, k) => id === before[k])) return
      const now = new Set(ids)
      const was = new Set(before)
      const came = ids.filter((id) => !was.has(id))
      const left = before.filter((id) => !now.has(id))
      published = Object.freeze(ids)
      for (const id of left) mark(id, false)
      for (const id of came) mark(id, true)
      if (announcer.attached) {
        if (came.length > 0) {
          announcer.overflowed(came.map((id) => ({ id, label: elements.labelOf(id) })))
        } else if (left.length > 0) {
          announcer.overflowEnded()
        }
      }
      changed(published)
      safely(handler.current, published)
    },
    forget(id, element) {
      mark(id, false, element)
      if (published.includes(id)) overflow.publish(published.filter((other) => other !== id))
    },
    setHandler(next) {
      handler = next
    },
  }
  return overflow
}
