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

  it('removes a body once when two contacts of one step each remove it (a shot hitting two targets)', () => {
    const world = createWorld()
    world.add({ id: 'shot', x: 10, y: 0, width: 10, height: 10 })
    world.add({ id: 'left', x: 0, y: 0, width: 10, height: 10, type: 'static' })
    world.add({ id: 'right', x: 20, y: 0, width: 10, height: 10, type: 'static' })
    let sparks = 0
    world.on('contactStart', (event) => {
      if (event.a !== 'shot') return
      world.remove('shot')
      // New bodies take the slots freed before them: a second deletion of the shot's slot
      // deleted one of these, and left another listed twice.
      world.add({ id: `spark-${++sparks}`, x: 100 * sparks, y: 100, width: 1, height: 1 })
    })
    const ends: string[] = []
    world.on('contactEnd', (event) => ends.push(`${event.a}/${event.b}`))
    world.step(1 / 60)
    expect(world.ids()).toEqual(['left', 'right', 'spark-1', 'spark-2'])
    expect(world.has('shot')).toBe(false)
    expect(ends).toEqual(['shot/left', 'shot/right'])
    world.step(1 / 60)
    expect(world.ids()).toEqual(['left', 'right', 'spark-1', 'spark-2'])
    expect(world.get('spark-2')).toMatchObject({ x: 200, y: 100 })
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

  it("keeps the swept hit over a push-out of the same step as the pair's source", () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 10, y: -50, width: 10, height: 100, type: 'static' })
    // 1 px into the wall: pushed out of it (a push-out contact), then shoved back against
    // it by the push-out from `pusher`, a move swept against the wall (a swept contact).
    world.add({ id: 'box', x: 1, y: 0, width: 10, height: 10 })
    world.add({ id: 'pusher', x: -5, y: 0, width: 10, height: 10 })
    recordContacts(world)
    world.step(1 / 60)
    expect(world.get('box').x).toBe(0)
    expect(world.snapshot().contacts).toEqual([
      { a: 'box', b: 'wall', normal: { x: -1, y: 0 }, source: 'sweep' },
      { a: 'box', b: 'pusher', normal: { x: 1, y: 0 }, source: 'push' },
    ])
  })

  // The start event is queued with the pair's first contact of the step; a swept hit later
  // in the step wins the pair's record (as the test above shows), and its start event too.
  it('reports in contactStart the swept hit that won over a push-out', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 10, y: -50, width: 10, height: 100, type: 'static' })
    world.add({ id: 'box', x: 1, y: 0, width: 10, height: 10 })
    world.add({ id: 'pusher', x: -5, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events.find((event) => event.b === 'wall')?.source).toBe('sweep')
  })

  it('reports normals without negative zeros, whichever body of the pair came first', () => {
    const world = createWorld()
    // The static floor is older, but the kinematic card is the pair's a: the normal found
    // from the floor toward the card is flipped, which made its 0 a -0.
    world.add({ id: 'floor', x: 0, y: 10, width: 100, height: 10, type: 'static' })
    world.add({ id: 'card', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events).toEqual([
      { type: 'contactStart', a: 'card', b: 'floor', normal: { x: 0, y: -1 }, source: 'push' },
    ])
    expect(Object.is(events[0]!.normal.x, 0)).toBe(true)
  })

  it('runs every listener when one throws, then rethrows the first error', () => {
    const world = createWorld()
    world.add({ x: 0, y: 0, width: 10, height: 10 })
    world.add({ x: 10, y: 0, width: 10, height: 10 })
    const heard: string[] = []
    world.on('contactStart', () => {
      heard.push('first')
      throw new Error('first')
    })
    world.on('contactStart', () => {
      heard.push('second')
      throw new Error('second')
    })
    expect(() => world.step(1 / 60)).toThrow('first')
    expect(heard).toEqual(['first', 'second'])
  })

  it('forgets its pairs when the last listener leaves: a later one hears them start', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const off = world.on('contactStart', () => {})
    world.step(1 / 60)
    off()
    world.step(1 / 60)
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events.map((event) => `${event.type} ${event.a} ${event.b}`)).toEqual([
      'contactStart a b',
    ])
  })

  it('subscribes a listener given twice once: one unsubscribe leaves nobody listening', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const listener = (): void => {}
    const off = world.on('contactStart', listener)
    world.on('contactStart', listener)
    world.step(1 / 60)
    off()
    world.step(1 / 60)
    // Nobody listened in the last step, so the pair starts again for a new listener.
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events.map((event) => `${event.type} ${event.a} ${event.b}`)).toEqual([
      'contactStart a b',
    ])
  })

  it('reports a touch at a corner only as a contact without a normal', () => {
    const world = createWorld()
    world.add({ id: 'box', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'post', x: 10, y: 10, width: 10, height: 10, type: 'static' })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events).toEqual([
      { type: 'contactStart', a: 'box', b: 'post', normal: { x: 0, y: 0 }, source: 'push' },
    ])
  })

  it('reports no contact across a gap, however small', () => {
    const world = createWorld()
    world.add({ id: 'box', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'below', x: 0, y: 10.5, width: 10, height: 10, type: 'static' })
    world.add({ id: 'beside', x: 10.5, y: 0, width: 10, height: 10, type: 'static' })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events).toEqual([])
  })

  it('reports no contact between a body and a solid whose pair is ignored', () => {
    const world = createWorld({
      filter: (a, b) => (a === 'ghost' || b === 'ghost' ? false : undefined),
    })
    world.add({ id: 'floor', x: 0, y: 10, width: 100, height: 10, type: 'static' })
    world.add({ id: 'ghost', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'box', x: 20, y: 0, width: 10, height: 10 })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(events.map((event) => `${event.a}/${event.b}`)).toEqual(['box/floor'])
  })

  it('reports a body passing through a cross solid within one step as a swept contact', () => {
    const world = createWorld({
      filter: (a, b) => (a === 'gate' || b === 'gate' ? 'cross' : undefined),
    })
    world.add({ id: 'gate', x: 20, y: -50, width: 2, height: 100, type: 'static' })
    // 60 px this step: from before the gate to past it.
    world.add({ id: 'box', x: 0, y: 0, width: 10, height: 10, velocity: { x: 3600, y: 0 } })
    const events = recordContacts(world)
    world.step(1 / 60)
    expect(world.get('box').x).toBe(60)
    expect(events).toEqual([
      { type: 'contactStart', a: 'box', b: 'gate', normal: { x: -1, y: 0 }, source: 'sweep' },
    ])
    world.step(1 / 60)
    expect(events.map((event) => event.type)).toEqual(['contactStart', 'contactEnd'])
  })
})
