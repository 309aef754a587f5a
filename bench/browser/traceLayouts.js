/**
 * Counts layouts and style recalculations in a Chrome trace (categories `devtools.timeline`),
 * and which of them were forced: run synchronously inside script (an animation-frame
 * callback, a function call, a timer or an event) because the script read layout or style
 * after a write. A layout in the rendering pipeline after the callbacks is not forced.
 */

/** Trace events that are script running on the main thread. */
const scriptEvents = new Set(['FireAnimationFrame', 'FunctionCall', 'TimerFire', 'EventDispatch'])
const layoutEvent = 'Layout'
const styleEvent = 'UpdateLayoutTree'

/**
 * Turns complete ('X') events and begin/end ('B'/'E') pairs into intervals per thread.
 *
 * @param {Array<{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number }>} events
 * @param {Set<string>} names
 * @returns {Array<{ name: string, thread: string, start: number, end: number }>}
 */
function intervalsOf(events, names) {
  /** @type {Array<{ name: string, thread: string, start: number, end: number }>} */
  const intervals = []
  /** @type {Map<string, number[]>} */
  const open = new Map()
  for (const event of events) {
    if (!names.has(event.name)) continue
    const thread = `${event.pid}:${event.tid}`
    if (event.ph === 'X') {
      intervals.push({
        name: event.name,
        thread,
        start: event.ts,
        end: event.ts + (event.dur ?? 0),
      })
    } else if (event.ph === 'B') {
      const key = `${thread}:${event.name}`
      open.set(key, [...(open.get(key) ?? []), event.ts])
    } else if (event.ph === 'E') {
      const key = `${thread}:${event.name}`
      const start = open.get(key)?.pop()
      if (start !== undefined) intervals.push({ name: event.name, thread, start, end: event.ts })
    }
  }
  return intervals
}

/**
 * @param {{ traceEvents?: Array<any> } | Array<any>} trace - the parsed JSON of `browser.stopTracing()`
 * @returns {{ layouts: number, styleRecalcs: number, forcedLayouts: number, forcedStyleRecalcs: number, animationFrames: number }}
 */
export function countLayouts(trace) {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? [])
  const sorted = [...events].sort((a, b) => a.ts - b.ts)
  const script = intervalsOf(sorted, scriptEvents)
  const rendering = intervalsOf(sorted, new Set([layoutEvent, styleEvent]))
  const insideScript = (/** @type {{ thread: string, start: number, end: number }} */ work) =>
    script.some(
      (run) => run.thread === work.thread && run.start <= work.start && work.end <= run.end,
    )
  const layouts = rendering.filter((work) => work.name === layoutEvent)
  const styleRecalcs = rendering.filter((work) => work.name === styleEvent)
  return {
    layouts: layouts.length,
    styleRecalcs: styleRecalcs.length,
    forcedLayouts: layouts.filter(insideScript).length,
    forcedStyleRecalcs: styleRecalcs.filter(insideScript).length,
    animationFrames: script.filter((run) => run.name === 'FireAnimationFrame').length,
  }
}
