import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyHistory } from '../../src/board/applyHistory.js'
import { createBoardLayout, type Layout } from '../../src/board/boardLayout.js'
import type { ElementRegistry } from '../../src/board/elementRegistry.js'
import {
  assertHistoryLimit,
  createLayoutHistory,
  DEFAULT_HISTORY_LIMIT,
} from '../../src/board/layoutHistory.js'
import type { World } from '../../src/core/world/types.js'
import { overlappingPairs } from '../react/support/overlappingPairs.js'
import { walledBoard } from './helpers.js'

const box = (x: number, y: number, width = 50, height = 50) => ({ x, y, width, height })

describe('layout history: one unit per gesture', () => {
  it('records the boxes before and after of every body a gesture changed, and only those', () => {
    const history = createLayoutHistory()
    expect(history.limit).toBe(DEFAULT_HISTORY_LIMIT)
    // The first rest is the baseline: nothing to undo yet.
    expect(history.rested({ a: box(0, 0), b: box(60, 0), c: box(200, 0) }, 'settle')).toBe(false)
    expect(history.canUndo).toBe(false)
    expect(history.rested({ a: box(30, 0), b: box(90, 0), c: box(200, 0) }, 'drag')).toBe(true)
    expect(history.canUndo).toBe(true)
    expect(history.undo()).toEqual([
      { id: 'a', before: box(0, 0), after: box(30, 0) },
      { id: 'b', before: box(60, 0), after: box(90, 0) },
    ])
    expect([history.canUndo, history.canRedo]).toEqual([false, true])
    expect(history.redo()).toEqual([
      { id: 'a', before: box(0, 0), after: box(30, 0) },
      { id: 'b', before: box(60, 0), after: box(90, 0) },
    ])
    expect(history.redo()).toBeNull()
  })

  it('records drags, key moves, resizes and new layouts; settles, undos and redos only move the baseline', () => {
    const history = createLayoutHistory()
    history.rested({ a: box(0, 0) }, 'settle')
    history.rested({ a: box(10, 0) }, 'keyboard')
    history.rested({ a: box(10, 0, 80) }, 'resize')
    history.rested({ a: box(40, 0, 80) }, 'layout')
    history.rested({ a: box(50, 0, 80) }, 'settle')
    history.rested({ a: box(60, 0, 80) }, 'undo')
    history.rested({ a: box(70, 0, 80) }, 'redo')
    // A unit is measured from the last rest, whatever its cause.
    history.rested({ a: box(75, 0, 80) }, 'drag')
    const units = [history.undo(), history.undo(), history.undo(), history.undo()]
    expect(units.map((unit) => unit?.[0]?.before)).toEqual([
      box(70, 0, 80),
      box(10, 0, 80),
      box(10, 0),
      box(0, 0),
    ])
    expect(history.undo()).toBeNull()
  })

  it('a gesture that changed nothing, and bodies that entered or left, make no unit', () => {
    const history = createLayoutHistory()
    history.rested({ a: box(0, 0), gone: box(100, 0) }, 'settle')
    expect(history.rested({ a: box(0, 0), added: box(200, 0) }, 'drag')).toBe(false)
    expect(history.canUndo).toBe(false)
    // A layout entry without a size is not compared (a layout may leave sizes to elements).
    history.rested({ a: { x: 0, y: 0 } }, 'settle')
    expect(history.rested({ a: box(5, 0) }, 'layout')).toBe(false)
  })

  it('a new gesture after an undo forgets what was undone', () => {
    const history = createLayoutHistory()
    history.rested({ a: box(0, 0) }, 'settle')
    history.rested({ a: box(10, 0) }, 'drag')
    history.undo()
    history.rested({ a: box(0, 0) }, 'undo')
    expect(history.canRedo).toBe(true)
    history.rested({ a: box(0, 20) }, 'drag')
    expect([history.canUndo, history.canRedo]).toEqual([true, false])
  })

  it('keeps at most `limit` units, the newest; 0 keeps none', () => {
    const history = createLayoutHistory(2)
    history.rested({ a: box(0, 0) }, 'settle')
    for (const x of [1, 2, 3]) history.rested({ a: box(x, 0) }, 'drag')
    expect(history.undo()?.[0]?.after.x).toBe(3)
    expect(history.undo()?.[0]?.after.x).toBe(2)
    expect(history.undo()).toBeNull()
    // The redo stack keeps the undone unit nearest the present.
    history.setLimit(1)
    expect(history.redo()?.[0]?.after.x).toBe(2)
    expect(history.redo()).toBeNull()
    history.setLimit(0)
    history.rested({ a: box(9, 0) }, 'drag')
    expect(history.canUndo).toBe(false)
  })

  it('keeps its own copy of the layout it is given', () => {
    const history = createLayoutHistory()
    const layout: Layout = { a: box(0, 0) }
    history.rested(layout, 'settle')
    ;(layout.a as { x: number }).x = 40
    history.rested({ a: box(40, 0) }, 'drag')
    expect(history.undo()?.[0]?.before).toEqual(box(0, 0))
  })

  it('a bad limit throws naming the field', () => {
    expect(() => assertHistoryLimit('<PhysicsWorld>:', 'history', 1.5)).toThrow(
      '<PhysicsWorld>: history must be a non-negative integer (got 1.5)',
    )
    expect(() => assertHistoryLimit('<PhysicsWorld>:', 'history', -1)).toThrow(RangeError)
    expect(() => assertHistoryLimit('<PhysicsWorld>:', 'history', NaN)).toThrow(
      'history must be a non-negative integer (got NaN)',
    )
    expect(() => createLayoutHistory(Infinity)).toThrow(
      'createLayoutHistory: limit must be a non-negative integer (got Infinity)',
    )
    const history = createLayoutHistory()
    expect(() => history.setLimit(-2)).toThrow('setLimit: limit must be a non-negative integer')
    expect(history.limit).toBe(DEFAULT_HISTORY_LIMIT)
  })
})

/** A board layout over `world` whose every body is a registered element (no DOM). */
function boardLayoutOf(world: World) {
  const elements = {
    get: (id: string) => (world.has(id) ? { active: true, options: { current: {} } } : undefined),
  } as unknown as ElementRegistry
  return createBoardLayout(world, elements, {
    isDragged: () => false,
    bounds: () => null,
    sizeWritten: () => {},
  })
}

describe('applyHistory: undo and redo keep the invariant', () => {
  it('puts every body of the unit back exactly, sizes included, and stops them', () => {
    const world = walledBoard()
    world.add({ id: 'a', ...box(30, 0, 80) })
    world.add({ id: 'b', ...box(110, 0), velocity: { x: 50, y: 0 } })
    const unit = [
      { id: 'a', before: box(0, 0), after: box(30, 0, 80) },
      { id: 'b', before: box(60, 0), after: box(110, 0) },
    ]
    const layout = boardLayoutOf(world)
    expect(applyHistory(world, layout, unit, 'undo')).toEqual(['a', 'b'])
    expect(world.get('a')).toMatchObject(box(0, 0))
    expect(world.get('b')).toMatchObject({ ...box(60, 0), velocity: { x: 0, y: 0 } })
    expect(applyHistory(world, layout, unit, 'redo')).toEqual(['a', 'b'])
    expect(world.get('a')).toMatchObject(box(30, 0, 80))
    expect(world.get('b')).toMatchObject(box(110, 0))
  })

  it('a box taken since goes to the nearest free spot; a body that left is skipped', () => {
    const world = walledBoard()
    world.add({ id: 'a', ...box(200, 0) })
    world.add({ id: 'intruder', ...box(10, 0) })
    const unit = [
      { id: 'a', before: box(0, 0), after: box(200, 0) },
      { id: 'gone', before: box(0, 100), after: box(0, 200) },
    ]
    expect(applyHistory(world, boardLayoutOf(world), unit, 'undo')).toEqual(['a'])
    expect(world.get('a')).toMatchObject({ x: 0, y: 50 })
    expect(overlappingPairs(world, 0)).toEqual([])
  })

  /** The same boxes, to 1e-9 px. */
  function expectSameBoxes(actual: Layout, expected: Layout): void {
    expect(Object.keys(actual)).toEqual(Object.keys(expected))
    for (const [id, entry] of Object.entries(expected)) {
      for (const field of ['x', 'y', 'width', 'height'] as const) {
        expect(actual[id]![field], `${id}.${field}`).toBeCloseTo(entry[field]!, 9)
      }
    }
  }

  // Cards on a board; random gestures, each recorded at rest; then undo all and redo all:
  // no two bodies ever overlap, and each undo gives back the layout before its gesture,
  // each redo the one after, whenever that layout was free of overlaps. A push may leave a
  // card overlapping another or a wall by its rounding residue (1e-15 px, which no move
  // deepens); a recorded box with one is not free, so the card goes to the nearest free
  // spot that findFreeSpot gives (fast-check found one 1 px away).
  it('undo and redo walk the recorded layouts back and forth, never overlapping', () => {
    const gesture = fc.record({
      card: fc.nat(5),
      x: fc.integer({ min: -150, max: 150 }),
      y: fc.integer({ min: -150, max: 150 }),
    })
    fc.assert(
      fc.property(fc.array(gesture, { minLength: 1, maxLength: 8 }), (gestures) => {
        const world = walledBoard()
        for (let k = 0; k < 6; k++)
          world.add({ id: `c${k}`, ...box((k % 3) * 120, Math.floor(k / 3) * 120) })
        const cards = () =>
          Object.fromEntries(
            world
              .ids()
              .filter((id) => id.startsWith('c'))
              .map((id) => {
                const { x, y, width, height } = world.get(id)
                return [id, { x, y, width, height }]
              }),
          )
        const history = createLayoutHistory()
        const layout = boardLayoutOf(world)
        history.rested(cards(), 'settle')
        const layouts = [cards()]
        // Whether each recorded layout is free of overlaps, residues included: only then is
        // every box of it free, so that an undo or a redo must give it back.
        const clean = [overlappingPairs(world, 0).length === 0]
        for (const { card, x, y } of gestures) {
          const body = world.get(`c${card}`)
          world.move(`c${card}`, { x: body.x + x, y: body.y + y }, { push: true })
          history.rested(cards(), 'drag')
          // A gesture that changed nothing is no unit.
          if (JSON.stringify(cards()) !== JSON.stringify(layouts.at(-1))) {
            layouts.push(cards())
            clean.push(overlappingPairs(world, 0).length === 0)
          }
        }
        for (let k = layouts.length - 2; k >= 0; k--) {
          applyHistory(world, layout, history.undo()!, 'undo')
          history.rested(cards(), 'undo')
          if (clean[k]) expectSameBoxes(cards(), layouts[k]!)
          expect(overlappingPairs(world, 1e-9)).toEqual([])
        }
        expect(history.canUndo).toBe(false)
        for (let k = 1; k < layouts.length; k++) {
          applyHistory(world, layout, history.redo()!, 'redo')
          history.rested(cards(), 'redo')
          expect(overlappingPairs(world, 1e-9)).toEqual([])
          if (clean[k]) expectSameBoxes(cards(), layouts[k]!)
        }
      }),
      { numRuns: 300 },
    )
  })
})
