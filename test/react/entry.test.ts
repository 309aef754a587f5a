import { describe, expect, it } from 'vitest'

describe('the react-aabb entry', () => {
  it('imports without a window and exports the core with the React layer', async () => {
    expect(typeof window).toBe('undefined')
    const library = await import('../../src/index.js')
    for (const name of [
      'PhysicsWorld',
      'useAABBBody',
      'useWorld',
      'useWorldState',
      'useAfterStep',
      'DebugOverlay',
      'createPhysicsStore',
      'createWorld',
      'overlaps',
      'sweep',
    ]) {
      expect(typeof (library as Record<string, unknown>)[name], name).toBe('function')
    }
  })

  it('creates a board without touching the DOM, its state store holding only low-frequency state', async () => {
    const { createPhysicsStore } = await import('../../src/index.js')
    const store = createPhysicsStore({ settings: { gravity: { x: 0, y: 10 } } })
    expect(store.state.getState()).toEqual({
      containerKind: 'html',
      keyboardInstructionsId: null,
      bodyCount: 0,
      idle: true,
      paused: false,
      dragging: null,
      canUndo: false,
      canRedo: false,
      overflowing: [],
      selected: [],
    })
    expect(store.world.settings.gravity).toEqual({ x: 0, y: 10 })
    expect(store.engine.running).toBe(false)
  })

  it('gives the debug overlay an entry of its own, the same component as the main entry exports', async () => {
    const debug = await import('../../src/debug.js')
    const library = await import('../../src/index.js')
    expect(Object.keys(debug)).toEqual(['DebugOverlay'])
    expect(debug.DebugOverlay).toBe(library.DebugOverlay)
  })
})
