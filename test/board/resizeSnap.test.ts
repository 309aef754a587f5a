import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RESIZE_DIRECTIONS } from '../../src/board/resizeOptions.js'
import { snapResizeEdges } from '../../src/board/resizeSnap.js'

describe('snapResizeEdges', () => {
  it('puts the moving edges on the grid, a far edge a gap before its line', () => {
    const rect = { x: 0, y: 0, width: 130, height: 50 }
    snapResizeEdges(rect, 'se', { x: 100, y: 40 }, 0, 'nearest')
    expect(rect).toEqual({ x: 0, y: 0, width: 100, height: 40 })
    const gapped = { x: 50, y: 50, width: 127, height: 40 }
    snapResizeEdges(gapped, 'e', { x: 50, y: 50 }, 10, 'nearest')
    expect(gapped).toEqual({ x: 50, y: 50, width: 140, height: 40 })
    const west = { x: 63, y: 0, width: 87, height: 40 }
    snapResizeEdges(west, 'w', { x: 50, y: 50, origin: { x: 10, y: 0 } }, 0, 'nearest')
    expect(west).toEqual({ x: 60, y: 0, width: 90, height: 40 })
  })

  it("'inside' goes to the line toward the card's own box", () => {
    const east = { x: 0, y: 0, width: 149, height: 40 }
    snapResizeEdges(east, 'e', { x: 50, y: 50 }, 0, 'inside')
    expect(east.width).toBe(100)
    const north = { x: 0, y: 1, width: 40, height: 99 }
    snapResizeEdges(north, 'n', { x: 50, y: 50 }, 0, 'inside')
    expect(north).toEqual({ x: 0, y: 50, width: 40, height: 50 })
  })

  it('property: fixed edges stay exactly, moving edges land on the grid, sizes stay >= 0', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: -1000, max: 1000, noNaN: true }),
          y: fc.double({ min: -1000, max: 1000, noNaN: true }),
          width: fc.double({ min: 0, max: 1000, noNaN: true }),
          height: fc.double({ min: 0, max: 1000, noNaN: true }),
        }),
        fc.constantFrom(...RESIZE_DIRECTIONS),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom(0, 4, 10),
        fc.constantFrom('nearest' as const, 'inside' as const),
        (start, direction, cell, gap, toward) => {
          const rect = { ...start }
          snapResizeEdges(rect, direction, { x: cell, y: cell }, gap, toward)
          expect(rect.width).toBeGreaterThanOrEqual(0)
          expect(rect.height).toBeGreaterThanOrEqual(0)
          const onLine = (value: number) => Math.abs(value / cell - Math.round(value / cell)) < 1e-9
          const right = start.x + start.width
          const bottom = start.y + start.height
          if (direction.includes('w')) {
            expect(rect.x + rect.width).toBeCloseTo(right, 9)
            if (rect.width > 0) expect(onLine(rect.x)).toBe(true)
          } else if (direction.includes('e')) {
            expect(rect.x).toBe(start.x)
            if (rect.width > 0) expect(onLine(rect.x + rect.width + gap)).toBe(true)
          } else expect(rect).toMatchObject({ x: start.x, width: start.width })
          if (direction.includes('n')) {
            expect(rect.y + rect.height).toBeCloseTo(bottom, 9)
            if (rect.height > 0) expect(onLine(rect.y)).toBe(true)
          } else if (direction.includes('s')) {
            expect(rect.y).toBe(start.y)
            if (rect.height > 0) expect(onLine(rect.y + rect.height + gap)).toBe(true)
          } else expect(rect).toMatchObject({ y: start.y, height: start.height })
        },
      ),
      { numRuns: 500 },
    )
  })
})
