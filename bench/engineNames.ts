/** The engines the benchmark compares (kept apart so the runner loads none of them). */
export type EngineName =
  'react-aabb' | 'react-aabb+events' | 'rapier' | 'matter-js' | 'planck' | 'detect-collisions'

/**
 * Run order: this library first, then the same world with contact listeners (what a
 * `<PhysicsWorld onContactStart>` or a body's `onContactStart` turns on), then its peers.
 */
export const ENGINES: EngineName[] = [
  'react-aabb',
  'react-aabb+events',
  'rapier',
  'matter-js',
  'planck',
  'detect-collisions',
]
