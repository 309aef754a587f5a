import { afterEach, describe, expect, it, vi } from 'vitest'
import { createContactRouting } from '../../src/board/contactRouting.js'
import type { AABBBodyOptions, BodyContact } from '../../src/board/bodyOptions.js'
import { createWorld, type ContactEvent } from '../../src/core/world/index.js'

// The board's contact routing (src/board/contactRouting.ts) over a real world, in Node:
// who hears a contact, from which side, and when the world tracks contacts at all.

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * A world where `a` (10 x 10 at the origin, 600 px/s to the right) meets `b` (10 x 10 at
 * x = 20) within the first steps, and each body's options as the board would hold them.
 */
function collidingPair() {
  const world = createWorld()
  world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10, velocity: { x: 600, y: 0 } })
  world.add({ id: 'b', x: 20, y: 0, width: 10, height: 10 })
  const heardByA: BodyContact[] = []
  const heardByB: BodyContact[] = []
  const options = new Map<string, AABBBodyOptions>([
    ['a', { onContactStart: (contact) => heardByA.push(contact) }],
    ['b', { onContactStart: (contact) => heardByB.push(contact) }],
  ])
  const started = vi.fn()
  const routing = createContactRouting(world, (id) => options.get(id), started)
  return { world, routing, heardByA, heardByB, started }
}

/** Steps `world` for `steps` fixed steps of 1/60 s. */
function run(world: ReturnType<typeof createWorld>, steps: number): void {
  for (let i = 0; i < steps; i++) world.step(1 / 60)
}

describe('createContactRouting', () => {
  it("sends a contact to the world's handler and to both bodies, each seeing the normal from its side", () => {
    const { world, routing, heardByA, heardByB } = collidingPair()
    const worldStarts: ContactEvent[] = []
    routing.setHandlers({ current: { onContactStart: (event) => worldStarts.push(event) } })
    routing.watch()
    run(world, 3)
    expect(worldStarts).toHaveLength(1)
    // a hit b's left face: each normal points from the other body toward the one hearing it.
    expect(heardByA).toEqual([{ id: 'a', other: 'b', normal: { x: -1, y: 0 }, source: 'sweep' }])
    expect(heardByB).toEqual([{ id: 'b', other: 'a', normal: { x: 1, y: 0 }, source: 'sweep' }])
  })

  it('reads the world-level handlers through the ref at each event, without re-subscribing', () => {
    const { world, routing } = collidingPair()
    const first = vi.fn()
    const second = vi.fn()
    const handlers: { current: { onContactStart?: (event: ContactEvent) => void } } = {
      current: { onContactStart: first },
    }
    routing.setHandlers(handlers)
    routing.watch()
    handlers.current = { onContactStart: second }
    run(world, 3)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('routes only while watched: started once for the first watcher, silent after the last leaves', () => {
    const { world, routing, heardByA, started } = collidingPair()
    const stopFirst = routing.watch()
    const stopSecond = routing.watch()
    expect(started).toHaveBeenCalledTimes(1)
    stopFirst()
    // Idempotent: a second call does not take the other watcher's place away.
    stopFirst()
    run(world, 3)
    expect(heardByA).toHaveLength(1)
    stopSecond()
    // With no watcher: a is taken away and thrown at b again; they meet, unheard.
    world.move('a', { x: -100, y: 0 })
    world.update('a', { velocity: { x: 600, y: 0 } })
    run(world, 30)
    expect(world.get('b').x - (world.get('a').x + 10)).toBeLessThanOrEqual(1e-6)
    expect(heardByA).toHaveLength(1)
    expect(started).toHaveBeenCalledTimes(1)
  })

  it('one throwing callback does not keep the others from hearing the contact', () => {
    const { world, routing, heardByB } = collidingPair()
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new Error('handler failed')
    routing.setHandlers({
      current: {
        onContactStart: () => {
          throw failure
        },
      },
    })
    routing.watch()
    run(world, 3)
    expect(heardByB).toHaveLength(1)
    expect(reported).toHaveBeenCalledWith(failure)
  })
})
