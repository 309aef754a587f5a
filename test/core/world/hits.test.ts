import { describe, expect, it } from 'vitest'
import { createWorld, type SweptHitRecord, type World } from '../../../src/core/world/index.js'

function hitsOf(world: World): SweptHitRecord[] {
  const hits: SweptHitRecord[] = []
  world.forEachHit((hit) => hits.push({ ...hit }))
  return hits
}

describe('forEachHit', () => {
  it('refuses a visitor that is not a function, with no hit to visit too (as drainMoved does)', () => {
    const world = createWorld()
    expect(() => world.forEachHit(5 as never)).toThrow(
      'forEachHit: visit must be a function (got 5)',
    )
    world.drainMoved(() => {})
    expect(() => world.drainMoved(null as never)).toThrow(
      'drainMoved: visit must be a function (got null)',
    )
  })

  it('reports a sweep against a wall with its ray, time of impact and normal', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 100, y: -50, width: 10, height: 100, type: 'static' })
    // 60 px per step toward a wall 50 px away: it hits at 5/6 of the step's motion.
    world.add({ id: 'box', x: 40, y: 0, width: 10, height: 10, velocity: { x: 3600, y: 0 } })
    world.step(1 / 60)
    const [hit, ...rest] = hitsOf(world)
    expect(rest).toEqual([])
    expect(hit).toMatchObject({ id: 'box', other: 'wall', x: 40, y: 0, normalX: -1, normalY: 0 })
    expect(hit!.deltaX).toBeCloseTo(60, 9)
    expect(hit!.time).toBeCloseTo(50 / 60, 9)
    // The next step starts a new log: the box rests against the wall, nothing is swept.
    world.step(1 / 60)
    expect(hitsOf(world)).toEqual([])
  })

  it('reports the landing of a falling box once, not again in every step of its rest', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ id: 'floor', x: 0, y: 100, width: 200, height: 10, type: 'static' })
    world.add({ id: 'box', x: 10, y: 50, width: 20, height: 20 })
    const landings: number[] = []
    for (let step = 0; step < 120; step++) {
      world.step(1 / 60)
      for (const hit of hitsOf(world)) landings.push(hit.time)
    }
    expect(world.get('box')).toMatchObject({ y: 80, velocity: { x: 0, y: 0 } })
    // Gravity's fall stopped by the velocity pass left a displacement of about 1e-17, which
    // hit the floor at time 0 in each of the ~100 resting steps.
    expect(landings).toHaveLength(1)
    expect(landings[0]).toBeGreaterThan(0)
  })

  it('reports a speculative hit between two dynamic bodies: own motion, time from both', () => {
    const world = createWorld()
    world.add({ id: 'left', x: 0, y: 0, width: 10, height: 10, velocity: { x: 600, y: 0 } })
    world.add({ id: 'right', x: 20, y: 0, width: 10, height: 10, velocity: { x: -600, y: 0 } })
    world.step(1 / 60)
    const hits = hitsOf(world)
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ id: 'left', other: 'right', normalX: -1, normalY: 0 })
    expect(hits[0]!.deltaX).toBeCloseTo(10, 9)
    expect(hits[0]!.time).toBeCloseTo(0.5, 9)
  })

  it('names the solid added first when a body hits two at the same instant', () => {
    const world = createWorld()
    world.add({ id: 'left', x: 0, y: 20, width: 10, height: 10, type: 'static' })
    world.add({ id: 'right', x: 10, y: 20, width: 10, height: 10, type: 'static' })
    // Straddling both tiles: it lands on their tops at the same time.
    world.add({ id: 'box', x: 5, y: 0, width: 10, height: 10, velocity: { x: 0, y: 1200 } })
    world.step(1 / 60)
    expect(hitsOf(world).map((hit) => [hit.other, hit.time])).toEqual([['left', 0.5]])
  })

  it('logs no hit for a push-out, even where a solid stops it', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 10, y: -50, width: 10, height: 100, type: 'static' })
    world.add({ id: 'box', x: 0, y: 0, width: 10, height: 10 })
    // 5 px into the box: the push-out would move the box into the wall; the sweep stops it.
    world.add({ id: 'pusher', x: -5, y: 0, width: 10, height: 10 })
    world.step(1 / 60)
    expect(world.get('box').x).toBe(0)
    expect(world.get('pusher').x).toBe(-10)
    expect(hitsOf(world)).toEqual([])
  })

  it('adds the hits of a move made after the step', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 50, y: -50, width: 10, height: 100, type: 'static' })
    world.add({ id: 'hand', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.step(1 / 60)
    world.move('hand', { x: 80, y: 0 })
    expect(hitsOf(world)).toEqual([
      {
        id: 'hand',
        other: 'wall',
        x: 0,
        y: 0,
        deltaX: 80,
        deltaY: 0,
        time: 0.5,
        normalX: -1,
        normalY: 0,
      },
    ])
  })

  it('adds the hit of a diagonal pushing move, where it touched the body it pushes', () => {
    const world = createWorld()
    world.add({ id: 'box', x: 20, y: 0, width: 10, height: 10 })
    world.add({ id: 'hand', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.move('hand', { x: 30, y: 3 }, { push: true })
    expect(hitsOf(world)).toEqual([
      {
        id: 'hand',
        other: 'box',
        x: 0,
        y: 0,
        deltaX: 30,
        deltaY: 3,
        time: 1 / 3,
        normalX: -1,
        normalY: 0,
      },
    ])
  })

  // A pushing move along one axis used to log no hit at all (its chain has its own sweep),
  // while the same move 1 px off the axis logged one.
  it('adds the hit of a pushing move along an axis, as of a diagonal one', () => {
    const world = createWorld()
    world.add({ id: 'box', x: 20, y: 0, width: 10, height: 10 })
    world.add({ id: 'wall', x: 50, y: -50, width: 10, height: 100, type: 'static' })
    world.add({ id: 'hand', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move('hand', { x: 100, y: 0 }, { push: true }).hits).toEqual([
      { other: 'box', normal: { x: -1, y: 0 } },
    ])
    expect(hitsOf(world).map((hit) => [hit.id, hit.other, hit.time])).toEqual([
      ['hand', 'box', 0.1],
    ])
  })
})
