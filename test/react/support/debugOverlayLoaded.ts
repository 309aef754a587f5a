import { vi } from 'vitest'

/**
 * Waits until `<PhysicsWorld debug>` has loaded its overlay (a lazily imported module) and
 * drawn it into `container`.
 *
 * The first test to render the overlay pays for transforming the debug module graph, which
 * took over a second on a cold CI machine (vi.waitFor's default limit), so the wait allows
 * 20 s: a limit that only catches an overlay that never loads.
 */
export async function debugOverlayLoaded(container: ParentNode): Promise<void> {
  await vi.waitFor(
    () => {
      if (!container.querySelector('[data-aabb-debug]')) {
        throw new Error('the debug overlay has not loaded yet')
      }
    },
    { timeout: 20_000 },
  )
}
