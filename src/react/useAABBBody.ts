import { useCallback, useId, useMemo, useRef, useState } from 'react'
import type { BodyId } from '../core/world/types.js'
import { measureContainerSpace, worldContainerOf } from '../dom/containerSpace.js'
import type { BodyElement } from '../dom/elementBox.js'
import { attachKeyboardMover } from '../dom/keyboardMover.js'
import { attachPointerDrag } from '../dom/pointerDrag.js'
import { validateBodyOptions, type AABBBodyOptions } from './bodyOptions.js'
import { usePhysicsStore } from './physicsContext.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'
import { useLatestRef } from './useLatestRef.js'

/** What {@link useAABBBody} returns. */
export interface AABBBody<E extends BodyElement> {
  /** Put it on the element to register: `<div ref={body.ref}>`. */
  ref: (element: E | null) => void
  /** The body's id in the world. */
  id: BodyId
}

/**
 * Registers an element as an axis-aligned box in the nearest `<PhysicsWorld>` while it is
 * mounted. The element is measured in the world's space, then moved by the world (CSS
 * `translate` for HTML, the `transform` attribute for SVG) without re-rendering React.
 * It gets `data-aabb-body="<id>"`, and `data-dragging` while a pointer drags it; a
 * `keyboard` body (by default any `draggable` one) also gets a `tabindex`, an
 * `aria-roledescription` and an `aria-describedby` (see {@link AABBBodyOptions.keyboard}).
 * Everything it writes on the element is removed on unmount.
 *
 * An element without a size (`display: none`, or not laid out yet) stays out of the world
 * until a measurement finds it with one (a ResizeObserver callback or `remeasure`): until
 * then `useWorld().get(id)` throws a RangeError (`body "id" does not exist`) and
 * `world.has(id)` is false.
 *
 * With the React Compiler's lint rules, destructure (`const { ref } = useAABBBody()`):
 * they read any `x.ref` in render as a ref access.
 *
 * @example
 * function Card({ id }: { id: string }) {
 *   const body = useAABBBody<HTMLDivElement>({ id, draggable: true })
 *   return <div ref={body.ref} className="card">{id}</div>
 * }
 * @throws Error outside a `<PhysicsWorld>`; TypeError/RangeError naming the field and the id for bad options.
 */
export function useAABBBody<E extends BodyElement = HTMLElement>(
  options: AABBBodyOptions = {},
): AABBBody<E> {
  const store = usePhysicsStore('useAABBBody')
  const generatedId = useId()
  const id = options.id ?? generatedId
  validateBodyOptions(options, id)
  const latest = useLatestRef(options)

  const elementRef = useRef<E | null>(null)
  const registeredRef = useRef<E | null>(null)
  const [elementGeneration, setElementGeneration] = useState(0)
  const ref = useCallback((element: E | null) => {
    elementRef.current = element
    // The ref moved to another element (or its element went away) after registration:
    // render once more so the registration follows it.
    if (registeredRef.current !== null && registeredRef.current !== element) {
      setElementGeneration((generation) => generation + 1)
    }
  }, [])

  // Registration. Its cleanup removes exactly this registration, so StrictMode's
  // mount-unmount-mount ends with one body (dnd-kit's pattern).
  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!element) return
    registeredRef.current = element
    const unregister = store.getState().engine.registerBody(id, element, latest)
    return () => {
      registeredRef.current = null
      unregister()
    }
  }, [store, id, latest, elementGeneration])

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

  const { draggable = false, dragActivationDistance } = options
  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!draggable || !element) return
    const engine = store.getState().engine
    return attachPointerDrag(element, {
      ...(dragActivationDistance !== undefined && { activationDistance: dragActivationDistance }),
      onStart: () => engine.beginDrag(id),
      onMove: (delta) => engine.dragTo(id, delta),
      onEnd: () => engine.endDrag(id),
      onCancel: () => engine.cancelDrag(id),
      // A scroll moved the container under the still pointer: map it through the space as it is now.
      onScroll: () => {
        const container = worldContainerOf(element)
        return container && measureContainerSpace(container).clientToWorld
      },
    })
  }, [store, id, elementGeneration, draggable, dragActivationDistance])

  const { keyboard = draggable } = options
  useIsomorphicLayoutEffect(() => {
    const element = elementRef.current
    if (!keyboard || !element) return
    const { engine, keyboardInstructionsId } = store.getState()
    return attachKeyboardMover(element, {
      onMove: (direction, untilContact) => engine.moveWithKeys(id, direction, untilContact),
      roleDescription: 'movable item',
      ...(keyboardInstructionsId !== null && { instructionsId: keyboardInstructionsId }),
    })
  }, [store, id, elementGeneration, keyboard])

  return useMemo(() => ({ ref, id }), [ref, id])
}
