import { describeValue } from '../core/geometry/validate.js'
import type { BodyId } from '../core/world/types.js'

/** What a {@link Selection} asks of its board. */
export interface SelectionHooks {
  /**
   * Why `id` cannot be selected (`'unknown'`: no body has it; `'unselectable'`: its
   * `selectable` option is false), or null when it can.
   */
  refusal(id: BodyId): 'unknown' | 'unselectable' | null
  /** The selection changed: `selected` is the new frozen array; `added` and `removed` the difference. */
  changed(selected: readonly BodyId[], added: readonly BodyId[], removed: readonly BodyId[]): void
}

/**
 * The selected cards of one board (issue #26, "selection and group drag"), in the order
 * they were selected. Every change publishes a new frozen array through
 * {@link SelectionHooks.changed}; one that changes nothing publishes nothing, so the array
 * stays the same object (a stable selector result).
 */
export interface Selection {
  /** The selected ids, insertion order, frozen; the same array until the selection changes. */
  readonly ids: readonly BodyId[]
  /** Whether `id` is selected. */
  has(id: BodyId): boolean
  /**
   * Replaces the selection with `ids` (`[]` clears it; a repeated id counts once).
   * @throws TypeError unless `ids` is an array of strings; RangeError naming the first id
   * no body has, or whose body is not `selectable`; before anything changes.
   */
  select(ids: readonly BodyId[]): void
  /** Adds `id` if it is not selected and may be, else takes it out (Shift-, Ctrl/Cmd-click, Space). */
  toggle(id: BodyId): void
  /** Takes `id` out, if selected (its body left the board, or became unselectable). */
  remove(id: BodyId): void
}

/** Creates an empty selection that checks ids and publishes changes through `hooks`. */
export function createSelection(hooks: SelectionHooks): Selection {
  let ids: readonly BodyId[] = Object.freeze([])
  const members = new Set<BodyId>()

  function publish(next: BodyId[]): void {
    const nextSet = new Set(next)
    const added = next.filter((id) => !members.has(id))
    const removed = ids.filter((id) => !nextSet.has(id))
    if (added.length === 0 && removed.length === 0 && next.length === ids.length) {
      if (next.every((id, k) => ids[k] === id)) return
    }
    members.clear()
    for (const id of next) members.add(id)
    ids = Object.freeze(next)
    hooks.changed(ids, added, removed)
  }

  return {
    get ids() {
      return ids
    },
    has: (id) => members.has(id),
    select(next) {
      if (!Array.isArray(next)) {
        throw new TypeError(`select: ids must be an array of body ids (got ${describeValue(next)})`)
      }
      for (const id of next as readonly unknown[]) {
        if (typeof id !== 'string') {
          throw new TypeError(`select: ids must hold body ids (strings) (got ${describeValue(id)})`)
        }
        const refusal = hooks.refusal(id)
        if (refusal === 'unknown') {
          throw new RangeError(`select: body "${id}" does not exist (unknown or removed id)`)
        }
        if (refusal === 'unselectable') {
          throw new RangeError(
            `select: body "${id}" is not selectable (its selectable option, or draggable, is false)`,
          )
        }
      }
      publish([...new Set<BodyId>(next as readonly BodyId[])])
    },
    toggle(id) {
      if (members.has(id)) publish(ids.filter((other) => other !== id))
      else if (hooks.refusal(id) === null) publish([...ids, id])
    },
    remove(id) {
      if (members.has(id)) publish(ids.filter((other) => other !== id))
    },
  }
}
