// The browser benchmark (issue 4): builds bench/browser with Vite, serves it, and measures in
// headless Chromium, for N = 100, 500, 1,000 and 2,000 bodies in motion, the script time of
// the world's frame, React commits per frame and forced layouts. Each N is measured in
// --runs fresh pages (the order of N alternating between runs) and reported as the median
// of the runs, since the machine's other work moves single runs by a millisecond or more.
// `node bench/browser/run.js [--write] [--n=100,500] [--frames=300] [--runs=3]`
// (--write puts the "Browser benchmark" section into bench/RESULTS.md).
import react from '@vitejs/plugin-react'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { serveStatic } from '../../test/e2e/staticServer.js'
import { chromiumArgs, chromiumPath, hasChromium } from '../../test/support/chromium.js'
import { writeResultsSection } from '../resultsSection.js'
import { countLayouts } from './traceLayouts.js'
import { scriptPerFrame } from './traceScript.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const outDir = path.join(root, 'bench/.out/browser')
const sectionTitle = '## Browser benchmark'

/** @param {string} name */
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const counts = (option('n') ?? '100,500,1000,2000').split(',').map(Number)
const frames = Number(option('frames') ?? '300')
const runs = Number(option('runs') ?? '3')
const warmUpFrames = 60
const tracedFrames = frames
const viewport = { width: 1280, height: 800 }
for (const value of [...counts, frames, runs]) {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `bench:browser: --n, --frames and --runs take positive integers (got ${value})`,
    )
  }
}
if (!hasChromium()) {
  throw new Error(`bench:browser: no Chromium at ${chromiumPath} (apt-get install chromium)`)
}

/**
 * @param {number[]} values
 * @param {number} q - in [0, 1]
 */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

/** @param {Array<{ name: string, value: number }>} metrics */
const metricMap = (metrics) => new Map(metrics.map(({ name, value }) => [name, value]))

const loadAtStart = os.loadavg()
const startedAt = new Date()
await build({
  root: path.join(root, 'bench/browser'),
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    // Production React with the Profiler kept (react-dom/profiling), so commits can be counted.
    alias: [
      { find: /^react-aabb\/core$/, replacement: path.join(root, 'src/core/index.ts') },
      { find: /^react-aabb$/, replacement: path.join(root, 'src/index.ts') },
      { find: /^react-dom\/client$/, replacement: 'react-dom/profiling' },
    ],
  },
  build: { outDir, emptyOutDir: true },
})

const server = await serveStatic(outDir)
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const chromiumVersion = browser.version()
/** Forced layouts the trace showed for the page's deliberate write-then-read control. */
let forcedInControl = /** @type {number | undefined} */ (undefined)
/** Whether every page was cross-origin isolated (fine-grained timers). */
let isolated = true

/**
 * Measures N bodies in a fresh page: recorded frames (timed by the page), then traced
 * frames (forced layouts, and script time as the browser accounts it).
 *
 * @param {number} count
 */
async function measurePage(count) {
  const page = await browser.newPage({ viewport })
  /** @type {string[]} */
  const pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  // Cross-origin isolation gives performance.now() 5 us steps instead of 100 us.
  await page.route('**/*', async (route) => {
    const response = await route.fetch()
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      },
    })
  })
  await page.goto(`${server.url}/?n=${count}`)
  isolated &&= await page.evaluate(() => crossOriginIsolated)
  await page.waitForFunction(() => window.bench !== undefined)
  await page.evaluate(() => window.bench?.ready)
  await page.evaluate((n) => window.bench?.record(n), warmUpFrames)
  // A Profiler that never reports (a production build without profiling) would read as 0 commits.
  const mountCommits = await page.evaluate(() => window.bench?.commits() ?? 0)
  if (mountCommits < 1) throw new Error('bench:browser: the <Profiler> reported no commit at all')

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const before = metricMap((await cdp.send('Performance.getMetrics')).metrics)
  const [loadBefore = 0] = os.loadavg()
  const record = await page.evaluate((n) => window.bench?.record(n), frames)
  const [loadAfter = 0] = os.loadavg()
  const load = (loadBefore + loadAfter) / 2
  const after = metricMap((await cdp.send('Performance.getMetrics')).metrics)
  if (!record) throw new Error(`bench:browser: the page for N=${count} did not record`)
  /** @param {string} name */
  const delta = (name) => (after.get(name) ?? 0) - (before.get(name) ?? 0)
  const recorded = record.intervalsMs.length
  const script = record.frames.map((frame) => frame.scriptMs)
  // Frames that ran exactly one fixed step: what a frame costs at 60 fps.
  const oneStep = record.frames
    .filter((frame) => frame.fixedSteps === 1)
    .map((frame) => frame.scriptMs)

  await browser.startTracing(page, { categories: ['devtools.timeline'] })
  await page.evaluate((n) => window.bench?.record(n), tracedFrames)
  const traceJson = JSON.parse((await browser.stopTracing()).toString('utf8'))
  const trace = countLayouts(traceJson)
  const tracedScript = scriptPerFrame(traceJson)
  if (forcedInControl === undefined) {
    // The detector must see a forced layout when there is one, or its 0 means nothing.
    await browser.startTracing(page, { categories: ['devtools.timeline'] })
    await page.evaluate(() => window.bench?.forceLayoutOnce())
    forcedInControl = countLayouts(
      JSON.parse((await browser.stopTracing()).toString('utf8')),
    ).forcedLayouts
    if (forcedInControl < 1) {
      throw new Error('bench:browser: the trace showed no forced layout for a deliberate one')
    }
  }
  await page.close()
  if (pageErrors.length > 0) throw new Error(`bench:browser: N=${count}: ${pageErrors.join('; ')}`)

  return {
    frames: recorded,
    worldFrames: record.worldFrames,
    moved: record.movedBodies,
    median: quantile(script, 0.5),
    p95: quantile(script, 0.95),
    oneStepMedian: quantile(oneStep, 0.5),
    oneStepFrames: oneStep.length,
    stepMedian: quantile(
      record.frames.map((frame) => frame.stepMs),
      0.5,
    ),
    stepsPerFrame:
      record.frames.reduce((sum, frame) => sum + frame.fixedSteps, 0) /
      Math.max(1, record.frames.length),
    traceWall: quantile(
      tracedScript.map((frame) => frame.wallMs),
      0.5,
    ),
    traceCpu: quantile(
      tracedScript.map((frame) => frame.cpuMs),
      0.5,
    ),
    traceCpuP95: quantile(
      tracedScript.map((frame) => frame.cpuMs),
      0.95,
    ),
    tracedFrames: tracedScript.length,
    commits: record.commits / recorded,
    forced: trace.forcedLayouts,
    forcedStyle: trace.forcedStyleRecalcs,
    layouts: delta('LayoutCount') / recorded,
    styles: delta('RecalcStyleCount') / recorded,
    renderMs: ((delta('RecalcStyleDuration') + delta('LayoutDuration')) * 1000) / recorded,
    taskMs: (delta('TaskDuration') * 1000) / recorded,
    interval: quantile(record.intervalsMs, 0.5),
    load,
  }
}

/** @typedef {Awaited<ReturnType<typeof measurePage>>} PageRun */
/** @type {Map<number, PageRun[]>} */
const runsByCount = new Map(counts.map((count) => [count, []]))
try {
  for (let run = 0; run < runs; run++) {
    // Alternate the order, so a busy spell on the machine does not always fall on the same N.
    for (const count of run % 2 === 0 ? counts : [...counts].reverse()) {
      const result = await measurePage(count)
      runsByCount.get(count)?.push(result)
      console.log(
        `run ${run + 1}/${runs} N=${count}: median ${result.median.toFixed(2)} ms (one-step ${result.oneStepMedian.toFixed(2)}, world.step ${result.stepMedian.toFixed(2)} x ${result.stepsPerFrame.toFixed(2)}), trace CPU ${result.traceCpu.toFixed(2)} / wall ${result.traceWall.toFixed(2)} over ${result.tracedFrames} frames, forced ${result.forced} (${result.forcedStyle}), interval ${result.interval.toFixed(1)} ms, load ${result.load.toFixed(1)}`,
      )
    }
  }
} finally {
  await browser.close()
  await server.close()
}

/**
 * The median over the runs of one measure.
 *
 * @param {PageRun[]} results
 * @param {(result: PageRun) => number} measure
 */
const acrossRuns = (results, measure) => quantile(results.map(measure), 0.5)

/** @type {string[]} */
const rows = []
/** The 1,000-body figures, for the verdict against the issue's target. */
let at1000 =
  /** @type {{ median: number, runMedians: number[], oneStep: number, cpu: number } | undefined} */ (
    undefined
  )
for (const [count, results] of runsByCount) {
  /** @param {(result: PageRun) => number} measure */
  const median = (measure) => acrossRuns(results, measure)
  const runMedians = results.map((result) => result.median)
  const row = {
    median: median((result) => result.median),
    low: Math.min(...runMedians),
    high: Math.max(...runMedians),
    oneStep: median((result) => result.oneStepMedian),
    cpu: median((result) => result.traceCpu),
  }
  if (count === 1000) at1000 = { ...row, runMedians }
  rows.push(
    `| ${count} | ${median((result) => result.frames)} (${median((result) => result.worldFrames)}) | ${median((result) => result.moved)} | ${row.median.toFixed(2)} (${row.low.toFixed(2)}-${row.high.toFixed(2)}) | ${median((result) => result.p95).toFixed(2)} | ${row.oneStep.toFixed(2)} (${median((result) => result.oneStepFrames)}) | ${median((result) => result.stepMedian).toFixed(2)} (${median((result) => result.stepsPerFrame).toFixed(2)}) | ${row.cpu.toFixed(2)} / ${median((result) => result.traceWall).toFixed(2)} (${median((result) => result.traceCpuP95).toFixed(2)}) | ${Math.max(...results.map((result) => result.commits)).toFixed(2)} | ${Math.max(...results.map((result) => result.forced))} (${Math.max(...results.map((result) => result.forcedStyle))}) | ${median((result) => result.layouts).toFixed(2)} / ${median((result) => result.styles).toFixed(2)} | ${median((result) => result.renderMs).toFixed(2)} | ${median((result) => result.taskMs).toFixed(2)} | ${median((result) => result.interval).toFixed(1)} | ${median((result) => result.load).toFixed(1)} |`,
  )
}

const cpus = os.cpus()
const load = (/** @type {number[]} */ average) =>
  average.map((value) => value.toFixed(1)).join(' / ')
const section = [
  sectionTitle,
  '',
  `Generated by \`node bench/browser/run.js --write\` on ${startedAt.toISOString()}.`,
  '',
  `- Machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.type()} ${os.release()}; load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end. The cores are shared with other work, which preempts the page's main thread (wall times grow, thread CPU times do not): each N is therefore measured in ${runs} fresh pages, the order of N alternating between runs, and every column is the median over the runs; "load" is the 1-minute load average during the recorded frames, median over the runs.`,
  `- Chromium ${chromiumVersion} (${chromiumPath}), headless, \`${chromiumArgs.join(' ')}\`, viewport ${viewport.width} x ${viewport.height}; React ${(await import('react')).version} production build with the profiling entry (\`react-dom/profiling\`), so \`<Profiler>\` reports commits.`,
  `- Page (bench/browser): the node benchmark's seeded "boxes" scene (bench/scene.ts: N boxes of 8-40 px covering 15% of a square container, up to 300 px/s) as absolutely positioned divs with \`useAABBBody({ response: 'bounce', restitution: 1 })\` in \`<PhysicsWorld bounds="container">\`, no gravity. Bodies outside the viewport are styled but not painted.`,
  `- Per run and N: a fresh page, ${warmUpFrames} warm-up frames, then ${frames} recorded frames, then ${tracedFrames} traced frames.`,
  '- "script ms/frame": time inside the page\'s `requestAnimationFrame` callbacks (the world\'s frame: pending measurements, step, writing `translate` on the moved elements, after-step listeners), timed with `performance.now()` around each callback; median and p95 over the recorded frames (the median: median of the runs, with the lowest and highest run in brackets). Style, layout and paint come after it and are in the next columns.',
  '- "one-step frames": the same median over the frames whose `world.step` ran exactly one fixed 1/60 s step, i.e. what a frame costs at 60 fps; a late frame runs two or more steps (but still one write pass).',
  '- "world.step": median time per frame inside `world.step` (the page wraps the method), and the mean fixed steps per frame. The rest of the script time is writing `translate` on the moved elements and the loop\'s bookkeeping.',
  "- \"script CPU / wall ms/frame (trace)\": the same frames' script as Chrome accounts it, from the trace of the traced frames: `FireAnimationFrame` events summed per frame (the recorder's own one-line callback included), as thread time (`tdur`: CPU the main thread actually ran) and as wall time (`dur`); medians, and the p95 of the CPU time. Wall time close to the `performance.now()` median shows the page's timer misses nothing; CPU time below it is time the thread waited for a core, i.e. the load of other work.",
  '- Writing: each moved element gets `style.translate = "<x>px <y>px"`, rounded to 1/1000 px and skipped when that is what it shows already (src/dom/elementBox.ts). What the forms of that write cost in this Chromium (the parse of the string is most of it; Typed OM is refused for `translate`): `node bench/browser/writeCost.js`.',
  '- "frames (world)": animation frames recorded, and frames the world\'s loop ran in them (after-step calls). "moved": bodies whose position changed while recording.',
  '- "commits/frame": `onRender` calls of a `<Profiler>` around the whole `<PhysicsWorld>` while recording, divided by the frames (the highest run).',
  '- "forced layouts (style)": from a Chrome trace (`devtools.timeline`) of the traced frames, `Layout` (and `UpdateLayoutTree`) events nested inside script (an animation-frame callback, function call, timer or event): layout or style that script forced synchronously by reading it after a write. 0 means the loop never reads layout (the highest run).',
  `- Controls: the \`<Profiler>\` counted the mount's commits before recording (else the run stops), and a deliberate write-then-read of an element in an animation frame showed ${forcedInControl ?? 'no'} forced layout(s) in the same kind of trace (else the run stops).`,
  '- "layouts / style recalcs per frame": `Performance.getMetrics` LayoutCount and RecalcStyleCount deltas over the recorded frames, divided by the frames: all of them, including the browser\'s own once-per-frame rendering pass, which is expected and not forced. "style+layout ms/frame" and "main thread ms/frame" are the RecalcStyleDuration + LayoutDuration and TaskDuration deltas per frame (TaskDuration is all main-thread work: script, style, layout, paint, garbage collection).',
  '- "frame interval": median time between animation frames (16.7 ms is 60 fps).',
  `- Timer resolution: ${isolated ? 'the pages are served cross-origin isolated (COOP/COEP headers), so `performance.now()` steps by 5 us' : 'the pages were not cross-origin isolated, so `performance.now()` steps by 100 us'}.`,
  '',
  '| N | frames (world) | moved | median script ms/frame (runs) | p95 script ms/frame | median script ms, one-step frames (count) | world.step ms/frame, median (fixed steps/frame) | script CPU / wall ms/frame, trace (CPU p95) | commits/frame | forced layouts (style) | layouts / style recalcs per frame | style+layout ms/frame | main thread ms/frame | frame interval ms | load |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...(at1000 === undefined
    ? []
    : [
        `Issue 4's target, at most 4 ms of script per frame at 1,000 bodies: ${at1000.median <= 4 ? 'met' : 'not met'} over all frames (median of the runs ${at1000.median.toFixed(2)} ms; runs ${at1000.runMedians.map((value) => value.toFixed(2)).join(', ')}), ${at1000.oneStep <= 4 ? 'met' : 'not met'} over one-step (60 fps) frames (${at1000.oneStep.toFixed(2)} ms); the main thread's CPU time for the same script, from the trace, is ${at1000.cpu.toFixed(2)} ms. The other two targets, 0 commits and 0 forced layouts per frame, are the "commits/frame" and "forced layouts" columns.`,
        '',
      ]),
].join('\n')

console.log(`\n${section}`)
if (process.argv.includes('--write')) {
  writeResultsSection(sectionTitle, section)
  console.log('Wrote the "Browser benchmark" section of bench/RESULTS.md')
}
