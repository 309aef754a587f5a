/**
 * A seeded scene (bench/scene.ts) in a react-aabb world: what the benchmark's adapter and
 * `npm run fingerprint` both build.
 */
import type { BodyId, BodyPatch, World } from '../src/core/world/index.js'
import type { Scene } from './scene.js'

/**
 * Adds the scene's walls as static bodies, then its boxes as dynamic ones with their
 * velocities; `extra(index)` adds options to box `index` (a response, a type). Returns the
 * boxes' ids in scene order.
 */
export function addScene(
  world: World,
  scene: Scene,
  extra: (index: number) => BodyPatch = () => ({}),
): BodyId[] {
  for (const wall of scene.walls) world.add({ ...wall, type: 'static' })
  return scene.boxes.map((box, index) =>
    world.add({
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      velocity: { x: box.vx, y: box.vy },
      ...extra(index),
    }),
  )
}
