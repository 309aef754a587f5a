import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createWorld,
  type BodyOptions,
  type BodyPatch,
  type ContactEvent,
  type World,
  type WorldSnapshot,
} from '../../../src/core/world/index.js'
import { bodiesOf, expectFiniteBodies } from './helpers.js'

// Random sequences of every operation that changes a world, made directly and from inside
// contact listeners (where they are deferred), checked against the invariants of its
// bookkeeping after each one. A fuzz of this kind found a body removed twice from listeners
// deleting another body's slot.

const place = fc.double({ min: -100, max: 100, noNaN: true })
const size = fc.double({ min: 0, max: 60, noNaN: true })
const speed = fc.double({ min: -3000, max: 3000, noNaN: true })

const body: fc.Arbitrary<BodyOptions> = fc.record({
  x: place,
  y: place,
  width: size,
  height: size,
  velocity: fc.record({ x: speed, y: speed }),
  type: fc.constantFrom('dynamic', 'dynamic', 'dynamic', 'static', 'kinematic'),
  response: fc.constantFrom('slide', 'touch', 'bounce', 'cross'),
  restitution: fc.double({ min: 0, max: 1, noNaN: true }),
  layer: fc.constantFrom(1, 2),
  mask: fc.constantFrom(0xffffffff, 1),
})

const patch: fc.Arbitrary<BodyPatch> = fc.oneof(
  fc.record({ type: fc.constantFrom('dynamic', 'static', 'kinematic') }),
  fc.record({ x: place, y: place }),
  fc.record({ velocity: fc.record({ x: speed, y: speed }) }),
  fc.record({ width: size }),
  fc.record({ pushable: fc.boolean() }),
)

/** An operation on a world; `pick` chooses one of its bodies (modulo their count). */
type Operation =
  | { kind: 'add'; body: BodyOptions }
  | { kind: 'remove'; pick: number }
  | { kind: 'update'; pick: number; patch: BodyPatch }
  | { kind: 'move'; pick: number; goal: { x: number; y: number }; push: boolean }
  | { kind: 'step' }
  | { kind: 'restore' }

const pick = fc.nat(1000)
const add = fc.record({ kind: fc.constant('add' as const), body })
const remove = fc.record({ kind: fc.constant('remove' as const), pick })
const update = fc.record({ kind: fc.constant('update' as const), pick, patch })
const move = fc.record({
  kind: fc.constant('move' as const),
  pick,
  goal: fc.record({ x: place, y: place }),
  push: fc.boolean(),
})
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: add, weight: 3 },
  { arbitrary: remove, weight: 2 },
  { arbitrary: update, weight: 2 },
  { arbitrary: move, weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('step' as const) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('restore' as const) }), weight: 1 },
)
/** What a listener does (it may not step or restore: those throw by design): mostly adds and removes. */
const listenerOperation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: remove, weight: 3 },
  { arbitrary: add, weight: 3 },
  { arbitrary: update, weight: 1 },
  { arbitrary: move, weight: 1 },
)

/**
 * Applies `op` to `world`. `ids` are the ids handed out so far (some removed, so removes and
 * updates also meet unknown ids, which must throw a RangeError); removes, updates and moves
 * choose among `targets` (by default all of them).
 */
function apply(world: World, ids: string[], op: Operation, targets: readonly string[] = ids): void {
  const chosen = (n: number) => targets[n % targets.length]
  try {
    switch (op.kind) {
      case 'add':
        ids.push(world.add(op.body))
        return
      case 'remove':
        if (targets.length > 0) world.remove(chosen(op.pick)!)
        return
      case 'update':
        if (targets.length > 0) world.update(chosen(op.pick)!, op.patch)
        return
      case 'move':
        if (targets.length > 0) world.move(chosen(op.pick)!, op.goal, { push: op.push })
        return
      case 'step':
        world.step(1 / 60)
        return
      case 'restore':
        world.restore(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot)
        return
    }
  } catch (error) {
    // Only a removed id may be refused, and by name.
    expect(error).toBeInstanceOf(RangeError)
    expect(String(error)).toContain('does not exist')
  }
}

/** The invariants of a world's bookkeeping, outside listeners; `handedOut`: every id it gave. */
function expectConsistent(world: World, handedOut: readonly string[]): void {
  const ids = world.ids()
  expect(new Set(ids).size).toBe(ids.length)
  expect(world.size).toBe(ids.length)
  // No body is lost from the list while its id still answers, nor listed once removed.
  const listed = new Set(ids)
  for (const id of handedOut) expect(world.has(id), id).toBe(listed.has(id))
  for (const id of ids) expect(world.has(id)).toBe(true)
  expectFiniteBodies(world)
  // Every body is found where it is: the index agrees with the bodies.
  for (const body of bodiesOf(world)) {
    expect(world.queryRect(body)).toContain(body.id)
  }
  // A snapshot restores into a fresh world with the same bodies in the same order.
  const copy = createWorld()
  copy.restore(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot)
  expect(copy.ids()).toEqual(ids)
}

describe('random operations', { timeout: 60_000 }, () => {
  it('keep ids unique, the size, the index and snapshots right, also when made from listeners', () => {
    fc.assert(
      fc.property(
        fc.array(body, { minLength: 1, maxLength: 6 }),
        fc.array(operation, { maxLength: 25 }),
        // What listeners do, one entry per event heard, in order, until they run out.
        fc.array(fc.option(listenerOperation, { freq: 2 }), { maxLength: 60 }),
        (start, operations, listenerOperations) => {
          const world = createWorld({ gravity: { x: 0, y: 600 } })
          const ids: string[] = []
          for (const each of start) ids.push(world.add(each))
          let next = 0
          // A listener acts on the pair it hears of (as "remove the coin on contact" does).
          const listener = (event: ContactEvent): void => {
            const op = listenerOperations[next++]
            if (op) apply(world, ids, op, [event.a, event.b])
          }
          world.on('contactStart', listener)
          world.on('contactEnd', listener)
          for (const op of operations) {
            apply(world, ids, op)
            expectConsistent(world, ids)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })
})
