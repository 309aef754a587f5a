import { describe, expect, it } from 'vitest'
import { StepContext } from '../../../src/core/step/context.js'
import { integrate } from '../../../src/core/step/integrate.js'
import { collectBodies, findPairs, indexSolids } from '../../../src/core/step/pairs.js'
import { step } from '../../../src/core/step/step.js'
import { BROADPHASE_MARGIN } from '../../../src/core/step/tolerances.js'
import { BodyStore, type BodyFields } from '../../../src/core/world/bodyStore.js'
import { defaultSettings } from '../../../src/core/world/settings.js'
import type { WorldSettings } from '../../../src/core/world/types.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'

const H = 1 / 60

/** A context over a store holding `bodies`, with the default settings patched by `settings`. */
function contextOf(
  bodies: Partial<BodyFields>[],
  settings: Partial<WorldSettings> = {},
): StepContext {
  const store = new BodyStore()
  bodies.forEach((body, n) => {
    const { x = 0, y = 0, width = 10, height = 10 } = body
    store.insert(`b${n}`, { ...defaultBodyFields(x, y, width, height), ...body })
  })
  return new StepContext(store, { ...defaultSettings(), ...settings })
}

/** The dynamic pairs the broadphase found, as pairs of body ids. */
function pairIds(sim: StepContext): string[][] {
  const ids: string[][] = []
  for (let p = 0; p < sim.pairs.count; p++) {
    const a = sim.dynamic[sim.pairs.a[p] as number] as number
    const b = sim.dynamic[sim.pairs.b[p] as number] as number
    ids.push([sim.store.ids[a] as string, sim.store.ids[b] as string].sort())
  }
  return ids.sort()
}

describe('stage pairs', () => {
  it('lists bodies by kind in insertion order', () => {
    const sim = contextOf([{ type: 'static' }, { x: 20 }, { type: 'kinematic' }, { x: 40 }])
    collectBodies(sim)
    indexSolids(sim)
    expect(Array.from(sim.dynamic.subarray(0, sim.dynamicCount))).toEqual([1, 3])
    expect(Array.from(sim.solid.subarray(0, sim.solidCount))).toEqual([0, 2])
  })

  it('pairs the dynamic bodies whose swept bounds meet, and no others', () => {
    const sim = contextOf([{ x: 0 }, { x: 8 }, { x: 200 }, { x: 205 }])
    collectBodies(sim)
    indexSolids(sim)
    integrate(sim, H)
    findPairs(sim)
    expect(pairIds(sim)).toEqual([
      ['b0', 'b1'],
      ['b2', 'b3'],
    ])
  })

  it('drops the pairs the pair filter refuses', () => {
    const sim = contextOf([{ x: 0 }, { x: 8 }, { x: 16 }], {
      filter: (a, b) => !(a === 'b0' && b === 'b1') && !(a === 'b1' && b === 'b0'),
    })
    collectBodies(sim)
    indexSolids(sim)
    integrate(sim, H)
    findPairs(sim)
    expect(pairIds(sim)).toEqual([['b1', 'b2']])
  })
})

describe('stage integrate', () => {
  it('writes the wanted displacement and the swept bounds, and no position or velocity', () => {
    const sim = contextOf([{ x: 5, y: 7, velocityX: 60, velocityY: 0 }], {
      gravity: { x: 0, y: 600 },
    })
    collectBodies(sim)
    integrate(sim, H)
    // Semi-implicit Euler (article 004): v += g h, then d = v h.
    const vy = 600 * H
    expect(sim.deltaX[0]).toBeCloseTo(60 * H, 12)
    expect(sim.deltaY[0]).toBeCloseTo(vy * H, 12)
    expect(sim.dynamicBounds.minX[0]).toBeCloseTo(5 - BROADPHASE_MARGIN, 12)
    expect(sim.dynamicBounds.maxX[0]).toBeCloseTo(5 + 60 * H + 10 + BROADPHASE_MARGIN, 12)
    expect(sim.dynamicBounds.maxY[0]).toBeCloseTo(7 + vy * H + 10 + BROADPHASE_MARGIN, 12)
    expect([
      sim.store.x[0],
      sim.store.y[0],
      sim.store.velocityX[0],
      sim.store.velocityY[0],
    ]).toEqual([5, 7, 60, 0])
  })
})

describe('step on a hand-built context', () => {
  it('two contexts over equal stores step to the same bits, whatever runs in between', () => {
    const bodies: Partial<BodyFields>[] = [
      { x: 0, y: 0, velocityX: 300 },
      { x: 30, y: 2, velocityX: -300 },
      { x: -20, y: 20, width: 100, height: 10, type: 'static' },
    ]
    const first = contextOf(bodies, { gravity: { x: 0, y: 900 } })
    const second = contextOf(bodies, { gravity: { x: 0, y: 900 } })
    const other = contextOf([{ x: 3 }, { x: 6 }, { x: 9 }])
    for (let n = 0; n < 30; n++) {
      step(first, H)
      step(other, H)
      step(second, H)
    }
    const state = (sim: StepContext): number[] =>
      [0, 1].flatMap((s) => [
        sim.store.x[s] as number,
        sim.store.y[s] as number,
        sim.store.velocityX[s] as number,
        sim.store.velocityY[s] as number,
      ])
    expect(state(first)).toEqual(state(second))
    // Not vacuous: the boxes met and came to rest on the floor.
    expect(first.store.y[0]).toBeCloseTo(20 - 10, 6)
  })
})
