import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../src/core/world/index.js'
import type { BodyId, MoveResult, World } from '../../src/core/world/types.js'
import { defaultAnnouncements } from '../../src/board/accessibility.js'
import { keyMoveAnnouncement, moveByKey } from '../../src/board/keyboardMove.js'
import { overlappingPairs } from '../react/support/overlappingPairs.js'

const arrows = [
  { x: 1, y: 0 },
  { x: -1, y: 0 },
  { x: 0, y: 1 },
  { x: 0, y: -1 },
] as const

/** A 400 x 300 board with static walls 20 thick around it. */
function walledWorld(): World {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  world.add({ id: 'left', x: -20, y: 0, width: 20, height: 300, type: 'static' })
  world.add({ id: 'right', x: 400, y: 0, width: 20, height: 300, type: 'static' })
  world.add({ id: 'top', x: 0, y: -20, width: 400, height: 20, type: 'static' })
  world.add({ id: 'bottom', x: 0, y: 300, width: 400, height: 20, type: 'static' })
  return world
}

/**
 * How much rounding a swept stop may leave: a contact time times a long move can land a
 * few ulps past the face (2.8e-14 seen with a 780-unit Shift move), far below a pixel.
 */
const rounding = 1e-9

/** What the world's `aria-live` region says by default after `result`. */
function describeKeyMove(
  result: MoveResult,
  direction: { x: number; y: number },
  labelOf: (id: BodyId) => string,
  id: BodyId,
): string {
  return defaultAnnouncements.onKeyMove(keyMoveAnnouncement(result, direction, labelOf, id))
}

function positions(world: World): Map<BodyId, string> {
  return new Map(world.ids().map((id) => [id, `${world.get(id).x},${world.get(id).y}`]))
}

/** One card per 100 x 100 cell of a 4 x 3 grid: never overlapping at the start, often touching. */
const card = fc.record({
  width: fc.integer({ min: 20, max: 100 }),
  height: fc.integer({ min: 20, max: 100 }),
  offsetX: fc.integer({ min: 0, max: 100 }),
  offsetY: fc.integer({ min: 0, max: 100 }),
  pushable: fc.boolean(),
})
const press = fc.record({
  card: fc.nat(11),
  arrow: fc.constantFrom(...arrows),
  step: fc.oneof(fc.integer({ min: 1, max: 150 }), fc.constant('untilContact' as const)),
})

describe('moveByKey', () => {
  it('never leaves an overlap, and names exactly the bodies a step pushed', () => {
    fc.assert(
      fc.property(
        fc.array(card, { minLength: 12, maxLength: 12 }),
        fc.array(press),
        (cards, presses) => {
          const world = walledWorld()
          cards.forEach((c, index) => {
            const cellX = (index % 4) * 100
            const cellY = Math.floor(index / 4) * 100
            world.add({
              id: `card${index}`,
              x: cellX + Math.min(c.offsetX, 100 - c.width),
              y: cellY + Math.min(c.offsetY, 100 - c.height),
              width: c.width,
              height: c.height,
              pushable: c.pushable,
            })
          })
          for (const { card: index, arrow, step } of presses) {
            const id = `card${index}`
            const before = positions(world)
            const result = moveByKey(world, id, arrow, step)
            const after = positions(world)
            const moved = [...before.keys()].filter(
              (other) => other !== id && before.get(other) !== after.get(other),
            )
            expect(overlappingPairs(world, rounding)).toEqual([])
            expect(result.pushed.map(({ id: pushed }) => pushed).sort()).toEqual(moved.sort())
            // Shift stops at the first contact: it never pushes.
            if (step === 'untilContact') expect(result.pushed).toEqual([])
            for (const { id: pushed, from, to } of result.pushed) {
              expect(describeKeyMove(result, arrow, (body) => body, id)).toContain(pushed)
              expect(`${from.x},${from.y}`).toBe(before.get(pushed))
              expect(`${to.x},${to.y}`).toBe(after.get(pushed))
            }
          }
        },
      ),
    )
  })

  it('lists the pushed bodies nearest first', () => {
    const world = walledWorld()
    world.add({ id: 'notes', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'log', x: 100, y: 0, width: 50, height: 50 })
    world.add({ id: 'chart', x: 50, y: 0, width: 50, height: 50 })
    const result = moveByKey(world, 'notes', { x: 1, y: 0 }, 10)
    expect(result.pushed).toEqual([
      { id: 'chart', by: 'notes', from: { x: 50, y: 0 }, to: { x: 60, y: 0 } },
      { id: 'log', by: 'chart', from: { x: 100, y: 0 }, to: { x: 110, y: 0 } },
    ])
    const label = (id: BodyId) => id[0]!.toUpperCase() + id.slice(1)
    expect(describeKeyMove(result, { x: 1, y: 0 }, label, 'notes')).toBe(
      'Notes moved right, pushed Chart and Log',
    )
  })

  it('moves a static body without pushing: a pointer could not drag it either', () => {
    const world = walledWorld()
    world.add({ id: 'sign', x: 0, y: 0, width: 50, height: 50, type: 'static' })
    world.add({ id: 'chart', x: 50, y: 0, width: 50, height: 50 })
    const result = moveByKey(world, 'sign', { x: 1, y: 0 }, 10)
    expect(result.pushed).toEqual([])
    expect(world.get('chart').x).toBe(50)
  })
})
