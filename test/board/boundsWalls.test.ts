import { describe, expect, it } from 'vitest'
import { placeBoundsWalls, boundsWallIds, isInside } from '../../src/board/boundsWalls.js'
import { createWorld } from '../../src/core/world/index.js'
import type { World } from '../../src/core/world/types.js'

const wallIds: string[] = Object.values(boundsWallIds)

/** The cards (every body but the walls) that `rect` does not hold whole. */
function outside(world: World, rect: { x: number; y: number; width: number; height: number }) {
  return world.ids().filter((id) => !wallIds.includes(id) && !isInside(world.get(id), rect))
}

/** Steps until the world rests (or 10 s of simulated time), checking `check` after each step. */
function stepToRest(world: World, check: () => void): void {
  for (let k = 0; k < 600 && !world.isIdle(); k++) {
    world.step(1 / 60)
    check()
  }
}

/** Twelve cards of 70-240 px laid out in rows on a 900 x 600 board with a gap of 8. */
function dashboard(): World {
  const world = createWorld({ gap: 8 })
  const sizes = [
    [240, 120],
    [160, 200],
    [120, 90],
    [200, 160],
    [90, 70],
    [180, 110],
    [140, 140],
    [220, 90],
    [100, 180],
    [160, 70],
    [70, 120],
    [130, 100],
  ]
  let x = 8
  let y = 8
  let rowHeight = 0
  sizes.forEach(([width, height], k) => {
    if (x + width! > 892) {
      x = 8
      y += rowHeight + 8
      rowHeight = 0
    }
    world.add({ id: `card${k}`, x, y, width: width!, height: height! })
    x += width! + 8
    rowHeight = Math.max(rowHeight, height!)
  })
  placeBoundsWalls(world, { x: 0, y: 0, width: 900, height: 600 })
  stepToRest(world, () => {})
  return world
}

describe('walls that close in on cards that no longer fit (issue #23)', () => {
  it('keep every card inside the shrunk board, overlapping, and report the overflow', () => {
    const world = dashboard()
    expect(outside(world, { x: 0, y: 0, width: 900, height: 600 })).toEqual([])
    const small = { x: 0, y: 0, width: 266, height: 206 }
    placeBoundsWalls(world, small)
    // Not one step may leave a card behind a wall: the cards that fit nowhere stay inside,
    // overlapping others, and overflow. A card that fits the board but not with the gap on
    // both sides (card1: 200 px tall in 206) keeps the gap on one side, the other being
    // within the gap of the wall.
    const withinGap = { x: -8, y: -8, width: 266 + 16, height: 206 + 16 }
    stepToRest(world, () => expect(outside(world, withinGap)).toEqual([]))
    expect(world.isIdle()).toBe(true)
    const overflowing = world.overflowing()
    expect(overflowing.length).toBeGreaterThan(0)
    for (const id of outside(world, small)) expect(overflowing).toContain(id)
    // Grown back, the board takes them all without overlap.
    placeBoundsWalls(world, { x: 0, y: 0, width: 900, height: 600 })
    stepToRest(world, () => {})
    expect(world.overflowing()).toEqual([])
  })

  it('keep a dragged (kinematic) card inside as they close over it', () => {
    const world = dashboard()
    world.update('card3', { type: 'kinematic' })
    const before = world.get('card3')
    expect(isInside(before, { x: 0, y: 0, width: 563, height: 360 })).toBe(false)
    const shrunk = { x: 0, y: 0, width: 563, height: 360 }
    placeBoundsWalls(world, shrunk)
    expect(outside(world, shrunk)).toEqual([])
    // The drag goes on toward the pointer beyond the wall, and ends.
    const goal = world.get('card3')
    world.move('card3', { x: goal.x + 200, y: goal.y + 150 }, { push: true })
    expect(outside(world, shrunk)).toEqual([])
    world.update('card3', { type: 'dynamic', velocity: { x: 0, y: 0 } })
    stepToRest(world, () => expect(outside(world, shrunk)).toEqual([]))
  })
})
