import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { positionAtFace, positionBeforeFace } from '../../../src/core/geometry/faces.js'

describe('positionBeforeFace', () => {
  it('is face - size when that sum lands on the face', () => {
    expect(positionBeforeFace(300, 60)).toBe(240)
    expect(positionBeforeFace(500, 100)).toBe(400)
    expect(positionBeforeFace(0, 100)).toBe(-100)
  })

  it('ends touching or before the face, and no further from face - size than rounding', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.oneof(
          fc.double({ min: 0, max: 1e6, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        (face, size) => {
          const position = positionBeforeFace(face, size)
          expect(position + size).toBeLessThanOrEqual(face)
          // The next double above `position` would end past the face, or is past face - size.
          const exact = face - size
          expect(Math.abs(position - exact)).toBeLessThanOrEqual(
            4 * Number.EPSILON * Math.max(Math.abs(face), Math.abs(size), Math.abs(exact)),
          )
        },
      ),
      { numRuns: 5000 },
    )
  })

  it('finds a case where the plain difference ends past the face, and fixes it', () => {
    let found = 0
    for (let i = 0; i < 10000 && found === 0; i++) {
      const face = 100 + i * 0.0137
      const size = 33.3 + i * 0.00071
      if (face - size + size > face) {
        found++
        expect(positionBeforeFace(face, size) + size).toBeLessThanOrEqual(face)
      }
    }
    expect(found).toBe(1)
  })
})

describe('positionAtFace', () => {
  it('touches the span from before it or after it, never inside, in floats', () => {
    expect(positionAtFace(true, 100, 40, 60)).toBe(40)
    expect(positionAtFace(false, 100, 40, 60)).toBe(140)
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.boolean(),
        (start, extent, size, before) => {
          const position = positionAtFace(before, start, extent, size)
          if (before) expect(position + size).toBeLessThanOrEqual(start)
          else expect(position).toBe(start + extent)
        },
      ),
    )
  })
})
