import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type BodyId, type World } from '../../../src/core/world/index.js'
import { deepestOverlap } from './helpers.js'

const BOX_HEIGHT = 20
/**
 * The push-out's slop (overlaps up to 0.01 px are left alone), plus rounding: it measures
 * overlaps with its own arithmetic, and a pair it left at its slop measured 0.0100007 here.
 */
const SLOP = 0.01 + 1e-6

interface Column {
  /** Width of each box of the column, from the bottom up. */
  widths: number[]
  /** The speed the column falls at (px/s, down). */
  speed: number
  /** Height of the gap between the column's bottom and what it lands on. */
  gap: number
  /**
   * A box 30 px high at rest on the floor under the column: its left edge (the column's is
   * 0) and width. Without it, the column lands on the (static) floor.
   */
  rest?: { x: number; width: number }
}

/**
 * A column of boxes touching one another and falling together onto a box at rest on a
 * floor (the bottom box is over it), or onto the floor. Returns the column's ids from the
 * bottom up.
 */
function dropColumn(world: World, column: Column): BodyId[] {
  const floorY = 500
  world.add({ x: -200, y: floorY, width: 600, height: 20, type: 'static' })
  let landingY = floorY
  if (column.rest) {
    landingY = floorY - 30
    world.add({ x: column.rest.x, y: landingY, width: column.rest.width, height: 30 })
  }
  return column.widths.map((width, level) =>
    world.add({
      x: 0,
      y: landingY - column.gap - (level + 1) * BOX_HEIGHT,
      width,
      height: BOX_HEIGHT,
      velocity: { x: 0, y: column.speed },
    }),
  )
}

/**
 * Steps until the column has landed, checking after every step that no box of it moved
 * sideways and that nothing overlaps beyond the solver's slop of 0.01; then checks that
 * each box rests on the one under it, within that slop.
 */
function expectCleanLanding(world: World, ids: BodyId[]): void {
  for (let step = 0; step < 90; step++) {
    world.step(1 / 60)
    for (const id of ids) expect(world.get(id).x, `step ${step}, box ${id}`).toBe(0)
    expect(deepestOverlap(world), `step ${step}`).toBeLessThanOrEqual(SLOP)
  }
  // Landed and at rest: each box on the one under it, none hovering above it.
  for (let level = 1; level < ids.length; level++) {
    const below = world.get(ids[level - 1] as BodyId)
    const box = world.get(ids[level] as BodyId)
    expect(Math.abs(below.y - (box.y + box.height)), `gap under box ${level}`).toBeLessThanOrEqual(
      SLOP,
    )
  }
}

/** Four boxes of different widths falling at 1,400 px/s, 150 px above a box 60 px wide. */
const FOUR_BOXES: Column = {
  widths: [20, 29, 34, 14],
  speed: 1400,
  gap: 150,
  rest: { x: 0, width: 60 },
}

/** Columns of 2 to 6 boxes 8-40 px wide, falling at up to 2,000 px/s from up to 200 px above. */
const FALLING_COLUMN = {
  widths: fc.array(fc.integer({ min: 8, max: 40 }), { minLength: 2, maxLength: 6 }),
  speed: fc.integer({ min: 0, max: 2000 }),
  gap: fc.integer({ min: 0, max: 200 }),
}

/** {@link expectCleanLanding} for 1,000 columns drawn from `columns`. */
function expectColumnsToLand(columns: fc.Arbitrary<Column>): void {
  fc.assert(
    fc.property(columns, (column) => {
      const world = createWorld({ gravity: { x: 0, y: 980 } })
      expectCleanLanding(world, dropColumn(world, column))
    }),
    { numRuns: 1000 },
  )
}

// The two properties step 1,000 columns for 90 steps each: seconds of work that a loaded
// machine stretches many times over, so the limit only catches a hang.
describe('step: a column landing', { timeout: 120_000 }, () => {
  // A column falling as one, whose bottom box lands on a box at rest: the boxes above it
  // must stop with it. The solver stopped each box at its own time of impact, so the box
  // above the bottom one (which could also reach the box at rest) fell on for almost the
  // whole step, into the bottom box, and the push-out threw it 12 px sideways; the top box
  // stopped in mid-air for a step (an impulse at the step's very end read as none).
  it('lands on a box at rest as one: nothing moves sideways, overlaps or hovers', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    const ids = dropColumn(world, FOUR_BOXES)
    expectCleanLanding(world, ids)
  })

  // The top box's speculative contact with the box two below it closed only at the step's
  // very end, so its impulse took time 1, which meant "no impulse": the box stopped in
  // mid-air for a step, 4 px above the column, and then fell the rest of the way slowly.
  it('stops the whole column in the step it lands: no box hovers', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    const ids = dropColumn(world, FOUR_BOXES)
    for (let step = 0; step < 7; step++) world.step(1 / 60)
    const bottom = world.get(ids[0] as BodyId)
    expect(bottom.y + bottom.height).toBe(470)
    for (let level = 1; level < ids.length; level++) {
      const below = world.get(ids[level - 1] as BodyId)
      const box = world.get(ids[level] as BodyId)
      expect(below.y - (box.y + box.height), `gap under box ${level}`).toBeCloseTo(0, 6)
    }
  })

  // A fast box touching the top of a slow one that lands later in the step: the touching
  // pair was timed at the slow box's landing, so the fast box fell on into it until then
  // (14 px deep in a pile of 5,000 boxes), and the push-out threw it sideways (4 px here).
  it('stops a box falling onto one it touches at once, not when that one lands', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ x: -200, y: 500, width: 600, height: 20, type: 'static' })
    world.add({ x: 0, y: 470, width: 60, height: 30 })
    // 0.9 px above the box at rest, falling at 50 px/s: it lands 0.8 of a step later. The
    // fast box overlaps it by 8 px across, less than the 16 px it fell into it.
    const slow = world.add({ x: 10, y: 449.1, width: 30, height: 20, velocity: { x: 0, y: 50 } })
    const fast = world.add({ x: 32, y: 429.1, width: 30, height: 20, velocity: { x: 0, y: 1200 } })
    for (let step = 0; step < 30; step++) {
      world.step(1 / 60)
      expect(world.get(fast).x, `step ${step}`).toBe(32)
      expect(world.get(slow).x, `step ${step}`).toBe(10)
      expect(deepestOverlap(world), `step ${step}`).toBeLessThanOrEqual(SLOP)
    }
  })

  // Found by a random draw of the property below. The 40 px box rests on the 8 px one under
  // it and reaches past it, by a speculative contact, to the 10 px box under that: its
  // shortest chain down was as short as the 8 px box's, so the two had the same support
  // level, and shock propagation, which compared levels, split their pair by mass. The 8 px
  // box took 5/6 of each push, down into the 10 px box, its supporter, which sent it all
  // back up: the pair closed by 1/6 every two velocity passes (the 64 passes left it closing
  // at 6.6 px/s, 0.062 px in the step it landed) and every two push-out rounds (the 20
  // rounds left it 0.0100333 px deep, past the slop).
  it('lands a wide box that rests on a narrow one and reaches past it to the box below', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    const ids = dropColumn(world, {
      widths: [8, 10, 8, 40, 8],
      speed: 1943,
      gap: 147,
      rest: { x: 0, width: 34 },
    })
    expectCleanLanding(world, ids)
  })

  // Before these fixes, 238 of 2,000 random columns (a scratch run) were thrown sideways
  // (13 px at most), 205 overlapped by more than 0.01 px in some step and 355 did not end
  // stacked; with 16 velocity passes instead of 64, 42 still overlapped (0.86 px at most).
  it('lands as one on a box at rest for any widths, speed and height of fall', () => {
    const rest = fc.record({
      x: fc.integer({ min: -30, max: 4 }),
      width: fc.integer({ min: 34, max: 80 }),
    })
    expectColumnsToLand(fc.record({ ...FALLING_COLUMN, rest }))
  })

  // On a static floor the swept move stops the bottom box after the velocity pass, so the
  // boxes above it came down a whole step into it. The push-out then split each push with
  // the box above, and took the shortest way out, often sideways: 372 of 2,000 random
  // columns were thrown sideways (13 px at most) and 449 did not end stacked (a scratch run).
  it('lands as one on the floor for any widths, speed and height of fall', () => {
    expectColumnsToLand(fc.record(FALLING_COLUMN))
  })
})
