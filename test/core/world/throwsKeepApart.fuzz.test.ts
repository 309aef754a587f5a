import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../src/core/world/index.js'
import { STUCK_DEPTH } from '../../../src/core/step/tolerances.js'
import { overlapDepth, placeWalls } from './helpers.js'

// The promise of a board (README, "The layout contract"): cards that fit their board and
// start apart never overlap, whatever is thrown. Random boards without gravity (a dashboard
// or a node editor) and with it (cards that fall to a floor), cards placed apart by
// `findFreeSpot`, every mass, response and `pushable`, then random throws; after every step
// no two cards that are not reported overflowing overlap by more than STUCK_DEPTH (what the
// layout watch counts as stuck). `npm run fuzz` runs FUZZ_RUNS sequences of each.

const RUNS = Number(process.env.FUZZ_RUNS ?? 0) || 200
/**
 * The boards' gravities, px/s² downward: none and 980, or the one `FUZZ_GRAVITY` sets (to
 * count one of them alone with FUZZ_COUNT).
 */
const GRAVITIES =
  process.env.FUZZ_GRAVITY === undefined ? [0, 980] : [Number(process.env.FUZZ_GRAVITY)]
/**
 * Set (`FUZZ_COUNT=1`), a board that breaks the promise does not stop the run: all RUNS
 * boards run, unshrunk, and the test fails at the end with how many broke it and the first
 * of them (a rate, where the first failure alone says little).
 */
const COUNT = Boolean(process.env.FUZZ_COUNT)

const card = fc.record({
  width: fc.integer({ min: 1, max: 300 }),
  height: fc.integer({ min: 1, max: 300 }),
  mass: fc.constantFrom(undefined, 1e-6, 1, 300, 1e6),
  response: fc.constantFrom('slide' as const, 'touch' as const, 'bounce' as const),
  pushable: fc.boolean(),
})

const throwOf = fc.record({
  pick: fc.nat(100),
  vx: fc.integer({ min: -5000, max: 5000 }),
  vy: fc.integer({ min: -5000, max: 5000 }),
  frames: fc.integer({ min: 1, max: 40 }),
})

/** What an arbitrary generates. */
type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never
type CardOptions = Generated<typeof card>
type Throw = Generated<typeof throwOf>

/** One board: cards placed apart, then the throws, the promise checked after every step. */
function throwCards(
  gravity: number,
  width: number,
  height: number,
  cards: readonly CardOptions[],
  throws: readonly Throw[],
): void {
  const world = createWorld({ gravity: { x: 0, y: gravity } })
  placeWalls(world, width, height)
  const ids: string[] = []
  cards.forEach((options, k) => {
    const spot = world.findFreeSpot(options, { x: 0, y: 0 })
    if (spot === null) return
    world.add({ id: `card-${k}`, ...options, ...spot })
    ids.push(`card-${k}`)
  })
  const expectApart = (label: string) => {
    const overflowing = world.overflowing()
    const shown = ids.filter((id) => !overflowing.includes(id)).map((id) => world.get(id))
    for (let a = 0; a < shown.length; a++) {
      for (let b = a + 1; b < shown.length; b++) {
        const depth = overlapDepth(shown[a]!, shown[b]!)
        expect(depth, `${label}: ${shown[a]!.id}/${shown[b]!.id}`).toBeLessThanOrEqual(STUCK_DEPTH)
      }
    }
  }
  expectApart('placed')
  for (const [n, thrown] of throws.entries()) {
    if (ids.length === 0) return
    const id = ids[thrown.pick % ids.length]!
    world.update(id, { velocity: { x: thrown.vx, y: thrown.vy } })
    for (let frame = 0; frame < thrown.frames; frame++) {
      world.step(1 / 60)
      expectApart(`throw ${n} of ${id}, step ${frame}`)
    }
  }
}

describe.each(GRAVITIES)('cards thrown on a board with gravity %d px/s² (issue #23)', (gravity) => {
  it(
    `never overlap by more than STUCK_DEPTH after a step, over ${RUNS} random boards`,
    () => {
      const broken: string[] = []
      let checked = 0
      fc.assert(
        fc.property(
          fc.integer({ min: 100, max: 800 }),
          fc.integer({ min: 100, max: 800 }),
          fc.array(card, { minLength: 2, maxLength: 12 }),
          fc.array(throwOf, { maxLength: 10 }),
          (width, height, cards, throws) => {
            if (!COUNT) return throwCards(gravity, width, height, cards, throws)
            try {
              throwCards(gravity, width, height, cards, throws)
            } catch (error) {
              broken.push(`${broken.length === 0 ? String(error) : ''} board ${checked}`)
            }
            checked++
          },
        ),
        { numRuns: RUNS },
      )
      expect(broken, `${broken.length} of ${RUNS} boards: ${broken.join(';')}`).toEqual([])
    },
    RUNS * 300,
  ) // about 30 ms a sequence; the allowance is ten times that
})
