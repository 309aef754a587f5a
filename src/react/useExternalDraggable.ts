import { useMemo, useState } from 'react'
import { pageBoards } from '../board/boardGroup.js'
import { assertExternalSize } from '../board/externalDrop.js'
import { describeValue } from '../core/geometry/validate.js'
import type { BodyId } from '../core/world/types.js'
import { attachExternalDrag, type ExternalDragOptions } from '../dom/externalDrag.js'
import { attachExternalKeys } from '../dom/externalKeys.js'
import { useFollowedElement } from './useFollowedElement.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'
import { useLatestRef } from './useLatestRef.js'

/** Options of {@link useExternalDraggable}. */
export interface ExternalDraggableOptions<Data = unknown> {
  /** The body id the dropped card will have: render it with `useAABBBody({ id })`. */
  id: BodyId
  /** The card's width in world units (CSS pixels): the preview and the free spot are this wide. Finite, > 0. */
  width: number
  /** The card's height in world units (CSS pixels). Finite, > 0. */
  height: number
  /** Anything the app needs to render the card, handed to `onExternalDrop` as `data`. */
  data?: Data | undefined
}

/** What {@link useExternalDraggable} returns. */
export interface ExternalDraggable {
  /**
   * Put it on the element to drag (dnd-kit's `setNodeRef`): a press on it that travels
   * the activation distance (4 px) starts the drag, and so do Enter and Space while it has
   * focus; no listeners or attributes to spread.
   */
  ref: (element: HTMLElement | null) => void
  /** Whether the element is being dragged now (dnd-kit's `isDragging`): one render at start and end. */
  isDragging: boolean
}

const subject = 'useExternalDraggable:'

/**
 * Makes an element outside any world (a palette item) draggable into every mounted
 * `<PhysicsWorld>` (dnd-kit's `useDraggable` with a `DragOverlay`): a copy of the element
 * follows the pointer (`data-aabb-drag-ghost`), and over a world a drop preview
 * (`data-aabb-drop-preview`) shows the free spot where a `width` x `height` card would land,
 * nearest the pointer's spot, on the world's `snap` grid, keeping its `gap` and inside its
 * `bounds`; none shows when the board has no room. Escape cancels. A release over a board
 * with room calls that world's `onExternalDrop({ id, rect, data })`: render the card there
 * with `useAABBBody({ id })`, and when its body registers (within 10 s of the drop:
 * `DROP_EXPECTATION_MS`) the world places it at `rect` (the nearest free spot to it if the
 * card is rendered at another size), whatever the app's own styles or `layout` say.
 *
 * By keyboard: the element is focusable (a `button` unless it has a role of its own);
 * Enter or Space picks the item up, showing its preview at the top-left of the first
 * board, the arrow keys move it (20 px a press, Shift 100 px; over another board as the
 * pointer would), Enter or Space drops it and Escape cancels. The board announces the card
 * once it is placed (`accessibility.announcements.onDropIn`).
 *
 * @example
 * function PaletteItem({ kind }: { kind: string }) {
 *   const [n] = useState(() => crypto.randomUUID())
 *   const { ref, isDragging } = useExternalDraggable({ id: `${kind}-${n}`, width: 160, height: 80, data: { kind } })
 *   return <div ref={ref} className={isDragging ? 'item dragging' : 'item'}>{kind}</div>
 * }
 * // <PhysicsWorld onExternalDrop={({ id, data }) => setCards((cards) => [...cards, { id, ...data }])}>
 * @throws RangeError naming the field and the id for a `width` or `height` that is not
 * finite and > 0; TypeError for an `id` that is not a non-empty string.
 */
export function useExternalDraggable<Data = unknown>(
  options: ExternalDraggableOptions<Data>,
): ExternalDraggable {
  const { id, width, height } = options ?? ({} as ExternalDraggableOptions<Data>)
  if (typeof id !== 'string' || id === '') {
    throw new TypeError(`${subject} id must be a non-empty string (got ${describeValue(id)})`)
  }
  const size = assertExternalSize(subject, id, width, height)
  const latest = useLatestRef({ id, size, data: options.data })
  const [isDragging, setDragging] = useState(false)
  const { ref, elementRef, generation } = useFollowedElement<HTMLElement>()

  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!element) return
    const drag: ExternalDragOptions = {
      get id() {
        return latest.current.id
      },
      get size() {
        return latest.current.size
      },
      get data() {
        return latest.current.data
      },
      targets: () => pageBoards.targetsOf(),
      onActive: setDragging,
    }
    const detachPointer = attachExternalDrag(element, drag)
    const detachKeys = attachExternalKeys(element, drag)
    return () => {
      detachPointer()
      detachKeys()
      setDragging(false)
    }
  }, [elementRef, generation, latest])

  return useMemo(() => ({ ref, isDragging }), [ref, isDragging])
}
