import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'

// The step's defects of issue #23 ("Why", the smaller ones and the pass-throughs by type and
// response): each reproduction fails without its fix.

/** Steps a world at 1/60 s until it is idle; returns how many steps that took, or -1 after `limit`. */
function stepsUntilIdle(world: World, limit: number): number {
  for (let i = 1; i <= limit; i++) {
    world.step(1 / 60)
    if (world.isIdle()) return i
  }
  return -1
}

describe('an rk4 world with a touch body on a floor comes to rest (issue #23)', () => {
  for (const integrator of ['rk4', 'euler'] as const) {
    for (const startY of [350, 250]) {
      it(`${integrator}: a touch box ${startY === 350 ? 'placed on' : 'dropped 100 px onto'} a floor is idle within 1 s of landing, on the floor`, () => {
        const world = createWorld({ integrator, gravity: { x: 0, y: 980 } })
        world.add({ id: 'floor', x: 0, y: 400, width: 400, height: 20, type: 'static' })
        world.add({ id: 'box', x: 100, y: startY, width: 50, height: 50, response: 'touch' })
        // A fall of 100 px at 980 px/s² takes about 0.45 s; then 1 s to come to rest.
        expect(stepsUntilIdle(world, 90)).toBeGreaterThan(0)
        expect(world.get('box').y).toBe(350)
        for (let i = 0; i < 30; i++) {
          world.step(1 / 60)
          expect(world.get('box').y).toBe(350)
          expect(world.isIdle()).toBe(true)
        }
      })
    }
  }
})
