import { act } from 'react'
import { vi } from 'vitest'

/**
 * Waits until `<PhysicsWorld debug>` has loaded its overlay (a lazily imported module) and
 * drawn it into `container`.
 *
 * The module is imported here too, inside `act`: the same import resolves the overlay's
 * `lazy` first (its callbacks were registered at render), so React wakes the suspended
 * overlay inside the act scope and renders it when the scope ends. Resolved outside any
 * act scope, React logs "A suspended resource finished loading inside a test, but the event
 * was not wrapped in act(...)", which `npm test` counts as a failure.
 *
 * The first test to render the overlay pays for transforming the debug module graph, which
 * took over a second on a cold CI machine (vi.waitFor's default limit), so the wait allows
 * 20 s: a limit that only catches an overlay that never loads.
 */
export async function debugOverlayLoaded(container: ParentNode): Promise<void> {
  await act(async () => {
    await import('../../../src/debug.js')
  })
  await vi.waitFor(
    () => {
      if (!container.querySelector('[data-aabb-debug]')) {
        throw new Error('the debug overlay has not loaded yet')
      }
    },
    { timeout: 20_000 },
  )
}
