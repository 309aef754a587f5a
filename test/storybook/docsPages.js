/**
 * `npm test`'s check of the built static Storybook's sidebar and docs pages:
 * - the sidebar order (the order of `index.json`, which Storybook sorts by `storySort` in
 *   `.storybook/preview.ts`): the introduction first, then the articles by number (000 to
 *   004), the use cases, the guides (`Docs/...`) and the API last;
 * - every component's docs page (autodocs) in Chromium: no args table row repeats `@default`
 *   in its description (the Default column shows it) and no prop's type reads `unknown`;
 * - the dashboard's docs page in a 1,050 px iframe (a 1280 px window less the sidebar): its
 *   layout JSON is beside the board, as its description says, and needs no sideways scroll.
 *
 * Usage: node test/storybook/docsPages.js [storybook-static]
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { serveStatic } from '../e2e/staticServer.js'
import { chromiumArgs, chromiumPath } from '../support/chromium.js'

const root = process.argv[2] ?? 'storybook-static'
/** The sidebar's top-level groups, in the order a first-time reader should meet them. */
const GROUP_ORDER = ['Introduction', 'Articles', 'Use cases', 'Docs', 'API']
/** How long a docs page may take to render its args table (ms). */
const PAGE_TIMEOUT = 20_000

/** @typedef {{ id: string, title: string, type: 'docs' | 'story', importPath: string, tags?: string[] }} IndexEntry */

/** @type {IndexEntry[]} */
const entries = Object.values(
  JSON.parse(readFileSync(path.join(root, 'index.json'), 'utf8')).entries,
)
const problems = /** @type {string[]} */ ([])

/** @param {IndexEntry} entry */
const groupOf = (entry) => entry.title.split('/')[0] ?? ''
const groups = entries.map(groupOf).filter((group, at, all) => group !== all[at - 1])
if (JSON.stringify(groups) !== JSON.stringify(GROUP_ORDER)) {
  problems.push(`sidebar groups are ${groups.join(', ')}; expected ${GROUP_ORDER.join(', ')}`)
}
if (entries[0]?.title !== 'Introduction') {
  problems.push(`the sidebar opens on ${entries[0]?.title}, not the introduction`)
}
const articleNumbers = entries
  .filter((entry) => groupOf(entry) === 'Articles')
  .map((entry) => /^Articles\/(\d+)/.exec(entry.title)?.[1] ?? '?')
const sortedNumbers = [...articleNumbers].sort()
if (JSON.stringify(articleNumbers) !== JSON.stringify(sortedNumbers)) {
  problems.push(`articles are listed ${[...new Set(articleNumbers)].join(', ')}, not by number`)
}

/**
 * Runs in the page: each args table row as its prop name, the description cell's lines
 * (description first, the type summary last) and the Default cell.
 */
function readArgsTable() {
  return [...document.querySelectorAll('.docblock-argstable tbody tr')].map((row) => {
    const [name, description, defaultValue] = [...row.children].map((cell) =>
      /** @type {HTMLElement} */ (cell).innerText.trim(),
    )
    return { name: name ?? '', lines: (description ?? '').split('\n'), defaultValue }
  })
}

// The autodocs pages of the stories files. The MDX pages are left out: only the
// introduction has an args table (<Controls> of a tunneling story, checked on its own page),
// and a page without one would cost the whole wait for a table.
const componentDocs = entries.filter(
  (entry) =>
    entry.type === 'docs' && entry.tags?.includes('autodocs') && !entry.importPath.endsWith('.mdx'),
)
const server = await serveStatic(root)
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const page = await browser.newPage()
  for (const entry of componentDocs) {
    await page.goto(`${server.url}/iframe.html?viewMode=docs&id=${entry.id}`)
    const table = await page
      .waitForSelector('.docblock-argstable tbody tr', { timeout: PAGE_TIMEOUT })
      .catch(() => null)
    if (!table) continue // a docs page without props (a render-only story) has no table
    for (const row of await page.evaluate(readArgsTable)) {
      if (row.lines.some((line) => line.includes('@default'))) {
        problems.push(`${entry.title}: prop ${row.name}'s description repeats @default`)
      }
      if (row.lines.some((line) => line.trim() === 'unknown')) {
        problems.push(`${entry.title}: prop ${row.name}'s type reads unknown`)
      }
    }
  }
  // The dashboard's description says its JSON is beside the board: true in a 1280 px window,
  // where Storybook's sidebar leaves the docs page's iframe about 1,050 px wide.
  const narrow = await browser.newPage({ viewport: { width: 1050, height: 800 } })
  await narrow.goto(`${server.url}/iframe.html?viewMode=docs&id=use-cases-dashboard--docs`)
  const json = narrow.getByRole('region', { name: 'Layout JSON' }).first()
  await json.waitFor({ timeout: PAGE_TIMEOUT })
  const board = await narrow.getByRole('region', { name: 'Dashboard board' }).first().boundingBox()
  const beside = await json.evaluate((element) => ({
    box: element.getBoundingClientRect().toJSON(),
    scrolls: element.scrollWidth > element.clientWidth,
  }))
  if (!board || beside.box.left < board.x + board.width || beside.box.top > board.y) {
    problems.push('Use cases/Dashboard: the layout JSON is not beside the board on its docs page')
  }
  if (beside.scrolls) problems.push('Use cases/Dashboard: the layout JSON scrolls sideways')
} finally {
  await browser.close()
  await server.close()
}

for (const problem of problems) console.error(problem)
console.log(
  `${componentDocs.length} docs pages checked, sidebar ${groups.join(' > ')}: ${problems.length} problems`,
)
process.exit(problems.length === 0 ? 0 : 1)
