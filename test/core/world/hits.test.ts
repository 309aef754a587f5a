import { describe, expect, it } from 'vitest'
import { createWorld, type SweptHitRecord, type World } from '../../../src/core/world/index.js'

function hitsOf(world: World): SweptHitRecord[] {
  const hits: SweptHitRecord[] = []
  world.forEachHit((hit) => hits.push({ ...hit }))
  return hits
}

describe('forEachHit', () => {
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
})
