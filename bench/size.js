// `npm run size`: the minified and gzipped size of each entry point as an app would bundle it
// (react, react-dom and zustand excluded), plus an app that imports only `overlaps`, which
// shows that unused parts tree-shake away, and what typical apps pull in. Sizes count what
// loads at start; chunks reached only through `import()` (the overlay of
// `<PhysicsWorld debug>`, the transfer between the boards of a group, the auto-scroller of
// drags) are reported apart, as loaded on use. Prints a Markdown table;
// `--write` also records it as the "Bundle size" section of bench/RESULTS.md; `--modules` adds
// where the bytes of a board app are: its 30 largest modules and the total of each folder.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { writeResultsSection } from './resultsSection.js'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

/**
 * Bundles `code` as an app's entry module and returns its minified and gzipped bytes.
 * @param {string} code
 */
async function measure(code) {
  const virtualId = '\0size-entry'
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: {
      alias: {
        'react-aabb/core': path.join(root, 'src/core/index.ts'),
        'react-aabb/debug': path.join(root, 'src/debug.ts'),
        'react-aabb/widgets': path.join(root, 'src/widgets/index.ts'),
        'react-aabb': path.join(root, 'src/index.ts'),
      },
    },
    plugins: [
      {
        name: 'size-entry',
        resolveId: (id) => (id === 'size-entry' ? virtualId : undefined),
        load: (id) => (id === virtualId ? code : undefined),
      },
    ],
    build: {
      write: false,
      minify: true,
      rolldownOptions: {
        input: 'size-entry',
        // An app build drops unused exports; keep the entry's exports, as a library user would use them.
        preserveEntrySignatures: 'strict',
        external: [/^react($|\/)/, /^react-dom($|\/)/, /^zustand($|\/)/],
        output: { format: 'es' },
      },
    },
  })
  // With `write: false` and no watch, `build` returns the bundles themselves.
  const bundles = /** @type {import('vite').Rolldown.RolldownOutput[]} */ (
    Array.isArray(result) ? result : [result]
  )
  const outputs = bundles.flatMap((bundle) => bundle.output)
  const chunks = outputs.filter((chunk) => chunk.type === 'chunk')
  // What the app loads at start: the entry chunk and the chunks it imports statically.
  // Chunks reached only through `import()` (the debug overlay, the transfer, the auto-scroller) load when used.
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const initial = new Set()
  const visit = (/** @type {(typeof chunks)[number]} */ chunk) => {
    if (initial.has(chunk)) return
    initial.add(chunk)
    for (const name of chunk.imports) {
      const imported = byName.get(name)
      if (imported) visit(imported)
    }
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
  const sizeOf = (/** @type {(typeof chunks)[number][]} */ list) => {
    const js = list.map((chunk) => chunk.code).join('\n')
    return { minified: Buffer.byteLength(js), gzipped: gzipSync(js, { level: 9 }).length }
  }
  // Per module, the code rolldown rendered into its chunk, before minification (the chunk
  // is minified as a whole), and that code gzipped alone: a rough guide to what each costs.
  const modules = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules)
      .filter(([, module]) => module.renderedLength > 0)
      .map(([id, module]) => ({
        id: path.relative(root, id).replace(/^\0/, '') || id,
        atStart: initial.has(chunk),
        rendered: module.renderedLength,
        gzipped: gzipSync(module.code ?? '', { level: 9 }).length,
      })),
  )
  return {
    ...sizeOf([...initial]),
    lazy: sizeOf(chunks.filter((chunk) => !initial.has(chunk))),
    modules,
  }
}

/**
 * The Markdown tables of `modules`: the total of each folder, largest first, and the
 * `count` largest modules, each marked as loaded at start or on use.
 * @param {Awaited<ReturnType<typeof measure>>['modules']} modules
 * @param {number} count
 */
function moduleTables(modules, count) {
  const where = (/** @type {boolean} */ atStart) => (atStart ? 'start' : 'on use')
  const folders = new Map()
  for (const module of modules) {
    const key = `${path.dirname(module.id)} | ${where(module.atStart)}`
    const total = folders.get(key) ?? { rendered: 0, gzipped: 0, count: 0 }
    total.rendered += module.rendered
    total.gzipped += module.gzipped
    total.count += 1
    folders.set(key, total)
  }
  const folderRows = [...folders]
    .sort(([, a], [, b]) => b.rendered - a.rendered)
    .map(
      ([key, total]) =>
        `| ${key} | ${total.count} | ${kB(total.rendered)} | ${kB(total.gzipped)} |`,
    )
  const moduleRows = [...modules]
    .sort((a, b) => b.rendered - a.rendered)
    .slice(0, count)
    .map((m) => `| ${m.id} | ${where(m.atStart)} | ${kB(m.rendered)} | ${kB(m.gzipped)} |`)
  return [
    '| folder | loaded | modules | rendered | gzipped alone |',
    '| --- | --- | --- | --- | --- |',
    ...folderRows,
    '',
    '| module | loaded | rendered | gzipped alone |',
    '| --- | --- | --- | --- |',
    ...moduleRows,
  ].join('\n')
}

const entries = [
  { name: 'react-aabb/core (everything)', code: "export * from 'react-aabb/core'" },
  { name: 'react-aabb (everything)', code: "export * from 'react-aabb'" },
  { name: 'react-aabb/debug (the overlay)', code: "export * from 'react-aabb/debug'" },
  {
    name: 'the geometry kernel only (every function of articles 000-004)',
    code: `export { minkowskiDifference, overlaps, containsPoint, centreBoxOverlaps, centreBoxToRect,
      rectToCentreBox, penetrationVector, rayFraction, sweep, slide, touch, bounce, cross, respond,
      integrateExplicitEuler, integrateEuler, integrateRK4 } from 'react-aabb/core'`,
  },
  { name: 'the world only (`createWorld`)', code: "export { createWorld } from 'react-aabb/core'" },
  {
    name: 'a board app (`PhysicsWorld` + `useAABBBody`)',
    code: "export { PhysicsWorld, useAABBBody } from 'react-aabb'",
  },
  { name: 'an app importing only `overlaps`', code: "export { overlaps } from 'react-aabb'" },
  { name: 'react-aabb/widgets (everything)', code: "export * from 'react-aabb/widgets'" },
  ...[
    'Article001Table',
    'OverlapTestDemo',
    'DiscreteCollisionDemo',
    'MinkowskiExplorer',
    'RelativeMotionDemo',
    'SweptPlatformerDemo',
    'TunnelingDemo',
    'IntegratorComparison',
  ].map((widget) => ({
    name: `the widget \`${widget}\` only`,
    code: `export { ${widget} } from 'react-aabb/widgets'`,
  })),
]

const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(2)} kB`
const boardApp = entries.find(({ name }) => name.startsWith('a board app'))
const rows = []
let boardModules = null
for (const { name, code } of entries) {
  const size = await measure(code)
  if (name === boardApp?.name) boardModules = size.modules
  const lazy = size.lazy.minified > 0 ? kB(size.lazy.gzipped) : '-'
  rows.push(`| ${name} | ${kB(size.minified)} | ${kB(size.gzipped)} | ${lazy} |`)
}
const table = [
  '| bundle | minified | gzipped | loaded on use (gzipped) |',
  '| --- | --- | --- | --- |',
  ...rows,
].join('\n')
const sectionTitle = '## Bundle size'
const modulesText =
  process.argv.includes('--modules') && boardModules
    ? `\n### Where the bytes of a board app are\n\nBy \`npm run size -- --modules\`: each module's code as rolldown renders it into its chunk, before the chunk is minified as a whole (so the sizes add up to more than the bundle), and that code gzipped alone (a rough guide: gzip shares strings across modules). "start": in the chunks loaded at start; "on use": in chunks loaded through \`import()\` (the debug overlay when \`debug\` is set, the transfer between boards when a board joins a \`group\`, the auto-scroller at a press with \`autoScroll\` on).\n\n${moduleTables(boardModules, 30)}\n`
    : ''
const section = `${sectionTitle}\n\nMeasured by \`npm run size\` (Vite ${(await import('vite')).version}, minified, gzip level 9; react, react-dom and zustand excluded).\n\n${table}\n${modulesText}`
console.log(table)
if (modulesText) console.log(modulesText)
if (process.argv.includes('--write')) writeResultsSection(sectionTitle, section)
