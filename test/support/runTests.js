// The README's test command (`npm test`): lint, format, typecheck, unit and browser tests (the
// React ones again against React 18), story tests, the static Storybook with its end-to-end
// drag test, its screenshot check and its docs pages' check (sidebar order, args tables), the
// library build, a plain-Node import of `react-aabb/core` and a `require()` of every entry
// from CommonJS. Every check runs even when an earlier one fails, and the run ends with one
// plain line `N passed, N failed` (each Vitest test counts once, each other check once)
// because CI reads that line.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { relative } from 'node:path'
import { chromiumPath, hasChromium } from './chromium.js'
import { forbiddenWarnings } from './forbiddenWarnings.js'

let passed = 0
let failed = 0
const failures = []

/**
 * The first line of `text` without terminal colours, at most 200 characters.
 * @param {string} text
 */
function firstLine(text) {
  const plain = stripColours(text).trim()
  const line = plain.split('\n')[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/**
 * Runs a command, its output shown live and kept; resolves to whether it exited 0 and its
 * output without terminal colours.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
function run(command, args, env = {}) {
  // Piped output is not a terminal: keep the colours a terminal would get.
  const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}
  const child = spawn(command, args, {
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, ...colour, ...env },
    shell: false,
  })
  const chunks = /** @type {string[]} */ ([])
  child.stdout.on('data', (/** @type {Buffer} */ data) => {
    process.stdout.write(data)
    chunks.push(data.toString())
  })
  child.stderr.on('data', (/** @type {Buffer} */ data) => {
    process.stderr.write(data)
    chunks.push(data.toString())
  })
  return new Promise((resolve) => {
    child.on('error', (error) => {
      chunks.push(String(error))
      resolve({ ok: false, output: stripColours(chunks.join('')) })
    })
    child.on('close', (code) => resolve({ ok: code === 0, output: stripColours(chunks.join('')) }))
  })
}

/**
 * `text` without terminal colour codes.
 * @param {string} text
 */
function stripColours(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}

/**
 * Counts one failure, named after `name`, for each kind of forbidden warning in `output`.
 * @param {string} name
 * @param {string} output
 */
function countWarnings(name, output) {
  for (const { what, line, text } of forbiddenWarnings(output)) {
    failed++
    failures.push(`${name} printed ${what} (output line ${line}: ${firstLine(text)})`)
  }
}

/**
 * Runs one check and counts it, and counts each kind of forbidden warning it printed.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env] variables added to the environment
 */
async function check(name, command, args, env = {}) {
  console.log(`\n=== ${name}`)
  const { ok, output } = await run(command, args, env)
  if (ok) passed++
  else {
    failed++
    failures.push(name)
  }
  countWarnings(name, output)
}

/** Installs Debian's Chromium when it is missing and we can (root with apt-get). */
async function ensureChromium() {
  if (hasChromium()) return true
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canApt) {
    console.error(
      `No Chromium at ${chromiumPath}. Install Debian's package (sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.',
    )
    return false
  }
  console.log(`\n=== installing Debian's chromium (none at ${chromiumPath})`)
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  return (
    (await run('apt-get', ['update', '-qq'], env)).ok &&
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], env)).ok &&
    hasChromium()
  )
}

const bin = (/** @type {string} */ name) => `node_modules/.bin/${name}`

await check('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0'])
await check('format (prettier)', bin('prettier'), ['--check', '.'])
await check('typecheck', bin('tsc'), ['-p', 'tsconfig.json'])
await check('typecheck core without DOM', bin('tsc'), ['-p', 'tsconfig.core.json'])

// React 18, the other major of the peer range, for the `react18` and `browser18` projects:
// installed apart (test/react18) because the library's own devDependencies hold React 19.
const react18 = await run('node', ['bench/install.mjs', '../test/react18'])
const projects = react18.ok ? ['unit', 'react18'] : ['unit']
if (!react18.ok) {
  failed++
  failures.push('React 18 not installed (npm ci in test/react18): its projects not run')
}
if (await ensureChromium()) {
  projects.push('browser', 'storybook')
  if (react18.ok) projects.push('browser18')
} else {
  failed++
  failures.push('Chromium missing: browser and story tests not run')
}

console.log(`\n=== vitest (${projects.join(', ')})`)
const reportDir = '.vitest-reports'
const report = `${reportDir}/results.json`
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })
const vitest = await run(bin('vitest'), [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
])
const vitestOk = vitest.ok
countWarnings('vitest', vitest.output)
if (existsSync(report)) {
  /** @type {{ numPassedTests: number, numFailedTests: number, testResults: Array<{ name: string, status: string, message?: string, assertionResults: Array<{ status: string, fullName: string, failureMessages?: string[] }> }> }} */
  const results = JSON.parse(readFileSync(report, 'utf8'))
  passed += results.numPassedTests
  failed += results.numFailedTests
  // A suite that fails to load has no failed test; count it so the line cannot lie.
  const brokenFiles = results.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  )
  failed += brokenFiles.length
  if (!vitestOk && results.numFailedTests === 0 && brokenFiles.length === 0) failed++
  if (!vitestOk) failures.push('vitest')
  // Named again at the end, where a truncated log still shows them: each failed test with
  // its file and the first line of its error, and each file that failed to load.
  for (const file of results.testResults) {
    const where = relative(process.cwd(), file.name)
    for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
      const reason = firstLine(test.failureMessages?.[0] ?? '')
      failures.push(`${where} > ${test.fullName}${reason ? `: ${reason}` : ''}`)
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failures.push(`${where} (did not load: ${firstLine(file.message ?? '')})`)
    }
  }
} else {
  failed++
  failures.push('vitest (no report written)')
}

if (projects.includes('storybook')) {
  await check('storybook static build', 'npm', [
    'run',
    '--silent',
    'build-storybook',
    '--',
    '-o',
    'storybook-static',
  ])
  await check('end to end: dragging dashboard cards never overlaps (static Storybook)', 'node', [
    'test/e2e/dashboard.e2e.js',
    'storybook-static',
  ])
  await check(
    'story screenshots: no story throws, logs an error, draws outside its panel or overlaps its text',
    'node',
    ['test/storybook/storyScreenshots.js', 'storybook-static'],
  )
  await check(
    'story screenshots on a phone (390 x 844): the same, each fixed-size scene scrolling in its panel',
    'node',
    ['test/storybook/storyScreenshots.js', 'storybook-static'],
    { STORY_VIEWPORT: '390x844' },
  )
  await check(
    'docs pages: sidebar order, args tables without repeated @default or unknown types',
    'node',
    ['test/storybook/docsPages.js', 'storybook-static'],
  )
}

await check('build (vite library + declarations)', 'npm', ['run', '--silent', 'build'])
await check('react-aabb/core imports in plain Node', 'node', [
  '--input-type=module',
  '-e',
  "const core = await import('./dist/core.js'); if (typeof core.overlaps !== 'function') throw new Error('overlaps missing from dist/core.js')",
])
await check('require() of every react-aabb entry from CommonJS', 'node', [
  'test/support/requireEntries.js',
])

if (failures.length)
  console.log(`\nFailed:\n${failures.map((failure) => `- ${failure}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
