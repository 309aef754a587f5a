import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../src/core/world/index.js'
import { MAX_MOTION } from '../../../src/core/world/validate.js'
import { expectFiniteBodies } from './helpers.js'

// Issue #23, invariant 4: no setting within the documented ranges produces NaN.

describe('fixedStep and maxFrameTime ranges (issue #23)', () => {
  it('rejects a maxFrameTime over 1 s and a fixedStep over it, naming the field', () => {
    expect(() => createWorld({ maxFrameTime: 2 })).toThrow(
      /maxFrameTime must be a finite number in \[0, 1\]/,
    )
    expect(() => createWorld({ fixedStep: 1e10 })).toThrow(/fixedStep/)
    expect(() => createWorld({ fixedStep: 1e10, maxFrameTime: 1e10 })).toThrow(/maxFrameTime/)
    const world = createWorld()
    expect(() => world.configure({ maxFrameTime: 1e10 })).toThrow(
      /configure: settings maxFrameTime/,
    )
    expect(world.settings.maxFrameTime).toBe(0.25)
  })

  it('keeps every body finite at the largest step and gravity allowed', () => {
    for (const integrator of ['euler', 'rk4'] as const) {
      const world = createWorld({
        gravity: { x: MAX_MOTION, y: MAX_MOTION },
        fixedStep: 1,
        maxFrameTime: 1,
        integrator,
      })
      world.add({ id: 'floor', x: -1000, y: 100, width: 2000, height: 20, type: 'static' })
      world.add({ id: 'wall', x: 200, y: -1000, width: 20, height: 2000, type: 'static' })
      world.add({
        id: 'box',
        x: 0,
        y: 0,
        width: 40,
        height: 40,
        response: 'bounce',
        restitution: 1,
      })
      world.add({ id: 'other', x: 50, y: 0, width: 40, height: 40 })
      for (let i = 0; i < 100; i++) {
        world.step(1)
        expectFiniteBodies(world)
      }
    }
  })
})
