import type { World } from '../core/world/types.js'
import { usePhysicsStore } from './physicsContext.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'
import { useLatestRef } from './useLatestRef.js'

/**
 * Runs `callback` after every frame's write phase (and after each manual `step()`), for
 * per-frame work without renders: read the world, write an element, draw a canvas.
 * Changing the callback does not re-subscribe. A callback that throws is reported and
 * the loop goes on.
 *
 * @example
 * useAfterStep((seconds, world) => {
 *   label.current!.textContent = `${world.get('ball').y.toFixed(0)} px`
 * })
 * @throws Error outside a `<PhysicsWorld>`.
 */
export function useAfterStep(callback: (seconds: number, world: World) => void): void {
  const store = usePhysicsStore('useAfterStep')
  const latest = useLatestRef(callback)
  useIsomorphicLayoutEffect(() => {
    const { engine, world } = store
    return engine.onAfterStep((seconds) => latest.current(seconds, world))
  }, [store, latest])
}
