import { useEffect } from 'react'
import { useWorld, type BodyId, type Vec2 } from 'react-aabb'

/**
 * Gives each listed body that is at rest its starting velocity (`useAABBBody` takes no
 * velocity). Render it inside the `<PhysicsWorld>`: its passive effect runs after the
 * world's layout effect has put the bodies in the world. `world.update` changes the world
 * directly, so the loop is woken after.
 */
export function Launch({ velocities }: { velocities: ReadonlyMap<BodyId, Vec2> }) {
  const api = useWorld()
  useEffect(() => {
    for (const [id, velocity] of velocities) {
      if (!api.world.has(id)) continue
      const current = api.world.get(id).velocity
      if (current.x === 0 && current.y === 0) api.world.update(id, { velocity })
    }
    api.wake()
  }, [api, velocities])
  return null
}
