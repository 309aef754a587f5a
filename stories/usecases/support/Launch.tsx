import { useEffect } from 'react'
import { useWorld, type BodyId, type Vec2 } from 'react-aabb'

/**
 * Gives each listed body its velocity (`useAABBBody` takes no velocity): a body at rest
 * gets the listed velocity; a moving body keeps its direction and takes the listed
 * velocity's speed, so a new speed from a control applies to bodies already bouncing
 * around. Render it inside the `<PhysicsWorld>`: its passive effect runs after the world's
 * layout effect has put the bodies in the world. `world.update` changes the world
 * directly, so the loop is woken after.
 */
export function Launch({ velocities }: { velocities: ReadonlyMap<BodyId, Vec2> }) {
  const api = useWorld()
  useEffect(() => {
    for (const [id, velocity] of velocities) {
      if (!api.world.has(id)) continue
      api.world.update(id, { velocity: withSpeedOf(api.world.get(id).velocity, velocity) })
    }
    api.wake()
  }, [api, velocities])
  return null
}

/** `velocity` at rest; else `current` scaled to the speed of `velocity`. */
function withSpeedOf(current: Vec2, velocity: Vec2): Vec2 {
  const currentSpeed = Math.hypot(current.x, current.y)
  if (currentSpeed === 0) return velocity
  const scale = Math.hypot(velocity.x, velocity.y) / currentSpeed
  return { x: current.x * scale, y: current.y * scale }
}
