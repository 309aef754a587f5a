import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createBoardRegistry, type DropBoard } from '../../src/board/boardGroup.js'
import {
  assertExternalSize,
  createDropPlacements,
  DROP_EXPECTATION_MS,
  type DropRules,
} from '../../src/board/externalDrop.js'
import { overlapsInterior } from '../../src/core/geometry/overlaps.js'
import type { Rect } from '../../src/core/geometry/types.js'
import { isOnGrid, type SnapGrid } from '../../src/core/world/snap.js'
import { createWorld, type World } from '../../src/core/world/index.js'

const board: Rect = { x: 0, y: 0, width: 400, height: 300 }

/** A 400 x 300 board with a card at (0, 0) and one at (120, 0), each 100 x 60. */
function boardWithCards(): World {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  world.add({ id: 'a', x: 0, y: 0, width: 100, height: 60 })
  world.add({ id: 'b', x: 120, y: 0, width: 100, height: 60 })
  return world
}

function rules(grid?: SnapGrid, within: Rect | undefined = board): DropRules {
  return { grid: () => grid, gridOf: () => grid, within: () => within }
}

/** Whether `rect` overlaps the interior of any body of `world` but `except`. */
function overlapsAny(world: World, rect: Rect, except?: string): boolean {
  return world.ids().some((id) => id !== except && overlapsInterior(rect, world.get(id)))
}

describe('the drop spot of a card dragged in (DropPlacements.spotFor)', () => {
  it('is where the pointer carries the card when that place is free', () => {
    const drops = createDropPlacements(boardWithCards(), rules())
    expect(drops.spotFor({ width: 80, height: 40 }, { x: 30, y: 100 })).toEqual({
      x: 30,
      y: 100,
      width: 80,
      height: 40,
    })
  })

  it('is the nearest free place when the pointer carries the card onto another', () => {
    const drops = createDropPlacements(boardWithCards(), rules())
    // Over a's bottom half: the nearest free place is just below a.
    expect(drops.spotFor({ width: 80, height: 40 }, { x: 10, y: 40 })).toEqual({
      x: 10,
      y: 60,
      width: 80,
      height: 40,
    })
  })

  it('lands on the grid and inside the bounds; null when the board has no room', () => {
    const drops = createDropPlacements(boardWithCards(), rules({ x: 20, y: 20 }))
    expect(drops.spotFor({ width: 80, height: 40 }, { x: 371, y: 289 })).toEqual({
      x: 320,
      y: 260,
      width: 80,
      height: 40,
    })
    expect(drops.spotFor({ width: 500, height: 40 }, { x: 0, y: 100 })).toBeNull()
  })

  it('property: any spot found is free, inside the bounds and on the grid', () => {
    const box = fc.record({
      x: fc.integer({ min: 0, max: 380 }),
      y: fc.integer({ min: 0, max: 280 }),
      width: fc.integer({ min: 1, max: 120 }),
      height: fc.integer({ min: 1, max: 120 }),
    })
    fc.assert(
      fc.property(
        fc.array(box, { maxLength: 12 }),
        box,
        fc.option(fc.integer({ min: 5, max: 40 }), { nil: undefined }),
        (cards, dragged, cell) => {
          const world = createWorld({ gravity: { x: 0, y: 0 } })
          for (const [k, card] of cards.entries()) {
            if (!overlapsAny(world, card)) world.add({ id: `c${k}`, ...card })
          }
          const grid = cell === undefined ? undefined : { x: cell, y: cell }
          const spot = createDropPlacements(world, rules(grid)).spotFor(dragged, dragged)
          if (spot === null) return
          expect(overlapsAny(world, spot)).toBe(false)
          expect(spot.x).toBeGreaterThanOrEqual(0)
          expect(spot.y).toBeGreaterThanOrEqual(0)
          expect(spot.x + spot.width).toBeLessThanOrEqual(board.width)
          expect(spot.y + spot.height).toBeLessThanOrEqual(board.height)
          if (grid) expect(isOnGrid(spot, grid)).toBe(true)
        },
      ),
    )
  })
})

describe('placing the card the app renders after a drop (DropPlacements.added)', () => {
  it('puts the body registered with the expected id at the rect, whatever its start', () => {
    const world = boardWithCards()
    const drops = createDropPlacements(world, rules())
    drops.expect('new', { x: 30, y: 100, width: 80, height: 40 })
    expect(drops.expects('new')).toBe(true)
    // The app's own layout put the new card at the top-left, over `a`.
    world.add({ id: 'new', x: 0, y: 0, width: 80, height: 40 })
    expect(drops.added('new')).toEqual({ from: undefined })
    expect(world.get('new')).toMatchObject({ x: 30, y: 100 })
    expect(drops.expects('new')).toBe(false)
    // Once only: the same id registering again starts where its element shows.
    world.update('new', { x: 200, y: 200 })
    expect(drops.added('new')).toBeNull()
    expect(world.get('new')).toMatchObject({ x: 200, y: 200 })
  })

  it('takes the nearest free spot when the rect was taken meanwhile, with no overlap', () => {
    const world = boardWithCards()
    const drops = createDropPlacements(world, rules())
    drops.expect('new', { x: 0, y: 70, width: 80, height: 40 })
    world.add({ id: 'c', x: 0, y: 70, width: 100, height: 60 })
    world.add({ id: 'new', x: 0, y: 0, width: 80, height: 40 })
    expect(drops.added('new')).toEqual({ from: undefined })
    expect(overlapsAny(world, world.get('new'), 'new')).toBe(false)
    expect(world.get('new')).toMatchObject({ x: 0, y: 130 })
  })

  it('tells which board a transferred card came from', () => {
    const world = boardWithCards()
    const drops = createDropPlacements(world, rules())
    drops.expect('moved', { x: 30, y: 100, width: 80, height: 40 }, 'todo')
    world.add({ id: 'moved', x: 0, y: 0, width: 80, height: 40 })
    expect(drops.added('moved')).toEqual({ from: 'todo' })
  })

  it('leaves bodies nobody dropped alone', () => {
    const world = boardWithCards()
    const drops = createDropPlacements(world, rules())
    expect(drops.added('a')).toBeNull()
    expect(world.get('a')).toMatchObject({ x: 0, y: 0 })
  })

  it('waits DROP_EXPECTATION_MS for the card, then takes a body of that id for a new one', () => {
    const world = boardWithCards()
    let time = 1000
    const drops = createDropPlacements(world, rules(), () => time)
    drops.expect('late', { x: 30, y: 100, width: 80, height: 40 })
    drops.expect('onTime', { x: 30, y: 200, width: 80, height: 40 })
    time += DROP_EXPECTATION_MS
    // At the end of its lifetime a drop still places its card.
    world.add({ id: 'onTime', x: 250, y: 0, width: 80, height: 40 })
    expect(drops.added('onTime')).toEqual({ from: undefined })
    expect(world.get('onTime')).toMatchObject({ x: 30, y: 200 })
    time += 1
    // The app never rendered 'late' in time: a card of that id added now is its own.
    expect(drops.expects('late')).toBe(false)
    world.add({ id: 'late', x: 250, y: 100, width: 80, height: 40 })
    expect(drops.added('late')).toBeNull()
    expect(world.get('late')).toMatchObject({ x: 250, y: 100 })
  })

  it('forgets, at the next drop, a drop whose card never came', () => {
    const world = boardWithCards()
    let time = 0
    const drops = createDropPlacements(world, rules(), () => time)
    drops.expect('never', { x: 30, y: 100, width: 80, height: 40 })
    time += DROP_EXPECTATION_MS + 1
    drops.expect('next', { x: 30, y: 200, width: 80, height: 40 })
    // Its lifetime does not come back with the clock: the entry is gone, not just stale.
    time = 0
    expect(drops.expects('never')).toBe(false)
    expect(drops.expects('next')).toBe(true)
  })
})

describe('assertExternalSize', () => {
  it('names the field and the id for a size that is not finite and positive', () => {
    const subject = 'useExternalDraggable:'
    expect(() => assertExternalSize(subject, 'note', NaN, 10)).toThrow(
      new RangeError('useExternalDraggable: width of "note" must be a finite number > 0 (got NaN)'),
    )
    expect(() => assertExternalSize(subject, 'note', 10, -1)).toThrow(
      'useExternalDraggable: height of "note" must be a finite number > 0 (got -1)',
    )
    expect(() => assertExternalSize(subject, 'note', Infinity, 10)).toThrow(RangeError)
    expect(assertExternalSize(subject, 'note', 10, 20)).toEqual({ width: 10, height: 20 })
  })
})

describe('the board registry (boards by group)', () => {
  function dropBoard(id: string, group?: string): DropBoard {
    return { id, group } as DropBoard
  }

  it('gives a palette every board, and a card the other boards of its group only', () => {
    const registry = createBoardRegistry()
    const todo = dropBoard('todo', 'kanban')
    const done = dropBoard('done', 'kanban')
    const other = dropBoard('other', 'notes')
    const loose = dropBoard('loose')
    for (const board of [todo, done, other, loose]) registry.add(board)
    expect(registry.targetsOf()).toEqual([todo, done, other, loose])
    expect(registry.targetsOf(todo)).toEqual([done])
    expect(registry.targetsOf(other)).toEqual([])
    expect(registry.targetsOf(loose)).toEqual([])
  })

  it('removes exactly the entry it added (StrictMode mount-unmount-mount ends with one)', () => {
    const registry = createBoardRegistry()
    const todo = dropBoard('todo', 'kanban')
    const remove = registry.add(todo)
    remove()
    const removeAgain = registry.add(todo)
    remove()
    expect(registry.targetsOf()).toEqual([todo])
    removeAgain()
    expect(registry.targetsOf()).toEqual([])
  })
})
