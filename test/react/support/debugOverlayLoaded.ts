import { vi } from 'vitest'

/**
 * Waits until `<PhysicsWorld debug>` has loaded its overlay (a lazily imported module) and
 * drawn it into `container`.
 */
export async function debugOverlayLoaded(container: ParentNode): Promise<void> {
  await vi.waitFor(() => {
    if (!container.querySelector('[data-aabb-debug]')) {
      throw new Error('the debug overlay has not loaded yet')
    }
  })
}
