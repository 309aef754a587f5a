import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type BodySnapshot, type World } from '../../../src/core/world/index.js'
import { bodiesOf, deepestSolidOverlap, overlapDepth, placeWalls } from './helpers.js'

// Issue #23, items 3 and 5: a packed board shrunk under its cards decides its overflowing
// cards in a batch (SetAsideLike, setAsideLike.ts), rests within 1 s of its last change, and
// reports the overflow once.

const H = 1 / 60

const COUNT = 1000
/** The board's side (80% full) and its width once shrunk (60%). */
const SIDE = 707
const NARROW = 424

/** `count` cards of `size` px square on a `side` x `side` board, laid out as bench:pathological's 2,000. */
function packedBoard(count = COUNT, side = SIDE, size = 20): World {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  const columns = Math.ceil(Math.sqrt(count))
  const pitch = side / columns
  for (let k = 0; k < count; k++) {
    world.add({
      id: `c${k}`,
      x: (k % columns) * pitch + 1,
      y: Math.floor(k / columns) * pitch + 1,
      width: size,
      height: size,
    })
  }
  placeWalls(world, side, side)
  return world
}

/** Shrinks the board of {@link packedBoard} to `narrow` px wide, 10 px a step; then steps until idle (at most 600 steps) and returns how many that took. */
function shrinkAndSettle(world: World, side: number, narrow: number): number {
  let width = side
  while (width > narrow) {
    width = Math.max(narrow, width - 10)
    placeWalls(world, width, side)
    world.step(H)
  }
  let steps = 0
  while (!world.isIdle() && steps < 600) {
    world.step(H)
    steps++
  }
  return steps
}

/**
 * The dynamic cards `world` keeps (not overflowing), and the deepest overlap among them (px).
 */
function keptCards(world: World): { kept: BodySnapshot[]; deepest: number } {
  const overflowing = new Set(world.overflowing())
  const kept = bodiesOf(world).filter(
    (body) => body.type === 'dynamic' && !overflowing.has(body.id),
  )
  let deepest = 0
  for (let i = 0; i < kept.length; i++) {
    for (let j = i + 1; j < kept.length; j++)
      deepest = Math.max(deepest, overlapDepth(kept[i]!, kept[j]!))
  }
  return { kept, deepest }
}

/**
 * Checks that the cards `world` keeps are apart (within 0.5 px) and inside a board `width`
 * px wide, and that no body overlaps a solid; returns the kept cards.
 */
function expectKeptApartAndInside(world: World, width: number): BodySnapshot[] {
  const { kept, deepest } = keptCards(world)
  expect(deepest).toBeLessThanOrEqual(0.5)
  for (const body of kept) {
    expect(body.x).toBeGreaterThanOrEqual(0)
    expect(body.x + body.width).toBeLessThanOrEqual(width)
  }
  expect(deepestSolidOverlap(world)).toBe(0)
  return kept
}

/**
 * Shrinks a {@link packedBoard} of `count` cards of 18 px from `side` to `narrow` px wide and
 * checks that it rests within 1 s (60 steps) of the shrink, its kept cards apart and inside
 * and not set aside beyond need: they fill at least 70% of the board (the packing target
 * after 13 decisions that set cards aside, `PACKING_BACKOFF`). Returns the kept cards.
 */
function expectDenseShrinkRests(count: number, side: number, narrow: number): BodySnapshot[] {
  const world = packedBoard(count, side, 18)
  const steps = shrinkAndSettle(world, side, narrow)
  expect(world.isIdle()).toBe(true)
  expect(steps).toBeLessThanOrEqual(60)
  const kept = expectKeptApartAndInside(world, narrow)
  expect((kept.length * 18 * 18) / (narrow * side)).toBeGreaterThanOrEqual(0.7)
  return kept
}

describe('a packed board shrunk under its cards (issue #23)', () => {
  it('rests within 1 s of the last shrink, reports the overflow once, and keeps the others apart and inside', () => {
    const world = packedBoard()
    const reports: (readonly string[])[] = []
    world.on('overflow', (ids) => reports.push(ids))
    // To 60% of its width, 10 px a step, as a container resized by a drag.
    const steps = shrinkAndSettle(world, SIDE, NARROW)
    expect(world.isIdle()).toBe(true)
    // With one card set aside per step, this took hundreds of steps and reported at each.
    expect(steps).toBeLessThanOrEqual(60)
    expect(reports).toHaveLength(1)
    const overflowing = world.overflowing()
    expect(overflowing).toEqual(reports[0])
    // 424 x 707 holds 21 x 35 = 735 cards at best: at least 265 overflow; the batch keeps
    // the others to 90% of the board's area (OVERFLOW_PACKING): at most 1000 - 674.
    expect(overflowing.length).toBeGreaterThanOrEqual(265)
    expect(overflowing.length).toBeLessThanOrEqual(400)
    expectKeptApartAndInside(world, NARROW)
  })

  it('rests when the push-out slides cards past the neighbours it was paired with (400 cards, 447 -> 268 px)', () => {
    // Rows of 20 cards 20 px wide in 268 px: pushed from both walls, the push-out moved
    // cards by tens of px a step across cards it had not paired them with. Its own pairs
    // all ended apart, so the layout watch saw nothing stuck, and the board never rested.
    const world = packedBoard(400, 447)
    const reports: (readonly string[])[] = []
    world.on('overflow', (ids) => reports.push(ids))
    const steps = shrinkAndSettle(world, 447, 268)
    expect(world.isIdle()).toBe(true)
    expect(steps).toBeLessThanOrEqual(60)
    expect(reports).toHaveLength(1)
    const overflowing = world.overflowing()
    expect(overflowing).toEqual(reports[0])
    // 268 x 447 holds 13 x 22 = 286 cards at best: at least 114 overflow.
    expect(overflowing.length).toBeGreaterThanOrEqual(114)
    expect(keptCards(world).deepest).toBeLessThanOrEqual(0.5)
    expect(deepestSolidOverlap(world)).toBe(0)
  })

  it('rests within 1 s when the push-out cannot pack the kept cards as densely as OVERFLOW_PACKING', () => {
    // 600 cards of 18 px shrunk from 550 to 350 px wide: once the batch leaves them at 90%
    // of the board, the push-out jams; the target falls 2% a decision (PACKING_BACKOFF).
    // Without that, one card was set aside a step and the board rested after 74 steps.
    const kept = expectDenseShrinkRests(600, 550, 350)
    // Nearly as many kept as without the backoff (473 kept, at rest after 74 steps).
    expect(kept.length).toBeGreaterThanOrEqual(460)
  })

  it('rests within 1 s when hundreds of cards stay stuck after the batches (2,000 cards of 18 px, 1000 -> 650 px)', () => {
    // bench:pathological's board: once batches have set cards aside, hundreds of kept cards
    // stay stuck while the push-out packs them, and free spots open as it does. One
    // relocation a step (the stuck card that ranked first) left it busy for 71 steps after
    // the shrink; now the watch relocates up to FREE_SPOT_SEARCHES stuck cards a step.
    // (650 x 1000 holds 36 x 55 = 1980 cards of 18 px on a lattice; the push-out packs fewer.)
    expectDenseShrinkRests(2000, 1000, 650)
  })

  it('dashboards of 5 to 65 cards shrunk to 40-90% of their width rest within 1 s, apart and inside', () => {
    // Random boards as an app lays them out: cards of 40-200 x 30-150 px placed apart by
    // findFreeSpot, then the board's right wall moved in over 1 to 30 steps.
    const board = fc.record({
      width: fc.integer({ min: 600, max: 1200 }),
      height: fc.integer({ min: 400, max: 800 }),
      cards: fc.array(
        fc.record({
          width: fc.integer({ min: 40, max: 200 }),
          height: fc.integer({ min: 30, max: 150 }),
          x: fc.double({ min: 0, max: 1, noNaN: true }),
          y: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        { minLength: 5, maxLength: 65 },
      ),
      narrowTo: fc.double({ min: 0.4, max: 0.9, noNaN: true }),
      shrinkSteps: fc.integer({ min: 1, max: 30 }),
    })
    fc.assert(
      fc.property(board, (scene) => {
        const world = createWorld({ gravity: { x: 0, y: 0 } })
        const within = { x: 0, y: 0, width: scene.width, height: scene.height }
        scene.cards.forEach((card, k) => {
          const near = { x: card.x * scene.width, y: card.y * scene.height }
          const spot = world.findFreeSpot(card, near, { within })
          if (spot !== null)
            world.add({ id: `c${k}`, ...spot, width: card.width, height: card.height })
        })
        placeWalls(world, scene.width, scene.height)
        const narrow = Math.max(200, Math.floor(scene.width * scene.narrowTo))
        for (let step = 1; step <= scene.shrinkSteps; step++) {
          placeWalls(
            world,
            scene.width - ((scene.width - narrow) * step) / scene.shrinkSteps,
            scene.height,
          )
          world.step(H)
        }
        let steps = 1
        while (!world.isIdle() && steps < 120) {
          world.step(H)
          steps++
        }
        // Counting the step of the last move: idle within 60 steps of 1/60 s.
        expect(world.isIdle()).toBe(true)
        expect(steps).toBeLessThanOrEqual(60)
        expectKeptApartAndInside(world, narrow)
      }),
      { numRuns: 100 },
    )
  })
})

describe('a card that fits its board only without its gap (issue #23, clause 2)', () => {
  it('is never pushed on through the wall it starts in: a deep start overlap lets a body out, not in', () => {
    // The cards a 266 x 206 board with gap 8 held after its walls closed in (the board
    // layer's gathering): c1, 200 px tall, overlaps both walls' gaps, and the cards over it
    // pushed it down through the bottom wall (to y 189, then 4100 px off the board).
    const world = createWorld({ gap: 8 })
    const cards: [number, number, number, number][] = [
      [8, 8, 240, 120],
      [98, 3, 160, 200],
      [138, 8, 120, 90],
      [58, 8, 200, 160],
      [168, 8, 90, 70],
      [8, 88, 180, 110],
      [118, 58, 140, 140],
      [38, 108, 220, 90],
      [158, 18, 100, 180],
      [98, 128, 160, 70],
      [8, 78, 70, 120],
      [86, 98, 130, 100],
    ]
    cards.forEach(([x, y, width, height], k) => world.add({ id: `c${k}`, x, y, width, height }))
    placeWalls(world, 266, 206)
    // c1 keeps the gap from one wall and ends within it of the other (2 px into its own
    // box): deeper than the gap means a push carried it on into the wall.
    for (let k = 0; k < 120; k++) {
      world.step(H)
      expect(deepestSolidOverlap(world)).toBeLessThanOrEqual(8)
    }
    expect(world.isIdle()).toBe(true)
    expect(world.overflowing()).toContain('c1')
  })
})
