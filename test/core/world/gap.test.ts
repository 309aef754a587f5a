import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type BodySnapshot, type World } from '../../../src/core/world/index.js'
import { bodiesOf, PROPERTY_TIMEOUT } from './helpers.js'

/** How far apart two boxes are: the larger of the x and y separations (negative: overlapping). */
function separation(a: BodySnapshot, b: BodySnapshot): number {
  const dx = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width))
  const dy = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height))
  return Math.max(dx, dy)
}

/** The smallest separation of any pair of bodies of a world. */
function closestPair(world: World): number {
  const bodies = bodiesOf(world)
  let closest = Infinity
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      closest = Math.min(closest, separation(bodies[i]!, bodies[j]!))
    }
  }
  return closest
}

describe('the world gap', () => {
  it('keeps pushed bodies gap apart, and reports and takes the bodies own boxes', () => {
    const world = createWorld({ gap: 10 })
    world.add({ id: 'mover', x: 0, y: 0, width: 50, height: 50, type: 'kinematic' })
    world.add({ id: 'a', x: 100, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 160, y: 0, width: 50, height: 50 })
    expect(world.get('a')).toMatchObject({ x: 100, y: 0, width: 50, height: 50 })
    const result = world.move('mover', { x: 100, y: 0 }, { push: true })
    // It pushes a, which pushes b: each keeps 10 px from the next.
    expect(result).toMatchObject({ x: 100, y: 0, reached: true })
    expect(world.get('a').x).toBe(160)
    expect(world.get('b').x).toBe(220)
    expect(result.pushed).toEqual([
      { id: 'b', by: 'a', from: { x: 160, y: 0 }, to: { x: 220, y: 0 } },
      { id: 'a', by: 'mover', from: { x: 100, y: 0 }, to: { x: 160, y: 0 } },
    ])
  })

  it('a slide stops gap away from the body in the way', () => {
    const world = createWorld({ gap: 8 })
    world.add({ id: 'm', x: 0, y: 0, width: 20, height: 20, type: 'kinematic' })
    world.add({ id: 'wall', x: 100, y: 0, width: 20, height: 20, type: 'static' })
    expect(world.move('m', { x: 200, y: 0 })).toMatchObject({ x: 72, reached: false })
  })

  it('the step pushes bodies added closer than the gap apart to the gap', () => {
    const world = createWorld({ gap: 6 })
    world.add({ id: 'a', x: 0, y: 0, width: 40, height: 40 })
    world.add({ id: 'b', x: 42, y: 0, width: 40, height: 40 })
    for (let k = 0; k < 30; k++) world.step(1 / 60)
    expect(closestPair(world)).toBeGreaterThanOrEqual(6 - 1e-6)
  })

  it('findFreeSpot keeps the gap, from bodies and inside within; drainMoved and snapshots give own boxes', () => {
    const world = createWorld({ gap: 10 })
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50, type: 'static' })
    const spot = world.findFreeSpot(
      { width: 20, height: 20 },
      { x: 10, y: 10 },
      { within: { x: 0, y: 0, width: 200, height: 200 } },
    )
    expect(spot).toEqual({ x: 60, y: 10 })
    const seen: Array<[string, number, number]> = []
    world.drainMoved((id, x, y) => seen.push([id, x, y]))
    expect(seen).toEqual([['a', 0, 0]])
    const copy = createWorld()
    copy.restore(world.snapshot())
    expect(copy.settings.gap).toBe(10)
    expect(copy.get('a')).toMatchObject({ x: 0, y: 0, width: 50, height: 50 })
    expect(copy.findFreeSpot({ width: 20, height: 20 }, { x: 10, y: 10 })).toEqual(
      world.findFreeSpot({ width: 20, height: 20 }, { x: 10, y: 10 }),
    )
  })

  it('configure changes the gap and keeps every box', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 3, y: 4, width: 50, height: 60 })
    world.configure({ gap: 12 })
    expect(world.get('a')).toMatchObject({ x: 3, y: 4, width: 50, height: 60 })
    world.configure({ gap: 0 })
    expect(world.get('a')).toMatchObject({ x: 3, y: 4, width: 50, height: 60 })
  })

  it('reads back a box exactly as it was given, whatever its digits and the gap', () => {
    // 0.1 - 4 + 4 is 0.10000000000000009: a box read back from its extents would drift.
    const world = createWorld({ gap: 8 })
    const given = { x: 0.1, y: 0.7, width: 100.3, height: 33.3 }
    world.add({ id: 'a', ...given })
    world.add({ id: 'wall', x: 300.1, y: 0, width: 10, height: 100, type: 'static' })
    expect(world.get('a')).toMatchObject(given)
    world.step(1 / 60)
    expect(world.get('a')).toMatchObject(given)
    world.update('a', { x: 12.3, y: 45.6 })
    expect(world.get('a')).toMatchObject({ x: 12.3, y: 45.6 })
    world.configure({ gap: 6 })
    expect(world.get('a')).toMatchObject({ x: 12.3, y: 45.6, width: 100.3, height: 33.3 })
    // A move that reaches its goal is at the goal; one stopped by the wall only on the axis
    // it reached.
    expect(world.move('a', { x: 20.7, y: 0.3 })).toMatchObject({ x: 20.7, y: 0.3, reached: true })
    expect(world.get('a')).toMatchObject({ x: 20.7, y: 0.3 })
    world.drainMoved(() => {})
    const blocked = world.move('a', { x: 400, y: 9.9 })
    expect(blocked.reached).toBe(false)
    expect(world.get('a')).toMatchObject({ x: blocked.x, y: blocked.y })
    const moved: number[] = []
    world.drainMoved((_id, x, y) => moved.push(x, y))
    expect(moved).toEqual([blocked.x, blocked.y])
    const copy = createWorld({ gap: 6 })
    copy.restore(world.snapshot())
    expect(copy.get('a')).toMatchObject({ x: blocked.x, y: blocked.y, width: 100.3, height: 33.3 })
    // A degenerate gap far larger than the box keeps it too.
    const huge = createWorld({ gap: 1e17 })
    huge.add({ id: 'a', x: 1, y: 2, width: 3, height: 4 })
    expect(huge.get('a')).toMatchObject({ x: 1, y: 2, width: 3, height: 4 })
  })

  it('property: a written box reads back bit for bit, before and after a step at rest', () => {
    const coordinate = fc.double({ min: -1e9, max: 1e9, noNaN: true })
    const size = fc.double({ min: 0, max: 1e6, noNaN: true })
    fc.assert(
      fc.property(
        fc.record({ x: coordinate, y: coordinate, width: size, height: size }),
        fc.double({ min: 0, max: 1e20, noNaN: true }),
        (box, gap) => {
          const world = createWorld({ gap, gravity: { x: 0, y: 0 } })
          world.add({ id: 'a', ...box, type: 'static' })
          const read = world.get('a')
          expect([read.x, read.y, read.width, read.height]).toEqual([
            box.x,
            box.y,
            box.width,
            box.height,
          ])
          world.step(1 / 60)
          expect(world.get('a')).toMatchObject(box)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('throws naming gap for a negative or NaN gap, and changes nothing', () => {
    expect(() => createWorld({ gap: -1 })).toThrow(
      'createWorld: settings gap must be a finite number >= 0 (got -1)',
    )
    const world = createWorld({ gap: 4 })
    expect(() => world.configure({ gap: NaN })).toThrow(
      'configure: settings gap must be a finite number >= 0 (got NaN)',
    )
    expect(world.settings.gap).toBe(4)
  })

  it('compaction stops gap away, and a second compaction moves nothing', () => {
    const world = createWorld({ gap: 10 })
    world.add({ id: 'top', x: 0, y: -100, width: 300, height: 100, type: 'static' })
    world.add({ id: 'a', x: 0, y: 50, width: 40, height: 40 })
    world.add({ id: 'b', x: 10, y: 200, width: 40, height: 40 })
    world.compact('up')
    expect([world.get('a').y, world.get('b').y]).toEqual([10, 60])
    expect(world.compact('up')).toEqual([])
  })

  it(
    'property: pushing moves and compaction never bring two bodies nearer than the gap',
    () => {
      const box = fc.record({
        x: fc.integer({ min: 0, max: 40 }).map((k) => k * 10),
        y: fc.integer({ min: 0, max: 30 }).map((k) => k * 10),
        width: fc.integer({ min: 1, max: 60 }),
        height: fc.integer({ min: 1, max: 60 }),
      })
      fc.assert(
        fc.property(
          fc.array(box, { maxLength: 10 }),
          fc.constantFrom(0, 5, 8, 13),
          fc.array(
            fc.record({
              k: fc.nat(),
              dx: fc.integer({ min: -200, max: 200 }),
              dy: fc.integer({ min: -200, max: 200 }),
            }),
            { maxLength: 6 },
          ),
          fc.constantFrom('up' as const, 'down' as const, 'left' as const, 'right' as const),
          (boxes, gap, moves, direction) => {
            const world = createWorld({ gap })
            boxes.forEach((b, k) => {
              // Only bodies at least the gap from the others enter.
              const spot = world.findFreeSpot(b, b)
              if (spot !== null && spot.x === b.x && spot.y === b.y)
                world.add({ id: `b${k}`, ...b })
            })
            const ids = world.ids()
            if (ids.length < 2) return
            for (const { k, dx, dy } of moves) {
              const id = ids[k % ids.length] as string
              const body = world.get(id)
              world.move(id, { x: body.x + dx, y: body.y + dy }, { push: true })
              expect(closestPair(world)).toBeGreaterThanOrEqual(gap - 1e-9)
            }
            world.compact(direction)
            expect(closestPair(world)).toBeGreaterThanOrEqual(gap - 1e-9)
            const settled = JSON.stringify(bodiesOf(world))
            expect(world.compact(direction)).toEqual([])
            expect(JSON.stringify(bodiesOf(world))).toBe(settled)
          },
        ),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
