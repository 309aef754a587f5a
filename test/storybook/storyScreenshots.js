/**
 * The screenshot check of `npm test`: every story of a built static Storybook, opened alone
 * (`iframe.html?id=...`) in Chromium at Playwright's default viewport (1280 x 720), or at the
 * viewport `STORY_VIEWPORT` names (`390x844`: a phone), one after another in one page. A story fails when it throws or its play function does not finish,
 * when it logs a console error, when it draws outside its panel or when its own text
 * overlaps. Drawing outside its panel means any of:
 * - the page scrolls horizontally;
 * - an element's box (the part not clipped away by an ancestor's `overflow`) reaches outside
 *   the story's panel: the boxes of the elements the story renders at its top level (the
 *   children of `#storybook-root`), so a board's drawing must stay on the board;
 * - an SVG shape, its stroke included, reaches outside the viewport of its `<svg>` (the
 *   viewBox), where the browser clips it.
 * Overlapping text: two line boxes of text (HTML text nodes, line by line, and SVG `<text>`)
 * that intersect by more than {@link TOLERANCE} px on both axes.
 *
 * A PNG of each story (after its play function) goes to `test-results/stories/<id>.png`
 * (`test-results/stories-390x844/` at another viewport), which git ignores.
 *
 * Usage: node test/storybook/storyScreenshots.js [storybook-static]; set STORY_FILTER to a
 * substring of story ids to check only those (while fixing a story).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { serveStatic } from '../e2e/staticServer.js'
import { chromiumArgs, chromiumPath } from '../support/chromium.js'

const root = process.argv[2] ?? 'storybook-static'
const viewportName = process.env.STORY_VIEWPORT ?? ''
const viewportMatch = /^(\d+)x(\d+)$/.exec(viewportName)
if (viewportName && !viewportMatch) {
  throw new RangeError(`STORY_VIEWPORT: expected WIDTHxHEIGHT (390x844), got "${viewportName}"`)
}
/** The page's viewport: Playwright's default (1280 x 720) unless STORY_VIEWPORT names one. */
const viewport = viewportMatch
  ? { width: Number(viewportMatch[1]), height: Number(viewportMatch[2]) }
  : { width: 1280, height: 720 }
const screenshotDir = viewportMatch
  ? `test-results/stories-${viewportName}`
  : 'test-results/stories'
/** CSS px: below it two boxes only touch (subpixel layout and rounded transforms). */
const TOLERANCE = 1
/** How long a story may take to render and play (ms). */
const STORY_TIMEOUT = 30_000

/**
 * Runs in the page: Storybook's render phase of the story `id` ('playing', 'finished',
 * 'errored', ...), or 'loading' while another story is still the current one.
 * @param {string} id
 */
function storyPhase(id) {
  const render = /** @type {any} */ (window).__STORYBOOK_PREVIEW__?.currentRender
  return render?.id === id ? render.phase : 'loading'
}

/**
 * Runs in the page: asks Storybook's preview to render the story `id` in place of the
 * current one, as its sidebar does (no page load: the preview's scripts load once).
 * @param {string} id
 */
function selectStory(id) {
  const channel = /** @type {any} */ (window).__STORYBOOK_ADDONS_CHANNEL__
  channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
}

/**
 * Runs in the page: lists what the story draws outside its panel and the text that
 * overlaps, each as one sentence.
 * @param {number} tolerance
 * @returns {string[]}
 */
function findLayoutProblems(tolerance) {
  /** @typedef {{ left: number, top: number, right: number, bottom: number }} Box */
  const problems = /** @type {string[]} */ ([])
  const storyRoot = document.getElementById('storybook-root')
  if (!storyRoot) return ['no #storybook-root in the page']

  /** @param {Element} element */
  const describe = (element) => {
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('data-testid') ??
      (element.textContent ?? '').trim().slice(0, 30)
    const id = element.id ? `#${element.id}` : ''
    return `<${element.tagName.toLowerCase()}${id}>${label ? ` "${label}"` : ''}`
  }
  /** @param {Box} box */
  const format = (box) =>
    `(${box.left.toFixed(0)}, ${box.top.toFixed(0)})-(${box.right.toFixed(0)}, ${box.bottom.toFixed(0)})`
  /** @param {Box} a @param {Box} b @returns {Box} */
  const intersect = (a, b) => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  })
  /** @param {Box} box */
  const isEmpty = (box) => box.right - box.left <= 0 || box.bottom - box.top <= 0
  /** @param {Box} inner @param {Box} outer */
  const reachesOutside = (inner, outer) =>
    inner.left < outer.left - tolerance ||
    inner.top < outer.top - tolerance ||
    inner.right > outer.right + tolerance ||
    inner.bottom > outer.bottom + tolerance

  /**
   * The part of `box` that the element's ancestors (up to the story root) do not clip away
   * with their `overflow`, or null when the element is not displayed at all.
   * @param {Element} element
   * @param {Box} box
   * @returns {Box | null}
   */
  const visiblePart = (element, box) => {
    let visible = box
    for (let node = element.parentElement; node && node !== storyRoot; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.display === 'none') return null
      if (style.overflow !== 'visible') {
        visible = intersect(visible, node.getBoundingClientRect())
      }
    }
    return isEmpty(visible) ? null : visible
  }
  /** @param {Element} element */
  const isHidden = (element) => {
    const style = getComputedStyle(element)
    // Visually hidden text for screen readers is clipped to nothing (`clip` / `clip-path`).
    return (
      style.visibility === 'hidden' ||
      style.display === 'none' ||
      Number(style.opacity) === 0 ||
      (style.clip !== 'auto' && style.clip !== '') ||
      style.clipPath.startsWith('inset(50%')
    )
  }

  // The story's panel: the boxes of the elements it renders at its top level, together.
  const panel = [...storyRoot.children]
    .map((child) => /** @type {Box} */ (child.getBoundingClientRect()))
    .reduce(
      (union, box) => ({
        left: Math.min(union.left, box.left),
        top: Math.min(union.top, box.top),
        right: Math.max(union.right, box.right),
        bottom: Math.max(union.bottom, box.bottom),
      }),
      { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity },
    )
  const page = document.documentElement
  if (page.scrollWidth > page.clientWidth + tolerance) {
    problems.push(
      `the page scrolls horizontally: ${page.scrollWidth} px of content in ${page.clientWidth} px`,
    )
  }

  for (const element of storyRoot.querySelectorAll('*')) {
    if (isHidden(element)) continue
    let box = /** @type {Box} */ (element.getBoundingClientRect())
    const svg = element instanceof SVGGraphicsElement ? element.ownerSVGElement : null
    if (svg) {
      // getBoundingClientRect leaves out the stroke, half of which lies outside the shape
      // (a horizontal line's box has no height at all).
      const style = getComputedStyle(element)
      const scale = svg.getScreenCTM()?.a ?? 1
      const halfStroke =
        style.stroke === 'none' ? 0 : (parseFloat(style.strokeWidth) * scale) / 2 || 0
      box = {
        left: box.left - halfStroke,
        top: box.top - halfStroke,
        right: box.right + halfStroke,
        bottom: box.bottom + halfStroke,
      }
      if (isEmpty(box)) continue
      const viewport = svg.getBoundingClientRect()
      if (getComputedStyle(svg).overflow !== 'visible' && reachesOutside(box, viewport)) {
        problems.push(
          `${describe(element)} at ${format(box)} is clipped by its svg's viewBox ${format(viewport)}`,
        )
        continue
      }
    }
    if (isEmpty(box)) continue
    const visible = visiblePart(element, box)
    if (visible && reachesOutside(visible, panel)) {
      problems.push(
        `${describe(element)} at ${format(visible)} is outside the story's panel ${format(panel)}`,
      )
    }
  }

  /** @type {Array<{ owner: Element, box: Box }>} */
  const lines = []
  const walker = document.createTreeWalker(storyRoot, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement
    if (!owner || !(node.textContent ?? '').trim()) continue
    if (owner.closest('style, script, title, desc') || isHidden(owner)) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    for (const rect of range.getClientRects()) {
      if (rect.width * rect.height === 0) continue
      const visible = visiblePart(owner, rect)
      if (visible) lines.push({ owner, box: visible })
    }
  }
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = /** @type {{ owner: Element, box: Box }} */ (lines[i])
      const b = /** @type {{ owner: Element, box: Box }} */ (lines[j])
      const overlap = intersect(a.box, b.box)
      if (overlap.right - overlap.left > tolerance && overlap.bottom - overlap.top > tolerance) {
        problems.push(
          `text ${describe(a.owner)} overlaps text ${describe(b.owner)} at ${format(overlap)}`,
        )
      }
    }
  }
  return problems
}

async function main() {
  const indexFile = path.join(root, 'index.json')
  if (!existsSync(indexFile)) {
    console.error(
      `FAIL story screenshots: no static Storybook in ${root} (build it with \`npm run build-storybook -- -o ${root}\`)`,
    )
    process.exitCode = 1
    return
  }
  /** @type {{ entries: Record<string, { id: string, title: string, name: string, type: string }> }} */
  const index = JSON.parse(readFileSync(indexFile, 'utf8'))
  const storyFilter = process.env.STORY_FILTER ?? ''
  const stories = Object.values(index.entries).filter(
    (entry) => entry.type === 'story' && entry.id.includes(storyFilter),
  )
  rmSync(screenshotDir, { recursive: true, force: true })
  mkdirSync(screenshotDir, { recursive: true })

  const server = await serveStatic(root)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  /** @type {string[]} */
  const failures = []
  try {
    const page = await browser.newPage({ viewport })
    /** @type {string[]} */
    let errors = []
    page.on('pageerror', (error) => errors.push(`threw: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const { url } = message.location()
      // Chromium asks for /favicon.ico on the first page load itself; Storybook's iframe
      // links none, so the static server answers 404. No story asked for it.
      if (url.endsWith('/favicon.ico')) return
      errors.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`)
    })
    for (const story of stories) {
      errors = []
      const label = `${story.title} / ${story.name} (${story.id})`
      try {
        if (story === stories[0]) {
          const response = await page.goto(
            `${server.url}/iframe.html?id=${story.id}&viewMode=story`,
          )
          if (!response?.ok()) throw new Error(`HTTP ${response?.status()}`)
        } else {
          await page.evaluate(selectStory, story.id)
        }
        await page.waitForFunction(
          `['finished', 'errored', 'aborted'].includes((${storyPhase})(${JSON.stringify(story.id)}))`,
          undefined,
          { timeout: STORY_TIMEOUT },
        )
        const phase = await page.evaluate(storyPhase, story.id)
        if (phase !== 'finished') errors.push(`its play function ended as "${phase}"`)
        // Two animation frames: what the last step wrote is painted.
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        )
        errors.push(...(await page.evaluate(findLayoutProblems, TOLERANCE)))
        await page.screenshot({ path: path.join(screenshotDir, `${story.id}.png`), fullPage: true })
      } catch (error) {
        errors.push(`could not be checked: ${/** @type {Error} */ (error).message.split('\n')[0]}`)
      }
      if (errors.length > 0) {
        failures.push(`${label}:\n    ${errors.slice(0, 10).join('\n    ')}`)
        if (errors.length > 10) failures.push(`    ... and ${errors.length - 10} more`)
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }
  if (failures.length > 0) {
    console.error(
      `FAIL story screenshots at ${viewport.width} x ${viewport.height} (PNGs in ${screenshotDir}):\n  ${failures.join('\n  ')}`,
    )
    process.exitCode = 1
  } else {
    console.log(
      `PASS story screenshots at ${viewport.width} x ${viewport.height}: ${stories.length} stories without errors, nothing outside its panel, no overlapping text (PNGs in ${screenshotDir})`,
    )
  }
}

await main()
