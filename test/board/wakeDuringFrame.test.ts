// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPhysicsStore } from '../../src/board/createPhysicsStore.js'
import { installFakeLayout } from '../react/support/fakeLayout.js'
import { createManualFrames, type ManualFrames } from '../react/support/manualFrames.js'

let frames: ManualFrames

beforeEach(() => {
  installFakeLayout()
  frames = createManualFrames()
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A store on an attached container, with the manual frames. */
function attachedStore() {
  const store = createPhysicsStore({ scheduler: frames.scheduler, now: frames.now })
  const container = document.createElement('div')
  document.body.append(container)
  store.engine.attachContainer(container)
  return store
}

describe('engine.wake() from an after-step listener', () => {
  it('keeps the loop running with a single pending frame, then goes idle once', () => {
    const store = attachedStore()
    const { engine, state } = store
    let wakes = 2
    const idleChanges: boolean[] = []
    state.subscribe((now, previous) => {
      if (now.idle !== previous.idle) idleChanges.push(now.idle)
    })
    engine.onAfterStep(() => {
      if (wakes-- > 0) engine.wake()
    })
    expect(frames.pending).toBe(1)
    for (let frame = 0; frame < 3; frame++) {
      expect(frames.run(1)).toBe(1)
      // Each wake asked for one more frame: never two at once, and never idle meanwhile.
      expect(frames.pending).toBe(frame < 2 ? 1 : 0)
      expect(state.getState().idle).toBe(frame === 2)
      expect(engine.running).toBe(frame < 2)
    }
    // Attaching set idle to false before the subscription: it turns true once, at the end.
    expect(idleChanges).toEqual([true])
  })
})
