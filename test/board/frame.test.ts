import { describe, expect, it, vi } from 'vitest'
import type { AABBBodyOptions } from '../../src/board/bodyOptions.js'
import { createDragSessions } from '../../src/board/dragSessions.js'
import type { BodyEntry, ElementRegistry } from '../../src/board/elementRegistry.js'
import { createFrame } from '../../src/board/frame.js'
import { createWorld, type World } from '../../src/core/world/index.js'

// One board frame (src/board/frame.ts) in Node, over a real world and real drag sessions;
// the elements are stand-ins that record what the frame writes to them.

/**
 * A world with `still` at rest at (200, 0) and `moving` at the origin, 60 px/s to the right,
 * both already drawn where they are (the world's "moved since last drained" marks of their
 * adds are taken).
 */
function board(options: AABBBodyOptions = {}) {
  const world: World = createWorld()
  world.add({ id: 'still', x: 200, y: 0, width: 20, height: 20 })
  world.add({ id: 'moving', x: 0, y: 0, width: 20, height: 20, velocity: { x: 60, y: 0 } })
  world.drainMoved(() => {})
  const writes: [string, number, number][] = []
  const entries = new Map<string, BodyEntry>()
  for (const id of ['still', 'moving']) {
    const body = world.get(id)
    entries.set(id, {
      id,
      box: { write: (x: number, y: number) => writes.push([id, x, y]) },
      options: { current: options },
      placement: { done: false },
      active: true,
      rest: { x: body.x, y: body.y },
    } as unknown as BodyEntry)
  }
  const elements = { get: (id: string) => entries.get(id) } as unknown as ElementRegistry
  const drags = createDragSessions(world)
  const frame = createFrame(world, elements, drags)
  return { world, frame, drags, writes, entries }
}

describe('createFrame', () => {
  it('steps the world and writes only the bodies that moved, once each', () => {
    const { world, frame, writes } = board()
    expect(frame.run(1 / 60)).toBe(true)
    const moving = world.get('moving')
    expect(moving.x).toBeCloseTo(1, 9)
    expect(writes).toEqual([['moving', moving.x, 0]])
  })

  it('applies a measured size in the next frame (the default mass follows the area), unless the board wrote one since', () => {
    const { world, frame } = board()
    frame.resized('still', { x: 200, y: 0, width: 40, height: 30 })
    frame.run(1 / 60)
    expect(world.get('still')).toMatchObject({ width: 40, height: 30, mass: 1200 })
    frame.resized('still', { x: 200, y: 0, width: 10, height: 10 })
    frame.sizeWritten('still')
    frame.run(1 / 60)
    expect(world.get('still')).toMatchObject({ width: 40, height: 30 })
  })

  it('writes a displaced body even when it did not move, and marks its placement drawn', () => {
    const { frame, writes, entries } = board()
    frame.displaced('still')
    frame.run(1 / 60)
    expect(writes).toContainEqual(['still', 200, 0])
    expect(entries.get('still')!.placement.done).toBe(true)
  })

  it('paused: no step, yet drag goals still move their bodies; the loop may stop once no drag runs', () => {
    const { world, frame, drags } = board()
    frame.paused = true
    expect(frame.run(1 / 60)).toBe(false)
    expect(world.get('moving').x).toBe(0)
    expect(drags.begin('still')).toBe(true)
    drags.aim('still', { x: 0, y: 50 })
    expect(frame.run(1 / 60)).toBe(true)
    expect(world.get('still').y).toBe(50)
    expect(world.get('moving').x).toBe(0)
  })

  it('reduced motion: one frame runs the world to rest and draws only the end state', () => {
    const { world, frame, writes } = board()
    world.add({ id: 'wall', x: 100, y: -50, width: 10, height: 100, type: 'static' })
    frame.reducedMotion = true
    expect(frame.run(1 / 60)).toBe(false)
    expect(world.isIdle()).toBe(true)
    // It met the wall and stopped there; one write, where it rests.
    expect(world.get('moving').x).toBe(80)
    expect(writes).toEqual([['moving', 80, 0]])
  })

  it('a forgotten body gets neither its pending size nor a write', () => {
    const { world, frame, writes } = board()
    frame.resized('still', { x: 200, y: 0, width: 40, height: 40 })
    frame.displaced('still')
    frame.forget('still')
    frame.run(1 / 60)
    expect(world.get('still').width).toBe(20)
    expect(writes.some(([id]) => id === 'still')).toBe(false)
  })

  it('runs the after-step listeners with the frame time, on run and on stepNow, until removed', () => {
    const { frame } = board()
    const listener = vi.fn()
    const remove = frame.onAfterStep(listener)
    frame.run(1 / 60)
    expect(frame.stepNow(1 / 30)).toBe(2)
    remove()
    frame.run(1 / 60)
    expect(listener.mock.calls).toEqual([[1 / 60], [1 / 30]])
  })

  it('reports a move end once the body rests, through onMoveEnd', () => {
    const onMoveEnd = vi.fn()
    const { world, frame } = board({ onMoveEnd })
    world.add({ id: 'wall', x: 100, y: -50, width: 10, height: 100, type: 'static' })
    for (let i = 0; i < 120 && frame.run(1 / 60); i++);
    frame.idle()
    expect(onMoveEnd).toHaveBeenCalledTimes(1)
    expect(onMoveEnd).toHaveBeenCalledWith({ x: 80, y: 0, width: 20, height: 20 })
  })
})
