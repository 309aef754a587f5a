import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../src/core/world/index.js'
import { bodiesOf, depths } from './helpers.js'

/** Asserts that no pair overlaps deeper after than before (rounding of one ulp at 4096 px allowed). */
function expectNoDeeper(before: Map<string, number>, after: Map<string, number>): void {
  for (const [pair, depth] of after) {
    expect(depth, pair).toBeLessThanOrEqual((before.get(pair) ?? 0) + 1e-9)
  }
}

describe('a move never deepens an overlap (issue #23)', () => {
  it('a drag into a neighbour overlapping by 1e-5 px pushes it instead of passing through', () => {
    const w = createWorld()
    w.add({ id: 'a', x: 0, y: 0, width: 100, height: 60 })
    w.add({ id: 'b', x: 100 - 1e-5, y: 0, width: 100, height: 60 })
    w.update('a', { type: 'kinematic', velocity: { x: 0, y: 0 } })
    const result = w.move('a', { x: 50, y: 0 }, { push: true })
    expect(result.x).toBe(50)
    expect(w.get('b').x).toBeCloseTo(150 - 1e-5, 9)
    expect(result.pushed.map((body) => body.id)).toEqual(['b'])
  })

  it('a slide into a neighbour overlapping by 1e-5 px stops at once', () => {
    const w = createWorld()
    w.add({ id: 'a', x: 0, y: 0, width: 100, height: 60, type: 'kinematic' })
    w.add({ id: 'b', x: 100 - 1e-5, y: 0, width: 100, height: 60, type: 'static' })
    const result = w.move('a', { x: 50, y: 0 })
    expect(result.x).toBe(0)
    expect(result.hits).toEqual([{ other: 'b', normal: { x: -1, y: 0 } }])
  })

  it('a push carries no card through one it already overlaps by more than 0.01 px', () => {
    const w = createWorld()
    w.add({ id: 'pusher', x: 0, y: 0, width: 100, height: 60, type: 'kinematic' })
    w.add({ id: 'card', x: 100, y: 0, width: 100, height: 60 })
    // `card` overlaps `next` by 5 px: pushed right, it must take `next` along.
    w.add({ id: 'next', x: 195, y: 0, width: 100, height: 60 })
    w.move('pusher', { x: 300, y: 0 }, { push: true })
    expect(w.get('card').x).toBe(400)
    expect(w.get('next').x).toBe(495)
  })

  it('a deep overlap blocks motion into it and lets separating motion through', () => {
    const w = createWorld()
    w.add({ id: 'wall', x: 0, y: 0, width: 100, height: 100, type: 'static' })
    // Overlapping the wall's right part by 20 px: the way out is +x.
    w.add({ id: 'card', x: 80, y: 20, width: 100, height: 60, type: 'kinematic' })
    expect(w.move('card', { x: 0, y: 20 }).x).toBe(80)
    expect(w.move('card', { x: 300, y: 20 }).x).toBe(300)
  })

  it('a separating drag out of an overlap still stops at the next body', () => {
    const w = createWorld()
    w.add({ id: 'under', x: 0, y: 0, width: 100, height: 100, type: 'static' })
    w.add({ id: 'card', x: 90, y: 0, width: 100, height: 100, type: 'kinematic' })
    w.add({ id: 'beyond', x: 300, y: 0, width: 100, height: 100, type: 'static' })
    expect(w.move('card', { x: 500, y: 0 }).x).toBe(200)
  })

  it('property: no move or push deepens any pair, whatever the start overlaps', () => {
    const box = fc.record({
      x: fc.integer({ min: 0, max: 400 }),
      y: fc.integer({ min: 0, max: 400 }),
      width: fc.integer({ min: 1, max: 150 }),
      height: fc.integer({ min: 1, max: 150 }),
      type: fc.constantFrom('dynamic', 'static', 'kinematic'),
      pushable: fc.boolean(),
      nudge: fc.constantFrom(0, 1e-5, -1e-5, 0.02, -0.02),
    })
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 2, maxLength: 8 }),
        fc.array(
          fc.record({
            dx: fc.integer({ min: -300, max: 300 }),
            dy: fc.integer({ min: -300, max: 300 }),
            push: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (boxes, moves) => {
          const w = createWorld()
          boxes.forEach(({ nudge, ...fields }, k) =>
            w.add({ id: `b${k}`, ...fields, x: fields.x + nudge }),
          )
          w.update('b0', { type: 'kinematic' })
          for (const { dx, dy, push } of moves) {
            const before = depths(bodiesOf(w))
            const at = w.get('b0')
            w.move('b0', { x: at.x + dx, y: at.y + dy }, { push })
            expectNoDeeper(before, depths(bodiesOf(w)))
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
