import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { World } from '../../src/core/world/types.js'
import { createDragSessions } from '../../src/board/dragSessions.js'
import { moveGroupByKey } from '../../src/board/groupKeyMove.js'
import { PROPERTY_TIMEOUT } from '../core/world/helpers.js'
import { overlappingPairs } from '../react/support/overlappingPairs.js'
import { places, walledBoard } from './helpers.js'

/** Two selected cards stacked at the left, a third right of the lower one. */
function threeCards(): World {
  const world = walledBoard()
  world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
  world.add({ id: 'b', x: 0, y: 60, width: 50, height: 50 })
  world.add({ id: 'c', x: 80, y: 60, width: 50, height: 50 })
  return world
}

function frame(
  world: World,
  drags: ReturnType<typeof createDragSessions>,
  id: string,
  x: number,
  y: number,
): void {
  drags.aim(id, { x, y })
  drags.applyGoals(1 / 60)
  world.step(1 / 60)
}

describe('group drag sessions', () => {
  it('a drag of a selected card moves the group by one displacement and pushes what is in the way', () => {
    const world = threeCards()
    const drags = createDragSessions(world, { returnPushed: false })
    expect(drags.begin('a', undefined, undefined, ['a', 'b'])).toBe(true)
    expect(drags.has('b')).toBe(true)
    expect(drags.membersOf('a')).toEqual(['b'])
    expect(world.get('b').type).toBe('kinematic')
    frame(world, drags, 'a', 100, 0)
    expect(world.get('a')).toMatchObject({ x: 100, y: 0 })
    expect(world.get('b')).toMatchObject({ x: 100, y: 60 })
    expect(world.get('c').x).toBe(150)
    drags.end('a', 'drop')
    expect(drags.has('b')).toBe(false)
    expect(world.get('b').type).toBe('dynamic')
  })

  it('Escape puts every member and every pushed card back', () => {
    const world = threeCards()
    const before = places(world)
    const drags = createDragSessions(world)
    drags.begin('b', undefined, undefined, ['a', 'b'])
    frame(world, drags, 'b', 120, 30)
    expect(places(world)).not.toEqual(before)
    drags.end('b', 'return')
    world.step(1 / 60)
    expect(places(world)).toEqual(before)
    expect(world.get('a').type).toBe('dynamic')
  })

  it('the pushed card returns when the group moves on (returnPushed)', () => {
    const world = threeCards()
    const drags = createDragSessions(world)
    drags.begin('a', undefined, undefined, ['a', 'b'])
    frame(world, drags, 'a', 60, 0)
    expect(world.get('c').x).toBe(110)
    // The group goes back up and left: c slides back to where it was.
    frame(world, drags, 'a', 0, 0)
    expect(world.get('c').x).toBe(80)
  })

  it('a member removed mid-drag leaves the group, which goes on', () => {
    const world = threeCards()
    const drags = createDragSessions(world)
    drags.begin('a', undefined, undefined, ['a', 'b'])
    world.remove('b')
    expect(drags.endByEngine('b', 'gone')).toBe(false)
    expect(drags.has('b')).toBe(false)
    frame(world, drags, 'a', 30, 0)
    expect(world.get('a').x).toBe(30)
  })

  it('the keys move the selection by a step, pushing; Shift stops the group at the first contact', () => {
    const world = threeCards()
    const right = { x: 1, y: 0 }
    const pushed = moveGroupByKey(world, ['a', 'b'], right, 40)
    expect(pushed.delta).toEqual({ x: 40, y: 0 })
    expect(pushed.pushed.map(({ id }) => id)).toEqual(['c'])
    expect(world.get('c').x).toBe(90)
    const stopped = moveGroupByKey(world, ['a', 'b'], { x: 0, y: 1 }, 'untilContact')
    expect(stopped.pushed).toEqual([])
    expect(world.get('b').y + world.get('b').height).toBe(400)
    expect(world.get('a').y).toBe(290)
  })

  it(
    'property: random groups dragged along random paths: 0 overlaps, offsets kept, Escape restores',
    () => {
      const cell = fc.constantFrom('card' as const, 'empty' as const)
      const scene = fc.record({
        cells: fc.array(cell, { minLength: 16, maxLength: 16 }),
        picks: fc.array(fc.nat(15), { minLength: 2, maxLength: 5 }),
        path: fc.array(
          fc.record({
            x: fc.integer({ min: -400, max: 400 }),
            y: fc.integer({ min: -400, max: 400 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
      })
      fc.assert(
        fc.property(scene, ({ cells, picks, path }) => {
          const world = walledBoard()
          const ids: string[] = []
          cells.forEach((kind, index) => {
            if (kind === 'empty' && !picks.includes(index)) return
            const id = `card${index}`
            world.add({
              id,
              x: (index % 4) * 100 + 20,
              y: Math.floor(index / 4) * 100 + 20,
              width: 60,
              height: 60,
            })
            ids.push(id)
          })
          const group = [...new Set(picks.map((index) => `card${index}`))]
          const lead = group[0]!
          const before = places(world)
          const drags = createDragSessions(world)
          drags.begin(lead, undefined, undefined, group)
          const starts = group.map((id) => world.get(id))
          for (const point of path) {
            frame(world, drags, lead, point.x, point.y)
            expect(overlappingPairs(world, 1e-9)).toEqual([])
            const dx = world.get(lead).x - starts[0]!.x
            const dy = world.get(lead).y - starts[0]!.y
            group.forEach((id, k) => {
              expect(world.get(id).x - starts[k]!.x).toBeCloseTo(dx, 9)
              expect(world.get(id).y - starts[k]!.y).toBeCloseTo(dy, 9)
            })
            for (const id of ids) {
              const body = world.get(id)
              expect(body.x).toBeGreaterThanOrEqual(-1e-9)
              expect(body.x + body.width).toBeLessThanOrEqual(400 + 1e-9)
              expect(body.y).toBeGreaterThanOrEqual(-1e-9)
              expect(body.y + body.height).toBeLessThanOrEqual(400 + 1e-9)
            }
          }
          drags.end(lead, 'return')
          expect(places(world)).toEqual(before)
        }),
        { numRuns: 200 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
