import { useRef, type RefObject } from 'react'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'

/**
 * A ref that always holds the latest `value` (react-three-rapier's pattern for callbacks):
 * code that reads `ref.current` sees new callbacks without anything re-registering.
 * Updated in a layout effect, so it is never written during render.
 */
export function useLatestRef<T>(value: T): RefObject<T> {
  const ref = useRef(value)
  useIsomorphicLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
