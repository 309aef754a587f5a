import { describe, expect, it } from 'vitest'
import { createWorld, type WorldSnapshot } from '../../../src/core/world/index.js'

function sample() {
  const world = createWorld()
  world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10, type: 'static' })
  world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
  world.add({ id: 'c', x: 50, y: 50, width: 5, height: 5, type: 'kinematic' })
  return world
}

describe('queries', () => {
  it('queryPoint finds the bodies containing a point, edges included', () => {
    const world = sample()
    expect(world.queryPoint({ x: 10, y: 5 })).toEqual(['a', 'b'])
    expect(world.queryPoint({ x: 52, y: 52 })).toEqual(['c'])
    expect(world.queryPoint({ x: 30, y: 30 })).toEqual([])
  })

  it('queryRect finds the bodies overlapping or touching a rect', () => {
    const world = sample()
    expect(world.queryRect({ x: 15, y: 5, width: 35, height: 1 })).toEqual(['b'])
    expect(world.queryRect({ x: 20, y: 10, width: 30, height: 40 })).toEqual(['b', 'c'])
  })

  it('sees bodies where they are after steps and updates', () => {
    const world = sample()
    world.update('b', { velocity: { x: 600, y: 0 } })
    world.step(1 / 60)
    expect(world.queryPoint({ x: 25, y: 5 })).toEqual(['b'])
    world.update('c', { x: 200 })
    expect(world.queryPoint({ x: 52, y: 52 })).toEqual([])
  })

  it('raycast returns the bodies a segment enters, by time, with normals and points', () => {
    const world = sample()
    expect(world.raycast({ x: -10, y: 5 }, { x: 100, y: 0 })).toEqual([
      { id: 'a', time: 0.1, normal: { x: -1, y: 0 }, point: { x: 0, y: 5 } },
      { id: 'b', time: 0.2, normal: { x: -1, y: 0 }, point: { x: 10, y: 5 } },
    ])
    const diagonal = world.raycast({ x: 100, y: 100 }, { x: -100, y: -100 })
    expect(diagonal.map((hit) => hit.id)).toEqual(['c', 'a'])
    expect(diagonal[0]).toMatchObject({ time: 0.45, normal: { x: 1, y: 0 } })
  })

  it('validates its arguments', () => {
    const world = sample()
    expect(() => world.queryPoint({ x: NaN, y: 0 })).toThrow(
      'queryPoint: point.x must be a finite number (got NaN)',
    )
    expect(() => world.queryRect({ x: 0, y: 0, width: -1, height: 1 })).toThrow(RangeError)
    expect(() => world.raycast({ x: 0, y: 0 }, null as never)).toThrow(TypeError)
  })
})

describe('box', () => {
  it('gives the box world.get gives, into the object passed, with or without a gap', () => {
    for (const gap of [0, 6]) {
      const world = sample()
      world.configure({ gap })
      world.step(1 / 60)
      const into = { x: -1, y: -1, width: -1, height: -1 }
      for (const id of world.ids()) {
        const { x, y, width, height } = world.get(id)
        expect(world.box(id, into)).toBe(into)
        expect(into).toEqual({ x, y, width, height })
        expect(world.box(id)).toEqual({ x, y, width, height })
      }
    }
  })

  it('gives the box of a body added from a listener, as it will enter the world', () => {
    const world = sample()
    world.add({ id: 'd', x: 9, y: 0, width: 10, height: 10, type: 'static' })
    let seen: unknown
    const off = world.on('contactStart', () => {
      if (seen !== undefined) return
      world.add({ id: 'late', x: 100, y: 100, width: 4, height: 8, type: 'static' })
      world.update('late', { x: 120 })
      seen = world.box('late')
    })
    world.step(1 / 60)
    off()
    expect(seen).toEqual({ x: 120, y: 100, width: 4, height: 8 })
  })

  it('names the method and the id of an unknown body', () => {
    expect(() => sample().box('nope')).toThrow('box: body "nope" does not exist')
  })
})

describe('response', () => {
  it('gives the response world.get gives, after an update too', () => {
    const world = sample()
    world.add({ id: 'ghost', x: 300, y: 300, width: 5, height: 5, response: 'cross' })
    world.update('a', { response: 'bounce' })
    for (const id of world.ids()) expect(world.response(id)).toBe(world.get(id).response)
    expect(world.response('ghost')).toBe('cross')
    expect(world.response('a')).toBe('bounce')
  })

  it('gives the response of a body added from a listener, as it will enter the world', () => {
    const world = sample()
    world.add({ id: 'd', x: 9, y: 0, width: 10, height: 10, type: 'static' })
    let seen: unknown
    const off = world.on('contactStart', () => {
      if (seen !== undefined) return
      world.add({ id: 'late', x: 100, y: 100, width: 4, height: 8, response: 'touch' })
      seen = world.response('late')
    })
    world.step(1 / 60)
    off()
    expect(seen).toBe('touch')
  })

  it('names the method and the id of an unknown body', () => {
    expect(() => sample().response('nope')).toThrow('response: body "nope" does not exist')
  })
})

describe('snapshot and restore', () => {
  it('round-trips through JSON and continues identically', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ id: 'floor', x: 0, y: 200, width: 300, height: 10, type: 'static' })
    world.add({
      id: 'box',
      x: 50,
      y: 0,
      width: 20,
      height: 20,
      velocity: { x: 30, y: 0 },
      restitution: 0.5,
    })
    world.add({ x: 60, y: -40, width: 20, height: 20, response: 'bounce' })
    for (let i = 0; i < 10; i++) world.step(1 / 60)
    world.step(0.005)
    const json = JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot
    expect(json).toEqual(world.snapshot())
    const copy = createWorld()
    copy.restore(json)
    expect(copy.snapshot()).toEqual(world.snapshot())
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60)
      copy.step(1 / 60)
    }
    expect(copy.snapshot()).toEqual(world.snapshot())
    expect(copy.add({ x: 0, y: 0, width: 1, height: 1 })).toBe(
      world.add({ x: 0, y: 0, width: 1, height: 1 }),
    )
  })

  it('lists bodies in insertion order, also where a removed body’s place was reused', () => {
    const world = createWorld()
    world.add({ id: 'first', x: 0, y: 0, width: 1, height: 1 })
    world.add({ id: 'second', x: 5, y: 0, width: 1, height: 1 })
    world.remove('first')
    world.add({ id: 'third', x: 10, y: 0, width: 1, height: 1 })
    expect(world.snapshot().bodies.map((body) => body.id)).toEqual(['second', 'third'])
  })

  it('copies the settings without the filter, sharing nothing with the world', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 }, filter: () => true })
    const snapshot = world.snapshot()
    expect('filter' in snapshot.settings).toBe(false)
    snapshot.settings.gravity.y = 5
    expect(world.settings.gravity).toEqual({ x: 0, y: 980 })
  })

  it('rejects a bad snapshot and leaves the world untouched', () => {
    const world = createWorld()
    world.add({ id: 'keep', x: 0, y: 0, width: 1, height: 1 })
    const bad = world.snapshot()
    bad.bodies.push({ ...bad.bodies[0]!, id: 'broken', width: -1 })
    expect(() => world.restore(bad)).toThrow(
      'restore: body "broken" width must be a finite number >= 0 (got -1)',
    )
    const twice = world.snapshot()
    twice.bodies.push(twice.bodies[0]!)
    expect(() => world.restore(twice)).toThrow('restore: body "keep" appears twice')
    expect(world.ids()).toEqual(['keep'])
  })
})
