import { describe, expect, it } from 'vitest'
import {
  assertCompact,
  assertLayout,
  createBoardLayout,
  sameLayout,
} from '../../src/board/boardLayout.js'
import type { ElementRegistry } from '../../src/board/elementRegistry.js'
import { createWorld } from '../../src/core/world/createWorld.js'
import { assertSnap } from '../../src/board/snapOption.js'

const subject = '<PhysicsWorld>:'

describe('sameLayout: what makes a layout passed back free', () => {
  const layout = { a: { x: 0, y: 16, width: 100, height: 60 }, b: { x: 120, y: 16 } }

  it('is true for the same values in new objects, and for sizes given by one side only', () => {
    expect(sameLayout(layout, structuredClone(layout))).toBe(true)
    expect(sameLayout(layout, { a: { x: 0, y: 16 }, b: { x: 120, y: 16, width: 5 } })).toBe(true)
  })

  it('is false for another place, another size, or other ids', () => {
    expect(sameLayout(layout, { ...layout, b: { x: 121, y: 16 } })).toBe(false)
    expect(sameLayout(layout, { ...layout, a: { x: 0, y: 16, width: 101, height: 60 } })).toBe(
      false,
    )
    expect(sameLayout(layout, { a: layout.a })).toBe(false)
    expect(sameLayout(layout, { a: layout.a, c: layout.b })).toBe(false)
  })
})

describe('the checks name the prop, the body and the field', () => {
  it('assertLayout', () => {
    expect(() => assertLayout(subject, 'layout', [])).toThrow(
      '<PhysicsWorld>: layout must be an object of { x, y, width?, height? } by body id (got an array)',
    )
    expect(() => assertLayout(subject, 'layout', { chart: null })).toThrow(
      '<PhysicsWorld>: layout["chart"] must be an object { x, y, width?, height? } (got null)',
    )
    expect(() => assertLayout(subject, 'layout', { chart: { x: Infinity, y: 0 } })).toThrow(
      '<PhysicsWorld>: layout["chart"].x must be a finite number (got Infinity)',
    )
    expect(() => assertLayout(subject, 'layout', { chart: { x: 0, y: 0, height: NaN } })).toThrow(
      '<PhysicsWorld>: layout["chart"].height must be a finite number >= 0 (got NaN)',
    )
    const good = { chart: { x: 0, y: 0, width: 10 } }
    expect(assertLayout(subject, 'layout', good)).toBe(good)
  })

  it('assertSnap and assertCompact', () => {
    expect(() => assertSnap(subject, 'snap', NaN)).toThrow(
      '<PhysicsWorld>: snap must be a finite number > 0 (got NaN)',
    )
    expect(() => assertSnap(subject, 'snap', { x: 0, y: 10 })).toThrow(
      '<PhysicsWorld>: snap.x must be a finite number > 0 (got 0)',
    )
    expect(() => assertSnap(subject, 'snap', '16')).toThrow(
      '<PhysicsWorld>: snap must be a number or an object { x, y } (got "16")',
    )
    expect(assertSnap(subject, 'snap', { x: 8, y: 16 })).toEqual({ x: 8, y: 16 })
    expect(() => assertCompact(subject, 'compact', 'vertical')).toThrow(
      "<PhysicsWorld>: compact must be one of 'up', 'down', 'left', 'right' (got \"vertical\")",
    )
  })
})

describe('a body entering the board goes to a free spot at once (issue #23)', () => {
  const bounds = { x: 0, y: 0, width: 400, height: 300 }

  /** A world with a board layout bounded by `bounds`, every body a registered element (no DOM). */
  function board() {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    const elements = {
      get: (id: string) => (world.has(id) ? { active: true, options: { current: {} } } : undefined),
    } as unknown as ElementRegistry
    const layout = createBoardLayout(world, elements, {
      isDragged: () => false,
      bounds: () => bounds,
      sizeWritten: () => {},
    })
    return { world, layout }
  }

  it('moves a card that starts over another to the nearest free spot; the other stays', () => {
    const { world, layout } = board()
    world.add({ id: 'a', x: 0, y: 0, width: 100, height: 60 })
    expect(layout.added('a')).toBe(false)
    world.add({ id: 'b', x: 20, y: 10, width: 100, height: 60 })
    expect(layout.added('b')).toBe(true)
    expect(world.get('a')).toMatchObject({ x: 0, y: 0 })
    expect(world.get('b')).toMatchObject({ x: 20, y: 60 })
  })

  it('moves a card that starts beyond the bounds inside them', () => {
    const { world, layout } = board()
    world.add({ id: 'a', x: 350, y: 280, width: 100, height: 60 })
    expect(layout.added('a')).toBe(true)
    expect(world.get('a')).toMatchObject({ x: 300, y: 240 })
  })

  it('leaves static bodies, cross bodies and cards with no free spot to the step', () => {
    const { world, layout } = board()
    world.add({ id: 'panel', x: 0, y: 0, width: 400, height: 100, type: 'static' })
    world.add({ id: 'ghost', x: 10, y: 10, width: 50, height: 50, response: 'cross' })
    expect(layout.added('ghost')).toBe(false)
    world.add({ id: 'shelf', x: 0, y: 50, width: 400, height: 100, type: 'static' })
    expect(layout.added('shelf')).toBe(false)
    world.add({ id: 'huge', x: 0, y: 0, width: 400, height: 300 })
    expect(layout.added('huge')).toBe(false)
    expect(world.get('ghost')).toMatchObject({ x: 10, y: 10 })
    expect(world.get('shelf')).toMatchObject({ x: 0, y: 50 })
    expect(world.get('huge')).toMatchObject({ x: 0, y: 0 })
  })

  it('leaves a card over bodies it does not collide with (other layers, cross bodies) where it is', () => {
    const { world, layout } = board()
    world.add({ id: 'backdrop', x: 0, y: 0, width: 200, height: 200, layer: 2, mask: 2 })
    world.add({ id: 'ghost', x: 100, y: 100, width: 100, height: 100, response: 'cross' })
    world.add({ id: 'card', x: 50, y: 50, width: 100, height: 100 })
    expect(layout.added('card')).toBe(false)
    expect(world.get('card')).toMatchObject({ x: 50, y: 50 })
    // The same card over a body of its own layer goes to a free spot.
    world.add({ id: 'mate', x: 60, y: 60, width: 40, height: 40 })
    world.remove('card')
    world.add({ id: 'card', x: 50, y: 50, width: 100, height: 100 })
    expect(layout.added('card')).toBe(true)
  })

  it('places at most 32 cards of a crowd added at one spot in one task, the next task more', async () => {
    const { world, layout } = board()
    const placed: boolean[] = []
    for (let n = 0; n < 40; n++) {
      world.add({ id: `c${n}`, x: 200, y: 150, width: 20, height: 10 })
      placed.push(layout.added(`c${n}`))
    }
    // The first is free where it starts; 32 more go to free spots; the rest wait for the step.
    expect(placed.filter(Boolean)).toHaveLength(32)
    expect(placed.slice(33)).toEqual(Array(7).fill(false))
    await Promise.resolve()
    world.add({ id: 'late', x: 200, y: 150, width: 20, height: 10 })
    expect(layout.added('late')).toBe(true)
  })
})
