import { createContext, useContext } from 'react'
import type { PhysicsStore } from './createPhysicsStore.js'

/** The store of the nearest `<PhysicsWorld>`; `null` outside one. */
export const PhysicsContext = createContext<PhysicsStore | null>(null)

/**
 * The nearest `<PhysicsWorld>`'s store.
 * @throws Error naming `hookName` when called outside a `<PhysicsWorld>`.
 */
export function usePhysicsStore(hookName: string): PhysicsStore {
  const store = useContext(PhysicsContext)
  if (!store) {
    throw new Error(
      `${hookName} must be used inside <PhysicsWorld>: wrap the component in a <PhysicsWorld>.`,
    )
  }
  return store
}
