import { useId, useMemo, useState } from 'react'
import { createBodyBinding } from '../board/bodyBinding.js'
import {
  assertOptionsObject,
  validateBodyOptions,
  type AABBBodyOptions,
} from '../board/bodyOptions.js'
import type { BodyId } from '../core/world/types.js'
import type { BodyElement } from '../dom/elementBox.js'
import { usePhysicsStore } from './physicsContext.js'
import { useFollowedElement } from './useFollowedElement.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'

/** What {@link useAABBBody} returns. */
export interface AABBBody<E extends BodyElement> {
  /** Put it on the element to register: `const { ref } = useAABBBody()`, then `<div ref={ref}>`. */
  ref: (element: E | null) => void
  /** The body's id in the world. */
  id: BodyId
}

/**
 * Registers an element as an axis-aligned box in the nearest `<PhysicsWorld>` while it is
 * mounted. The element is measured in the world's space, then moved by the world (CSS
 * `translate` for HTML, the `transform` attribute for SVG) without re-rendering React.
 * It gets `data-aabb-body="<id>"`, and `data-dragging` while a pointer drags it; a
 * `keyboard` body (by default any `draggable` one) also gets a `tabindex`, a `role` when it
 * has none of its own, an `aria-roledescription` and an `aria-describedby` (see
 * {@link AABBBodyOptions.keyboard}).
 * Everything it writes on the element is removed on unmount.
 *
 * An element without a size (`display: none`, not laid out yet, or in a world that is not
 * rendered, HTML or `as="svg"`) stays out of the world until a measurement finds it with
 * one (a ResizeObserver callback or `remeasure`): until then `useWorld().get(id)` throws a
 * RangeError (`body "id" does not exist`) and `world.has(id)` is false. The ref may get
 * its element after mount (`{open && <div ref={ref} />}`) or lose it: the body follows, at
 * the cost of one render. Only a 0 × 0 box counts as no size: an element of zero width or
 * height (a vertical SVG `<line>`, a divider) enters as a line, which stops moving bodies
 * as a thin wall does (a `raycast` passes it).
 *
 * With the React Compiler's lint rules, destructure (`const { ref } = useAABBBody()`):
 * they read any `x.ref` in render as a ref access.
 *
 * @example
 * function Card({ id }: { id: string }) {
 *   const { ref } = useAABBBody<HTMLDivElement>({ id, draggable: true })
 *   return <div ref={ref} className="card">{id}</div>
 * }
 * @throws Error outside a `<PhysicsWorld>`; TypeError/RangeError naming the field and the id for bad options.
 */
export function useAABBBody<E extends BodyElement = HTMLElement>(
  options: AABBBodyOptions = {},
): AABBBody<E> {
  assertOptionsObject(options)
  const store = usePhysicsStore('useAABBBody')
  const generatedId = useId()
  const id = options.id ?? generatedId
  validateBodyOptions(options, id)
  const [binding] = useState(() =>
    createBodyBinding(store.engine, store.state.getState().keyboardInstructionsId),
  )
  const { ref, elementRef, generation } = useFollowedElement<E>()

  // Every commit, before the registration below (whose cleanup, when it re-runs, has
  // already run): the registration and the controllers read this render's options.
  useIsomorphicLayoutEffect(() => binding.sync(id, options))

  // The one registration. Its cleanup removes exactly this registration, so StrictMode's
  // mount-unmount-mount ends with one body (dnd-kit's pattern).
  useIsomorphicLayoutEffect(
    () => binding.connect(id, elementRef.current),
    [binding, id, elementRef, generation],
  )

  return useMemo(() => ({ ref, id }), [ref, id])
}
