/**
 * Where frames come from. Defaults to the browser's `requestAnimationFrame`; tests pass
 * a manual one to run frames one by one.
 */
export interface FrameScheduler {
  /**
   * Calls `callback` once, at the next frame (like `requestAnimationFrame`), and returns a
   * handle for `cancel`. The loop has at most one request pending, and measures time with
   * its own `now` clock rather than the `time` passed to `callback`.
   */
  request(callback: (time: number) => void): number
  /** Drops the pending request with this handle, so its callback never runs. */
  cancel(handle: number): void
}

/** Options of {@link createFrameLoop}. */
export interface FrameLoopOptions {
  /**
   * Runs one frame of `seconds` (the time since the previous frame, or since `start`).
   * Returns whether another frame is needed; `false` stops the loop.
   */
  frame(seconds: number): boolean
  /** Called when the loop stops by itself (its frame returned `false`). */
  onIdle?(): void
  /**
   * Schedules the next frame (and cancels one).
   * @default requestAnimationFrame, looked up when the loop first starts
   */
  scheduler?: FrameScheduler | undefined
  /** Milliseconds clock. @default performance.now */
  now?: (() => number) | undefined
  /** Where errors thrown by a frame go; the loop keeps running. @default reportError, else console.error */
  onError?: ((error: unknown) => void) | undefined
}

/** A start/stop requestAnimationFrame loop that stops itself when its frame says so. */
export interface FrameLoop {
  /**
   * Starts the loop if it is not running (idempotent: at most one frame is ever pending).
   * Called during a frame, it makes that frame schedule the next one even if it returns
   * `false` (and `onIdle` is not called).
   */
  start(): void
  /** Cancels the pending frame; called during a frame, no frame follows it. */
  stop(): void
  /** Whether a frame is pending or running (and the loop was not stopped during it). */
  readonly running: boolean
}

/** Reports an error without throwing, so one bad listener cannot stop the next frame. */
function reportLoopError(error: unknown): void {
  if (typeof reportError === 'function') reportError(error)
  else console.error(error)
}

/** Calls `callback`, reporting (not throwing) what it throws, so one bad callback cannot stop a frame. */
export function safely<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (!callback) return
  try {
    callback(value)
  } catch (error) {
    reportLoopError(error)
  }
}

function browserScheduler(): FrameScheduler {
  return {
    request: (callback) => requestAnimationFrame(callback),
    cancel: (handle) => cancelAnimationFrame(handle),
  }
}

/**
 * Creates a frame loop (react-spring's pattern: phases run inside `frame`, the clock and
 * scheduler are injectable, the loop stops itself when nothing is pending). Nothing
 * touches `window` until `start`, so it can be created during server rendering.
 */
export function createFrameLoop(options: FrameLoopOptions): FrameLoop {
  const now = options.now ?? (() => performance.now())
  const onError = options.onError ?? reportLoopError
  let scheduler = options.scheduler
  let handle: number | null = null
  let last = 0
  /**
   * While a frame runs no frame is pending (its handle is spent), yet the loop is running:
   * a `start` from inside the frame (a listener waking the loop) must not schedule a
   * second frame, nor be lost when the frame returns `false`. So a frame in progress
   * records what `start`/`stop` asked for, and `tick` schedules at most one frame after it.
   */
  let inFrame = false
  let startedInFrame = false
  let stoppedInFrame = false

  function tick(): void {
    handle = null
    const time = now()
    const seconds = Math.max(0, (time - last) / 1000)
    last = time
    let again = true
    inFrame = true
    startedInFrame = false
    stoppedInFrame = false
    try {
      again = options.frame(seconds)
    } catch (error) {
      onError(error)
    } finally {
      inFrame = false
    }
    if (stoppedInFrame && !startedInFrame) return
    if (again || startedInFrame) schedule()
    else options.onIdle?.()
  }

  function schedule(): void {
    scheduler ??= browserScheduler()
    handle = scheduler.request(tick)
  }

  return {
    start() {
      if (inFrame) {
        startedInFrame = true
        return
      }
      if (handle !== null) return
      last = now()
      schedule()
    },
    stop() {
      if (inFrame) {
        stoppedInFrame = true
        startedInFrame = false
        return
      }
      if (handle === null) return
      scheduler?.cancel(handle)
      handle = null
    },
    get running() {
      return (inFrame && !stoppedInFrame) || handle !== null
    },
  }
}
