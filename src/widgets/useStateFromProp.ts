import { useState } from 'react'

/**
 * State that starts from a prop and follows it whenever the prop changes, while the
 * component may still change it on its own (on-screen buttons beside a Storybook control).
 * React's "adjust state when a prop changes" pattern: the reset happens during render,
 * before anything is painted, so no effect and no stale frame.
 */
export function useStateFromProp<T>(prop: T): [T, (value: T) => void] {
  const [value, setValue] = useState(prop)
  const [lastProp, setLastProp] = useState(prop)
  if (!Object.is(prop, lastProp)) {
    setLastProp(prop)
    setValue(prop)
  }
  return [value, setValue]
}
