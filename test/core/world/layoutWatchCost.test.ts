import { describe, expect, it } from 'vitest'
import { PairBuffer } from '../../../src/core/broadphase/buffers.js'
import { step } from '../../../src/core/step/step.js'
import { StepContext } from '../../../src/core/step/context.js'
import { BodyStore } from '../../../src/core/world/bodyStore.js'
import { createWorld } from '../../../src/core/world/index.js'
import { SetAsideLike } from '../../../src/core/world/setAsideLike.js'
import { OVERFLOW_PACKING } from '../../../src/core/step/tolerances.js'
import { defaultSettings } from '../../../src/core/world/settings.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'
import { leastHeapGrowthPerCall } from '../../support/heapGrowth.js'

// Issue #23, item 5 (bounded cost): the layout watch's work after a step of a board that
// cannot hold its cards. On the bench's shrinking board (2,000 cards) it ran after every
// step of the shrink, and what it allocated came back as collections in later steps.

const H = 1 / 60
const WALL = 4096

/** `count` cards of 20 px packed on a board `side` px wide and `height` high, one step run. */
function overfullBoard(count: number, side: number, height: number): StepContext {
  const store = new BodyStore()
  const walls = [
    { x: -WALL, y: -WALL, width: WALL, height: height + 2 * WALL },
    { x: side, y: -WALL, width: WALL, height: height + 2 * WALL },
    { x: 0, y: -WALL, width: side, height: WALL },
    { x: 0, y: height, width: side, height: WALL },
  ]
  walls.forEach((wall, n) => {
    store.insert(`wall${n}`, {
      ...defaultBodyFields(wall.x, wall.y, wall.width, wall.height),
      type: 'static',
    })
  })
  // Rows of cards 15 px apart: each overlaps its neighbours by 5 px.
  const columns = Math.floor(side / 15)
  for (let k = 0; k < count; k++) {
    const x = (k % columns) * 15
    const y = Math.floor(k / columns) * 15
    store.insert(`c${k}`, defaultBodyFields(x, y, 20, 20))
  }
  const sim = new StepContext(store, { ...defaultSettings(), gravity: { x: 0, y: 0 } })
  step(sim, H)
  return sim
}

describe('layout watch cost (issue #23, bounded cost)', () => {
  it('sets aside the bodies a full board cannot hold without allocating per body', () => {
    const count = 1000
    const sim = overfullBoard(count, 300, 600)
    const setAsideLike = new SetAsideLike(sim)
    const noLatePairs = new PairBuffer()
    const stuckSteps = new Int32Array(sim.store.capacity)
    const failed = sim.dynamic[0] as number
    // The watch grows this after each step; it has not run one here.
    sim.overflowing = new Uint8Array(sim.store.capacity)
    // Fifty decisions a window: code V8 compiled in the background is installed when the
    // main thread next checks, and under the load of the other projects that fell in every
    // one of eight windows of ten decisions (14.6 bytes per body in one CI run, 0.55 alone);
    // a window fifty decisions long spreads such a one-off over them.
    const runs = 50
    // Each run decides from the same state: nothing set aside yet.
    const decideOnce = (): boolean => {
      sim.overflowing.fill(0)
      return setAsideLike.run(failed, noLatePairs, stuckSteps, OVERFLOW_PACKING)
    }
    expect(decideOnce()).toBe(true)
    expect(sim.overflowing.reduce((sum, flag) => sum + flag, 0)).toBeGreaterThan(0)
    // Warmed up first: V8 boxes the numbers of code it has not optimized yet. The least over
    // eight windows: compiling the method also grows the heap, and on a machine loaded by
    // the other test files that fell in each of four windows once.
    for (let run = 0; run < 100; run++) decideOnce()
    const least = leastHeapGrowthPerCall(decideOnce, runs, 8) / count
    // A map of partner lists and an enclosure object per body and look-up made about 270
    // bytes per body and decision.
    expect(least).toBeLessThan(8)
  })

  it('searches a full board for a free spot without allocating per body', () => {
    // The watch's relocations search the whole board when it is full: 2,000 cards of 20 px
    // tiled over 900 x 900 px, so no 25 px box fits, whichever cards are ignored.
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    const count = 2025
    for (let k = 0; k < count; k++) {
      world.add({
        id: `c${k}`,
        x: (k % 45) * 20,
        y: Math.floor(k / 45) * 20,
        width: 20,
        height: 20,
      })
    }
    const within = { x: 0, y: 0, width: 900, height: 900 }
    const ignore = ['c0', 'c1', 'c2']
    const search = (): unknown =>
      world.findFreeSpot({ width: 25, height: 25 }, { x: 450, y: 450 }, { within, ignore })
    expect(search()).toBeNull()
    for (let run = 0; run < 30; run++) search()
    const runs = 10
    const least = leastHeapGrowthPerCall(search, runs, 4) / count
    // Fresh candidate lists, sorted copies, counting sorts and a segment tree in every round
    // of every search made about 200 bytes per body.
    expect(least).toBeLessThan(8)
  })
})
