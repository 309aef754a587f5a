import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { WALLS, overlapDepth, placeWalls } from '../world/helpers.js'

// Invariant 1 of the layout contract (README, "The layout contract"; issue #23): bounds and
// static bodies are hard inside the step. Every way out of a solid is checked against all
// solids, and no way out passes through a solid the body did not overlap.

/** Asserts that body `id` is inside the board of `width` x `height` and in none of its walls. */
function expectInsideBoard(world: World, id: string, width: number, height: number): void {
  const card = world.get(id)
  for (const side of WALLS) {
    expect(overlapDepth(card, world.get(`wall-${side}`)), side).toBeLessThanOrEqual(0)
  }
  expect(card.x).toBeGreaterThanOrEqual(0)
  expect(card.x + card.width).toBeLessThanOrEqual(width)
  expect(card.y).toBeGreaterThanOrEqual(0)
  expect(card.y + card.height).toBeLessThanOrEqual(height)
}

describe('the step keeps bodies out of every solid (issue #23)', () => {
  it('a static panel grown over a card near the bottom wall leaves the card inside the board', () => {
    const world = createWorld()
    placeWalls(world, 1000, 1000)
    world.add({ id: 'panel', x: 0, y: 700, width: 1000, height: 100, type: 'static' })
    world.add({ id: 'card', x: 400, y: 880, width: 100, height: 100 })
    world.update('panel', { height: 240 })
    for (let i = 0; i < 60; i++) {
      world.step(1 / 60)
      expectInsideBoard(world, 'card', 1000, 1000)
    }
  })

  it('a card wedged between a panel and a thin wall stays on the board side of the wall', () => {
    const world = createWorld()
    placeWalls(world, 300, 300, 2)
    world.add({ id: 'panel', x: 0, y: 0, width: 300, height: 100, type: 'static' })
    world.add({ id: 'card', x: 100, y: 150, width: 100, height: 120 })
    // The panel grows to 280 px: no clear way out inside the board; through the 2-px bottom
    // wall, or 300 px left or right through the side walls, would be.
    world.update('panel', { height: 280 })
    for (let i = 0; i < 60; i++) {
      world.step(1 / 60)
      expectInsideBoard(world, 'card', 300, 300)
    }
  })
})
