import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createWorld,
  type FreeSpotOptions,
  type Size,
  type World,
} from '../../../src/core/world/index.js'
import type { Vec2 } from '../../../src/core/geometry/types.js'
import { BodyIndex } from '../../../src/core/broadphase/bodyIndex.js'
import type { IndexBuffer } from '../../../src/core/broadphase/buffers.js'
import { BodyStore } from '../../../src/core/world/bodyStore.js'
import { findFreeSpot } from '../../../src/core/world/findFreeSpot.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'
import { bodiesOf, interiorsMeet, nearestFreeCorner } from './helpers.js'

/**
 * The oracle: every crossing of the candidate coordinates of every body (left of, right of),
 * `near` clamped into the allowed range and `within`'s edges, each checked against every
 * body, the nearest free one (distance, then y, then x).
 */
function bruteForceSpot(world: World, size: Size, near: Vec2, options: FreeSpotOptions = {}) {
  const bodies = bodiesOf(world).filter((body) => !(options.ignore ?? []).includes(body.id))
  const { within } = options
  const before = (edge: number, length: number) => {
    let place = edge - length
    while (place + length > edge) place -= Math.max(Math.abs(place) * Number.EPSILON, 5e-324)
    return place
  }
  const [minX, minY] = within ? [within.x, within.y] : [-Infinity, -Infinity]
  const [maxX, maxY] = within
    ? [before(within.x + within.width, size.width), before(within.y + within.height, size.height)]
    : [Infinity, Infinity]
  if (within && (size.width > within.width || size.height > within.height)) return null
  if (maxX < minX || maxY < minY) return null
  const xs = [Math.min(Math.max(near.x, minX), maxX), minX, maxX]
  const ys = [Math.min(Math.max(near.y, minY), maxY), minY, maxY]
  for (const body of bodies) {
    xs.push(before(body.x, size.width), body.x + body.width)
    ys.push(before(body.y, size.height), body.y + body.height)
  }
  const corners: Vec2[] = []
  for (const x of xs) {
    if (!(x >= minX && x <= maxX)) continue
    for (const y of ys) if (y >= minY && y <= maxY) corners.push({ x, y })
  }
  const best = nearestFreeCorner(corners, size, near, bodies)
  return best === null ? null : { x: best.x + 0, y: best.y + 0 }
}

/**
 * Asserts that both answers are null or equally far from `near`. Points apart by an ulp can
 * round to one distance, so which of them is the tie-broken answer may differ: the distance
 * is what the contract fixes (a free place at that distance is checked separately).
 */
function expectSameDistance(spot: Vec2 | null, oracle: Vec2 | null, near: Vec2): void {
  expect(spot === null).toBe(oracle === null)
  if (spot === null || oracle === null) return
  const distance = (p: Vec2) => Math.hypot(p.x - near.x, p.y - near.y)
  expect(distance(spot)).toBeCloseTo(distance(oracle), 9)
}

const coordinate = fc.oneof(
  fc.integer({ min: -50, max: 450 }),
  fc.double({ min: -50, max: 450, noNaN: true }),
)
const length = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 200 }),
  fc.double({ min: 0, max: 200, noNaN: true }),
)

/** The body index, counting the bodies its queries find. */
class CountingIndex extends BodyIndex {
  seen = 0
  override query(minX: number, minY: number, maxX: number, maxY: number, out: IndexBuffer) {
    const before = out.count
    super.query(minX, minY, maxX, maxY, out)
    this.seen += out.count - before
  }
}

describe('findFreeSpot', () => {
  it('returns near itself when it is free, and the nearest touching place when not', () => {
    const w = createWorld()
    w.add({ id: 'card', x: 0, y: 0, width: 100, height: 100, type: 'static' })
    expect(w.findFreeSpot({ width: 50, height: 50 }, { x: 200, y: 0 })).toEqual({ x: 200, y: 0 })
    // Overlapping the card's right part: out to the right (10 px) rather than left (60 px).
    expect(w.findFreeSpot({ width: 50, height: 50 }, { x: 90, y: 20 })).toEqual({ x: 100, y: 20 })
  })

  it('stays inside within and ignores the bodies it is told to', () => {
    const w = createWorld()
    w.add({ id: 'a', x: 0, y: 0, width: 100, height: 150 })
    w.add({ id: 'b', x: 100, y: 0, width: 100, height: 150 })
    const within = { x: 0, y: 0, width: 200, height: 400 }
    expect(w.findFreeSpot({ width: 100, height: 150 }, { x: 50, y: 0 }, { within })).toEqual({
      x: 50,
      y: 150,
    })
    expect(
      w.findFreeSpot({ width: 100, height: 150 }, { x: 0, y: 0 }, { within, ignore: ['a'] }),
    ).toEqual({ x: 0, y: 0 })
    expect(w.findFreeSpot({ width: 201, height: 1 }, { x: 0, y: 0 }, { within })).toBeNull()
    expect(
      w.findFreeSpot({ width: 200, height: 251 }, { x: 0, y: 0 }, { within: { ...within } }),
    ).toBeNull()
  })

  it('names the field of bad input', () => {
    const w = createWorld()
    w.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    expect(() => w.findFreeSpot({ width: -1, height: 1 }, { x: 0, y: 0 })).toThrow(/size\.width/)
    expect(() => w.findFreeSpot({ width: 1, height: NaN }, { x: 0, y: 0 })).toThrow(/size\.height/)
    expect(() => w.findFreeSpot(null as never, { x: 0, y: 0 })).toThrow(/size must be an object/)
    expect(() => w.findFreeSpot({ width: 1, height: 1 }, { x: Infinity, y: 0 })).toThrow(/near\.x/)
    expect(() =>
      w.findFreeSpot(
        { width: 1, height: 1 },
        { x: 0, y: 0 },
        { within: { x: 0, y: 0, width: -5, height: 1 } },
      ),
    ).toThrow(/options\.within\.width/)
    expect(() =>
      w.findFreeSpot({ width: 1, height: 1 }, { x: 0, y: 0 }, { ignore: ['nope'] }),
    ).toThrow(/options\.ignore\[0\]: body "nope" does not exist/)
    expect(() =>
      w.findFreeSpot({ width: 1, height: 1 }, { x: 0, y: 0 }, { ignore: 'a' as never }),
    ).toThrow(/options\.ignore must be an array/)
  })

  it('property: agrees with the brute-force oracle, and its answer is free and inside within', () => {
    const body = fc.record({ x: coordinate, y: coordinate, width: length, height: length })
    fc.assert(
      fc.property(
        fc.array(body, { maxLength: 25 }),
        fc.record({ width: length, height: length }),
        fc.record({ x: coordinate, y: coordinate }),
        fc.option(
          fc.record({
            x: coordinate,
            y: coordinate,
            width: fc.integer({ min: 0, max: 500 }),
            height: fc.integer({ min: 0, max: 500 }),
          }),
          { nil: undefined },
        ),
        fc.integer({ min: 0, max: 3 }),
        (boxes, size, near, within, ignoreCount) => {
          const w = createWorld()
          boxes.forEach((box, k) => w.add({ id: `b${k}`, ...box, type: 'static' }))
          const ignore = boxes.slice(0, ignoreCount).map((_, k) => `b${k}`)
          const options = { within, ignore }
          const spot = w.findFreeSpot(size, near, options)
          expectSameDistance(spot, bruteForceSpot(w, size, near, options), near)
          if (spot !== null) {
            const box = { ...spot, ...size }
            if (within !== undefined) {
              expect(box.x >= within.x && box.x + box.width <= within.x + within.width).toBe(true)
              expect(box.y >= within.y && box.y + box.height <= within.y + within.height).toBe(true)
            }
            for (const other of bodiesOf(w)) {
              if (!ignore.includes(other.id))
                expect(interiorsMeet(box, other), other.id).toBe(false)
            }
          }
        },
      ),
      { numRuns: 500 },
    )
  }, 60_000) // a property over many worlds: slow on a loaded machine, not a timed test

  it('property: deterministic, and finds a spot far from a crowded start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        (columns, rows) => {
          const w = createWorld()
          for (let i = 0; i < columns; i++)
            for (let j = 0; j < rows; j++)
              w.add({ x: i * 10, y: j * 10, width: 10, height: 10, type: 'static' })
          const near = { x: columns * 5, y: rows * 5 }
          const spot = w.findFreeSpot({ width: 10, height: 10 }, near)
          expect(spot).toEqual(bruteForceSpot(w, { width: 10, height: 10 }, near))
          expect(w.findFreeSpot({ width: 10, height: 10 }, near)).toEqual(spot)
        },
      ),
      { numRuns: 20 },
    )
  }, 60_000) // a property over many worlds: slow on a loaded machine, not a timed test

  it('answers null for a full board after looking at its bodies only, not at the thousands elsewhere (bounded work)', () => {
    // A 200 x 200 board filled with 100 cards of 20 px, and 2,000 cards on another board
    // far away. The search is final once its query holds the whole board: it used to widen
    // until the query held every body of the world.
    const store = new BodyStore()
    let n = 0
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 10; j++)
        store.insert(`card${n++}`, defaultBodyFields(i * 20, j * 20, 20, 20))
    for (let k = 0; k < 2000; k++)
      store.insert(`far${k}`, defaultBodyFields(10_000 + (k % 50) * 30, (k / 50) * 30, 20, 20))
    const index = new CountingIndex(store)
    const within = { x: 0, y: 0, width: 200, height: 200 }
    expect(
      findFreeSpot(store, index, { width: 20, height: 20 }, { x: 90, y: 90 }, { within }),
    ).toBe(null)
    // Each round's query holds at most the board's 100 cards, and the radius doubles from
    // 20 px to the board's size in a few rounds.
    expect(index.seen).toBeLessThanOrEqual(1000)
  })

  it('answers null for a full board of 2,025 cards reading each card about once, not once per round (bounded work)', () => {
    // 45 x 45 cards of 22 px at a 22.2 px pitch fill a 1000 px board: no room for 30 px. The
    // rounds double the radius from the middle; the last rounds before the complete one held
    // most of the board again (the query held the cards 4,400 times in all).
    const store = new BodyStore()
    for (let k = 0; k < 2025; k++) {
      const x = (k % 45) * 22.2
      const y = Math.floor(k / 45) * 22.2
      store.insert(`card${k}`, defaultBodyFields(x, y, 22, 22))
    }
    const index = new CountingIndex(store)
    const within = { x: 0, y: 0, width: 1000, height: 1000 }
    expect(
      findFreeSpot(store, index, { width: 30, height: 30 }, { x: 500, y: 500 }, { within }),
    ).toBe(null)
    expect(index.seen).toBeLessThanOrEqual(1.5 * 2025)
  })
})
