/**
 * `npm run fingerprint`: one line per seeded scene with a hash of the world's snapshot after
 * a few hundred steps, and how many contact events and swept hits it reported on the way.
 *
 * For changes to the step that must not change its results (a faster loop, a branch
 * written as arithmetic): run it before and after, and the lines must be the same. A
 * difference in the last bit of one body's position changes the hash. The scenes cover
 * the paths such changes touch: many boxes, bounces, kinematic bodies, gravity and RK4.
 */
import { createHash } from 'node:crypto'
import { createWorld } from '../src/core/world/index.js'
import type { IntegratorName } from '../src/core/world/index.js'
import { createScene, type Scene } from './scene.js'
import { addScene } from './sceneWorld.js'

interface FingerprintScene {
  scene: Scene['name']
  count: number
  steps: number
  integrator: IntegratorName
  /** Every third box bounces with restitution 0.8. */
  bounces: boolean
}

const SCENES: FingerprintScene[] = [
  { scene: 'boxes', count: 10000, steps: 300, integrator: 'euler', bounces: false },
  { scene: 'boxes', count: 1000, steps: 300, integrator: 'euler', bounces: true },
  { scene: 'pile', count: 1000, steps: 400, integrator: 'euler', bounces: false },
  { scene: 'pile', count: 1000, steps: 200, integrator: 'rk4', bounces: true },
]

/** Every fiftieth box is kinematic: it pushes the others and is never pushed. */
const KINEMATIC_EVERY = 50

function fingerprint({ scene: name, count, steps, integrator, bounces }: FingerprintScene): string {
  const scene = createScene(name, count)
  const world = createWorld({ gravity: { x: 0, y: scene.gravity }, integrator })
  let events = 0
  world.on('contactStart', () => void events++)
  world.on('contactEnd', () => void events++)
  addScene(world, scene, (index) => ({
    ...(bounces && index % 3 === 0 ? { response: 'bounce', restitution: 0.8 } : {}),
    ...(index % KINEMATIC_EVERY === 0 ? { type: 'kinematic' } : {}),
  }))
  let hits = 0
  for (let step = 0; step < steps; step++) {
    world.step(1 / 60)
    world.forEachHit(() => void hits++)
  }
  const hash = createHash('sha1').update(JSON.stringify(world.snapshot())).digest('hex')
  const label = `${name} ${count} ${integrator}${bounces ? ' bounces' : ''}`
  return `${label}: snapshot ${hash.slice(0, 12)}, ${events} events, ${hits} hits`
}

for (const scene of SCENES) console.log(fingerprint(scene))
