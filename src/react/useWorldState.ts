import { useStore } from 'zustand'
import type { PhysicsState } from '../board/createPhysicsStore.js'
import { usePhysicsStore } from './physicsContext.js'

/** The low-frequency state a component may render from. */
export type WorldState = Pick<
  PhysicsState,
  'bodyCount' | 'idle' | 'paused' | 'dragging' | 'canUndo' | 'canRedo' | 'overflowing' | 'selected'
>

/**
 * Selects low-frequency state of the nearest `<PhysicsWorld>` (zustand selector): the
 * component re-renders only when the selected value changes, never once per frame.
 *
 * @example
 * const count = useWorldState((state) => state.bodyCount)
 * // The cards with no room on the board (a new array only when that set changes):
 * const overflowing = useWorldState((state) => state.overflowing)
 * // The selected cards, in the order selected (the same frozen array until it changes):
 * const selected = useWorldState((state) => state.selected)
 * @throws Error outside a `<PhysicsWorld>`.
 */
export function useWorldState<T>(selector: (state: WorldState) => T): T {
  return useStore(usePhysicsStore('useWorldState').state, selector)
}
