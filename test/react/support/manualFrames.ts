import { act } from 'react'
import type { FrameScheduler } from '../../../src/board/frameLoop.js'

/** A requestAnimationFrame stand-in whose frames run only when a test says so. */
export interface ManualFrames {
  scheduler: FrameScheduler
  /** Milliseconds clock advanced by `run`. */
  now: () => number
  /** Frames requested and not yet run (0 or 1 for one loop). */
  readonly pending: number
  /** Runs `count` frames of `ms` each (inside `act`), stopping early when none is requested. Returns how many ran. */
  run(count?: number, ms?: number): number
}

export function createManualFrames(): ManualFrames {
  let time = 0
  let nextHandle = 1
  const callbacks = new Map<number, (time: number) => void>()
  return {
    scheduler: {
      request(callback) {
        const handle = nextHandle++
        callbacks.set(handle, callback)
        return handle
      },
      cancel(handle) {
        callbacks.delete(handle)
      },
    },
    now: () => time,
    get pending() {
      return callbacks.size
    },
    run(count = 1, ms = 1000 / 60) {
      let ran = 0
      for (; ran < count && callbacks.size > 0; ran++) {
        time += ms
        const due = [...callbacks.values()]
        callbacks.clear()
        act(() => {
          for (const callback of due) callback(time)
        })
      }
      return ran
    },
  }
}
