import { useId, useMemo, useState } from 'react'
import type { BodyId } from '../core/world/types.js'
import type { BodyElement } from '../dom/elementBox.js'
import { attachKeyboardMover } from '../dom/keyboardMover.js'
import { assertOptionsObject, validateBodyOptions, type AABBBodyOptions } from './bodyOptions.js'
import { attachBodyPointerDrag } from './bodyPointerDrag.js'
import type { InitialPlacement } from './elementRegistry.js'
import { usePhysicsStore } from './physicsContext.js'
import { useFollowedElement } from './useFollowedElement.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'
import { useLatestRef } from './useLatestRef.js'

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
  const latest = useLatestRef(options)

  const { ref, elementRef, generation } = useFollowedElement<E>()
  // Shared by every body this hook registers: `initialPosition` places only the first.
  const [placement] = useState<InitialPlacement>(() => ({ done: false }))

  // Registration. Its cleanup removes exactly this registration, so StrictMode's
  // mount-unmount-mount ends with one body (dnd-kit's pattern).
  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!element) return
    return store.getState().engine.registerBody(id, element, latest, placement)
  }, [store, id, latest, placement, elementRef, generation])

  // Every field `bodyPatchOf` sends to the world: a change of any of them re-applies the patch.
  const { type, response, mass, restitution, layer, mask, pushable, damping } = options
  useIsomorphicLayoutEffect(() => {
    store.getState().engine.updateBody(id)
  }, [store, id, type, response, mass, restitution, layer, mask, pushable, damping])

  // Contacts are tracked only while some handler wants them (see `watchContacts`).
  const watchesContacts = options.onContactStart !== undefined || options.onContactEnd !== undefined
  useIsomorphicLayoutEffect(() => {
    if (!watchesContacts) return
    return store.getState().engine.watchContacts()
  }, [store, watchesContacts])

  const { draggable = false } = options
  // `dragActivationDistance` is read through `latest` at each press, not a dependency:
  // attaching again would end a drag in progress.
  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!draggable || !element) return
    const readDistance = () => latest.current.dragActivationDistance
    return attachBodyPointerDrag(element, id, store.getState().engine, readDistance)
  }, [store, id, latest, elementRef, generation, draggable])

  const { keyboard = draggable } = options
  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!keyboard || !element) return
    const { engine, keyboardInstructionsId } = store.getState()
    return attachKeyboardMover(element, {
      onMove: (direction, untilContact) => engine.moveWithKeys(id, direction, untilContact),
      role: 'button',
      roleDescription: 'movable item',
      ...(keyboardInstructionsId !== null && { instructionsId: keyboardInstructionsId }),
    })
  }, [store, id, elementRef, generation, keyboard])

  return useMemo(() => ({ ref, id }), [ref, id])
}
