/**
 * Script time per animation frame from a Chrome trace (categories `devtools.timeline`): the
 * `FireAnimationFrame` events of the page's renderer main thread, summed per frame, as wall
 * time (`dur`) and as thread time (`tdur`, the CPU time the thread actually ran). On a
 * shared machine the thread is descheduled now and then, inside our callbacks too; wall
 * time counts those waits, thread time does not, so the two together say how much of a
 * slow frame was the page's own work.
 */

/** Callbacks closer than this (microseconds, end to start) ran in the same frame. */
const sameFrameGap = 2000

/**
 * @param {{ traceEvents?: Array<any> } | Array<any>} trace - the parsed JSON of `browser.stopTracing()`
 * @returns {Array<{ wallMs: number, cpuMs: number, callbacks: number }>} one entry per frame that ran callbacks
 */
export function scriptPerFrame(trace) {
  const events = (Array.isArray(trace) ? trace : (trace.traceEvents ?? []))
    .filter((event) => event.name === 'FireAnimationFrame' && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts)
  /** @type {Array<{ wallMs: number, cpuMs: number, callbacks: number }>} */
  const frames = []
  let previousEnd = -Infinity
  let previousThread = ''
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`
    if (event.ts - previousEnd > sameFrameGap || thread !== previousThread) {
      frames.push({ wallMs: 0, cpuMs: 0, callbacks: 0 })
    }
    const frame = /** @type {{ wallMs: number, cpuMs: number, callbacks: number }} */ (
      frames.at(-1)
    )
    frame.wallMs += (event.dur ?? 0) / 1000
    // Without thread timestamps (some platforms) CPU time is unknown, not zero.
    frame.cpuMs += event.tdur === undefined ? Number.NaN : event.tdur / 1000
    frame.callbacks++
    previousEnd = event.ts + (event.dur ?? 0)
    previousThread = thread
  }
  return frames
}
