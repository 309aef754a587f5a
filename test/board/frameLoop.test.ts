import { describe, expect, it, vi } from 'vitest'
import { createFrameLoop, type FrameScheduler } from '../../src/board/frameLoop.js'

function manualScheduler() {
  const pending = new Map<number, (time: number) => void>()
  let next = 1
  const scheduler: FrameScheduler = {
    request: (callback) => {
      pending.set(next, callback)
      return next++
    },
    cancel: (handle) => pending.delete(handle),
  }
  /** Runs the oldest pending frame. */
  const runNext = (time: number) => {
    const [handle, callback] = [...pending][0]!
    pending.delete(handle)
    callback(time)
  }
  return { scheduler, pending, runNext }
}

describe('createFrameLoop', () => {
  it('passes the seconds since the previous frame and stops when the frame says so', () => {
    const { scheduler, pending, runNext } = manualScheduler()
    let time = 1000
    const seen: number[] = []
    const onIdle = vi.fn()
    const loop = createFrameLoop({
      scheduler,
      now: () => time,
      frame: (seconds) => {
        seen.push(seconds)
        return seen.length < 3
      },
      onIdle,
    })
    loop.start()
    loop.start()
    expect(pending.size).toBe(1)
    for (const ms of [16, 20, 10]) {
      time += ms
      runNext(time)
    }
    expect(seen).toEqual([0.016, 0.02, 0.01])
    expect(loop.running).toBe(false)
    expect(pending.size).toBe(0)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  it('reports a frame that throws and keeps running', () => {
    const { scheduler, pending, runNext } = manualScheduler()
    const onError = vi.fn()
    const loop = createFrameLoop({
      scheduler,
      now: () => 0,
      onError,
      frame: () => {
        throw new Error('boom')
      },
    })
    loop.start()
    runNext(0)
    runNext(0)
    expect(onError).toHaveBeenCalledTimes(2)
    expect(loop.running).toBe(true)
    loop.stop()
    expect(loop.running).toBe(false)
    expect(pending.size).toBe(0)
  })

  it('keeps running with one pending frame when started during a frame that returns false', () => {
    const { scheduler, pending, runNext } = manualScheduler()
    let time = 0
    const onIdle = vi.fn()
    const runningInFrame: boolean[] = []
    let wakeInFrame = true
    const loop = createFrameLoop({
      scheduler,
      now: () => time,
      onIdle,
      frame: () => {
        runningInFrame.push(loop.running)
        if (wakeInFrame) loop.start()
        return false
      },
    })
    loop.start()
    time = 16
    runNext(time)
    expect(pending.size).toBe(1)
    expect(loop.running).toBe(true)
    expect(onIdle).not.toHaveBeenCalled()
    wakeInFrame = false
    time = 32
    runNext(time)
    expect(pending.size).toBe(0)
    expect(loop.running).toBe(false)
    expect(onIdle).toHaveBeenCalledTimes(1)
    expect(runningInFrame).toEqual([true, true])
  })

  it('schedules exactly one frame when started during a frame that asks for another', () => {
    const { scheduler, pending, runNext } = manualScheduler()
    let time = 0
    const seen: number[] = []
    const loop = createFrameLoop({
      scheduler,
      now: () => time,
      frame: (seconds) => {
        seen.push(seconds)
        loop.start()
        return true
      },
    })
    loop.start()
    for (const ms of [16, 20]) {
      time += ms
      runNext(time)
      expect(pending.size).toBe(1)
    }
    // A start during a frame does not restart the clock: each frame sees the full interval.
    expect(seen).toEqual([0.016, 0.02])
    loop.stop()
    expect(pending.size).toBe(0)
  })

  it('schedules nothing after a frame that stopped the loop', () => {
    const { scheduler, pending, runNext } = manualScheduler()
    const onIdle = vi.fn()
    const loop = createFrameLoop({
      scheduler,
      now: () => 0,
      onIdle,
      frame: () => {
        loop.stop()
        return true
      },
    })
    loop.start()
    runNext(0)
    expect(pending.size).toBe(0)
    expect(loop.running).toBe(false)
    expect(onIdle).not.toHaveBeenCalled()
  })

  it('touches no browser API before start (server rendering)', () => {
    expect(typeof requestAnimationFrame).toBe('undefined')
    const loop = createFrameLoop({ frame: () => false })
    expect(loop.running).toBe(false)
    loop.stop()
  })
})
