import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../src/core/world/index.js'
import { deepestOverlap } from './helpers.js'

describe('move', () => {
  it('reaches a free goal', () => {
    const world = createWorld()
    const id = world.add({ x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    expect(world.move(id, { x: 30, y: 40 })).toEqual({ x: 30, y: 40, reached: true, hits: [] })
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
    })
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
    })
    expect(world.get('a').x).toBe(30)
    expect(world.get('b').x).toBe(40)
    expect(deepestOverlap(world)).toBeLessThanOrEqual(0)
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
})
