import { useCallback, useRef, useState, type RefObject } from 'react'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'

/** The effects of a {@link useFollowedElement} are not mounted: they will read the element themselves. */
const notFollowing = Symbol('not following')

/** What {@link useFollowedElement} returns. */
export interface FollowedElement<E> {
  /** The callback ref to put on the element. */
  ref: (element: E | null) => void
  /** The element the ref holds now (`null`: none); read it in the effects that use it. */
  elementRef: RefObject<E | null>
  /** Put it in the dependencies of every effect that uses the element: it changes when they must run again. */
  generation: number
}

/**
 * A callback ref for layout effects that must follow their element: one rendered after
 * mount (`{open && <div ref={ref} />}`, a first render that returns `null`), removed, or
 * replaced by another. The ref's element is read by the effects when they run; a change
 * they have not seen bumps `generation`, which costs one render, so they run again.
 *
 * Changes the effects see anyway cost nothing: on mount (refs attach before the layout
 * effects of their component), under StrictMode (React 19 detaches and attaches refs again
 * between the effects' cleanup and their second run) and on unmount.
 */
export function useFollowedElement<E>(): FollowedElement<E> {
  const elementRef = useRef<E | null>(null)
  // The element the effects last ran with, or `notFollowing` while they are not mounted.
  const followedRef = useRef<E | null | typeof notFollowing>(notFollowing)
  const [generation, setGeneration] = useState(0)

  const ref = useCallback((element: E | null) => {
    elementRef.current = element
    const followed = followedRef.current
    if (followed !== notFollowing && followed !== element) setGeneration((count) => count + 1)
  }, [])

  useIsomorphicLayoutEffect(() => {
    followedRef.current = elementRef.current
    return () => {
      followedRef.current = notFollowing
    }
  }, [generation])

  return { ref, elementRef, generation }
}
