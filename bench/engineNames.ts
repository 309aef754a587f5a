/** The engines the benchmark compares (kept apart so the runner loads none of them). */
export type EngineName = 'react-aabb' | 'rapier' | 'matter-js' | 'planck' | 'detect-collisions'

/** Run order: this library first, then its peers. */
export const ENGINES: EngineName[] = [
  'react-aabb',
  'rapier',
  'matter-js',
  'planck',
  'detect-collisions',
]
