import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type CompactDirection, type World } from '../../../src/core/world/index.js'
import { bodiesOf, deepestOverlap, PROPERTY_TIMEOUT } from './helpers.js'

const board = { x: 0, y: 0, width: 400, height: 300 }
const directions: CompactDirection[] = ['up', 'down', 'left', 'right']

/** A board with walls just outside `board` (as `bounds` places them) and the given cards, those overlapping an earlier one left out. */
function boardWith(cards: ReadonlyArray<{ x: number; y: number; width: number; height: number }>) {
  const world = createWorld()
  const { x, y, width, height } = board
  world.add({ id: 'wall-top', x, y: y - 50, width, height: 50, type: 'static' })
  world.add({ id: 'wall-bottom', x, y: y + height, width, height: 50, type: 'static' })
  world.add({ id: 'wall-left', x: x - 50, y, width: 50, height, type: 'static' })
  world.add({ id: 'wall-right', x: x + width, y, width: 50, height, type: 'static' })
  cards.forEach((card, k) => {
    const fits = card.x + card.width <= board.width && card.y + card.height <= board.height
    const free = world.queryRect(card).every((id) => {
      const other = world.get(id)
      // Touching is allowed.
      return !(
        card.x < other.x + other.width &&
        other.x < card.x + card.width &&
        card.y < other.y + other.height &&
        other.y < card.y + card.height
      )
    })
    if (fits && free) world.add({ id: `card-${k}`, ...card })
  })
  return world
}

const cardArbitrary = fc.record({
  x: fc.double({ min: 0, max: 380, noNaN: true }),
  y: fc.double({ min: 0, max: 280, noNaN: true }),
  width: fc.double({ min: 1, max: 120, noNaN: true }),
  height: fc.double({ min: 1, max: 90, noNaN: true }),
})
const layoutArbitrary = fc.array(cardArbitrary, { maxLength: 14 })

function positions(world: World): string {
  return JSON.stringify(bodiesOf(world).map(({ id, x, y }) => [id, x, y]))
}

function insideBoard(world: World): boolean {
  return bodiesOf(world)
    .filter((body) => body.type === 'dynamic')
    .every(
      (body) =>
        body.x >= board.x &&
        body.y >= board.y &&
        body.x + body.width <= board.x + board.width &&
        body.y + body.height <= board.y + board.height,
    )
}

describe('world.compact', () => {
  it('moves each card up until it touches the card above or the top wall, nearest first', () => {
    const world = boardWith([
      { x: 10, y: 200, width: 100, height: 50 },
      { x: 50, y: 100, width: 100, height: 50 },
      { x: 300, y: 120, width: 50, height: 50 },
    ])
    const moves = world.compact('up')
    expect(moves).toEqual([
      { id: 'card-1', from: { x: 50, y: 100 }, to: { x: 50, y: 0 } },
      { id: 'card-2', from: { x: 300, y: 120 }, to: { x: 300, y: 0 } },
      { id: 'card-0', from: { x: 10, y: 200 }, to: { x: 10, y: 50 } },
    ])
  })

  it('compacts toward each edge of the board', () => {
    const card = { x: 100, y: 100, width: 40, height: 30 }
    const expected: Record<CompactDirection, { x: number; y: number }> = {
      up: { x: 100, y: 0 },
      down: { x: 100, y: 270 },
      left: { x: 0, y: 100 },
      right: { x: 360, y: 100 },
    }
    for (const direction of directions) {
      const world = boardWith([card])
      world.compact(direction)
      const { x, y } = world.get('card-0')
      expect({ x, y }, direction).toEqual(expected[direction])
    }
  })

  it('never pushes: a card blocked by another does not move it', () => {
    const world = boardWith([
      { x: 0, y: 0, width: 100, height: 50 },
      { x: 0, y: 50, width: 100, height: 50 },
    ])
    world.update('card-0', { type: 'static' })
    expect(world.compact('up')).toEqual([])
  })

  it('moves only the ids given; the others are obstacles', () => {
    const world = boardWith([
      { x: 0, y: 100, width: 100, height: 50 },
      { x: 0, y: 200, width: 100, height: 50 },
    ])
    expect(world.compact('up', ['card-1']).map(({ id, to }) => [id, to.y])).toEqual([
      ['card-1', 150],
    ])
    expect(world.get('card-0').y).toBe(100)
  })

  it('leaves kinematic bodies (a card being dragged) in place by default', () => {
    const world = boardWith([{ x: 0, y: 100, width: 100, height: 50 }])
    world.update('card-0', { type: 'kinematic' })
    expect(world.compact('up')).toEqual([])
  })

  it('without walls, stops at the outermost body instead of going to infinity', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 40, width: 10, height: 10 })
    world.add({ id: 'b', x: 50, y: 90, width: 10, height: 10 })
    world.compact('up')
    expect([world.get('a').y, world.get('b').y]).toEqual([40, 40])
  })

  it('throws naming the direction or the unknown id, before anything moves', () => {
    const world = boardWith([{ x: 0, y: 100, width: 100, height: 50 }])
    expect(() => world.compact('upward' as CompactDirection)).toThrow(
      "compact: direction must be one of 'up', 'down', 'left', 'right' (got \"upward\")",
    )
    expect(() => world.compact('up', ['card-0', 'ghost'])).toThrow(
      'compact: ids[1]: body "ghost" does not exist',
    )
    expect(world.get('card-0').y).toBe(100)
    expect(() => world.compact('up', 'card-0' as unknown as string[])).toThrow(TypeError)
  })

  it(
    'properties: no new overlap, inside the board, deterministic and idempotent',
    () => {
      fc.assert(
        fc.property(layoutArbitrary, fc.constantFrom(...directions), (cards, direction) => {
          const world = boardWith(cards)
          const twin = boardWith(cards)
          const moves = world.compact(direction)
          expect(deepestOverlap(world)).toBe(0)
          expect(insideBoard(world)).toBe(true)
          expect(twin.compact(direction)).toEqual(moves)
          expect(positions(twin)).toBe(positions(world))
          const settled = positions(world)
          expect(world.compact(direction)).toEqual([])
          expect(positions(world)).toBe(settled)
          // Every move went the asked way only.
          for (const { from, to } of moves) {
            const dx = to.x - from.x
            const dy = to.y - from.y
            const forward = { up: -dy, down: dy, left: -dx, right: dx }[direction]
            expect(forward).toBeGreaterThan(0)
            expect(direction === 'up' || direction === 'down' ? dx : dy).toBe(0)
          }
        }),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )

  it('with a grid, stops on the last grid line reached: the layout stays on the grid', () => {
    const world = boardWith([
      { x: 0, y: 0, width: 100, height: 45 },
      { x: 0, y: 100, width: 100, height: 50 },
    ])
    const grid = { x: 10, y: 10 }
    const moves = world.compact('up', undefined, { gridOf: () => grid })
    expect(moves).toEqual([{ id: 'card-1', from: { x: 0, y: 100 }, to: { x: 0, y: 50 } }])
    expect(world.compact('up', undefined, { gridOf: () => grid })).toEqual([])
    expect(() => world.compact('up', undefined, { gridOf: grid as never })).toThrow(
      'compact: options.gridOf must be a function (got an object)',
    )
  })

  it('checks every grid gridOf gives before anything moves, naming the body', () => {
    const world = boardWith([
      { x: 0, y: 0, width: 100, height: 45 },
      { x: 0, y: 100, width: 100, height: 50 },
      { x: 0, y: 200, width: 100, height: 50 },
    ])
    expect(world.has('card-2')).toBe(true)
    const before = bodiesOf(world)
    // card-1 would move first (nearest the top) on a good grid; card-2's grid is bad.
    const gridOf = (id: string) => (id === 'card-2' ? { x: Number.NaN, y: 10 } : { x: 10, y: 10 })
    expect(() => world.compact('up', undefined, { gridOf })).toThrow(
      'compact: options.gridOf("card-2").x must be a finite number > 0 (got NaN)',
    )
    expect(bodiesOf(world)).toEqual(before)
    expect(() => world.compact('up', undefined, 5 as never)).toThrow(
      'compact: options must be an object { gridOf? } (got 5)',
    )
    expect(bodiesOf(world)).toEqual(before)
  })

  it(
    'property with a grid: a layout on the grid stays on it, no overlap, idempotent',
    () => {
      const grid = { x: 10, y: 10 }
      const onGrid = fc.record({
        x: fc.integer({ min: 0, max: 38 }).map((k) => k * 10),
        y: fc.integer({ min: 0, max: 28 }).map((k) => k * 10),
        width: fc.double({ min: 1, max: 120, noNaN: true }),
        height: fc.double({ min: 1, max: 90, noNaN: true }),
      })
      fc.assert(
        fc.property(
          fc.array(onGrid, { maxLength: 14 }),
          fc.constantFrom(...directions),
          (cards, direction) => {
            const world = boardWith(cards)
            const options = { gridOf: () => grid }
            world.compact(direction, undefined, options)
            expect(deepestOverlap(world)).toBe(0)
            expect(insideBoard(world)).toBe(true)
            for (const body of bodiesOf(world).filter((b) => b.type === 'dynamic')) {
              expect(Number.isInteger(body.x / 10) && Number.isInteger(body.y / 10), body.id).toBe(
                true,
              )
            }
            const settled = positions(world)
            expect(world.compact(direction, undefined, options)).toEqual([])
            expect(positions(world)).toBe(settled)
          },
        ),
        { numRuns: 200 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
