// The browser benchmark (issue 4): builds bench/browser with Vite, serves it, and measures in
// headless Chromium, for N = 100, 500, 1,000 and 2,000 bodies in motion, the script time of
// the world's frame, React commits per frame and forced layouts.
// `node bench/browser/run.js [--write] [--n=100,500] [--frames=300]`
// (--write puts the "Browser benchmark" section into bench/RESULTS.md).
import react from '@vitejs/plugin-react'
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { serveStatic } from '../../test/e2e/staticServer.js'
import { chromiumArgs, chromiumPath, hasChromium } from '../../test/support/chromium.js'
import { countLayouts } from './traceLayouts.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const outDir = path.join(root, 'bench/.out/browser')
const resultsFile = path.join(root, 'bench/RESULTS.md')
const sectionTitle = '## Browser benchmark'

/** @param {string} name */
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const counts = (option('n') ?? '100,500,1000,2000').split(',').map(Number)
const frames = Number(option('frames') ?? '300')
const warmUpFrames = 60
const tracedFrames = 120
const viewport = { width: 1280, height: 800 }
for (const value of [...counts, frames]) {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`bench:browser: --n and --frames take positive integers (got ${value})`)
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
/** @type {string[]} */
const rows = []
/** Script time per frame at 1,000 bodies, for the verdict against the issue's target. */
let medianAt1000 = NaN
let oneStepMedianAt1000 = NaN
/** Forced layouts the trace showed for the page's deliberate write-then-read control. */
let forcedInControl = /** @type {number | undefined} */ (undefined)
/** Whether every page was cross-origin isolated (fine-grained timers). */
let isolated = true
try {
  for (const count of counts) {
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
    const record = await page.evaluate((n) => window.bench?.record(n), frames)
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
    const trace = countLayouts(JSON.parse((await browser.stopTracing()).toString('utf8')))
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
    if (pageErrors.length > 0)
      throw new Error(`bench:browser: N=${count}: ${pageErrors.join('; ')}`)

    const row = {
      n: count,
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
      commits: record.commits / recorded,
      forced: trace.forcedLayouts,
      forcedStyle: trace.forcedStyleRecalcs,
      layouts: delta('LayoutCount') / recorded,
      styles: delta('RecalcStyleCount') / recorded,
      renderMs: ((delta('RecalcStyleDuration') + delta('LayoutDuration')) * 1000) / recorded,
      taskMs: (delta('TaskDuration') * 1000) / recorded,
      interval: quantile(record.intervalsMs, 0.5),
    }
    if (count === 1000) {
      medianAt1000 = row.median
      oneStepMedianAt1000 = row.oneStepMedian
    }
    rows.push(
      `| ${row.n} | ${row.frames} (${row.worldFrames}) | ${row.moved} | ${row.median.toFixed(2)} | ${row.p95.toFixed(2)} | ${row.oneStepMedian.toFixed(2)} (${row.oneStepFrames}) | ${row.stepMedian.toFixed(2)} (${row.stepsPerFrame.toFixed(2)}) | ${row.commits.toFixed(2)} | ${row.forced} (${row.forcedStyle}) | ${row.layouts.toFixed(2)} / ${row.styles.toFixed(2)} | ${row.renderMs.toFixed(2)} | ${row.taskMs.toFixed(2)} | ${row.interval.toFixed(1)} |`,
    )
    console.log(rows.at(-1))
    console.log(
      `  trace of ${tracedFrames} frames: ${trace.animationFrames} animation-frame callbacks, ${trace.layouts} layouts, ${trace.styleRecalcs} style recalcs, forced ${trace.forcedLayouts} / ${trace.forcedStyleRecalcs}`,
    )
  }
} finally {
  await browser.close()
  await server.close()
}

const cpus = os.cpus()
const load = (/** @type {number[]} */ average) =>
  average.map((value) => value.toFixed(1)).join(' / ')
const section = [
  sectionTitle,
  '',
  `Generated by \`node bench/browser/run.js --write\` on ${startedAt.toISOString()}.`,
  '',
  `- Machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.type()} ${os.release()}; load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end (the cores are shared with other work: compare rows, not runs).`,
  `- Chromium ${chromiumVersion} (${chromiumPath}), headless, \`${chromiumArgs.join(' ')}\`, viewport ${viewport.width} x ${viewport.height}; React ${(await import('react')).version} production build with the profiling entry (\`react-dom/profiling\`), so \`<Profiler>\` reports commits.`,
  `- Page (bench/browser): the node benchmark's seeded "boxes" scene (bench/scene.ts: N boxes of 8-40 px covering 15% of a square container, up to 300 px/s) as absolutely positioned divs with \`useAABBBody({ response: 'bounce', restitution: 1 })\` in \`<PhysicsWorld bounds="container">\`, no gravity. Bodies outside the viewport are styled but not painted.`,
  `- Per N: a fresh page, ${warmUpFrames} warm-up frames, then ${frames} recorded frames, then ${tracedFrames} traced frames.`,
  '- "script ms/frame": time inside the page\'s `requestAnimationFrame` callbacks (the world\'s frame: pending measurements, step, writing `translate` on the moved elements, after-step listeners), timed with `performance.now()` around each callback; median and p95 over the recorded frames. Style, layout and paint come after it and are in the next columns.',
  '- "one-step frames": the same median over the frames whose `world.step` ran exactly one fixed 1/60 s step, i.e. what a frame costs at 60 fps; a late frame runs two or more steps (but still one write pass).',
  '- "world.step": median time per frame inside `world.step` (the page wraps the method), and the mean fixed steps per frame. The rest of the script time is writing `translate` on the moved elements and the loop\'s bookkeeping.',
  '- "frames (world)": animation frames recorded, and frames the world\'s loop ran in them (after-step calls). "moved": bodies whose position changed while recording.',
  '- "commits/frame": `onRender` calls of a `<Profiler>` around the whole `<PhysicsWorld>` while recording, divided by the frames.',
  '- "forced layouts (style)": from a Chrome trace (`devtools.timeline`) of the traced frames, `Layout` (and `UpdateLayoutTree`) events nested inside script (an animation-frame callback, function call, timer or event): layout or style that script forced synchronously by reading it after a write. 0 means the loop never reads layout.',
  `- Controls: the \`<Profiler>\` counted the mount's commits before recording (else the run stops), and a deliberate write-then-read of an element in an animation frame showed ${forcedInControl ?? 'no'} forced layout(s) in the same kind of trace (else the run stops).`,
  '- "layouts / style recalcs per frame": `Performance.getMetrics` LayoutCount and RecalcStyleCount deltas over the recorded frames, divided by the frames: all of them, including the browser\'s own once-per-frame rendering pass, which is expected and not forced. "style+layout ms/frame" and "main thread ms/frame" are the RecalcStyleDuration + LayoutDuration and TaskDuration deltas per frame (TaskDuration is all main-thread work: script, style, layout, paint, garbage collection).',
  '- "frame interval": median time between animation frames (16.7 ms is 60 fps).',
  `- Timer resolution: ${isolated ? 'the pages are served cross-origin isolated (COOP/COEP headers), so `performance.now()` steps by 5 us' : 'the pages were not cross-origin isolated, so `performance.now()` steps by 100 us'}.`,
  '',
  '| N | frames (world) | moved | median script ms/frame | p95 script ms/frame | median script ms, one-step frames (count) | world.step ms/frame, median (fixed steps/frame) | commits/frame | forced layouts (style) | layouts / style recalcs per frame | style+layout ms/frame | main thread ms/frame | frame interval ms |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...(Number.isNaN(medianAt1000)
    ? []
    : [
        `Issue 4's target, at most 4 ms of script per frame at 1,000 bodies: ${medianAt1000 <= 4 ? 'met' : 'not met'} in this run over all frames (median ${medianAt1000.toFixed(2)} ms), ${oneStepMedianAt1000 <= 4 ? 'met' : 'not met'} over one-step (60 fps) frames (median ${oneStepMedianAt1000.toFixed(2)} ms). The other two targets, 0 commits and 0 forced layouts per frame, are the "commits/frame" and "forced layouts" columns.`,
        '',
      ]),
].join('\n')

console.log(`\n${section}`)
if (process.argv.includes('--write')) {
  const results = readFileSync(resultsFile, 'utf8')
  const start = results.indexOf(`\n${sectionTitle}\n`)
  // Replace our section (up to the next "## " heading, if any), or append it.
  const next = start < 0 ? -1 : results.indexOf('\n## ', start + 1)
  const updated =
    start < 0
      ? `${results.trimEnd()}\n\n${section}`
      : `${results.slice(0, start)}\n${section}${next < 0 ? '' : results.slice(next)}`
  writeFileSync(resultsFile, updated)
  console.log('Wrote the "Browser benchmark" section of bench/RESULTS.md')
}
