import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createItemBounds,
  reserveItemBounds,
  type ItemBounds,
  UniformGrid,
} from '../../../src/core/broadphase/uniformGrid.js'
import { StepContext } from '../../../src/core/step/context.js'
import { LayerPartition } from '../../../src/core/step/layerPartition.js'
import { LAYER_CLASSES } from '../../../src/core/step/tolerances.js'
import { BodyStore, layersCollide } from '../../../src/core/world/bodyStore.js'
import { OVERFLOWING } from '../../../src/core/world/pairCode.js'
import { defaultSettings } from '../../../src/core/world/settings.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'

// Issue #23, bounded cost: a crowd's scans visit only partners whose layers meet
// (step/layerPartition.ts). Checked against the oracle: every box that overlaps and whose
// layers meet is visited, once; nothing else is, unless it is past LAYER_CLASSES classes.

interface Body {
  x: number
  y: number
  width: number
  height: number
  layer: number
  mask: number
  aside: boolean
}

/** The bounds of `bodies` by item, and a grid built over them. */
function gridOf(bodies: Body[]): { bounds: ItemBounds; grid: UniformGrid } {
  const bounds = createItemBounds()
  reserveItemBounds(bounds, bodies.length)
  bodies.forEach((body, k) => {
    bounds.minX[k] = body.x
    bounds.minY[k] = body.y
    bounds.maxX[k] = body.x + body.width
    bounds.maxY[k] = body.y + body.height
  })
  const grid = new UniformGrid()
  grid.build(bounds, bodies.length)
  return { bounds, grid }
}

/** The partition of `bodies` (all dynamic), and the store's slots by item. */
function partitionOf(bodies: Body[]): { partition: LayerPartition; slots: Int32Array } {
  const store = new BodyStore()
  const slots = Int32Array.from(
    bodies.map((body, n) =>
      store.insert(`b${n}`, {
        ...defaultBodyFields(body.x, body.y, body.width, body.height),
        layer: body.layer,
        mask: body.mask,
      }),
    ),
  )
  const sim = new StepContext(store, defaultSettings())
  bodies.forEach((body, k) => {
    if (body.aside) sim.overflowing[slots[k] as number] = OVERFLOWING
  })
  const { bounds, grid } = gridOf(bodies)
  const partition = new LayerPartition()
  partition.build(sim, slots, bodies.length, bounds, grid)
  return { partition, slots }
}

function overlap(a: Body, b: Body): boolean {
  return (
    a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
  )
}

function meet(a: Body, b: Body): boolean {
  return !a.aside && !b.aside && layersCollide(a.layer, a.mask, b.layer, b.mask)
}

/** The items `partition` visits for item i, in order. */
function visited(partition: LayerPartition, i: number): number[] {
  const met: number[] = []
  partition.visitOverlaps(i, {
    meet(j) {
      met.push(j)
      return false
    },
  })
  return met
}

const body = (layerBits: number) =>
  fc.record({
    x: fc.integer({ min: 0, max: 200 }),
    y: fc.integer({ min: 0, max: 200 }),
    width: fc.integer({ min: 0, max: 80 }),
    height: fc.integer({ min: 0, max: 80 }),
    layer: fc.integer({ min: 0, max: (1 << layerBits) - 1 }),
    mask: fc.integer({ min: 0, max: (1 << layerBits) - 1 }),
    aside: fc.boolean(),
  })

describe('layer partition (issue #23, bounded cost)', () => {
  it('visits exactly the overlapping bodies whose layers meet, each once, while the classes are at most LAYER_CLASSES', () => {
    // 3 layer bits: at most 64 layer and mask pairs, but a small world has fewer.
    fc.assert(
      fc.property(fc.array(body(3), { minLength: 1, maxLength: 40 }), (bodies) => {
        const classes = new Set(bodies.map((b) => (b.aside ? '0,0' : `${b.layer},${b.mask}`)))
        fc.pre(classes.size <= LAYER_CLASSES)
        const { partition } = partitionOf(bodies)
        bodies.forEach((a, i) => {
          const expected = bodies
            .map((b, j) => j)
            .filter((j) => j !== i && overlap(a, bodies[j] as Body) && meet(a, bodies[j] as Body))
          expect([...visited(partition, i)].sort((p, q) => p - q)).toEqual(expected)
        })
      }),
      { numRuns: 300, seed: 23 },
    )
  })

  it('past LAYER_CLASSES classes, visits every overlapping body whose layers meet, each once, and no body that does not overlap', () => {
    // Each body on a layer and mask pair of its own: 40 classes and more.
    fc.assert(
      fc.property(fc.array(body(8), { minLength: LAYER_CLASSES + 8, maxLength: 80 }), (bodies) => {
        const { partition } = partitionOf(bodies)
        bodies.forEach((a, i) => {
          const met = visited(partition, i)
          expect(new Set(met).size).toBe(met.length)
          for (const j of met) expect(j !== i && overlap(a, bodies[j] as Body)).toBe(true)
          const seen = new Set(met)
          bodies.forEach((b, j) => {
            if (j !== i && overlap(a, b) && meet(a, b)) expect(seen.has(j)).toBe(true)
          })
        })
      }),
      { numRuns: 100, seed: 23 },
    )
  })

  it('in a world without layers, visits the overlapping bodies in the grid order, as the grid itself', () => {
    const bodies: Body[] = Array.from({ length: 60 }, (_, k) => ({
      x: (k * 37) % 150,
      y: (k * 53) % 150,
      width: 30,
      height: 30,
      layer: 1,
      mask: 0xffffffff,
      aside: false,
    }))
    const { partition } = partitionOf(bodies)
    const { grid } = gridOf(bodies)
    bodies.forEach((_, i) => {
      const fromGrid: number[] = []
      grid.visitOverlaps(i, {
        meet(j) {
          fromGrid.push(j)
          return false
        },
      })
      expect(visited(partition, i)).toEqual(fromGrid)
    })
  })
})
