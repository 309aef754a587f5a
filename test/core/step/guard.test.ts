import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { STUCK_DEPTH } from '../../../src/core/step/tolerances.js'
import { overlapDepth, placeWalls } from '../world/helpers.js'

// The guard (src/core/step/guard.ts): a pair of dynamic bodies that starts a step at most
// STUCK_DEPTH deep never ends it deeper; the push-out's bodies that would go back to where
// they started, with the bodies their return meets.

/** Each pair of the world's dynamic bodies that collide, with its depth now. */
function dynamicDepths(world: World): Map<string, number> {
  const bodies = world
    .ids()
    .map((id) => world.get(id))
    .filter((body) => body.type === 'dynamic')
  const depths = new Map<string, number>()
  for (let a = 0; a < bodies.length; a++) {
    for (let b = a + 1; b < bodies.length; b++) {
      depths.set(`${bodies[a]!.id}/${bodies[b]!.id}`, overlapDepth(bodies[a]!, bodies[b]!))
    }
  }
  return depths
}

/** Steps once and checks that no pair at most STUCK_DEPTH deep before it is deeper after it. */
function stepKeepingApart(world: World, label: string): void {
  const before = dynamicDepths(world)
  world.step(1 / 60)
  const overflowing = world.overflowing()
  for (const [pair, depth] of dynamicDepths(world)) {
    const [a, b] = pair.split('/') as [string, string]
    if (overflowing.includes(a) || overflowing.includes(b)) continue
    if ((before.get(pair) ?? 0) > STUCK_DEPTH) continue
    expect(depth, `${label}: ${pair}`).toBeLessThanOrEqual(STUCK_DEPTH)
  }
}

describe('the guard: no step makes an overlap (issue #23, clause 7)', () => {
  it('a card pushed into one the step did not pair stays where it started; the card on it moves out alone', () => {
    // a, added over b, pushes b 25 px right, beyond the box the broadphase searched, 15 px
    // into c: the push-out never saw b/c. The guard holds b where it started.
    const world = createWorld()
    world.add({ id: 'b', x: 50, y: 0, width: 100, height: 60 })
    world.add({ id: 'c', x: 160, y: 0, width: 100, height: 60 })
    world.add({ id: 'a', x: 0, y: 0, width: 100, height: 60 })
    stepKeepingApart(world, 'step 0')
    expect(world.get('b').x).toBe(50)
    expect(world.get('c').x).toBe(160)
    expect(world.get('a').x).toBeLessThan(0)
    for (let step = 1; step < 60; step++) stepKeepingApart(world, `step ${step}`)
    expect(overlapDepth(world.get('a'), world.get('b'))).toBeLessThanOrEqual(0)
    expect(world.isIdle()).toBe(true)
  })

  it('a group whose start a wall now covers is not returned into it', () => {
    // In a corridor one card high, the left wall grows 10 px over b, which the step pushes
    // out of it into c, which the right wall holds: b/c overlaps, but b's start is inside the wall now, so the group
    // stays as the push-out left it and b stays out of the wall (solids are hard); the
    // layout watch decides the overlap (clause 5).
    const world = createWorld()
    world.add({ id: 'left', x: -100, y: -100, width: 100, height: 300, type: 'static' })
    world.add({ id: 'right', x: 200, y: -100, width: 100, height: 300, type: 'static' })
    world.add({ id: 'top', x: 0, y: -100, width: 200, height: 100, type: 'static' })
    world.add({ id: 'bottom', x: 0, y: 60, width: 200, height: 100, type: 'static' })
    world.add({ id: 'b', x: 0, y: 0, width: 100, height: 60 })
    world.add({ id: 'c', x: 100, y: 0, width: 100, height: 60 })
    world.update('left', { width: 110 })
    world.step(1 / 60)
    expect(world.get('b').x).toBe(10)
    expect(overlapDepth(world.get('c'), world.get('right'))).toBeLessThanOrEqual(0)
    // One card must go: the watch sets one aside and the corridor rests.
    for (let step = 1; step < 60; step++) world.step(1 / 60)
    expect(world.overflowing()).toHaveLength(1)
    expect(overlapDepth(world.get('b'), world.get('left'))).toBeLessThanOrEqual(0)
    expect(world.isIdle()).toBe(true)
  })

  it('holds on random boards: cards of 1-300 px anywhere (overlapping or not), every mass, response and pushable, thrown', () => {
    const card = fc.record({
      x: fc.integer({ min: 0, max: 500 }),
      y: fc.integer({ min: 0, max: 500 }),
      width: fc.integer({ min: 1, max: 300 }),
      height: fc.integer({ min: 1, max: 300 }),
      mass: fc.constantFrom(undefined, 1e-6, 1, 300, 1e6),
      response: fc.constantFrom('slide' as const, 'touch' as const, 'bounce' as const),
      pushable: fc.boolean(),
      vx: fc.integer({ min: -3000, max: 3000 }),
      vy: fc.integer({ min: -3000, max: 3000 }),
    })
    fc.assert(
      fc.property(
        fc.constantFrom(0, 980),
        fc.array(card, { minLength: 2, maxLength: 10 }),
        (gravity, cards) => {
          const world = createWorld({ gravity: { x: 0, y: gravity } })
          placeWalls(world, 800, 800)
          cards.forEach(({ x, y, width, height, mass, response, pushable, vx, vy }, k) => {
            world.add({
              id: `card-${k}`,
              x: Math.min(x, 800 - width),
              y: Math.min(y, 800 - height),
              width,
              height,
              mass,
              response,
              pushable,
              velocity: { x: vx, y: vy },
            })
          })
          for (let step = 0; step < 40; step++) stepKeepingApart(world, `step ${step}`)
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 0) || 300 },
    )
  }, 120_000)
})
