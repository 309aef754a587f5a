import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createWorld,
  isOnGrid,
  snapToGrid,
  type SnapGrid,
  type World,
} from '../../../src/core/world/index.js'
import type { Rect, Vec2 } from '../../../src/core/geometry/types.js'
import { bodiesOf, nearestFreeCorner, PROPERTY_TIMEOUT } from './helpers.js'

/**
 * The oracle: every grid point whose box fits `within`, checked against every body, the
 * nearest free one (distance, then y, then x).
 */
function bruteForceGridSpot(
  world: World,
  size: { width: number; height: number },
  near: Vec2,
  within: Rect,
  grid: SnapGrid,
): Vec2 | null {
  const origin = grid.origin ?? { x: 0, y: 0 }
  const corners: Vec2[] = []
  for (let i = Math.ceil((within.x - origin.x) / grid.x) - 1; ; i++) {
    const x = origin.x + i * grid.x
    if (x + size.width > within.x + within.width) break
    if (x < within.x) continue
    for (let j = Math.ceil((within.y - origin.y) / grid.y) - 1; ; j++) {
      const y = origin.y + j * grid.y
      if (y + size.height > within.y + within.height) break
      if (y >= within.y) corners.push({ x, y })
    }
  }
  return nearestFreeCorner(corners, size, near, bodiesOf(world))
}

describe('snapToGrid', () => {
  it('rounds each axis to the nearest grid line from the origin', () => {
    expect(snapToGrid({ x: 47, y: 12 }, { x: 20, y: 20 })).toEqual({ x: 40, y: 20 })
    expect(snapToGrid({ x: 47, y: 12 }, { x: 20, y: 10, origin: { x: 8, y: 3 } })).toEqual({
      x: 48,
      y: 13,
    })
    expect(snapToGrid({ x: -31, y: 30 }, { x: 20, y: 20 })).toEqual({ x: -40, y: 40 })
  })

  it('properties: on the grid, within half a cell, a fixed point, and exact for fractional cells', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        }),
        fc.record({
          x: fc.double({ min: 0.1, max: 200, noNaN: true }),
          y: fc.double({ min: 0.1, max: 200, noNaN: true }),
          origin: fc.record({
            x: fc.double({ min: -50, max: 50, noNaN: true }),
            y: fc.double({ min: -50, max: 50, noNaN: true }),
          }),
        }),
        (point, grid) => {
          const snapped = snapToGrid(point, grid)
          expect(Math.abs(snapped.x - point.x)).toBeLessThanOrEqual(grid.x / 2 + 1e-9)
          expect(Math.abs(snapped.y - point.y)).toBeLessThanOrEqual(grid.y / 2 + 1e-9)
          expect(snapToGrid(snapped, grid)).toEqual(snapped)
          expect(isOnGrid(snapped, grid)).toBe(true)
        },
      ),
    )
  })
})

describe('snapToGrid on any finite input', () => {
  it('throws naming the point or grid field', () => {
    expect(() => snapToGrid({ x: Number.NaN, y: 0 }, { x: 10, y: 10 })).toThrow(
      'snapToGrid: point.x must be a finite number (got NaN)',
    )
    expect(() => snapToGrid({ x: 5, y: 5 }, { x: -10, y: 10 })).toThrow(
      'snapToGrid: grid.x must be a finite number > 0 (got -10)',
    )
    expect(() => snapToGrid({ x: 5, y: 5 }, { x: 0, y: 10 })).toThrow('grid.x')
    expect(() => snapToGrid({ x: 5, y: 5 }, null as never)).toThrow(
      'snapToGrid: grid must be an object { x, y } (got null)',
    )
    expect(() => isOnGrid({ x: Number.POSITIVE_INFINITY, y: 0 }, { x: 10, y: 10 })).toThrow(
      'snapToGrid: point.x must be a finite number',
    )
  })

  it('leaves a coordinate where cells are finer than a double resolves (these hung)', () => {
    expect(snapToGrid({ x: 1e17, y: 0 }, { x: 1, y: 1 })).toEqual({ x: 1e17, y: 0 })
    expect(snapToGrid({ x: 10, y: 3 }, { x: 1e-20, y: 1e-20 })).toEqual({ x: 10, y: 3 })
    expect(isOnGrid({ x: 1e17 + 16, y: 0 }, { x: 1, y: 1 })).toBe(true)
    // A far origin that absorbs k * step: no line is told apart from its neighbours.
    expect(snapToGrid({ x: 3, y: 0 }, { x: 1, y: 1, origin: { x: 1e300, y: 0 } }).x).toBe(3)
  })

  it(
    'property: ends with a finite point within half a cell, over the whole range of doubles',
    () => {
      const finite = fc.double({ min: -1.7e308, max: 1.7e308, noNaN: true })
      fc.assert(
        fc.property(
          fc.record({ x: finite, y: finite }),
          fc.double({ min: 1e-300, max: 1e300, noNaN: true }),
          fc.record({ x: finite, y: finite }),
          (point, cell, origin) => {
            const snapped = snapToGrid(point, { x: cell, y: cell, origin })
            expect(Number.isFinite(snapped.x) && Number.isFinite(snapped.y)).toBe(true)
            expect(Math.abs(snapped.x - point.x)).toBeLessThanOrEqual(
              cell / 2 + Math.abs(point.x) * 1e-15,
            )
            expect(Math.abs(snapped.y - point.y)).toBeLessThanOrEqual(
              cell / 2 + Math.abs(point.y) * 1e-15,
            )
          },
        ),
        { numRuns: 2000 },
      )
    },
    PROPERTY_TIMEOUT,
  )

  it('findFreeSpot and compact end on grids finer than doubles resolve (these hung)', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 10, y: 10, width: 40, height: 40 })
    const size = { width: 40, height: 40 }
    for (const [near, grid] of [
      [
        { x: 1e14, y: 0 },
        { x: 0.01, y: 0.01 },
      ],
      [
        { x: 1e16, y: 0 },
        { x: 1, y: 1 },
      ],
      [
        { x: 10, y: 10 },
        { x: 1e-20, y: 1e-20 },
      ],
    ] as const) {
      const spot = world.findFreeSpot(size, near, { grid })
      expect(spot === null || (Number.isFinite(spot.x) && Number.isFinite(spot.y))).toBe(true)
    }
    world.add({ id: 'b', x: 200, y: 10, width: 40, height: 40 })
    world.compact('left', undefined, { gridOf: () => ({ x: 1e-300, y: 1e-300 }) })
    expect(world.get('b').x).toBe(50)
  })
})

describe('findFreeSpot with a grid', () => {
  const within = { x: 0, y: 0, width: 300, height: 200 }

  it('gives the nearest free grid point, not the touching place off the grid', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 55, height: 45 })
    const grid = { x: 20, y: 20 }
    expect(
      world.findFreeSpot({ width: 40, height: 40 }, { x: 10, y: 10 }, { grid, within }),
    ).toEqual({ x: 60, y: 0 })
    // Without the grid it would touch a's bottom edge, at y = 45.
    expect(world.findFreeSpot({ width: 40, height: 40 }, { x: 10, y: 10 }, { within })).toEqual({
      x: 10,
      y: 45,
    })
  })

  it('snaps a free place too, and answers null when no grid point fits', () => {
    const world = createWorld()
    expect(
      world.findFreeSpot({ width: 10, height: 10 }, { x: 13, y: 7 }, { grid: { x: 10, y: 10 } }),
    ).toEqual({ x: 10, y: 10 })
    expect(
      world.findFreeSpot(
        { width: 10, height: 10 },
        { x: 0, y: 0 },
        {
          grid: { x: 10, y: 10, origin: { x: 5, y: 0 } },
          within: { x: 0, y: 0, width: 14, height: 10 },
        },
      ),
    ).toBeNull()
  })

  it('throws naming the grid field for a cell of 0 or NaN', () => {
    const world = createWorld()
    expect(() =>
      world.findFreeSpot({ width: 1, height: 1 }, { x: 0, y: 0 }, { grid: { x: 0, y: 1 } }),
    ).toThrow('findFreeSpot: options.grid.x must be a finite number > 0 (got 0)')
    expect(() =>
      world.findFreeSpot({ width: 1, height: 1 }, { x: 0, y: 0 }, { grid: { x: 1, y: NaN } }),
    ).toThrow('options.grid.y must be a finite number > 0 (got NaN)')
  })

  it(
    'property: matches the brute-force search over every grid point',
    () => {
      const box = fc.record({
        x: fc.integer({ min: 0, max: 280 }).map((v) => v + 0.5),
        y: fc.integer({ min: 0, max: 180 }),
        width: fc.integer({ min: 1, max: 90 }),
        height: fc.integer({ min: 1, max: 70 }),
      })
      fc.assert(
        fc.property(
          fc.array(box, { maxLength: 12 }),
          fc.record({
            width: fc.integer({ min: 1, max: 80 }),
            height: fc.integer({ min: 1, max: 80 }),
          }),
          fc.record({
            x: fc.double({ min: -50, max: 350, noNaN: true }),
            y: fc.double({ min: -50, max: 250, noNaN: true }),
          }),
          fc.record({
            x: fc.integer({ min: 3, max: 40 }),
            y: fc.integer({ min: 3, max: 40 }),
            origin: fc.record({
              x: fc.integer({ min: 0, max: 9 }),
              y: fc.integer({ min: 0, max: 9 }),
            }),
          }),
          (boxes, size, near, grid) => {
            const world = createWorld()
            boxes.forEach((b, k) => world.add({ id: `b${k}`, ...b, type: 'static' }))
            const found = world.findFreeSpot(size, near, { grid, within })
            expect(found).toEqual(bruteForceGridSpot(world, size, near, within, grid))
          },
        ),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
