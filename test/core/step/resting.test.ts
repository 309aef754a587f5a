import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type BodyOptions, type World } from '../../../src/core/world/index.js'
import { deepestOverlap } from '../world/helpers.js'

const FLOOR_Y = 100

/** Steps a world until it is idle; returns how many steps that took, or -1 after `limit`. */
function stepsUntilIdle(world: World, limit: number): number {
  for (let i = 1; i <= limit; i++) {
    world.step(1 / 60)
    if (world.isIdle()) return i
  }
  return -1
}

/** A world with gravity and a static floor whose top is at {@link FLOOR_Y}. */
function worldWithFloor(): World {
  const world = createWorld({ gravity: { x: 0, y: 900 } })
  world.add({ id: 'floor', x: -200, y: FLOOR_Y, width: 600, height: 20, type: 'static' })
  return world
}

describe('resting stacks with restitution', () => {
  for (const response of ['bounce', 'slide'] as const) {
    it(`two boxes dropped on a floor (response ${response}, restitution 0.4) come to rest and go idle`, () => {
      const world = worldWithFloor()
      const box = { x: 50, width: 40, height: 40, restitution: 0.4, response }
      world.add({ ...box, id: 'bottom', y: 0 })
      world.add({ ...box, id: 'top', y: -50 })
      const steps = stepsUntilIdle(world, 2000)
      expect(steps).toBeGreaterThan(0)
      expect(steps).toBeLessThan(120)
      // Idle means at rest: no velocity left that would move the box in the next step.
      expect(world.get('top').velocity).toEqual({ x: 0, y: 0 })
      expect(world.get('bottom').velocity).toEqual({ x: 0, y: 0 })
      expect(world.get('bottom').y).toBeCloseTo(60, 1)
      expect(world.get('top').y).toBeCloseTo(20, 1)
      // And it stays put.
      for (let i = 0; i < 60; i++) world.step(1 / 60)
      expect(world.isIdle()).toBe(true)
      expect(world.get('top').y).toBeCloseTo(20, 1)
    })
  }

  it('still bounces a box dropped on the floor: the resting threshold only stops slow impacts', () => {
    const world = worldWithFloor()
    world.add({
      id: 'box',
      x: 50,
      y: 0,
      width: 40,
      height: 40,
      restitution: 0.8,
      response: 'bounce',
    })
    let fastestUp = 0
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60)
      fastestUp = Math.min(fastestUp, world.get('box').velocity.y)
    }
    // Impact at about sqrt(2 * 900 * 60) = 329 px/s; 0.8 of it comes back.
    expect(fastestUp).toBeLessThan(-200)
  })

  it('bounces a box resting on the floor thrown at it faster than two steps of gravity add', () => {
    const world = worldWithFloor()
    const box = {
      y: FLOOR_Y - 40,
      width: 40,
      height: 40,
      restitution: 0.5,
      response: 'bounce' as const,
    }
    // Gravity adds 15 px/s per step: 30 px/s is the resting threshold.
    world.add({ id: 'thrown', x: 0, ...box, velocity: { x: 0, y: 100 } })
    world.add({ id: 'nudged', x: 100, ...box, velocity: { x: 0, y: 20 } })
    world.step(1 / 60)
    // Half of the 100 px/s comes back, less this step's gravity.
    expect(world.get('thrown').velocity.y).toBeCloseTo(-(50 - 15), 9)
    expect(world.get('nudged').velocity).toEqual({ x: 0, y: 0 })
  })

  it('stacks of 1-4 boxes dropped with any restitution become idle without overlapping', () => {
    const boxArb = fc.record({
      width: fc.integer({ min: 20, max: 60 }),
      height: fc.integer({ min: 20, max: 60 }),
      offset: fc.integer({ min: -10, max: 10 }),
      gap: fc.double({ min: 0, max: 20, noNaN: true }),
      restitution: fc.double({ min: 0, max: 1, noNaN: true }),
      response: fc.constantFrom<BodyOptions['response']>('bounce', 'slide', undefined),
    })
    fc.assert(
      fc.property(fc.array(boxArb, { minLength: 1, maxLength: 4 }), (boxes) => {
        const world = worldWithFloor()
        let bottom = FLOOR_Y
        boxes.forEach((box, i) => {
          bottom -= box.gap
          world.add({
            id: `box-${i}`,
            x: 100 + box.offset,
            y: bottom - box.height,
            width: box.width,
            height: box.height,
            restitution: box.restitution,
            ...(box.response ? { response: box.response } : {}),
          })
          bottom -= box.height
        })
        const steps = stepsUntilIdle(world, 1500)
        expect(steps).toBeGreaterThan(0)
        expect(deepestOverlap(world)).toBeLessThanOrEqual(0.01)
      }),
      { numRuns: 60 },
    )
  })
  it('never gains energy: a box with restitution 1 never bounces higher than it was dropped', () => {
    const world = worldWithFloor()
    world.add({ id: 'ball', x: 0, y: 0, width: 10, height: 10, response: 'bounce', restitution: 1 })
    let highest = Infinity
    for (let i = 0; i < 600; i++) {
      world.step(1 / 60)
      if (i > 60) highest = Math.min(highest, world.get('ball').y)
    }
    // Dropped from y = 0: later bounces peak at y >= 0 (y points down).
    expect(highest).toBeGreaterThanOrEqual(-1e-6)
  })

  it('settles a bouncing box under a heavy one, and an elastic box on a stack (found by fast-check)', () => {
    const under = worldWithFloor()
    under.add({
      x: 100,
      y: FLOOR_Y - 0.91 - 20,
      width: 20,
      height: 20,
      response: 'bounce',
      restitution: 0.8,
    })
    under.add({ x: 101, y: FLOOR_Y - 0.91 - 75, width: 43, height: 55, response: 'bounce' })
    expect(stepsUntilIdle(under, 1500)).toBeGreaterThan(0)
    expect(deepestOverlap(under)).toBeLessThanOrEqual(0.01)
    const stack = worldWithFloor()
    stack.add({ x: 100, y: FLOOR_Y - 0.48 - 20, width: 20, height: 20, response: 'bounce' })
    stack.add({
      x: 100,
      y: FLOOR_Y - 0.48 - 40,
      width: 20,
      height: 20,
      response: 'bounce',
      restitution: 1,
    })
    stack.add({ x: 100, y: FLOOR_Y - 0.48 - 69, width: 22, height: 29, response: 'bounce' })
    expect(stepsUntilIdle(stack, 1500)).toBeGreaterThan(0)
    expect(deepestOverlap(stack)).toBeLessThanOrEqual(0.01)
  })
})
