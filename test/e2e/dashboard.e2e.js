/**
 * End to end: the dashboard story of a built static Storybook, in Chromium, with a real
 * mouse. On every animation frame a checker in the page reads each card's displayed box
 * and records any two cards overlapping by more than half a pixel on both axes, and any
 * card outside the board. The script drags cards slowly and very fast, into other cards
 * and against the edges, then fails if a violation was ever recorded.
 *
 * Usage: node test/e2e/dashboard.e2e.js [storybook-static]
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../support/chromium.js'
import { serveStatic } from './staticServer.js'

const root = process.argv[2] ?? 'storybook-static'
const storyId = 'use-cases-dashboard--board'
/** Half a CSS pixel: below it two boxes only touch (rounding of written translations). */
const tolerance = 0.5

/**
 * Runs in the page before any script: from the first frame on, checks the cards after
 * every animation frame (`[data-aabb-body]` inside `[data-aabb-world]`).
 * @param {number} tolerance
 */
function installFrameChecker(tolerance) {
  /** @type {{ frames: number, checks: number, violations: string[] }} */
  const record = { frames: 0, checks: 0, violations: [] }
  Object.assign(window, { __aabbFrameCheck: record })
  const check = () => {
    record.frames++
    const board = document.querySelector('[data-aabb-world]')
    if (board) {
      const edge = board.getBoundingClientRect()
      const cards = [...board.querySelectorAll('[data-aabb-body]')].map((card) => ({
        id: card.getAttribute('data-aabb-body'),
        box: card.getBoundingClientRect(),
      }))
      cards.forEach((a, index) => {
        record.checks++
        if (
          a.box.left < edge.left - tolerance ||
          a.box.top < edge.top - tolerance ||
          a.box.right > edge.right + tolerance ||
          a.box.bottom > edge.bottom + tolerance
        ) {
          record.violations.push(`frame ${record.frames}: ${a.id} outside the board`)
        }
        for (const b of cards.slice(index + 1)) {
          const depthX = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
          const depthY = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
          if (depthX > tolerance && depthY > tolerance) {
            record.violations.push(
              `frame ${record.frames}: ${a.id} and ${b.id} overlap by ${depthX.toFixed(2)} x ${depthY.toFixed(2)} px`,
            )
          }
        }
      })
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/** Storybook's render phase of the current story ('playing', 'finished', 'errored', ...). */
function storyPhase() {
  const preview = /** @type {any} */ (window).__STORYBOOK_PREVIEW__
  return preview?.currentRender?.phase ?? 'loading'
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} name - the card's accessible name
 */
async function centreOf(page, name) {
  // The title bar: the dashboard's cards are dragged by it (`dragHandle`).
  const box = await page.getByRole('article', { name }).locator('[data-card-handle]').boundingBox()
  if (!box) throw new Error(`card ${name} is not displayed`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * Drags a card by its title bar's centre to `to` with the mouse in `moves` moves, waiting `pause` ms
 * between them (0: as fast as the browser takes events). Returns how far the card moved.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {{ x: number, y: number }} to - page coordinates
 * @param {number} moves
 * @param {number} pause
 */
async function drag(page, name, to, moves, pause) {
  const from = await centreOf(page, name)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(
      from.x + ((to.x - from.x) * i) / moves,
      from.y + ((to.y - from.y) * i) / moves,
    )
    if (pause > 0) await page.waitForTimeout(pause)
  }
  await page.mouse.up()
  await page.waitForTimeout(300)
  const after = await centreOf(page, name)
  return Math.hypot(after.x - from.x, after.y - from.y)
}

async function main() {
  if (!existsSync(path.join(root, 'iframe.html'))) {
    console.error(
      `FAIL dashboard end to end: no static Storybook in ${root} (build it with \`npx storybook build --quiet -o ${root}\`)`,
    )
    process.exitCode = 1
    return
  }
  const server = await serveStatic(root)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  /** @type {string[]} */
  const failures = []
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('pageerror', (error) => failures.push(`page error: ${error.message}`))
    await page.addInitScript(installFrameChecker, tolerance)
    const response = await page.goto(`${server.url}/iframe.html?id=${storyId}&viewMode=story`)
    if (!response?.ok()) throw new Error(`${root}/iframe.html: HTTP ${response?.status()}`)
    await page.waitForFunction(
      `(${storyPhase})() === 'finished' || (${storyPhase})() === 'errored' || (${storyPhase})() === 'aborted'`,
      undefined,
      { timeout: 30_000 },
    )
    const phase = await page.evaluate(storyPhase)
    if (phase !== 'finished') failures.push(`the story's play function ended as "${phase}"`)
    const cardCount = await page.locator('[data-aabb-world] [data-aabb-body]').count()
    if (cardCount < 2) throw new Error(`the dashboard shows ${cardCount} cards`)

    const board = await page.locator('[data-aabb-world]').boundingBox()
    if (!board) throw new Error('the board is not displayed')
    const right = board.x + board.width
    const bottom = board.y + board.height
    /** @type {Array<[string, string, { x: number, y: number }, number, number]>} */
    const drags = [
      ['slowly, into two cards to the right', 'Chart', { x: right - 60, y: board.y + 80 }, 60, 16],
      [
        'very fast, across the board in one move',
        'Weather',
        { x: right + 200, y: board.y + 230 },
        1,
        0,
      ],
      [
        'very fast, to the top-left corner in two moves',
        'Inbox',
        { x: board.x - 300, y: board.y - 200 },
        2,
        0,
      ],
      ['slowly, down into the bottom edge', 'Tasks', { x: board.x + 200, y: bottom + 150 }, 40, 16],
      ['very fast, far out of the board below', 'Team', { x: right + 300, y: bottom + 300 }, 1, 0],
      [
        'slowly, into the pile at the top-left',
        'Clock',
        { x: board.x + 10, y: board.y + 10 },
        50,
        10,
      ],
      ['very fast, back across in two moves', 'Chart', { x: board.x + 40, y: bottom - 40 }, 2, 0],
    ]
    for (const [how, name, to, moves, pause] of drags) {
      const moved = await drag(page, name, to, moves, pause)
      console.log(`dragged ${name} ${how}: it moved ${moved.toFixed(0)} px`)
      if (moved < 1) failures.push(`${name} did not move when dragged ${how}`)
    }
    await page.waitForTimeout(500)

    const record = await page.evaluate(() => /** @type {any} */ (window).__aabbFrameCheck)
    console.log(
      `checked ${cardCount} cards on ${record.frames} animation frames (${record.checks} card checks): ${record.violations.length} violations`,
    )
    if (record.frames < 60) failures.push(`only ${record.frames} frames were checked`)
    failures.push(...record.violations.slice(0, 20))
    if (record.violations.length > 20)
      failures.push(`... and ${record.violations.length - 20} more`)
  } finally {
    await browser.close()
    await server.close()
  }
  if (failures.length > 0) {
    console.error(`FAIL dashboard end to end:\n  ${failures.join('\n  ')}`)
    process.exitCode = 1
  } else {
    console.log('PASS dashboard end to end: no two cards overlapped and none left the board')
  }
}

await main()
