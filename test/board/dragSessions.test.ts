import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../src/core/world/index.js'
import type { World } from '../../src/core/world/types.js'
import { createDragSessions } from '../../src/board/dragSessions.js'
import { PROPERTY_TIMEOUT } from '../core/world/helpers.js'
import { overlappingPairs } from '../react/support/overlappingPairs.js'

/** Every body's top-left corner, by id. */
function places(world: World): Record<string, string> {
  return Object.fromEntries(world.ids().map((id) => [id, `${world.get(id).x},${world.get(id).y}`]))
}

/** A board inside four walls, without gravity: what a dashboard is. */
function board(): World {
  const world = createWorld()
  world.add({ id: 'top', x: 0, y: -10, width: 400, height: 10, type: 'static' })
  world.add({ id: 'bottom', x: 0, y: 400, width: 400, height: 10, type: 'static' })
  world.add({ id: 'left', x: -10, y: 0, width: 10, height: 400, type: 'static' })
  world.add({ id: 'right', x: 400, y: 0, width: 10, height: 400, type: 'static' })
  return world
}

/** Aims the drag of `id` at its start plus `delta` and lets a frame apply it. */
function dragFrame(
  world: World,
  drags: ReturnType<typeof createDragSessions>,
  id: string,
  delta: { x: number; y: number },
): void {
  drags.aim(id, delta)
  drags.applyGoals(1 / 60)
  world.step(1 / 60)
}

describe('drag sessions: cancel undoes the drag', () => {
  it('puts back the card and the chain it pushed', () => {
    const world = board()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 60, y: 0, width: 50, height: 50 })
    world.add({ id: 'c', x: 110, y: 0, width: 50, height: 50 })
    const before = places(world)
    const drags = createDragSessions(world)
    expect(drags.begin('a')).toBe(true)
    dragFrame(world, drags, 'a', { x: 100, y: 0 })
    expect(world.get('c').x).toBe(200)
    // The pointer comes back part of the way: the pushed cards stay where they were left.
    dragFrame(world, drags, 'a', { x: 40, y: 30 })
    expect(drags.end('a', 'return')).toBe(true)
    expect(places(world)).toEqual(before)
    expect(world.get('a')).toMatchObject({ type: 'dynamic', velocity: { x: 0, y: 0 } })
  })

  it('leaves a card it went around where it is: the way back is not swept', () => {
    const world = board()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'post', x: 100, y: 0, width: 50, height: 50 })
    const before = places(world)
    const drags = createDragSessions(world)
    drags.begin('a')
    dragFrame(world, drags, 'a', { x: 0, y: 100 })
    dragFrame(world, drags, 'a', { x: 200, y: 100 })
    dragFrame(world, drags, 'a', { x: 200, y: 0 })
    expect(world.get('a')).toMatchObject({ x: 200, y: 0 })
    drags.end('a', 'return')
    expect(places(world)).toEqual(before)
  })

  it('leaves a pushed card that something else moved since, or that another pointer drags', () => {
    const world = board()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'moved', x: 50, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 0, y: 100, width: 50, height: 50 })
    world.add({ id: 'held', x: 50, y: 100, width: 50, height: 50 })
    const drags = createDragSessions(world)
    drags.begin('a')
    drags.begin('b')
    drags.aim('a', { x: 20, y: 0 })
    drags.aim('b', { x: 20, y: 0 })
    drags.applyGoals(1 / 60)
    expect(world.get('moved').x).toBe(70)
    expect(world.get('held').x).toBe(70)
    world.update('moved', { y: 200 })
    drags.begin('held')
    drags.end('a', 'return')
    drags.end('b', 'return')
    expect(world.get('moved')).toMatchObject({ x: 70, y: 200 })
    expect(world.get('held')).toMatchObject({ x: 70, y: 100 })
    expect(world.get('a')).toMatchObject({ x: 0, y: 0 })
    expect(world.get('b')).toMatchObject({ x: 0, y: 100 })
  })

  it('forgets a pushed card that left the world', () => {
    const world = board()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'gone', x: 50, y: 0, width: 50, height: 50 })
    const drags = createDragSessions(world)
    drags.begin('a')
    dragFrame(world, drags, 'a', { x: 30, y: 0 })
    world.remove('gone')
    drags.end('a', 'return')
    expect(world.has('gone')).toBe(false)
    expect(world.get('a')).toMatchObject({ x: 0, y: 0 })
  })

  it('a drop keeps the pushes', () => {
    const world = board()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 50, y: 0, width: 50, height: 50 })
    const drags = createDragSessions(world)
    drags.begin('a')
    dragFrame(world, drags, 'a', { x: 30, y: 0 })
    drags.end('a', 'drop')
    expect(world.get('a').x).toBe(30)
    expect(world.get('b').x).toBe(80)
  })

  // A board of cards (some not pushable), a drag along random pointer positions, with the
  // world stepping between frames, then Escape: the board is back exactly as it was, and
  // no card overlapped another at any frame.
  it(
    'gives back the board exactly after any drag through it',
    () => {
      const point = fc.record({
        x: fc.integer({ min: -400, max: 400 }),
        y: fc.integer({ min: -400, max: 400 }),
      })
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom('card', 'fixed', 'empty'), { minLength: 16, maxLength: 16 }),
          fc.nat(15),
          fc.array(point, { minLength: 1, maxLength: 12 }),
          (cells, dragged, path) => {
            const world = board()
            cells.forEach((kind, index) => {
              // One 60 x 60 card per 100 x 100 cell of a 4 x 4 grid.
              if (kind === 'empty' && index !== dragged) return
              world.add({
                id: `card${index}`,
                x: (index % 4) * 100 + 20,
                y: Math.floor(index / 4) * 100 + 20,
                width: 60,
                height: 60,
                pushable: kind !== 'fixed',
              })
            })
            const before = places(world)
            const drags = createDragSessions(world)
            drags.begin(`card${dragged}`)
            for (const delta of path) {
              dragFrame(world, drags, `card${dragged}`, delta)
              expect(overlappingPairs(world, 1e-9)).toEqual([])
            }
            drags.end(`card${dragged}`, 'return')
            expect(places(world)).toEqual(before)
          },
        ),
        { numRuns: 1000 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
