import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { PROPERTY_TIMEOUT, bodiesOf, deepestOverlap, overlapDepth, placeWalls } from './helpers.js'

/** The pairs of bodies that overlap by more than rounding, as `a/b` by id. */
function overlappingPairs(world: World): string[] {
  const bodies = bodiesOf(world)
  const pairs: string[] = []
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      if (overlapDepth(bodies[i]!, bodies[j]!) > 1e-9)
        pairs.push(`${bodies[i]!.id}/${bodies[j]!.id}`)
    }
  }
  return pairs
}

describe('move', () => {
  it('reaches a free goal', () => {
    const world = createWorld()
    const id = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move(id, { x: 30, y: 40 })).toEqual({
      x: 30,
      y: 40,
      reached: true,
      hits: [],
      pushed: [],
    })
    expect(world.get(id)).toMatchObject({ x: 30, y: 40 })
  })

  it('slides along an obstacle it cannot pass (bump.lua)', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 20, y: -100, width: 10, height: 300, type: 'static' })
    const id = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    const result = world.move(id, { x: 40, y: 20 })
    expect(result).toEqual({
      x: 10,
      y: 20,
      reached: false,
      hits: [{ other: 'wall', normal: { x: -1, y: 0 } }],
      pushed: [],
    })
  })

  it('ends a slide or a push along a face exactly at the goal on the free axis', () => {
    // The touch point plus the rest of the motion (y + dy * t + dy * (1 - t)) rounded off the
    // goal: a drag along a wall to y 9.9 ended at 9.899999999999999, off a snapped grid line.
    for (const gap of [0, 6]) {
      for (const push of [false, true]) {
        const world = createWorld({ gap })
        world.add({ id: 'a', x: 20.7, y: 0.3, width: 100.3, height: 33.3 })
        world.add({ id: 'wall', x: 300.1, y: 0, width: 10, height: 100, type: 'static' })
        const result = world.move('a', { x: 400, y: 9.9 }, { push })
        expect(result).toMatchObject({ x: 300.1 - gap - 100.3, y: 9.9, reached: false })
        expect(world.get('a')).toMatchObject({ y: 9.9 })
      }
    }
  })

  it('reports the body added first among bodies hit at the same instant', () => {
    const world = createWorld()
    world.add({ id: 'left', x: 0, y: 20, width: 10, height: 10, type: 'static' })
    world.add({ id: 'right', x: 10, y: 20, width: 10, height: 10, type: 'static' })
    // Straddling both tiles: it lands on their tops at the same time.
    const hand = world.add({ x: 5, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move(hand, { x: 5, y: 30 })).toEqual({
      x: 5,
      y: 10,
      reached: false,
      hits: [{ other: 'left', normal: { x: 0, y: -1 } }],
      pushed: [],
    })
  })

  it('is stopped by an obstacle it starts inside, however shallow the overlap (issue #23)', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 10, y: -50, width: 10, height: 100, type: 'static' })
    world.add({ id: 'rounding', x: 5e-7, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.add({ id: 'deeper', x: 5e-6, y: 20, width: 10, height: 10, type: 'kinematic' })
    expect(world.move('rounding', { x: 5, y: 0 })).toEqual({
      x: 5e-7,
      y: 0,
      reached: false,
      hits: [{ other: 'wall', normal: { x: -1, y: 0 } }],
      pushed: [],
    })
    // Deeper, it still blocks motion into the obstacle (a move never deepens an overlap) ...
    expect(world.move('deeper', { x: 5, y: 20 })).toMatchObject({ x: 5e-6, y: 20, reached: false })
    // ... and lets the body out the way it came.
    expect(world.move('deeper', { x: -5, y: 20 })).toMatchObject({ x: -5, y: 20, reached: true })
  })

  it('slides a card wider than its board along the wall it overlaps no deeper (fuzz seed -471631729)', () => {
    // The card spans the wall's y range inside it: it overlaps by its own height, 73, at
    // any y. Measured as (y + 73) - y the depth read 72.99999999999997 before the slide
    // and 73 after, a false deepening; overlapDepth counts a contained span by its size.
    const world = createWorld()
    world.add({ id: 'wall', x: 200, y: -73, width: 73, height: 638, type: 'static' })
    world.add({ id: 'card', x: 0, y: 183.98888888888885, width: 273, height: 73 })
    const before = overlapDepth(world.get('card'), world.get('wall'))
    world.move('card', { x: 0, y: 183.98888888888885 + 73 })
    expect(world.get('card').y).toBeCloseTo(256.9888888888888, 9)
    expect(overlapDepth(world.get('card'), world.get('wall'))).toBe(before)
    expect(before).toBe(73)
  })

  it('treats dynamic bodies as obstacles without push', () => {
    const world = createWorld()
    world.add({ id: 'box', x: 20, y: 0, width: 10, height: 10 })
    const id = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move(id, { x: 30, y: 0 }).x).toBe(10)
    expect(world.get('box').x).toBe(20)
  })

  it('pushes a chain of dynamic bodies', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 20, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 35, y: 0, width: 10, height: 10 })
    const hand = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    const result = world.move(hand, { x: 30, y: 0 }, { push: true })
    expect(result).toMatchObject({ x: 30, reached: true, hits: [] })
    expect(world.get('a').x).toBe(40)
    expect(world.get('b').x).toBe(50)
    // b made way for a first, so it was moved first; a pushed it, the hand pushed a.
    expect(result.pushed).toEqual([
      { id: 'b', by: 'a', from: { x: 35, y: 0 }, to: { x: 50, y: 0 } },
      { id: 'a', by: hand, from: { x: 20, y: 0 }, to: { x: 40, y: 0 } },
    ])
  })

  it('pushes a long row of touching boxes as one chain', () => {
    const world = createWorld()
    for (let k = 0; k < 20; k++)
      world.add({ id: `box${k}`, x: 10 + k * 10, y: 0, width: 10, height: 10 })
    const hand = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move(hand, { x: 25, y: 0 }, { push: true })).toEqual({
      x: 25,
      y: 0,
      reached: true,
      hits: [],
      pushed: Array.from({ length: 20 }, (_, k) => ({
        id: `box${19 - k}`,
        // Each box pushed by the one behind it, the first by the hand.
        by: k === 19 ? hand : `box${18 - k}`,
        from: { x: 10 + (19 - k) * 10, y: 0 },
        to: { x: 35 + (19 - k) * 10, y: 0 },
      })),
    })
    for (let k = 0; k < 20; k++) expect(world.get(`box${k}`).x).toBe(35 + k * 10)
  })

  it('stops where a chain is blocked by a static body, leaving no overlap', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 20, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 35, y: 0, width: 10, height: 10 })
    world.add({ id: 'wall', x: 50, y: -50, width: 10, height: 100, type: 'static' })
    const hand = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    const result = world.move(hand, { x: 100, y: 5 }, { push: true })
    expect(result).toEqual({
      x: 20,
      y: 5,
      reached: false,
      hits: [{ other: 'a', normal: { x: -1, y: 0 } }],
      pushed: [
        { id: 'b', by: 'a', from: { x: 35, y: 0 }, to: { x: 40, y: 0 } },
        { id: 'a', by: hand, from: { x: 20, y: 0 }, to: { x: 30, y: 0 } },
      ],
    })
    expect(world.get('a').x).toBe(30)
    expect(world.get('b').x).toBe(40)
    expect(deepestOverlap(world)).toBeLessThanOrEqual(0)
  })

  it('pushes a row of 64 bodies, and stops at a row of 65 as at a solid (the documented limit)', () => {
    for (const length of [64, 65]) {
      const world = createWorld()
      world.add({ id: 'mover', x: -10, y: 0, width: 10, height: 10, type: 'kinematic' })
      for (let k = 0; k < length; k++) world.add({ x: k * 10, y: 0, width: 10, height: 10 })
      const result = world.move('mover', { x: 0, y: 0 }, { push: true })
      expect(result.reached).toBe(length === 64)
    }
  })

  it('does not push non-pushable bodies', () => {
    const world = createWorld()
    world.add({ id: 'anchor', x: 20, y: 0, width: 10, height: 10, pushable: false })
    const hand = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move(hand, { x: 30, y: 0 }, { push: true }).x).toBe(10)
    expect(world.get('anchor').x).toBe(20)
  })

  it('passes through filtered pairs and validates its arguments', () => {
    const world = createWorld({
      filter: (a, b) => (a === 'ghost' || b === 'ghost' ? 'cross' : undefined),
    })
    world.add({ id: 'wall', x: 20, y: -50, width: 10, height: 100, type: 'static' })
    world.add({ id: 'ghost', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move('ghost', { x: 50, y: 0 }).reached).toBe(true)
    expect(() => world.move('ghost', { x: NaN, y: 0 })).toThrow(
      'move: body "ghost" goal.x must be a finite number',
    )
    expect(() => world.move('ghost', { x: 0, y: -Infinity })).toThrow(
      'move: body "ghost" goal.y must be a finite number',
    )
    expect(() => world.move('ghost', { x: '3', y: 0 } as never)).toThrow(RangeError)
    expect(() => world.move('ghost', null as never)).toThrow(
      'move: body "ghost" goal must be an object { x, y }',
    )
    // A rejected goal moved nothing.
    expect(world.get('ghost').x).toBe(50)
    expect(() => world.move('ghost', { x: 0, y: 0 }, { push: 1 as never })).toThrow(TypeError)
  })

  it('marks moved bodies for drainMoved and wakes the world', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 20, y: 0, width: 10, height: 10 })
    const hand = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.step(1 / 60)
    world.drainMoved(() => {})
    expect(world.isIdle()).toBe(true)
    world.move(hand, { x: 15, y: 0 }, { push: true })
    const moved: string[] = []
    world.drainMoved((id) => moved.push(id))
    expect(moved).toEqual(['a', hand])
    expect(world.isIdle()).toBe(false)
  })
  it('pushes along the straight path of a diagonal move, not along x and then y', () => {
    const world = createWorld()
    // Beside the start on the x axis: an x-then-y move would shove it, the diagonal misses it.
    world.add({ id: 'aside', x: 50, y: 0, width: 10, height: 10 })
    // On the diagonal: touched on its left face at 40% of the way, pushed right.
    world.add({ id: 'onPath', x: 50, y: 40, width: 10, height: 10 })
    const hand = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    const result = world.move(hand, { x: 100, y: 100 }, { push: true })
    expect(result).toEqual({
      x: 100,
      y: 100,
      reached: true,
      hits: [],
      pushed: [{ id: 'onPath', by: hand, from: { x: 50, y: 40 }, to: { x: 110, y: 40 } }],
    })
    expect(world.get('aside')).toMatchObject({ x: 50, y: 0 })
    expect(world.get('onPath')).toMatchObject({ x: 110, y: 40 })
    expect(deepestOverlap(world)).toBeLessThanOrEqual(0)
  })

  it(
    'leaves no overlap after a pushing move in any direction through a field of boxes',
    { timeout: PROPERTY_TIMEOUT },
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
          fc.double({ min: -300, max: 300, noNaN: true }),
          fc.double({ min: -300, max: 300, noNaN: true }),
          (occupied, goalX, goalY) => {
            const world = createWorld()
            // A 5 x 5 field of 16 px boxes 4 px apart around the hand, inside four walls.
            occupied.forEach((present, index) => {
              const column = index % 5
              const row = Math.floor(index / 5)
              if (present && !(column === 2 && row === 2)) {
                world.add({ x: column * 20 - 40, y: row * 20 - 40, width: 16, height: 16 })
              }
            })
            world.add({ x: -100, y: -90, width: 10, height: 200, type: 'static' })
            world.add({ x: 110, y: -90, width: 10, height: 200, type: 'static' })
            world.add({ x: -100, y: -100, width: 220, height: 10, type: 'static' })
            world.add({ x: -100, y: 110, width: 220, height: 10, type: 'static' })
            const hand = world.add({ x: 0, y: 0, width: 16, height: 16, type: 'kinematic' })
            const before = bodiesOf(world)
            const { pushed } = world.move(hand, { x: goalX, y: goalY }, { push: true })
            expect(deepestOverlap(world)).toBeLessThanOrEqual(1e-9)
            // `pushed` lists exactly the bodies that moved, other than the hand, each once,
            // from where they were to where they are: putting them back undoes the pushes.
            const moved = bodiesOf(world).filter(
              (body, k) => body.id !== hand && (body.x !== before[k]!.x || body.y !== before[k]!.y),
            )
            expect(pushed.map(({ id }) => id).sort()).toEqual(moved.map(({ id }) => id).sort())
            for (const { id, from, to } of pushed) {
              expect(to).toEqual({ x: world.get(id).x, y: world.get(id).y })
              world.update(id, from)
            }
            expect(bodiesOf(world).filter(({ id }) => id !== hand)).toEqual(
              before.filter(({ id }) => id !== hand),
            )
          },
        ),
        { numRuns: 1000 },
      )
    },
  )

  it('a push chain of overlapping cards stopped by a wall deepens no overlap (issue #23)', () => {
    // The layout fuzzer's seed -1197515035: the middle card, stopped at the face of the card
    // it overlapped, moved 2 px less than it reported to its pusher, and the dragged body
    // ended 3 px deep in it, 1 px deeper than before the drag.
    const world = createWorld()
    placeWalls(world, 200, 200)
    world.add({ id: 'hand', x: 0, y: 0, width: 3, height: 3, pushable: false })
    world.add({ id: 'middle', x: 0, y: 1, width: 3, height: 3 })
    world.add({ id: 'last', x: 0, y: 2, width: 3, height: 2 })
    const pairs = [
      ['hand', 'middle'],
      ['hand', 'last'],
      ['middle', 'last'],
    ] as const
    const depths = () => pairs.map(([a, b]) => overlapDepth(world.get(a), world.get(b)))
    const before = depths()
    world.update('hand', { type: 'kinematic', velocity: { x: 0, y: 0 } })
    world.move('hand', { x: 0, y: 197 }, { push: true })
    depths().forEach((depth, k) =>
      expect(depth, pairs[k]!.join('/')).toBeLessThanOrEqual(before[k]!),
    )
    expect(world.get('last').y + world.get('last').height).toBe(200)
  })

  it('makes no new overlap when pushing boxes that already overlap one another', () => {
    const box = fc.record({
      x: fc.integer({ min: -30, max: 30 }),
      y: fc.integer({ min: -30, max: 30 }),
      width: fc.integer({ min: 1, max: 20 }),
      height: fc.integer({ min: 1, max: 20 }),
    })
    const goal = fc.integer({ min: -60, max: 60 })
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 1, maxLength: 8 }),
        goal,
        goal,
        (boxes, goalX, goalY) => {
          const world = createWorld()
          boxes.forEach((options, index) => world.add({ id: `box${index}`, ...options }))
          world.add({ id: 'hand', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
          const before = overlappingPairs(world)
          world.move('hand', { x: goalX, y: goalY }, { push: true })
          for (const pair of overlappingPairs(world)) expect(before).toContain(pair)
        },
      ),
      {
        numRuns: 1000,
        // A bar over two boxes: it is pushed after them, into the places they were pushed to.
        examples: [
          [
            [
              { x: -6, y: 0, width: 1, height: 1 },
              { x: -5, y: 0, width: 1, height: 1 },
              { x: -22, y: 0, width: 18, height: 1 },
              { x: 0, y: 0, width: 1, height: 1 },
            ],
            -22,
            0,
          ],
        ],
      },
    )
  })

  // A box resting 0.005 deep in the one under it (below PUSH_SLOP: steps leave such overlaps
  // as they are) is in contact with it: pushing the stack up must push it too, not send the
  // lower box through it.
  it('keeps the order of a stack pushed up when its boxes overlap slightly', () => {
    const world = createWorld()
    world.add({ id: 'lower', x: 0, y: 10, width: 10, height: 10 })
    world.add({ id: 'upper', x: 0, y: 0.005, width: 10, height: 10 })
    const hand = world.add({ x: 0, y: 20, width: 10, height: 10, type: 'kinematic' })
    world.move(hand, { x: 0, y: -10 }, { push: true })
    // Today: lower ends at y = -30, above upper at y = -20.
    expect(world.get('upper').y).toBeLessThan(world.get('lower').y)
  })
})
