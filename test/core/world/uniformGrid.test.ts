import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IndexBuffer, PairBuffer } from '../../../src/core/world/buffers.js'
import { bruteForcePairs, bruteForceQuery } from './bruteForce.js'
import { UniformGrid, type ItemBounds } from '../../../src/core/world/uniformGrid.js'

type Box = [number, number, number, number]

function boundsOf(boxes: Box[]): ItemBounds {
  return {
    minX: Float64Array.from(boxes, (b) => b[0]),
    minY: Float64Array.from(boxes, (b) => b[1]),
    maxX: Float64Array.from(boxes, (b) => b[0] + b[2]),
    maxY: Float64Array.from(boxes, (b) => b[1] + b[3]),
  }
}

function pairList(buffer: PairBuffer): string[] {
  const list: string[] = []
  for (let k = 0; k < buffer.count; k++) list.push(`${buffer.a[k]}-${buffer.b[k]}`)
  return list.sort()
}

// Integer-ish coordinates make exact touching (shared edges) common, and a few huge boxes
// exercise the overflow list.
const box = fc.oneof(
  fc.tuple(
    fc.integer({ min: -50, max: 50 }),
    fc.integer({ min: -50, max: 50 }),
    fc.integer({ min: 0, max: 20 }),
    fc.integer({ min: 0, max: 20 }),
  ),
  fc.tuple(
    fc.integer({ min: -50, max: 50 }),
    fc.integer({ min: -50, max: 50 }),
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 3 }),
  ),
) as fc.Arbitrary<Box>

describe('UniformGrid', () => {
  it('reports each overlapping pair once, like the brute-force oracle', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), (boxes) => {
        const bounds = boundsOf(boxes)
        const grid = new UniformGrid()
        grid.build(bounds, boxes.length)
        const found = new PairBuffer()
        grid.pairs(found)
        const expected = new PairBuffer()
        bruteForcePairs(bounds, boxes.length, expected)
        expect(pairList(found)).toEqual(pairList(expected))
        for (let k = 0; k < found.count; k++) expect(found.a[k]).toBeLessThan(found.b[k] as number)
      }),
      { numRuns: 1000 },
    )
  })

  it('answers box queries like the brute-force oracle', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), box, (boxes, [x, y, w, h]) => {
        const bounds = boundsOf(boxes)
        const grid = new UniformGrid()
        grid.build(bounds, boxes.length)
        const found = new IndexBuffer()
        grid.query(x, y, x + w, y + h, found)
        const expected = new IndexBuffer()
        bruteForceQuery(bounds, boxes.length, x, y, x + w, y + h, expected)
        const sorted = Array.from(found.items.subarray(0, found.count)).sort((p, q) => p - q)
        expect(sorted).toEqual(Array.from(expected.items.subarray(0, expected.count)))
      }),
      { numRuns: 1000 },
    )
  })

  it('keeps cells near twice the mean box size and reuses its arrays', () => {
    const boxes: Box[] = []
    for (let i = 0; i < 100; i++) boxes.push([(i % 10) * 30, Math.floor(i / 10) * 30, 10, 10])
    const grid = new UniformGrid()
    grid.build(boundsOf(boxes), boxes.length)
    expect(grid.cellSize).toBeCloseTo(20)
    const pairs = new PairBuffer()
    grid.pairs(pairs)
    expect(pairs.count).toBe(0)
  })
})
