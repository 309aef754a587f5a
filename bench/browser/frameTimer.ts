/**
 * Times the page's `requestAnimationFrame` callbacks: the world's frame loop is the only
 * one in the benchmark page, so their time is the main-thread script time of a frame
 * (pending measurements, step, writes, after-step listeners). Style, layout and paint
 * run after the callbacks and are not in it.
 */

const requestFrame = window.requestAnimationFrame.bind(window)

/** Script milliseconds per frame, keyed by the frame's timestamp, while recording. */
let recording: Map<number, number> | null = null

window.requestAnimationFrame = (callback) =>
  requestFrame((time) => {
    const start = performance.now()
    try {
      callback(time)
    } finally {
      if (recording) recording.set(time, (recording.get(time) ?? 0) + performance.now() - start)
    }
  })

/** What {@link recordFrames} measured. */
export interface FrameRecord {
  /** Script milliseconds spent in animation-frame callbacks, one entry per frame that had any. */
  scriptMs: number[]
  /** Milliseconds between consecutive frames (the achieved frame rate). */
  intervalsMs: number[]
}

/** Resolves on the next animation frame, untimed (it does not go through the wrapper). */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestFrame(resolve))
}

/** Records `frames` animation frames. */
export async function recordFrames(frames: number): Promise<FrameRecord> {
  const perFrame = new Map<number, number>()
  const intervalsMs: number[] = []
  recording = perFrame
  let previous = await nextFrame()
  for (let frame = 0; frame < frames; frame++) {
    const time = await nextFrame()
    intervalsMs.push(time - previous)
    previous = time
  }
  recording = null
  return { scriptMs: [...perFrame.values()], intervalsMs }
}
