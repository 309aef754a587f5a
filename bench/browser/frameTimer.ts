/**
 * Times the page's `requestAnimationFrame` callbacks: the world's frame loop is the only
 * one in the benchmark page, so their time is the main-thread script time of a frame
 * (pending measurements, step, writes, after-step listeners). Style, layout and paint
 * run after the callbacks and are not in it.
 */

/** One recorded animation frame. */
export interface FrameSample {
  /** Milliseconds inside the frame's animation-frame callbacks. */
  scriptMs: number
  /** Milliseconds of that inside `world.step` (filled by the page, see {@link currentFrame}). */
  stepMs: number
  /** Fixed steps the world ran in the frame. */
  fixedSteps: number
}

/** What {@link recordFrames} measured. */
export interface FrameRecord {
  /** One sample per frame that ran a callback. */
  frames: FrameSample[]
  /** Milliseconds between consecutive frames (the achieved frame rate). */
  intervalsMs: number[]
}

const requestFrame = window.requestAnimationFrame.bind(window)

/** Samples keyed by the frame's timestamp, while recording. */
let recording: Map<number, FrameSample> | null = null
let current: FrameSample | null = null

window.requestAnimationFrame = (callback) =>
  requestFrame((time) => {
    let sample = recording?.get(time) ?? null
    if (recording && !sample) {
      sample = { scriptMs: 0, stepMs: 0, fixedSteps: 0 }
      recording.set(time, sample)
    }
    current = sample
    const start = performance.now()
    try {
      callback(time)
    } finally {
      if (sample) sample.scriptMs += performance.now() - start
      current = null
    }
  })

/** The sample of the frame whose callback is running, while recording; else `null`. */
export function currentFrame(): FrameSample | null {
  return current
}

/** Resolves on the next animation frame, untimed (it does not go through the wrapper). */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestFrame(resolve))
}

/** Records `frames` animation frames. */
export async function recordFrames(frames: number): Promise<FrameRecord> {
  const samples = new Map<number, FrameSample>()
  const intervalsMs: number[] = []
  recording = samples
  let previous = await nextFrame()
  for (let frame = 0; frame < frames; frame++) {
    const time = await nextFrame()
    intervalsMs.push(time - previous)
    previous = time
  }
  recording = null
  return { frames: [...samples.values()], intervalsMs }
}
