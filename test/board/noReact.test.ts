import { describe, expect, it, vi } from 'vitest'

// The board is what any framework drives: importing it must not load React, nor zustand's
// React binding (zustand's own core tests mock React away the same way).
vi.mock('react', () => {
  throw new Error('src/board imported react')
})
vi.mock('react-dom', () => {
  throw new Error('src/board imported react-dom')
})
vi.mock('zustand', () => {
  throw new Error('src/board imported zustand (its React binding)')
})
vi.mock('zustand/react', () => {
  throw new Error('src/board imported zustand/react')
})

describe('the board without React', () => {
  it('creates a world, steps it and keeps its low-frequency state in a vanilla store', async () => {
    const { createPhysicsStore } = await import('../../src/board/createPhysicsStore.js')
    const { world, engine, state } = createPhysicsStore({
      settings: { gravity: { x: 0, y: 100 } },
    })
    world.add({ id: 'ball', x: 0, y: 0, width: 10, height: 10 })
    expect(engine.step(0.5)).toBeGreaterThan(0)
    expect(world.get('ball').y).toBeGreaterThan(0)
    const paused: boolean[] = []
    state.subscribe((now) => paused.push(now.paused))
    engine.setPaused(true)
    expect(paused).toEqual([true])
    expect(Object.keys(state.getState()).sort()).toEqual([
      'bodyCount',
      'canRedo',
      'canUndo',
      'containerKind',
      'dragging',
      'idle',
      'keyboardInstructionsId',
      'overflowing',
      'paused',
      'selected',
    ])
    // The dynamic import transforms the whole board on first use: over 5 s on a loaded
    // machine. A ceiling for a hang, not a timing.
  }, 30_000)
})
