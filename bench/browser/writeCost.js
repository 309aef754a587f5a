// What writing a position costs in Chromium, per form of the write (issue 4's frame budget):
// N absolutely positioned divs styled like the benchmark page's bodies, all moved every
// frame, one form per frame in turn (so every form sees the same load), timed with
// performance.now() around the loop over the N elements; medians per form, then the median
// over --runs fresh pages. It measures the browser, not the library: the forms are the
// candidates for src/dom/elementBox.ts's write (which uses "integer + fraction table").
// `node bench/browser/writeCost.js [--n=1000] [--frames=1200] [--runs=3]`
import os from 'node:os'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath, hasChromium } from '../../test/support/chromium.js'

/** @param {string} name */
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const count = Number(option('n') ?? '1000')
const frames = Number(option('frames') ?? '1200')
const runs = Number(option('runs') ?? '3')
for (const value of [count, frames, runs]) {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `writeCost: --n, --frames and --runs take positive integers (got ${value})`,
    )
  }
}
if (!hasChromium()) throw new Error(`writeCost: no Chromium at ${chromiumPath}`)

/**
 * The page: runs in the browser. `forms` maps a name to a write of element `i` at
 * (x[i], y[i]); `window.measure(frames)` resolves to the per-frame milliseconds of each.
 */
const page = `<!doctype html><meta charset="utf-8">
<style>body { margin: 0 } .body { position: absolute; box-sizing: border-box; background: #4a7bd0; border: 1px solid #1d3f7a }</style>
<div id="world" style="position: relative; width: 1960px; height: 1960px"></div>
<script>
const n = ${count}
const world = document.getElementById('world')
const elements = [], styles = [], x = new Float64Array(n), y = new Float64Array(n), vx = new Float64Array(n), vy = new Float64Array(n)
let seed = 1
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
for (let i = 0; i < n; i++) {
  const element = document.createElement('div')
  const side = 8 + random() * 32
  element.className = 'body'
  element.style.cssText = 'left: ' + random() * 1900 + 'px; top: ' + random() * 1900 + 'px; width: ' + side + 'px; height: ' + side + 'px'
  world.append(element)
  elements.push(element)
  styles.push(element.style)
  vx[i] = (random() * 2 - 1) * 5
  vy[i] = (random() * 2 - 1) * 5
}
const thousandth = (v) => Math.round(v * 1000) / 1000
const fractions = Array.from({ length: 1000 }, (_, i) => ('.' + String(i).padStart(3, '0')).replace(/0+$/, ''))
const printThousandths = (units) => {
  const magnitude = units < 0 ? -units : units
  const fraction = magnitude % 1000
  const whole = (magnitude - fraction) / 1000
  const sign = units < 0 ? '-' : ''
  return fraction === 0 ? sign + whole : sign + whole + fractions[fraction]
}
const prebuilt = elements.map(() => thousandth(random() * 1000) + 'px ' + thousandth(random() * 1000) + 'px')
const forms = {
  'translate: template literal of rounded doubles (before)': (i) => { elements[i].style.translate = \`\${thousandth(x[i])}px \${thousandth(y[i])}px\` },
  'translate: integer + fraction table, kept style (now)': (i) => { styles[i].translate = \`\${printThousandths(Math.round(x[i] * 1000))}px \${printThousandths(Math.round(y[i] * 1000))}px\` },
  'translate: setProperty, template literal': (i) => { styles[i].setProperty('translate', \`\${thousandth(x[i])}px \${thousandth(y[i])}px\`) },
  'translate: attributeStyleMap.set, string': (i) => { elements[i].attributeStyleMap.set('translate', \`\${thousandth(x[i])}px \${thousandth(y[i])}px\`) },
  'translate: prebuilt strings (parse and set only)': (i) => { styles[i].translate = prebuilt[i] },
  'translate: whole pixels (not allowed: motion steps)': (i) => { styles[i].translate = \`\${Math.round(x[i])}px \${Math.round(y[i])}px\` },
  'transform: translate() (not allowed: replaces the user transform)': (i) => { styles[i].transform = \`translate(\${thousandth(x[i])}px, \${thousandth(y[i])}px)\` },
  'building the string only (no write)': (i) => { window.sink = \`\${printThousandths(Math.round(x[i] * 1000))}px \${printThousandths(Math.round(y[i] * 1000))}px\` },
}
// Typed OM would skip the parse, but Chromium accepts no typed value for translate.
let typedOm = 'absent'
if (typeof CSSTranslate === 'function' && elements[0].attributeStyleMap) {
  try {
    elements[0].attributeStyleMap.set('translate', new CSSTransformValue([new CSSTranslate(CSS.px(1), CSS.px(2))]))
    typedOm = 'accepted'
  } catch (error) {
    typedOm = 'rejected: ' + error.message
  }
}
window.measure = (frames) => new Promise((resolve) => {
  const names = Object.keys(forms)
  const times = Object.fromEntries(names.map((name) => [name, []]))
  let frame = 0
  const tick = () => {
    const name = names[frame % names.length]
    const write = forms[name]
    for (let i = 0; i < n; i++) {
      x[i] += vx[i]
      y[i] += vy[i]
      if (Math.abs(x[i]) > 50) vx[i] = -vx[i]
      if (Math.abs(y[i]) > 50) vy[i] = -vy[i]
    }
    const start = performance.now()
    for (let i = 0; i < n; i++) write(i)
    times[name].push(performance.now() - start)
    if (++frame < frames) requestAnimationFrame(tick)
    else resolve({ times, typedOm })
  }
  requestAnimationFrame(tick)
})
</script>`

/**
 * The page's handle, as `window.measure` in the page.
 *
 * @typedef {{ measure(frames: number): Promise<{ times: Record<string, number[]>, typedOm: string }> }} WriteCostPage
 */

/**
 * @param {number[]} values
 */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
/** @type {Map<string, number[]>} */
const perForm = new Map()
let typedOm = ''
let isolated = true
const loads = [os.loadavg()[0] ?? 0]
try {
  for (let run = 0; run < runs; run++) {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // Served cross-origin isolated (and localhost is a secure context), so performance.now()
    // steps by 5 us.
    await tab.route('http://localhost:9/write-cost', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: page,
        headers: {
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
        },
      }),
    )
    await tab.goto('http://localhost:9/write-cost')
    // A warm-up pass so every form runs optimised code when measured.
    await tab.evaluate(() =>
      /** @type {WriteCostPage} */ (/** @type {unknown} */ (window)).measure(80),
    )
    const result = await tab.evaluate(
      (n) => /** @type {WriteCostPage} */ (/** @type {unknown} */ (window)).measure(n),
      frames,
    )
    isolated &&= await tab.evaluate(() => crossOriginIsolated)
    typedOm = result.typedOm
    for (const [name, times] of Object.entries(result.times)) {
      perForm.set(name, [...(perForm.get(name) ?? []), median(times)])
    }
    loads.push(os.loadavg()[0] ?? 0)
    await tab.close()
  }
} finally {
  await browser.close()
}

console.log(
  `${count} elements, ${frames} frames per run (each form every ${perForm.size}th frame), ${runs} runs; Chromium ${browser.version()}; 1-minute load average ${loads.map((load) => load.toFixed(1)).join(' / ')}`,
)
console.log(
  `Timer: ${isolated ? 'cross-origin isolated, 5 us steps' : 'not isolated, 100 us steps'}. Typed OM CSSTransformValue for translate: ${typedOm}`,
)
console.log('| form | ms per frame for all elements: median of runs (runs) |\n|---|---|')
for (const [name, medians] of perForm) {
  console.log(
    `| ${name} | ${median(medians).toFixed(2)} (${medians.map((value) => value.toFixed(2)).join(', ')}) |`,
  )
}
