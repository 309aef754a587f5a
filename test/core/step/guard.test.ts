import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { StepContext } from '../../../src/core/step/context.js'
import { undoNewOverlaps } from '../../../src/core/step/guard.js'
import { step } from '../../../src/core/step/step.js'
import { STUCK_DEPTH } from '../../../src/core/step/tolerances.js'
import { BodyStore, type BodyFields } from '../../../src/core/world/bodyStore.js'
import { defaultSettings } from '../../../src/core/world/settings.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'
import { overlapDepth, placeWalls } from '../world/helpers.js'

// The guard (src/core/step/guard.ts): a pair of dynamic bodies that starts a step at most
// STUCK_DEPTH deep and ends it deeper goes back to where it started, with the bodies its
// return meets, unless one of them started in a deep overlap or its start is in a solid.

/**
 * A step context over bodies at rest, stepped once, so its start positions, pairs and grid
 * are those of a real step; then `moves` (id to x) put bodies where a push-out might have
 * left them, and the guard runs on that. Returns each body's x after the guard.
 */
function guardAfter(
  bodies: (Partial<BodyFields> & { id: string })[],
  moves: Record<string, number>,
): Record<string, number> {
  const store = new BodyStore()
  for (const { id, x = 0, y = 0, width = 10, height = 10, ...rest } of bodies) {
    store.insert(id, { ...defaultBodyFields(x, y, width, height), ...rest })
  }
  const sim = new StepContext(store, defaultSettings())
  step(sim, 1 / 60)
  for (const [id, x] of Object.entries(moves)) store.x[store.slot(id)] = x
  undoNewOverlaps(sim.scratch, sim)
  return Object.fromEntries(bodies.map(({ id }) => [id, store.x[store.slot(id)] as number]))
}

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

/**
 * Steps once; when no pair of dynamic bodies started the step deeper than STUCK_DEPTH (so
 * no body started in an overlap being resolved), checks that none ends it deeper.
 */
function stepKeepingApart(world: World, label: string): void {
  const before = dynamicDepths(world)
  world.step(1 / 60)
  if ([...before.values()].some((depth) => depth > STUCK_DEPTH)) return
  const overflowing = world.overflowing()
  for (const [pair, depth] of dynamicDepths(world)) {
    const [a, b] = pair.split('/') as [string, string]
    if (overflowing.includes(a) || overflowing.includes(b)) continue
    expect(depth, `${label}: ${pair}`).toBeLessThanOrEqual(STUCK_DEPTH)
  }
}

describe('the guard: no step makes an overlap (issue #23, clause 7)', () => {
  it('returns both bodies of a pair the step made overlap, and leaves the others', () => {
    const row = [
      { id: 'a', x: 0, width: 100, height: 60 },
      { id: 'b', x: 110, width: 100, height: 60 },
      { id: 'c', x: 300, width: 100, height: 60 },
    ]
    // a pushed 10 px into b (its push-out share), c moved freely: a and b go back, c stays.
    expect(guardAfter(row, { a: 20, c: 280 })).toEqual({ a: 0, b: 110, c: 280 })
    // 0.5 px deep is allowed (STUCK_DEPTH): nothing goes back.
    expect(guardAfter(row, { a: 10.5 })).toEqual({ a: 10.5, b: 110, c: 300 })
  })

  it('returns a pair whose starts touch walls: touching a solid is not being in it', () => {
    // a rests against the left wall and both cards on the floor (0 px deep in each); a
    // pushed 10 px into b goes back against the wall, and b stays where it was.
    const bodies = [
      { id: 'left', x: -50, y: -100, width: 50, height: 300, type: 'static' as const },
      { id: 'floor', x: -50, y: 60, width: 400, height: 50, type: 'static' as const },
      { id: 'a', x: 0, width: 100, height: 60 },
      { id: 'b', x: 100, width: 100, height: 60 },
    ]
    expect(guardAfter(bodies, { a: 10 })).toEqual({ left: -50, floor: -50, a: 0, b: 100 })
  })

  it('returns, to a fixed point, the bodies a returned body meets, beyond their search boxes too', () => {
    // a is carried 300 px (out of its search box) into e; d takes a's place. a goes back, so
    // it meets d, which goes back too; b, apart from all of it, stays where it went.
    const bodies = [
      { id: 'd', x: -200, width: 100, height: 60 },
      { id: 'a', x: 0, width: 100, height: 60 },
      { id: 'e', x: 350, width: 100, height: 60 },
      { id: 'b', x: 0, y: 200, width: 100, height: 60 },
    ]
    expect(guardAfter(bodies, { a: 300, d: 0, b: 40 })).toEqual({ d: -200, a: 0, e: 350, b: 40 })
  })

  it('returns two bodies carried out of their search boxes into each other', () => {
    // Neither search box holds the other's new place: only the escaped bodies' own grid
    // pairs them.
    const bodies = [
      { id: 'a', x: 0, width: 100, height: 60 },
      { id: 'b', x: 500, width: 100, height: 60 },
    ]
    expect(guardAfter(bodies, { a: 250, b: 260 })).toEqual({ a: 0, b: 500 })
  })

  it('leaves a group as it is when its return meets a body that started in a deep overlap', () => {
    // d pushed 10 px into c: c and d would go back, but c's start is where y went, and y
    // started 50 px inside x (an overlap being resolved), so y cannot go back, nor can the
    // group: all stay where the step (x: pushed 25 px out of y) and the moves left them.
    const bodies = [
      { id: 'x', x: 0, width: 100, height: 60 },
      { id: 'y', x: 50, width: 100, height: 60 },
      { id: 'c', x: 200, width: 100, height: 60 },
      { id: 'd', x: 310, width: 100, height: 60 },
    ]
    expect(guardAfter(bodies, { y: 160, d: 290 })).toEqual({ x: -25, y: 160, c: 200, d: 290 })
  })

  it('leaves a pair alone when one of it started the step in a deep overlap', () => {
    // b started 50 px inside a: an overlap being resolved, which the push-out passes along
    // over steps (and clause 5 decides), so b pushed 15 px into c stays.
    const bodies = [
      { id: 'a', x: 0, width: 100, height: 60 },
      { id: 'b', x: 50, width: 100, height: 60 },
      { id: 'c', x: 160, width: 100, height: 60 },
    ]
    const after = guardAfter(bodies, { a: -25, b: 75 })
    expect(after).toEqual({ a: -25, b: 75, c: 160 })
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
    // Nothing moves while the overlap stands, but the world is not idle: the watch must
    // step to decide it (a board that stopped stepping would show the overlap for ever).
    world.step(1 / 60)
    expect(world.get('b').x).toBe(10)
    expect(world.isIdle()).toBe(false)
    // One card must go: the watch sets one aside and the corridor rests.
    for (let step = 2; step < 60; step++) world.step(1 / 60)
    expect(world.overflowing()).toHaveLength(1)
    expect(overlapDepth(world.get('b'), world.get('left'))).toBeLessThanOrEqual(0)
    expect(world.isIdle()).toBe(true)
  })

  it('a step that starts with no overlap ends with none, on random boards: cards of 1-300 px anywhere (overlapping at first or not), every mass, response and pushable, thrown', () => {
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
