import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { World } from '../../src/core/world/types.js'
import { createDragSessions } from '../../src/board/dragSessions.js'
import { interiorsMeet, PROPERTY_TIMEOUT } from '../core/world/helpers.js'
import { overlappingPairs } from '../react/support/overlappingPairs.js'
import { places, walledBoard } from './helpers.js'

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

/**
 * A walled board where card `a` (50 x 50 at the origin), dragged for one frame by
 * `delta`, has pushed card `b` (beside it at x = 50): the drag is still held.
 */
function aPushesB(delta: { x: number; y: number }) {
  const world = walledBoard()
  world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
  world.add({ id: 'b', x: 50, y: 0, width: 50, height: 50 })
  const drags = createDragSessions(world)
  drags.begin('a')
  dragFrame(world, drags, 'a', delta)
  return { world, drags }
}

/** A board of 60 x 60 cards, one per 100 x 100 cell of a 4 x 4 grid, as `cells` says. */
function gridBoard(cells: readonly ('card' | 'fixed' | 'empty')[], dragged: number): World {
  const world = walledBoard()
  cells.forEach((kind, index) => {
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
  return world
}

const gridCells = fc.array(fc.constantFrom('card' as const, 'fixed' as const, 'empty' as const), {
  minLength: 16,
  maxLength: 16,
})
const pointerPath = fc.array(
  fc.record({ x: fc.integer({ min: -400, max: 400 }), y: fc.integer({ min: -400, max: 400 }) }),
  { minLength: 1, maxLength: 12 },
)

describe('drag sessions: pushed cards return (returnPushed)', () => {
  it('a pushed card slides back to its start once the drag leaves, and stays on drop', () => {
    const world = walledBoard()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 60, y: 0, width: 50, height: 50 })
    world.add({ id: 'c', x: 110, y: 0, width: 50, height: 50 })
    const drags = createDragSessions(world)
    expect(drags.returnPushed).toBe(true)
    drags.begin('a')
    dragFrame(world, drags, 'a', { x: 100, y: 0 })
    expect(world.get('c').x).toBe(200)
    // Part of the way back: the chain follows as far as a allows, touching it.
    dragFrame(world, drags, 'a', { x: 40, y: 0 })
    expect(world.get('b').x).toBe(90)
    expect(world.get('c').x).toBe(140)
    // Away below: both are back at their starts exactly.
    dragFrame(world, drags, 'a', { x: 40, y: 100 })
    expect(world.get('b')).toMatchObject({ x: 60, y: 0 })
    expect(world.get('c')).toMatchObject({ x: 110, y: 0 })
    drags.end('a', 'drop')
    expect(world.get('a')).toMatchObject({ x: 40, y: 100 })
  })

  it('a pushed card blocked on its way back returns in the first frame after what blocked it moves', () => {
    // A return that made no progress is not tried again while the body and what stopped
    // it stay put (returnPushed.ts, ReturnBlock); any change of the blocker ends that.
    const { world, drags } = aPushesB({ x: 30, y: 0 })
    expect(world.get('b').x).toBe(80)
    // A post set down against b's left face, then a away below: b stays, blocked.
    world.add({ id: 'post', x: 70, y: 0, width: 10, height: 50, type: 'static' })
    dragFrame(world, drags, 'a', { x: 30, y: 200 })
    dragFrame(world, drags, 'a', { x: 30, y: 200 })
    expect(world.get('b').x).toBe(80)
    // The post shrinks to 5 px wide, still at x = 70: b slides back against it, at 75.
    world.update('post', { width: 5 })
    dragFrame(world, drags, 'a', { x: 30, y: 200 })
    expect(world.get('b').x).toBe(75)
    // The post goes away to the right: b is back at its start.
    world.update('post', { x: 300 })
    dragFrame(world, drags, 'a', { x: 30, y: 200 })
    expect(world.get('b')).toMatchObject({ x: 50, y: 0 })
  })

  it('a pushed card stays blocked, untried, while what blocks it slides along the face it touches', () => {
    // No gap given (the default, none), a gap of 0, and one of 4 px.
    for (const given of [undefined, 0, 4]) {
      const gap = given ?? 0
      const world = walledBoard()
      if (given !== undefined) world.configure({ gap: given })
      world.add({ id: 'a', x: 100, y: 100, width: 50, height: 50 })
      world.add({ id: 'b', x: 150 + gap, y: 100, width: 50, height: 50 })
      const tries: string[] = []
      const move = world.move.bind(world)
      world.move = (id, goal, options) => {
        if (id === 'b') tries.push(id)
        return move(id, goal, options)
      }
      const drags = createDragSessions(world)
      drags.begin('a')
      dragFrame(world, drags, 'a', { x: 30, y: 0 })
      expect(world.get('b').x).toBe(180 + gap)
      const triedWhenPushed = tries.length
      // a slides down along b's left face, still touching it: b cannot go back.
      dragFrame(world, drags, 'a', { x: 30, y: 10 })
      dragFrame(world, drags, 'a', { x: 30, y: 20 })
      expect(world.get('b').x).toBe(180 + gap)
      // Without a gap, touching is exact and proves the way still shut: no new try. With
      // a gap (contact at the gap's distance, rounded), b is tried again, to the same end.
      expect(tries.length - triedWhenPushed).toBe(gap === 0 ? 0 : 2)
      // a's face no longer covers any stretch of b's: b is back at its start.
      dragFrame(world, drags, 'a', { x: 30, y: 50 + gap })
      expect(world.get('b')).toMatchObject({ x: 150 + gap, y: 100 })
    }
  })

  it('a drop leaves the pushed cards where the drag has them', () => {
    const { world, drags } = aPushesB({ x: 30, y: 0 })
    drags.end('a', 'drop')
    world.step(1 / 60)
    expect(world.get('b').x).toBe(80)
  })

  it('returns only as far as free space allows, sliding along what is in the way', () => {
    const { world, drags } = aPushesB({ x: 100, y: 0 })
    expect(world.get('b').x).toBe(150)
    // A card dropped into b's start keeps it out: b comes back to touch it, no further.
    world.add({ id: 'blocker', x: 40, y: 0, width: 50, height: 50, type: 'static' })
    dragFrame(world, drags, 'a', { x: 100, y: 200 })
    expect(world.get('b')).toMatchObject({ x: 90, y: 0 })
    expect(overlappingPairs(world, 0)).toEqual([])
  })

  it('leaves a pushed card that something else moved since', () => {
    const { world, drags } = aPushesB({ x: 30, y: 0 })
    world.update('b', { y: 200 })
    dragFrame(world, drags, 'a', { x: 0, y: 100 })
    expect(world.get('b')).toMatchObject({ x: 80, y: 200 })
  })

  it('returnPushed = false keeps the pushed cards where the drag left them', () => {
    const world = walledBoard()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 50, y: 0, width: 50, height: 50 })
    const drags = createDragSessions(world, { returnPushed: false })
    expect(drags.returnPushed).toBe(false)
    drags.begin('a')
    dragFrame(world, drags, 'a', { x: 30, y: 0 })
    dragFrame(world, drags, 'a', { x: 0, y: 100 })
    expect(world.get('b').x).toBe(80)
    // Switched on during the drag: the next frame returns it.
    drags.returnPushed = true
    dragFrame(world, drags, 'a', { x: 0, y: 100 })
    expect(world.get('b').x).toBe(50)
  })

  // Random drags through a board of cards (some not pushable), the world stepping between
  // frames: no two bodies overlap at any frame, and every card the drag pushed is back at
  // its start whenever nothing is in its way back (the box spanning its place and its
  // start: the dragged card itself may stand there, or a card dropped behind it).
  it(
    'never overlaps, and a pushed card ends at its start whenever its way back is free',
    () => {
      fc.assert(
        fc.property(gridCells, fc.nat(15), pointerPath, (cells, dragged, path) => {
          const world = gridBoard(cells, dragged)
          const before = Object.fromEntries(world.ids().map((id) => [id, world.get(id)]))
          const drags = createDragSessions(world)
          const id = `card${dragged}`
          drags.begin(id)
          for (const delta of path) {
            dragFrame(world, drags, id, delta)
            expect(overlappingPairs(world, 1e-9)).toEqual([])
          }
          drags.end(id, 'drop')
          for (const other of world.ids()) {
            if (other === id) continue
            const start = before[other]!
            const now = world.get(other)
            // The way back: the box spanning the card's place and its start.
            const left = Math.min(start.x, now.x)
            const top = Math.min(start.y, now.y)
            const way = {
              x: left,
              y: top,
              width: Math.max(start.x, now.x) + now.width - left,
              height: Math.max(start.y, now.y) + now.height - top,
            }
            const free = world
              .ids()
              .every((body) => body === other || !interiorsMeet(way, world.get(body)))
            if (free) expect(now, other).toMatchObject({ x: start.x, y: start.y })
          }
        }),
        { numRuns: 1000 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})

describe('drag sessions: cancel undoes the drag', () => {
  it('puts back the card and the chain it pushed', () => {
    const world = walledBoard()
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
    const world = walledBoard()
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
    const world = walledBoard()
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
    const world = walledBoard()
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
    const { world, drags } = aPushesB({ x: 30, y: 0 })
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
      fc.assert(
        fc.property(gridCells, fc.nat(15), pointerPath, (cells, dragged, path) => {
          const world = gridBoard(cells, dragged)
          const before = places(world)
          const drags = createDragSessions(world)
          drags.begin(`card${dragged}`)
          for (const delta of path) {
            dragFrame(world, drags, `card${dragged}`, delta)
            expect(overlappingPairs(world, 1e-9)).toEqual([])
          }
          drags.end(`card${dragged}`, 'return')
          expect(places(world)).toEqual(before)
        }),
        { numRuns: 1000 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
