import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { bodiesOf, deepestSolidOverlap, overlapDepth, placeWalls } from './helpers.js'

// Issue #23, items 3 and 5: a packed board shrunk under its cards decides its overflowing
// cards in a batch (LayoutWatch.setAsideLike), rests within 1 s of its last change, and
// reports the overflow once.

const H = 1 / 60

const COUNT = 1000
/** The board's side (80% full) and its width once shrunk (60%). */
const SIDE = 707
const NARROW = 424

/** 1,000 cards of 20 x 20 on a 707 x 707 board, laid out as bench:pathological's 2,000. */
function packedBoard(): World {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  const columns = Math.ceil(Math.sqrt(COUNT))
  const pitch = SIDE / columns
  for (let k = 0; k < COUNT; k++) {
    world.add({
      id: `c${k}`,
      x: (k % columns) * pitch + 1,
      y: Math.floor(k / columns) * pitch + 1,
      width: 20,
      height: 20,
    })
  }
  placeWalls(world, SIDE, SIDE)
  return world
}

describe('a packed board shrunk under its cards (issue #23)', () => {
  it('rests within 1 s of the last shrink, reports the overflow once, and keeps the others apart and inside', () => {
    const world = packedBoard()
    const reports: (readonly string[])[] = []
    world.on('overflow', (ids) => reports.push(ids))
    // To 60% of its width, 10 px a step, as a container resized by a drag.
    let width = SIDE
    while (width > NARROW) {
      width = Math.max(NARROW, width - 10)
      placeWalls(world, width, SIDE)
      world.step(H)
    }
    let steps = 0
    while (!world.isIdle() && steps < 600) {
      world.step(H)
      steps++
    }
    expect(world.isIdle()).toBe(true)
    // With one card set aside per step, this took hundreds of steps and reported at each.
    expect(steps).toBeLessThanOrEqual(60)
    expect(reports).toHaveLength(1)
    const overflowing = new Set(world.overflowing())
    expect([...overflowing]).toEqual(reports[0])
    // 424 x 707 holds 21 x 35 = 735 cards at best: at least 265 overflow; the batch keeps
    // the others to 90% of the board's area (OVERFLOW_PACKING): at most 1000 - 674.
    expect(overflowing.size).toBeGreaterThanOrEqual(265)
    expect(overflowing.size).toBeLessThanOrEqual(400)
    const kept = bodiesOf(world).filter(
      (body) => body.type === 'dynamic' && !overflowing.has(body.id),
    )
    let deepest = 0
    for (let i = 0; i < kept.length; i++) {
      for (let j = i + 1; j < kept.length; j++)
        deepest = Math.max(deepest, overlapDepth(kept[i]!, kept[j]!))
    }
    expect(deepest).toBeLessThanOrEqual(0.5)
    for (const body of kept) {
      expect(body.x).toBeGreaterThanOrEqual(0)
      expect(body.x + body.width).toBeLessThanOrEqual(NARROW)
    }
    expect(deepestSolidOverlap(world)).toBe(0)
  })
})
