import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const snapshot = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches
// On the server nothing is known: assume reduced motion, so no widget starts animating
// before the client has asked.
const serverSnapshot = () => true

/**
 * Whether the user asked for reduced motion (`prefers-reduced-motion: reduce`), followed
 * live. Widgets that animate start paused behind a play control while it is true.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot)
}
