import { createContext, useContext } from 'react'
import type { PhysicsStore } from '../board/createPhysicsStore.js'

/**
 * The board of the nearest `<PhysicsWorld>` (its world, engine and state store); `null`
 * outside one. The value never changes for a mounted world, so no consumer re-renders.
 */
export const PhysicsContext = createContext<PhysicsStore | null>(null)

/**
 * The nearest `<PhysicsWorld>`'s board.
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
