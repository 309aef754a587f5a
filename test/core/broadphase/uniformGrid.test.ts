import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IndexBuffer, PairBuffer } from '../../../src/core/broadphase/buffers.js'
import { bruteForcePairs, bruteForceQuery } from './bruteForce.js'
import { UniformGrid, type ItemBounds } from '../../../src/core/broadphase/uniformGrid.js'

type Box = [number, number, number, number]

function boundsOf(boxes: Box[]): ItemBounds {
  return {
    minX: Float64Array.from(boxes, (b) => b[0]),
    minY: Float64Array.from(boxes, (b) => b[1]),
    maxX: Float64Array.from(boxes, (b) => b[0] + b[2]),
    maxY: Float64Array.from(boxes, (b) => b[1] + b[3]),
  }
}

/** Asserts that the grid built over `boxes` pairs them exactly as the brute-force oracle does. */
function expectOraclePairs(boxes: Box[]): UniformGrid {
  const bounds = boundsOf(boxes)
  const grid = new UniformGrid()
  grid.build(bounds, boxes.length)
  const found = new PairBuffer()
  grid.pairs(found)
  const expected = new PairBuffer()
  bruteForcePairs(bounds, boxes.length, expected)
  expect(pairList(found)).toEqual(pairList(expected))
  for (let k = 0; k < found.count; k++) expect(found.a[k]).toBeLessThan(found.b[k] as number)
  return grid
}

/** Asserts that the grid built over `boxes` finds in `area` exactly the boxes the oracle does. */
function expectOracleQuery(boxes: Box[], [x, y, w, h]: Box): void {
  const bounds = boundsOf(boxes)
  const grid = new UniformGrid()
  grid.build(bounds, boxes.length)
  const found = new IndexBuffer()
  grid.query(x, y, x + w, y + h, found)
  const expected = new IndexBuffer()
  bruteForceQuery(bounds, boxes.length, x, y, x + w, y + h, expected)
  const sorted = Array.from(found.items.subarray(0, found.count)).sort((p, q) => p - q)
  expect(sorted).toEqual(Array.from(expected.items.subarray(0, expected.count)))
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
  it('a capped pair list is complete when the pairs fit the cap, else a subset that stopped soon past it', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), fc.nat(60), (boxes, cap) => {
        const bounds = boundsOf(boxes)
        const grid = new UniformGrid()
        grid.build(bounds, boxes.length)
        const expected = new PairBuffer()
        bruteForcePairs(bounds, boxes.length, expected)
        const found = new PairBuffer()
        const complete = grid.pairs(found, cap)
        expect(complete).toBe(expected.count <= cap)
        const all = new Set(pairList(expected))
        const listed = pairList(found)
        if (complete) expect(listed).toEqual([...all].sort())
        for (const pair of listed) expect(all.has(pair)).toBe(true)
        // Past the cap, at most one more item's neighbours (fewer than the boxes).
        expect(found.count).toBeLessThanOrEqual(cap + boxes.length)
      }),
      { numRuns: 1000 },
    )
  })

  it('visits the items overlapping an item, each once, and stops when told', () => {
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 40 }), fc.nat(), (boxes, pick) => {
        const bounds = boundsOf(boxes)
        const grid = new UniformGrid()
        grid.build(bounds, boxes.length)
        const i = pick % boxes.length
        const expected = new IndexBuffer()
        const [x, y, w, h] = boxes[i] as Box
        bruteForceQuery(bounds, boxes.length, x, y, x + w, y + h, expected)
        const others = Array.from(expected.items.subarray(0, expected.count)).filter((j) => j !== i)
        const met: number[] = []
        expect(grid.visitOverlaps(i, { meet: (j) => (met.push(j), false) })).toBe(false)
        expect([...met].sort((p, q) => p - q)).toEqual(others)
        if (others.length === 0) return
        const first: number[] = []
        expect(grid.visitOverlaps(i, { meet: (j) => (first.push(j), true) })).toBe(true)
        expect(first).toEqual([met[0]])
      }),
      { numRuns: 1000 },
    )
  })

  it('reports each overlapping pair once, like the brute-force oracle', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), (boxes) => {
        expectOraclePairs(boxes)
      }),
      { numRuns: 1000 },
    )
  })

  it('answers box queries like the brute-force oracle', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), box, (boxes, [x, y, w, h]) => {
        expectOracleQuery(boxes, [x, y, w, h])
      }),
      { numRuns: 1000 },
    )
  })

  it('answers like the oracle far from the origin, where a cell is a few ulps of the coordinates', () => {
    // At 1e15 a double steps by 0.125: cells barely wider than the boxes, worked out there,
    // must still put every pair of overlapping boxes in neighbouring cells.
    const far = fc.tuple(
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 40 }),
    )
    fc.assert(
      fc.property(
        fc.array(far, { minLength: 2, maxLength: 60 }),
        fc.boolean(),
        (boxes, eighths) => {
          const scale = eighths ? 0.125 : 1
          const shifted: Box[] = boxes.map(([x, y, w, h]) => [
            1e15 + x * scale,
            -1e15 + y * scale,
            w * scale,
            h * scale,
          ])
          expectOraclePairs(shifted)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('pairs boxes as wide as a cell that touch across a cell edge, whatever the rounding', () => {
    // A row and a column of equal boxes, each starting where the one before ends: their
    // corners are exactly a cell apart in real numbers, and a rounding either way must not
    // put two of them two cells apart.
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (x, y, size) => {
          const boxes: Box[] = []
          let at = x
          for (let k = 0; k < 6; k++) {
            boxes.push([at, y, size, size])
            at += size
          }
          at = y + size
          for (let k = 0; k < 6; k++) {
            boxes.push([x, at, size, size])
            at += size
          }
          expectOraclePairs(boxes)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('makes a cell as large as the largest box, so each box is filed once', () => {
    // 10 x 10 boxes of 10 to 19 px, 25 px apart: cells of 19 px (and a hair), and no pairs.
    const boxes: Box[] = []
    for (let i = 0; i < 100; i++) {
      boxes.push([(i % 10) * 25, Math.floor(i / 10) * 25, 10 + (i % 10), 10])
    }
    const grid = new UniformGrid()
    grid.build(boundsOf(boxes), boxes.length)
    expect(grid.cellSize).toBeCloseTo(19, 6)
    expect(grid.cellSize).toBeGreaterThan(19)
    const pairs = new PairBuffer()
    grid.pairs(pairs)
    expect(pairs.count).toBe(0)
  })

  it('grows cells when they would outnumber the boxes more than four to one', () => {
    // 100 boxes of 10 px spread over 3,000 px: cells of 10 px would be 90,000.
    const boxes: Box[] = []
    for (let i = 0; i < 100; i++) boxes.push([(i % 10) * 300, Math.floor(i / 10) * 300, 10, 10])
    const grid = new UniformGrid()
    grid.build(boundsOf(boxes), boxes.length)
    expect(grid.columnCount * grid.rowCount).toBeLessThanOrEqual(4 * boxes.length + 16)
  })

  it('keeps a few boxes far larger than the rest out of the cells, and still pairs them', () => {
    // 400 boxes of 10 px and three walls of 2,000 px: cells are not made 2,000 px (only
    // grown as the walls widen the arena, to keep at most four cells per box).
    const boxes: Box[] = []
    for (let i = 0; i < 400; i++) boxes.push([(i % 20) * 12, Math.floor(i / 20) * 12, 10, 10])
    boxes.push([-5, -20, 2000, 20], [-20, -5, 20, 2000], [100, 100, 2000, 5])
    const grid = expectOraclePairs(boxes)
    expect(grid.cellSize).toBeLessThan(100)
    const inWall = new IndexBuffer()
    grid.query(500, 102, 501, 103, inWall)
    expect(Array.from(inWall.items.subarray(0, inWall.count))).toEqual([402])
  })

  it('keeps cells small however many boxes are far larger than most, and pairs them all', () => {
    // 2,500 boxes of 9 px, 10 px apart, and 101 bars of 400 px over them: cells as large as
    // the bars would put hundreds of small boxes in each (with 10,000 boxes, the build and
    // the pairs took 212 ms so, 1.9 ms with the bars in a grid of their own).
    const boxes: Box[] = []
    for (let r = 0; r < 50; r++) for (let c = 0; c < 50; c++) boxes.push([c * 10, r * 10, 9, 9])
    for (let b = 0; b < 101; b++)
      boxes.push([(b * 37) % 300, (b * 53) % 300, 400, 9 + (b % 3) * 200])
    const grid = expectOraclePairs(boxes)
    // The small boxes' 9 px (and a hair), not the bars' 400.
    expect(grid.cellSize).toBeCloseTo(9, 6)
  })

  it('answers like the oracle for boxes of sizes over many orders of magnitude', () => {
    // Sizes from 1 to 2^20 px, a few of each: large boxes in grids of their own, nested.
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 5000 }),
            fc.integer({ min: 0, max: 5000 }),
            fc.integer({ min: 0, max: 20 }),
            fc.integer({ min: 0, max: 20 }),
          ),
          { maxLength: 300 },
        ),
        box,
        (spec, [x, y, w, h]) => {
          const boxes: Box[] = spec.map(([bx, by, sx, sy]) => [bx, by, 2 ** sx, 2 ** sy])
          expectOraclePairs(boxes)
          expectOracleQuery(boxes, [x, y, w, h])
        },
      ),
      { numRuns: 300 },
    )
  })
  it('property: items moved in place and filed again (refile), anywhere, even off the grid, large ones in their own grid too, are found as a new build finds them, and pairs stay exact', () => {
    const coordinate = fc.integer({ min: -50, max: 50 })
    const move = fc.record({
      pick: fc.nat(),
      x: fc.integer({ min: -400, max: 400 }),
      y: fc.integer({ min: -400, max: 400 }),
      grow: fc.integer({ min: 0, max: 30 }),
    })
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 1, maxLength: 40 }),
        // Sometimes more large items than are tested one by one: they get a grid of their own.
        fc.oneof(
          fc.constant([]),
          fc.array(fc.tuple(coordinate, coordinate, fc.constant(5000), fc.constant(1)), {
            minLength: 17,
            maxLength: 20,
          }),
        ),
        fc.array(move, { maxLength: 30 }),
        box,
        // The body index's grid calls items large from 2 mean sides up.
        fc.constantFrom(4, 2),
        (small, large, moves, [x, y, w, h], largeFactor) => {
          const boxes = [...small, ...(large as Box[])]
          const bounds = boundsOf(boxes)
          const grid = new UniformGrid(0, largeFactor)
          grid.build(bounds, boxes.length)
          for (const { pick, x: toX, y: toY, grow } of moves) {
            const i = pick % boxes.length
            const width = (bounds.maxX[i] as number) - (bounds.minX[i] as number) + grow
            const height = (bounds.maxY[i] as number) - (bounds.minY[i] as number)
            bounds.minX[i] = toX
            bounds.minY[i] = toY
            bounds.maxX[i] = toX + width
            bounds.maxY[i] = toY + height
            // A grid that cannot keep the item asks for a build, as BodyIndex does then.
            if (!grid.refile(i)) grid.build(bounds, boxes.length)
          }
          const found = new IndexBuffer()
          grid.query(x, y, x + w, y + h, found)
          const expected = new IndexBuffer()
          bruteForceQuery(bounds, boxes.length, x, y, x + w, y + h, expected)
          const sorted = Array.from(found.items.subarray(0, found.count)).sort((p, q) => p - q)
          expect(sorted).toEqual(Array.from(expected.items.subarray(0, expected.count)))
          const pairs = new PairBuffer()
          grid.pairs(pairs)
          const expectedPairs = new PairBuffer()
          bruteForcePairs(bounds, boxes.length, expectedPairs)
          expect(pairList(pairs)).toEqual(pairList(expectedPairs))
        },
      ),
      { numRuns: 1000 },
    )
  })
})
