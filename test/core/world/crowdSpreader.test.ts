import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StepContext } from '../../../src/core/step/context.js'
import { BodyStore, type BodyFields } from '../../../src/core/world/bodyStore.js'
import { CrowdSpreader } from '../../../src/core/world/crowdSpreader.js'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { LatticePlacement } from '../../../src/core/world/placeOnLattice.js'
import { defaultSettings } from '../../../src/core/world/settings.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'
import {
  bodiesOf,
  deepestOverlap,
  deepestSolidOverlap,
  overlapDepth,
  placeWalls,
  PROPERTY_TIMEOUT,
} from './helpers.js'
import { CROWD_LIMIT, PLACEMENT_CELLS_PER_BODY } from '../../../src/core/step/tolerances.js'
import { arrayBufferGrowthOf } from '../../support/heapGrowth.js'

// Issue #23, item 5 (bounded cost), "spread them by placement": crowds that adds make are
// placed before the step (world/crowdSpreader.ts, world/placeOnLattice.ts).

const H = 1 / 60

/** Steps `world` until it is idle, at most `limit` steps; returns the steps taken. */
function stepsToRest(world: World, limit: number): number {
  let steps = 0
  while (steps < limit) {
    world.step(H)
    steps++
    if (world.isIdle()) break
  }
  return steps
}

/**
 * A crowd spreader over a store of `bodies` inside four walls 20 px thick around
 * [0, side] x [0, side], every body noted as arrived (as adds note them).
 */
function spreaderOf(bodies: Partial<BodyFields>[], side: number): CrowdSpreader {
  const store = new BodyStore()
  const walls = [
    { x: -20, y: 0, width: 20, height: side },
    { x: side, y: 0, width: 20, height: side },
    { x: 0, y: -20, width: side, height: 20 },
    { x: 0, y: side, width: side, height: 20 },
  ]
  walls.forEach((wall, n) => {
    store.insert(`wall${n}`, {
      ...defaultBodyFields(wall.x, wall.y, wall.width, wall.height),
      type: 'static',
    })
  })
  const slots = bodies.map((body, n) => {
    const { x = 0, y = 0, width = 20, height = 20 } = body
    return store.insert(`b${n}`, { ...defaultBodyFields(x, y, width, height), ...body })
  })
  const spreader = new CrowdSpreader(new StepContext(store, defaultSettings()))
  for (const slot of slots) spreader.note(slot)
  return spreader
}

describe('crowd spreader (issue #23, spread them by placement)', () => {
  it('meets as many partners to place 2,000 boxes added at one spot as to place 500: the scans of the first two only', () => {
    const metFor = (count: number): number => {
      const spreader = spreaderOf(
        Array.from({ length: count }, () => ({ x: 590, y: 590 })),
        1200,
      )
      expect(spreader.spread()).toBe(true)
      return spreader.partnersMet
    }
    // Every body after the second is the twin of the one before it (one box, one layer),
    // which moves: it moves, with no scan. One meet each showed it on the kept first body
    // (2,161 meets for 2,000 boxes); counting every body's deep overlaps (CROWD_LIMIT + 1
    // meets each) met about 36,000.
    const met = metFor(2000)
    expect(met).toBe(metFor(500))
    expect(met).toBeLessThanOrEqual(8 * CROWD_LIMIT + 2 * (CROWD_LIMIT + 1) + 1)
  })

  it('places 1,000 boxes added at one spot around it before the first step: at rest after it, apart and inside the board', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    placeWalls(world, 1200, 1200)
    for (let k = 0; k < 1000; k++) world.add({ id: `c${k}`, x: 590, y: 590, width: 20, height: 20 })
    // Pushed apart a few dozen a step by the crowd stage, they took 400 steps and more.
    expect(stepsToRest(world, 120)).toBe(1)
    expect(world.isIdle()).toBe(true)
    expect(world.overflowing()).toEqual([])
    expect(deepestOverlap(world)).toBe(0)
    expect(deepestSolidOverlap(world)).toBe(0)
    // The first body keeps its place; the others are placed nearest the spot first.
    expect(world.get('c0')).toMatchObject({ x: 590, y: 590 })
    const distance = (id: string): number =>
      Math.hypot(world.get(id).x - 590, world.get(id).y - 590)
    expect(distance('c1')).toBe(20)
    const dynamic = bodiesOf(world).filter((body) => body.type === 'dynamic')
    expect(Math.max(...dynamic.map((body) => distance(body.id)))).toBeLessThan(400)
  })

  it('places 2,000 boxes added at one spot on 8 layers that ignore each other: apart and at rest after the first step', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    placeWalls(world, 1200, 1200)
    for (let k = 0; k < 2000; k++) {
      const layer = 1 << (k % 8)
      world.add({ id: `c${k}`, x: 590, y: 590, width: 20, height: 20, layer, mask: layer })
    }
    // A body met 16 boxes of its own layer among the first 128 it scanned, so none counted
    // as a hub, and the crowd stage pushed the crowds apart for more than 300 steps.
    expect(stepsToRest(world, 120)).toBe(1)
    expect(world.overflowing()).toEqual([])
    // Each layer's first body keeps the spot; the others are placed around it, apart from
    // every body, whatever its layer.
    for (let k = 0; k < 8; k++) expect(world.get(`c${k}`)).toMatchObject({ x: 590, y: 590 })
    expect(world.get('c8')).not.toMatchObject({ x: 590, y: 590 })
    const placed = bodiesOf(world).filter(
      (body) => body.type === 'dynamic' && !(body.x === 590 && body.y === 590),
    )
    expect(placed).toHaveLength(2000 - 8)
    const dynamic = bodiesOf(world).filter((body) => body.type === 'dynamic')
    let deepest = 0
    for (const a of placed) {
      for (const b of dynamic) if (b.id !== a.id) deepest = Math.max(deepest, overlapDepth(a, b))
    }
    expect(deepest).toBe(0)
    expect(deepestSolidOverlap(world)).toBe(0)
  })

  it('moves 1,000 small boxes out from under one huge body, which keeps its place: at rest after one step', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    placeWalls(world, 1200, 1200)
    for (let k = 0; k < 1000; k++) {
      world.add({
        id: `c${k}`,
        x: 100 + (k % 32) * 20,
        y: 100 + Math.floor(k / 32) * 20,
        width: 10,
        height: 10,
      })
    }
    world.add({ id: 'huge', x: 100, y: 100, width: 1000, height: 1000 })
    expect(stepsToRest(world, 120)).toBe(1)
    expect(world.get('huge')).toMatchObject({ x: 100, y: 100 })
    expect(deepestOverlap(world)).toBe(0)
    expect(deepestSolidOverlap(world)).toBe(0)
  })

  it('moves nothing when the adds make no crowd: a packed board, a few overlapping cards, a crowd whose layers do not meet', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    placeWalls(world, 1000, 1000)
    // Touching cards (a packed board), and a card over 16 of them: at most 16 deep overlaps.
    for (let k = 0; k < 400; k++) {
      world.add({
        id: `p${k}`,
        x: (k % 20) * 50,
        y: Math.floor(k / 20) * 50,
        width: 50,
        height: 50,
      })
    }
    world.add({ id: 'over', x: 10, y: 10, width: 180, height: 180 })
    // 100 cards at one spot that collide with nothing (mask 0).
    for (let k = 0; k < 100; k++) {
      world.add({ id: `g${k}`, x: 500, y: 500, width: 20, height: 20, layer: 2, mask: 0 })
    }
    const before = bodiesOf(world)
    world.step(H)
    for (const body of before) {
      if (body.id === 'over' || body.id.startsWith('p')) continue
      expect(world.get(body.id)).toMatchObject({ x: body.x, y: body.y })
    }
    // The card over 16 cards is pushed out by the step, as before, not placed: its
    // neighbours moved by the push-out only, less than a card's size.
    expect(Math.abs(world.get('p0').x - 0)).toBeLessThan(50)
  })

  it('leaves a thin bar across 40 boxes to the push-out: the boxes under it are not placed', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    placeWalls(world, 1000, 200)
    for (let k = 0; k < 40; k++)
      world.add({ id: `c${k}`, x: 100 + k * 20, y: 100, width: 10, height: 10 })
    // 4 px of each 10 px box: 40% of its area.
    world.add({ id: 'bar', x: 100, y: 103, width: 800, height: 4 })
    world.step(H)
    for (let k = 0; k < 40; k++) {
      expect(Math.abs(world.get(`c${k}`).x - (100 + k * 20))).toBeLessThan(10)
      expect(Math.abs(world.get(`c${k}`).y - 100)).toBeLessThan(10)
    }
  })

  it('places what fits of a crowd too big for its board and leaves the rest for the step; nothing leaves the board', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    placeWalls(world, 100, 100)
    for (let k = 0; k < 200; k++) world.add({ id: `c${k}`, x: 40, y: 40, width: 20, height: 20 })
    world.step(H)
    const atSpot = bodiesOf(world).filter((body) => body.x === 40 && body.y === 40)
    // 5 x 5 cells, the one at the spot blocked by the first body: 24 placed (the crowd
    // stage then admits a few dozen of the rest, which the push-out moves).
    expect(atSpot.length).toBeLessThanOrEqual(200 - 24)
    expect(atSpot.length).toBeGreaterThan(100)
    expect(deepestSolidOverlap(world)).toBe(0)
  })

  it('keeps a few cells per body, not the whole lattice: 2,000 boxes placed on an open plane keep under 300 B of buffers each', () => {
    const store = new BodyStore()
    const batch = Int32Array.from({ length: 2000 }, (_, k) =>
      store.insert(`c${k}`, defaultBodyFields(0, 0, 20, 20)),
    )
    const open = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity }
    const placement = new LatticePlacement()
    let placed = 0
    const kept = arrayBufferGrowthOf(() => {
      placed = placement.place(store, batch, batch.length, open, new Uint8Array(0))
    })
    expect(placed).toBe(2000)
    // The lattice has PLACEMENT_CELLS_PER_BODY cells per body: listing every free one (17 B
    // a cell over four arrays) kept more than 1,000 B per body.
    expect(kept / 2000).toBeLessThan(PLACEMENT_CELLS_PER_BODY * 17 * 0.25)
    // Still the nearest cells, each body on a cell of its own: 2,000 cells nearest the
    // anchor (the corners' mean, the origin) fill a disc of about sqrt(2000 / pi) = 25.2 cells.
    const corners = new Set(Array.from(batch, (slot) => `${store.x[slot]},${store.y[slot]}`))
    expect(corners.size).toBe(2000)
    for (const slot of batch) {
      expect(Math.hypot(store.x[slot] as number, store.y[slot] as number)).toBeLessThan(26 * 20)
    }
  })

  it('places a crowd of bodies so small that a cell area rounds to 0 (1e-300 px): the search for free cells ends', () => {
    const store = new BodyStore()
    store.insert('obstacle', defaultBodyFields(0, 0, 1e-300, 1e-300))
    const batch = Int32Array.from({ length: 50 }, (_, k) =>
      store.insert(`c${k}`, defaultBodyFields(0, 0, 1e-300, 1e-300)),
    )
    const placement = new LatticePlacement()
    const within = { left: -1, top: -1, right: 1, bottom: 1 }
    expect(placement.place(store, batch, batch.length, within, new Uint8Array(0))).toBe(50)
    const corners = new Set(Array.from(batch, (slot) => `${store.x[slot]},${store.y[slot]}`))
    expect(corners.size).toBe(50)
    expect(corners.has('0,0')).toBe(false)
  })

  it(
    'places a batch on free cells only: placed bodies overlap no obstacle nor each other and stay inside the enclosure, exactly',
    () => {
      const box = fc.record({
        x: fc.double({ min: -50, max: 250, noNaN: true }),
        y: fc.double({ min: -50, max: 250, noNaN: true }),
        width: fc.double({ min: 0, max: 60, noNaN: true }),
        height: fc.double({ min: 0, max: 60, noNaN: true }),
      })
      fc.assert(
        fc.property(
          fc.array(box, { maxLength: 30 }),
          fc.array(box, { minLength: 1, maxLength: 60 }),
          fc.record({
            left: fc.double({ min: -20, max: 20, noNaN: true }),
            top: fc.double({ min: -20, max: 20, noNaN: true }),
            right: fc.double({ min: 150, max: 300, noNaN: true }),
            bottom: fc.double({ min: 150, max: 300, noNaN: true }),
          }),
          (obstacles, crowd, within) => {
            const store = new BodyStore()
            const fields = (rect: (typeof crowd)[number]) =>
              defaultBodyFields(rect.x, rect.y, rect.width, rect.height)
            const obstacleSlots = obstacles.map((rect, k) => store.insert(`o${k}`, fields(rect)))
            const batch = crowd.map((rect, k) => store.insert(`c${k}`, fields(rect)))
            const placement = new LatticePlacement()
            const slots = Int32Array.from(batch)
            // No body is passable: every one outside the batch is an obstacle.
            placement.place(store, slots, slots.length, within, new Uint8Array(0))
            const left = new Set(placement.left.items.subarray(0, placement.left.count))
            const placed = batch.filter((slot) => !left.has(slot))
            const meets = (a: number, b: number): boolean =>
              (store.x[a] as number) < (store.x[b] as number) + (store.width[b] as number) &&
              (store.x[b] as number) < (store.x[a] as number) + (store.width[a] as number) &&
              (store.y[a] as number) < (store.y[b] as number) + (store.height[b] as number) &&
              (store.y[b] as number) < (store.y[a] as number) + (store.height[a] as number)
            for (const slot of placed) {
              expect(store.x[slot]).toBeGreaterThanOrEqual(within.left)
              expect(store.y[slot]).toBeGreaterThanOrEqual(within.top)
              expect((store.x[slot] as number) + (store.width[slot] as number)).toBeLessThanOrEqual(
                within.right,
              )
              expect(
                (store.y[slot] as number) + (store.height[slot] as number),
              ).toBeLessThanOrEqual(within.bottom)
              for (const obstacle of obstacleSlots) expect(meets(slot, obstacle)).toBe(false)
              for (const other of placed) if (other !== slot) expect(meets(slot, other)).toBe(false)
            }
          },
        ),
      )
    },
    PROPERTY_TIMEOUT,
  )
})
