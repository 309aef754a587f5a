import { describe, expect, it } from 'vitest'
import { createDragSessions } from '../../src/board/dragSessions.js'
import {
  DRAG_VELOCITY_TIME_CONSTANT,
  noteDragFrame,
  THROW_MIN_SPEED,
  throwVelocity,
} from '../../src/board/throwVelocity.js'
import { walledBoard } from './helpers.js'

/**
 * Drags card `a` (50 x 50 at (20, 20) on a 400 x 400 walled board) at `speed` px/s along x
 * for `moving` seconds in frames of `1 / hertz` s, holds it still for `paused` seconds, and
 * throws it. Returns the velocity it flies with.
 */
function throwAfter({
  speed,
  hertz,
  moving,
  paused = 0,
}: {
  speed: number
  hertz: number
  moving: number
  paused?: number
}) {
  const world = walledBoard()
  world.add({ id: 'a', x: 20, y: 20, width: 50, height: 50 })
  const drags = createDragSessions(world)
  drags.begin('a')
  const seconds = 1 / hertz
  let time = 0
  for (; time < moving - 1e-9; time += seconds) {
    drags.aim('a', { x: speed * (time + seconds), y: 0 })
    drags.applyGoals(seconds)
  }
  for (let still = 0; still < paused - 1e-9; still += seconds) drags.applyGoals(seconds)
  drags.end('a', 'throw')
  return world.get('a').velocity
}

describe('the velocity a throw releases a card with', () => {
  it('is the card’s speed whatever the frame rate: 30, 60 and 144 Hz agree within 1%', () => {
    for (const hertz of [30, 60, 144]) {
      const velocity = throwAfter({ speed: 600, hertz, moving: 0.2 })
      expect(velocity.x, `${hertz} Hz`).toBeGreaterThan(594)
      expect(velocity.x, `${hertz} Hz`).toBeLessThan(606)
      expect(velocity.y).toBe(0)
    }
  })

  it('is forgotten in time, not in frames: a pause of 0.1 s leaves under 2% at any frame rate', () => {
    for (const hertz of [30, 60, 144]) {
      // 5000 px/s for 40 ms, then 0.1 s still: about 90 px/s left, a throw still.
      const velocity = throwAfter({ speed: 5000, hertz: hertz, moving: 0.04, paused: 0.1 })
      expect(velocity.x, `${hertz} Hz`).toBeGreaterThan(THROW_MIN_SPEED)
      expect(velocity.x, `${hertz} Hz`).toBeLessThan(0.02 * 5000)
    }
  })

  it('is none when the pointer paused before the release: the card is dropped, at rest', () => {
    const velocity = throwAfter({ speed: 600, hertz: 60, moving: 0.2, paused: 0.15 })
    expect(velocity).toEqual({ x: 0, y: 0 })
  })

  it('counts a flick released before any frame applied it, as one frame of the last frame’s length', () => {
    const world = walledBoard()
    world.add({ id: 'a', x: 20, y: 20, width: 50, height: 50 })
    const drags = createDragSessions(world)
    drags.begin('a')
    drags.applyGoals(1 / 60)
    drags.aim('a', { x: 40, y: 60 })
    drags.aim('a', { x: 80, y: 120 })
    drags.end('a', 'throw')
    const weight = 1 - Math.exp(-1 / 60 / DRAG_VELOCITY_TIME_CONSTANT)
    expect(world.get('a')).toMatchObject({ x: 100, y: 140, type: 'dynamic' })
    expect(world.get('a').velocity.x).toBeCloseTo(weight * 80 * 60, 9)
    expect(world.get('a').velocity.y).toBeCloseTo(weight * 120 * 60, 9)
  })

  it('is none for a card the board blocked: it throws what the world let it move', () => {
    const world = walledBoard()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    const drags = createDragSessions(world)
    drags.begin('a')
    for (let frame = 1; frame <= 10; frame++) {
      drags.aim('a', { x: -50 * frame, y: 0 })
      drags.applyGoals(1 / 60)
    }
    drags.end('a', 'throw')
    expect(world.get('a')).toMatchObject({ x: 0, y: 0, velocity: { x: 0, y: 0 } })
  })
})

describe('noteDragFrame and throwVelocity', () => {
  it('a frame of no time changes nothing (a zero-length frame, or no frame yet)', () => {
    const velocity = { x: 3, y: 4 }
    noteDragFrame(velocity, 100, 100, 0)
    expect(velocity).toEqual({ x: 3, y: 4 })
  })

  it('a speed under the minimum throws nothing; at the minimum it throws', () => {
    expect(throwVelocity({ x: 30, y: 39 })).toEqual({ x: 0, y: 0 })
    expect(throwVelocity({ x: 30, y: 40 })).toEqual({ x: 30, y: 40 })
  })
})
