import { describe, expect, it } from 'vitest'
import { BodyIndex } from '../../../src/core/broadphase/bodyIndex.js'
import { StepContext } from '../../../src/core/step/context.js'
import { undoNewOverlaps } from '../../../src/core/step/guard.js'
import { step } from '../../../src/core/step/step.js'
import { BodyStore } from '../../../src/core/world/bodyStore.js'
import { LayoutWatch } from '../../../src/core/world/layoutWatch.js'
import { defaultSettings } from '../../../src/core/world/settings.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'

// The layout watch's late pairs (src/core/world/layoutWatch.ts, findLatePairs): the pairs a
// push-out made beyond the step's broadphase, which the watch counts as stuck like the
// step's own pairs (clause 5 of the layout contract).

const H = 1 / 60

describe('the layout watch sees the overlaps a step made beyond its pairs', () => {
  it('counts as stuck two bodies carried out of their search boxes into each other', () => {
    // a starts 50 px inside x and b 50 px inside y: overlaps being resolved, so the guard
    // leaves whatever the step does with them. The step's push-out is stood in for by
    // moving a and b, after a real step, far from where they started and 20 px into each
    // other: neither's search box holds that place, so only the guard's grid of the escaped
    // bodies pairs them.
    const store = new BodyStore()
    const bodies = [
      { id: 'x', x: 0, y: 0 },
      { id: 'a', x: 50, y: 0 },
      { id: 'y', x: 0, y: 500 },
      { id: 'b', x: 50, y: 500 },
    ]
    for (const { id, x, y } of bodies) store.insert(id, defaultBodyFields(x, y, 100, 60))
    const sim = new StepContext(store, { ...defaultSettings(), gravity: { x: 0, y: 0 } })
    const watch = new LayoutWatch(sim, new BodyIndex(store))
    step(sim, H)
    watch.afterStep(H)
    store.x[store.slot('a')] = 1000
    store.y[store.slot('a')] = 250
    store.x[store.slot('b')] = 1080
    store.y[store.slot('b')] = 250
    undoNewOverlaps(sim.scratch, sim)
    // The guard held them (each started deep), so they overlap where they were moved.
    expect(store.x[store.slot('a')]).toBe(1000)
    expect(store.x[store.slot('b')]).toBe(1080)
    // x and y no longer overlap anything deeper than the slop: a/b is the only stuck pair.
    watch.afterStep(H)
    expect(watch.busy).toBe(true)
  })
})
