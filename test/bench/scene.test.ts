import { describe, expect, it } from 'vitest'
import { createWorld } from '../../src/core/index.js'
import { addCrowd, crowdSide } from '../../bench/scene.js'

describe("the benchmarks' crowd (bench/scene.ts)", () => {
  it('fills the square of crowdSide with n boxes that do not overlap', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    const side = addCrowd(world, 100)
    expect(side).toBe(crowdSide(100))
    expect(side).toBe(300)
    const boxes = world.ids().map((id) => world.get(id))
    expect(boxes).toHaveLength(100)
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(side)
      expect(box.y + box.height).toBeLessThanOrEqual(side)
    }
  })
})
