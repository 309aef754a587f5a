import { describe, expect, it } from 'vitest'
import { createWorld, type World, type WorldSnapshot } from '../../../src/core/world/index.js'
import { recordContacts } from './helpers.js'

/** Boxes falling on a floor and onto one another, a few landing late: contacts start and end. */
function fallingBoxes(): World {
  const world = createWorld({ gravity: { x: 0, y: 980 } })
  world.add({ id: 'floor', x: 0, y: 200, width: 300, height: 10, type: 'static' })
  for (let index = 0; index < 8; index++) {
    world.add({
      id: `box${index}`,
      x: 20 + index * 31,
      y: 40 - index * 17,
      width: 28,
      height: 20,
      velocity: { x: index % 2 === 0 ? 40 : -40, y: 0 },
      restitution: 0.4,
      response: 'bounce',
    })
  }
  return world
}

const asJson = (snapshot: WorldSnapshot): WorldSnapshot =>
  JSON.parse(JSON.stringify(snapshot)) as WorldSnapshot

describe('contacts in snapshots', () => {
  it('restoring a world onto itself ends and starts nothing', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ id: 'floor', x: 0, y: 100, width: 200, height: 10, type: 'static' })
    world.add({ id: 'box', x: 50, y: 60, width: 10, height: 10 })
    const events = recordContacts(world)
    for (let step = 0; step < 60; step++) world.step(1 / 60)
    expect(events.map((event) => event.type)).toEqual(['contactStart'])
    const snapshot = world.snapshot()
    // Landed by a sweep, it has rested on the floor since: the contact is a touching one.
    expect(snapshot.contacts).toEqual([
      { a: 'box', b: 'floor', normal: { x: 0, y: -1 }, source: 'push' },
    ])
    world.restore(asJson(snapshot))
    expect(world.snapshot().contacts).toEqual(snapshot.contacts)
    for (let step = 0; step < 10; step++) world.step(1 / 60)
    expect(events.map((event) => event.type)).toEqual(['contactStart'])
  })

  it('a fresh world restored from a snapshot reports the same events as the original from then on', () => {
    const original = fallingBoxes()
    const originalEvents = recordContacts(original)
    for (let step = 0; step < 40; step++) original.step(1 / 60)
    const restored = createWorld()
    const restoredEvents = recordContacts(restored)
    restored.restore(asJson(original.snapshot()))
    originalEvents.length = 0
    for (let step = 0; step < 200; step++) {
      original.step(1 / 60)
      restored.step(1 / 60)
    }
    expect(originalEvents.length).toBeGreaterThan(0)
    expect(restoredEvents).toEqual(originalEvents)
  })

  it('ends the contacts the snapshot does not have, and keeps those it has', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10, type: 'static' })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const before = world.snapshot() // b touches a, but nothing has stepped: no contact yet
    const events = recordContacts(world)
    world.step(1 / 60)
    world.add({ id: 'c', x: 0, y: 10, width: 5, height: 10 })
    world.step(1 / 60)
    const touching = world.snapshot()
    expect(touching.contacts?.map(({ a, b }) => `${a}/${b}`)).toEqual(['b/a', 'c/a'])
    events.length = 0
    world.restore({ ...touching, contacts: touching.contacts!.slice(0, 1) })
    expect(events).toEqual([
      { type: 'contactEnd', a: 'c', b: 'a', normal: { x: 0, y: 1 }, source: 'push' },
    ])
    events.length = 0
    world.step(1 / 60) // c touches a again: it starts anew
    expect(events.map(({ type, a, b }) => `${type} ${a}/${b}`)).toEqual(['contactStart c/a'])
    events.length = 0
    world.restore(before)
    expect(events.map(({ type, a, b }) => `${type} ${a}/${b}`)).toEqual([
      'contactEnd b/a',
      'contactEnd c/a',
    ])
  })

  it('goes on with a pair in its snapshot’s order, where a new pair would be ordered otherwise', () => {
    const world = createWorld({ contactStay: true })
    world.add({ id: 'left', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'right', x: 10, y: 0, width: 10, height: 10 })
    recordContacts(world)
    world.step(1 / 60)
    // `left` becomes static: a new pair would be right/left, the snapshot's is left/right.
    world.update('left', { type: 'static' })
    const restored = createWorld()
    const restoredEvents = recordContacts(restored)
    restored.on('contactStay', (event) => restoredEvents.push(event))
    restored.restore(asJson(world.snapshot()))
    restored.step(1 / 60)
    expect(restoredEvents).toEqual([
      { type: 'contactStay', a: 'left', b: 'right', normal: { x: -1, y: 0 }, source: 'push' },
    ])
  })

  it('keeps at restore a pair the snapshot has in the other order than the live contact', () => {
    const world = createWorld()
    const events = recordContacts(world)
    world.add({ id: 'A', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'B', x: 10, y: 0, width: 10, height: 10 })
    world.step(1 / 60)
    const snapshot = world.snapshot()
    // A removed and added again (a remount reusing the id): the live pair is now B/A.
    world.remove('A')
    world.add({ id: 'A', x: 0, y: 0, width: 10, height: 10 })
    world.step(1 / 60)
    events.length = 0
    world.restore(snapshot)
    world.step(1 / 60)
    expect(events).toEqual([])
    world.move('A', { x: -100, y: 0 })
    world.step(1 / 60)
    expect(events.map(({ type, a, b }) => `${type} ${a}/${b}`)).toEqual(['contactEnd A/B'])
  })

  it('refuses contacts that are not pairs of the snapshot’s bodies, before anything changes', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10 })
    const snapshot = world.snapshot()
    const contact = { a: 'a', b: 'b', normal: { x: -1, y: 0 }, source: 'push' as const }
    const cases: Array<[unknown, string]> = [
      ['none', 'restore: snapshot.contacts must be an array (got "none")'],
      [[null], 'restore: snapshot.contacts[0] must be an object (got null)'],
      [
        [{ ...contact, b: 'ghost' }],
        'restore: snapshot.contacts[0] b must be the id of a body of the snapshot (got "ghost")',
      ],
      [
        [{ ...contact, b: 'a' }],
        'restore: snapshot.contacts[0] must be a pair of two bodies listed once (got "a", "a")',
      ],
      [
        [contact, { ...contact, a: 'b', b: 'a' }],
        'restore: snapshot.contacts[1] must be a pair of two bodies listed once (got "b", "a")',
      ],
      [
        [{ ...contact, normal: { x: Number.NaN, y: 0 } }],
        'restore: snapshot.contacts[0] normal.x must be a finite number (got NaN)',
      ],
      [
        [{ ...contact, source: 'magic' }],
        `restore: snapshot.contacts[0] source must be one of 'push', 'sweep' (got "magic")`,
      ],
    ]
    world.update('b', { x: 50 })
    for (const [contacts, message] of cases) {
      expect(() => world.restore({ ...snapshot, contacts } as WorldSnapshot)).toThrow(message)
    }
    expect(world.get('b').x).toBe(50)
  })
})
