import { describe, expect, it } from 'vitest'
import { createWorld, type ContactEvent } from '../../../src/core/world/index.js'
import { recordContacts } from './helpers.js'

describe('contact events', () => {
  it('reports a landing once, from the swept hit, with the face normal', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ id: 'floor', x: 0, y: 100, width: 200, height: 10, type: 'static' })
    world.add({ id: 'box', x: 50, y: 60, width: 10, height: 10 })
    const events = recordContacts(world)
    for (let i = 0; i < 120; i++) world.step(1 / 60)
    expect(events).toEqual([
      { type: 'contactStart', a: 'box', b: 'floor', normal: { x: 0, y: -1 }, source: 'sweep' },
    ])
    world.update('box', { velocity: { x: 0, y: -300 } })
    world.step(1 / 60)
    expect(events.map((event) => event.type)).toEqual(['contactStart', 'contactEnd'])
  })

  it('reports stays on request', () => {
    const world = createWorld({ contactStay: true })
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const stays: ContactEvent[] = []
    world.on('contactStay', (event) => stays.push(event))
    const starts = recordContacts(world)
    world.step(1 / 60)
    world.step(1 / 60)
    world.step(1 / 60)
    expect(starts).toHaveLength(1)
    expect(starts[0]).toMatchObject({ a: 'a', b: 'b', normal: { x: -1, y: 0 }, source: 'push' })
    expect(stays).toHaveLength(2)
  })

  it('ends contacts at once when a body is removed', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    world.step(1 / 60)
    world.remove('b')
    expect(events.map((event) => `${event.type} ${event.a} ${event.b}`)).toEqual([
      'contactStart a b',
      'contactEnd a b',
    ])
    world.step(1 / 60)
    expect(events).toHaveLength(2)
  })

  it('defers adds and removes made inside listeners and applies them safely', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    let added = ''
    world.on('contactStart', (event) => {
      if (event.b !== 'b') return
      world.remove('b')
      added = world.add({ id: 'spark', x: 500, y: 0, width: 1, height: 1 })
      expect(world.has('spark')).toBe(true)
    })
    world.step(1 / 60)
    expect(added).toBe('spark')
    expect(world.ids()).toEqual(['a', 'spark'])
    expect(events.map((event) => event.type)).toEqual(['contactStart', 'contactEnd'])
    expect(() => {
      const other = createWorld()
      other.add({ x: 0, y: 0, width: 10, height: 10 })
      other.add({ x: 5, y: 0, width: 10, height: 10 })
      other.on('contactStart', () => other.step(1 / 60))
      other.step(1 / 60)
    }).toThrow('step: cannot step from inside a contact listener')
  })

  it('unsubscribes, and validates its arguments', () => {
    const world = createWorld()
    world.add({ x: 0, y: 0, width: 10, height: 10 })
    world.add({ x: 10, y: 0, width: 10, height: 10 })
    const events: ContactEvent[] = []
    const off = world.on('contactStart', (event) => events.push(event))
    off()
    world.step(1 / 60)
    expect(events).toHaveLength(0)
    expect(() => world.on('touch' as never, () => {})).toThrow(RangeError)
    expect(() => world.on('contactEnd', 3 as never)).toThrow(TypeError)
  })

  it('orders a and b: the more movable body first, then the older one', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 10, y: 0, width: 10, height: 10, type: 'static' })
    world.add({ id: 'card', x: 20, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.add({ id: 'box', x: 0, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events.map((event) => [event.a, event.b, event.normal])).toEqual([
      ['box', 'wall', { x: -1, y: 0 }],
      ['card', 'wall', { x: 1, y: 0 }],
    ])
  })

  it('keeps a and b of a contact, and its normal from b toward a, when a body changes type', () => {
    const world = createWorld({ contactStay: true })
    world.add({ id: 'left', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'right', x: 10, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    world.on('contactStay', (event) => events.push(event))
    world.step(1 / 60)
    // `left` becomes static: a new pair would put `right` first, but this one goes on.
    world.update('left', { type: 'static' })
    world.step(1 / 60)
    expect(events.map((event) => [event.type, event.a, event.b, event.normal])).toEqual([
      ['contactStart', 'left', 'right', { x: -1, y: 0 }],
      ['contactStay', 'left', 'right', { x: -1, y: 0 }],
    ])
  })
  it('reports two dynamic bodies that meet in mid-step as a swept contact', () => {
    const world = createWorld()
    // 15 px this step toward a body 10 px away.
    world.add({ id: 'left', x: 0, y: 0, width: 10, height: 10, velocity: { x: 900, y: 0 } })
    world.add({ id: 'right', x: 20, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events).toEqual([
      { type: 'contactStart', a: 'left', b: 'right', normal: { x: -1, y: 0 }, source: 'sweep' },
    ])
  })
})
