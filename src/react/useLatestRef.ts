import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * A ref that always holds the latest `value` (react-three-rapier's pattern for callbacks):
 * code that reads `ref.current` sees new callbacks without anything re-registering.
 * Updated in a layout effect, so it is never written during render.
 */
export function useLatestRef<T>(value: T): RefObject<T> {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
