import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createWorld,
  type BodyOptions,
  type BodyPatch,
  type MoveResult,
  type World,
  type WorldSettings,
} from '../../../src/core/world/index.js'

/**
 * A world whose first step starts one contact (a touches b, far from the rest), so a
 * `contactStart` listener runs exactly once, right after that step.
 */
function worldWithOneContact(settings?: Partial<WorldSettings>): World {
  const world = createWorld(settings)
  world.add({ id: 'a', x: -1000, y: -1000, width: 10, height: 10 })
  world.add({ id: 'b', x: -990, y: -1000, width: 10, height: 10, type: 'static' })
  return world
}

/** Runs `inside` from the `contactStart` listener of the world's next step; returns its value. */
function fromListener<T>(world: World, inside: () => T): T {
  let result: { value: T } | undefined
  const off = world.on('contactStart', () => {
    if (result === undefined) result = { value: inside() }
  })
  world.step(1 / 60)
  off()
  if (result === undefined) throw new Error('the listener did not run')
  return result.value
}

/** A wall and two pushable boxes the body "late" meets when moved right from x = 0. */
function addObstacles(world: World): void {
  world.add({ id: 'box1', x: 20, y: 0, width: 10, height: 10 })
  world.add({ id: 'box2', x: 35, y: 0, width: 10, height: 10 })
  world.add({ id: 'wall', x: 60, y: -50, width: 10, height: 100, type: 'static' })
}

const LATE: BodyOptions = { id: 'late', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' }

describe('get of a body whose add is still queued (added from a listener)', () => {
  it('returns the snapshot the body will have, of the same shape as for a live body', () => {
    const world = worldWithOneContact()
    const options: BodyOptions = { id: 'late', x: 100, y: 50, width: 5, height: 6, mass: 3 }
    const inside = fromListener(world, () => {
      world.add(options)
      return world.get('late')
    })
    expect(inside).toEqual(world.get('late'))
    const reference = createWorld()
    reference.add(options)
    expect(inside).toEqual(reference.get('late'))
    expect(Object.keys(inside)).toEqual(Object.keys(reference.get('late')))
  })

  it('includes the queued patches', () => {
    const world = worldWithOneContact()
    const inside = fromListener(world, () => {
      const id = world.add({ x: 100, y: 50, width: 5, height: 5 })
      world.update(id, { x: 300, velocity: { x: 7, y: 8 }, type: 'static' })
      return world.get(id)
    })
    expect(inside).toMatchObject({ x: 300, y: 50, velocity: { x: 7, y: 8 }, type: 'static' })
    expect(world.get(inside.id)).toEqual(inside)
  })

  it('returns a copy: changing it changes nothing', () => {
    const world = worldWithOneContact()
    fromListener(world, () => {
      world.add({ id: 'late', x: 100, y: 50, width: 5, height: 5 })
      const snapshot = world.get('late')
      snapshot.x = 999
      snapshot.velocity.x = 999
      expect(world.get('late')).toMatchObject({ x: 100, velocity: { x: 0, y: 0 } })
    })
    expect(world.get('late')).toMatchObject({ x: 100, velocity: { x: 0, y: 0 } })
  })

  it('throws the usual unknown-id error once the queued add was removed', () => {
    const world = worldWithOneContact()
    const error = fromListener(world, () => {
      world.add({ id: 'ghost', x: 100, y: 0, width: 5, height: 5 })
      world.remove('ghost')
      try {
        world.get('ghost')
      } catch (caught) {
        return caught
      }
      return undefined
    })
    expect(error).toBeInstanceOf(RangeError)
    expect((error as Error).message).toBe(
      'get: body "ghost" does not exist (unknown or removed id)',
    )
    expect(() => world.get('ghost')).toThrow('get: body "ghost" does not exist')
    expect(world.ids()).toEqual(['a', 'b'])
  })
})

describe('move of a body whose add is still queued (added from a listener)', () => {
  /** What `move` gives for the same body added outside a listener, in the same layout. */
  function referenceMove(goal: { x: number; y: number }, push: boolean) {
    const world = worldWithOneContact()
    addObstacles(world)
    world.step(1 / 60)
    world.add(LATE)
    const result = world.move('late', goal, { push })
    return { result, bodies: world.ids().map((id) => world.get(id)) }
  }

  for (const push of [false, true]) {
    it(`is immediate, as for a live body: it sweeps now (push: ${push})`, () => {
      const world = worldWithOneContact()
      addObstacles(world)
      const goal = { x: 100, y: 5 }
      const inside = fromListener(world, () => {
        world.add(LATE)
        const result = world.move('late', goal, { push })
        return { result, got: world.get('late'), size: world.size, ids: world.ids() }
      })
      const reference = referenceMove(goal, push)
      expect(inside.result).toEqual(reference.result)
      // The pushed boxes are named; the queued body, lent a slot for the call, is not.
      expect(inside.result.pushed.map(({ id }) => id)).toEqual(push ? ['box2', 'box1'] : [])
      expect(inside.got).toMatchObject({ x: inside.result.x, y: inside.result.y })
      // The body was not in the world during the call, and is not left half-made in it.
      expect(inside.size).toBe(5)
      expect(inside.ids).toEqual(['a', 'b', 'box1', 'box2', 'wall'])
      // It enters where the move left it; bodies it pushed stay pushed.
      expect(world.ids().map((id) => world.get(id))).toEqual(reference.bodies)
    })
  }

  it('starts from the queued patches, and a later patch overrides it', () => {
    const world = worldWithOneContact()
    addObstacles(world)
    const results = fromListener(world, () => {
      world.add(LATE)
      world.update('late', { y: 200 })
      const first = world.move('late', { x: 100, y: 200 })
      world.update('late', { x: 5 })
      return { first, got: world.get('late') }
    })
    expect(results.first).toEqual({ x: 100, y: 200, reached: true, hits: [], pushed: [] })
    expect(results.got).toMatchObject({ x: 5, y: 200 })
    expect(world.get('late')).toMatchObject({ x: 5, y: 200 })
  })

  it('logs its hits for forEachHit, as a live move does', () => {
    const world = worldWithOneContact()
    addObstacles(world)
    fromListener(world, () => {
      world.add(LATE)
      world.move('late', { x: 100, y: 0 })
    })
    const hits: string[] = []
    world.forEachHit((hit) => hits.push(`${hit.id}/${hit.other}`))
    expect(hits).toEqual(['late/box1'])
  })

  it('checks its arguments as for a live body, changing nothing when they are bad', () => {
    const world = worldWithOneContact()
    fromListener(world, () => {
      world.add(LATE)
      expect(() => world.move('late', { x: Number.NaN, y: 0 })).toThrow(
        'move: body "late" goal.x must be a finite number',
      )
      expect(() => world.move('late', { x: 1, y: 0 }, 3 as never)).toThrow(
        'move: body "late" options must be an object (got 3)',
      )
      expect(() => world.move('late', { x: 1, y: 0 }, { push: 'yes' as never })).toThrow(
        'move: body "late" options.push must be a boolean',
      )
      expect(world.get('late')).toMatchObject({ x: 0, y: 0 })
    })
    expect(world.get('late')).toMatchObject({ x: 0, y: 0 })
  })

  it('throws the usual unknown-id error once the queued add was removed', () => {
    const world = worldWithOneContact()
    const error = fromListener(world, () => {
      world.add(LATE)
      world.remove('late')
      try {
        world.move('late', { x: 10, y: 0 })
      } catch (caught) {
        return caught
      }
      return undefined
    })
    expect(error).toBeInstanceOf(RangeError)
    expect((error as Error).message).toBe(
      'move: body "late" does not exist (unknown or removed id)',
    )
    expect(world.has('late')).toBe(false)
  })

  it('moved then removed: nothing enters, and the world holds no trace of it', () => {
    const world = worldWithOneContact()
    addObstacles(world)
    fromListener(world, () => {
      world.add(LATE)
      world.move('late', { x: 100, y: 0 })
      world.remove('late')
    })
    expect(world.ids()).toEqual(['a', 'b', 'box1', 'box2', 'wall'])
    expect(world.queryRect({ x: -5, y: -5, width: 20, height: 20 })).toEqual([])
    expect(world.snapshot().bodies.map((body) => body.id)).toEqual(world.ids())
  })

  it('with a throwing filter: completes the move, then throws; the add still enters once', () => {
    const world = worldWithOneContact()
    addObstacles(world)
    let failing = false
    world.configure({
      filter: () => {
        if (failing) throw new Error('filter failed')
        return true
      },
    })
    const inside = fromListener(world, () => {
      world.add(LATE)
      failing = true
      let message = ''
      try {
        world.move('late', { x: 100, y: 0 })
      } catch (error) {
        message = (error as Error).message
      }
      failing = false
      return { message, got: world.get('late'), size: world.size }
    })
    expect(inside.message).toBe('filter failed')
    expect(inside.got.x).toBe(10)
    expect(inside.size).toBe(5)
    expect(world.ids()).toEqual(['a', 'b', 'box1', 'box2', 'wall', 'late'])
    expect(world.get('late').x).toBe(10)
  })

  it('is deterministic: the same calls give the same bits', () => {
    function run() {
      const world = worldWithOneContact({ gravity: { x: 0, y: 300 } })
      addObstacles(world)
      const results: MoveResult[] = []
      fromListener(world, () => {
        world.add({ ...LATE, type: 'dynamic', x: 0.1, y: 0.3 })
        results.push(world.move('late', { x: 77.7, y: 3.3 }, { push: true }))
        results.push(world.move('late', { x: -13.1, y: 9.9 }))
      })
      for (let i = 0; i < 30; i++) world.step(1 / 60)
      return JSON.stringify({ results, snapshot: world.snapshot() })
    }
    expect(run()).toBe(run())
  })
})

const patchArbitrary: fc.Arbitrary<BodyPatch> = fc.record(
  {
    x: fc.double({ min: -500, max: 500, noNaN: true }),
    y: fc.double({ min: -500, max: 500, noNaN: true }),
    width: fc.double({ min: 0, max: 50, noNaN: true }),
    height: fc.double({ min: 0, max: 50, noNaN: true }),
    type: fc.constantFrom('static' as const, 'kinematic' as const, 'dynamic' as const),
    velocity: fc.record({
      x: fc.double({ min: -100, max: 100, noNaN: true }),
      y: fc.double({ min: -100, max: 100, noNaN: true }),
    }),
    mass: fc.double({ min: 0.5, max: 10, noNaN: true }),
    restitution: fc.double({ min: 0, max: 1, noNaN: true }),
    layer: fc.integer({ min: 0, max: 0xffffffff }),
    pushable: fc.boolean(),
  },
  { requiredKeys: [] },
)

describe('property: get inside the listener is what the body is after the batch', () => {
  it('for any add and patches of a queued body', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: -500, max: 500, noNaN: true }),
          y: fc.double({ min: -500, max: 500, noNaN: true }),
          width: fc.double({ min: 0, max: 50, noNaN: true }),
          height: fc.double({ min: 0, max: 50, noNaN: true }),
        }),
        fc.array(patchArbitrary, { maxLength: 5 }),
        (options, patches) => {
          const world = worldWithOneContact({ gravity: { x: 0, y: 500 } })
          const seen = fromListener(world, () => {
            const id = world.add(options)
            const views = [world.get(id)]
            for (const patch of patches) {
              world.update(id, patch)
              views.push(world.get(id))
            }
            return { id, views }
          })
          // The body enters after the step's motion: the step changed none of its fields.
          expect(seen.views.at(-1)).toEqual(world.get(seen.id))
          expect(Object.is(seen.views.at(-1)!.x, world.get(seen.id).x)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })
})
