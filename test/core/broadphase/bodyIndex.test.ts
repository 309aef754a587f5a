import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'

// The body index (src/core/broadphase/bodyIndex.ts) behind queries, findFreeSpot and move:
// bodies moved or resized since its grid was built are filed again in place (their cell
// changes, their bounds are written over). Every query must still see every body where the
// store has it now.

/** The oracle: the ids of the bodies whose boxes overlap or touch `rect`, in insertion order. */
function bruteForceRect(
  world: World,
  rect: { x: number; y: number; width: number; height: number },
) {
  return world.ids().filter((id) => {
    const body = world.get(id)
    return (
      body.x <= rect.x + rect.width &&
      rect.x <= body.x + body.width &&
      body.y <= rect.y + rect.height &&
      rect.y <= body.y + body.height
    )
  })
}

const coordinate = fc.integer({ min: -100, max: 600 })
const size = fc.integer({ min: 0, max: 120 })
const rect = fc.record({ x: coordinate, y: coordinate, width: size, height: size })
const operation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('place' as const), pick: fc.nat(), to: rect }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      x: coordinate,
      y: coordinate,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), box: rect }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('query' as const), area: rect }) },
)

describe('BodyIndex', () => {
  it('property: after any sequence of moves, resizes, adds and removes (each filed again in place, no rebuild), a query finds exactly the bodies where they are, in insertion order', () => {
    fc.assert(
      fc.property(
        fc.array(rect, { minLength: 1, maxLength: 40 }),
        fc.array(operation, { maxLength: 150 }),
        (boxes, operations) => {
          const world = createWorld()
          boxes.forEach((box) => world.add({ ...box, type: 'static' }))
          for (const op of operations) {
            const ids = world.ids()
            const id = ids.length > 0 && 'pick' in op ? ids[op.pick % ids.length]! : undefined
            if (op.kind === 'place' && id !== undefined) world.update(id, op.to)
            else if (op.kind === 'move' && id !== undefined) world.move(id, { x: op.x, y: op.y })
            else if (op.kind === 'add') world.add({ ...op.box, type: 'static' })
            else if (op.kind === 'remove' && id !== undefined) world.remove(id)
            else if (op.kind === 'query') {
              expect(world.queryRect(op.area)).toEqual(bruteForceRect(world, op.area))
            }
          }
          const everywhere = { x: -1000, y: -1000, width: 3000, height: 3000 }
          expect(world.queryRect(everywhere)).toEqual(world.ids())
        },
      ),
      { numRuns: 300 },
    )
  }, 60_000) // many worlds: slow on a loaded machine, not a timed test
})
