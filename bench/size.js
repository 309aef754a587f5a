// `npm run size`: the minified and gzipped size of each entry point as an app would bundle it
// (react, react-dom and zustand excluded), plus an app that imports only `overlaps`, which
// shows that unused parts tree-shake away, and what typical apps pull in. Sizes count what
// loads at start; chunks reached only through `import()` (the overlay of
// `<PhysicsWorld debug>`, the transfer between boards of a group, the auto-scroller of
// drags) are reported apart, as loaded on use. The layout libraries our users come from
// (bench/peers/package.json) are bundled the same way, each with its ratio to a board app. Prints
// Markdown tables, and where the bytes of a board app are (its 30 largest modules and the
// total of each folder); `--write` also records them as the "Bundle size" section of
// bench/RESULTS.md.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { writeResultsSection } from './resultsSection.js'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
// The peers are installed in bench/peers (`node bench/install.mjs peers`), apart from the
// library's own packages and from the engines of bench/.
const peersImporter = path.join(root, 'bench', 'peers', 'package.json')

/**
 * Bundles `code` as an app's entry module and returns its minified and gzipped bytes.
 * Packages it imports that are not react-aabb's resolve from bench/peers.
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
        async resolveId(id, importer) {
          if (id === 'size-entry') return virtualId
          if (importer !== virtualId || id.startsWith('react-aabb')) return undefined
          return this.resolve(id, peersImporter, { skipSelf: true })
        },
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

/**
 * What an app of each peer imports to get draggable items on a board (versions in
 * bench/peers/package.json). gridstack has no React binding of its own; dnd-kit only drags (no
 * layout, no collision between items).
 */
const peers = [
  { name: 'react-grid-layout', imports: ['GridLayout'] },
  { name: 'gridstack', imports: ['GridStack'] },
  { name: '@dnd-kit/core', imports: ['DndContext', 'useDraggable', 'useDroppable'] },
  { name: '@xyflow/react', imports: ['ReactFlow'] },
]
const peerVersions = JSON.parse(readFileSync(peersImporter, 'utf8')).dependencies

const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(2)} kB`
const boardApp = entries.find(({ name }) => name.startsWith('a board app'))
const rows = []
let boardSize = null
for (const { name, code } of entries) {
  const size = await measure(code)
  if (name === boardApp?.name) boardSize = size
  const lazy = size.lazy.minified > 0 ? kB(size.lazy.gzipped) : '-'
  rows.push(`| ${name} | ${kB(size.minified)} | ${kB(size.gzipped)} | ${lazy} |`)
}
if (boardSize === null) throw new Error('size: no board app entry')
const peerRows = []
for (const { name, imports } of peers) {
  const size = await measure(`export { ${imports.join(', ')} } from '${name}'`)
  const ratio = (boardSize.gzipped / size.gzipped).toFixed(2)
  const label = `${name} ${peerVersions[name]} (${imports.map((i) => `\`${i}\``).join(', ')})`
  peerRows.push(`| ${label} | ${kB(size.minified)} | ${kB(size.gzipped)} | ${ratio}x |`)
}
const table = [
  '| bundle | minified | gzipped | loaded on use (gzipped) |',
  '| --- | --- | --- | --- |',
  ...rows,
].join('\n')
const peerTable = [
  '| peer, bundled the same way | minified | gzipped | a board app at start / peer (gzipped) |',
  '| --- | --- | --- | --- |',
  ...peerRows,
].join('\n')
const sectionTitle = '## Bundle size'
const modulesText = `### Where the bytes of a board app are\n\nEach module's code as rolldown renders it into its chunk, before the chunk is minified as a whole (so the sizes add up to more than the bundle), and that code gzipped alone (a rough guide: gzip shares strings across modules). "start": in the chunks loaded at start; "on use": in chunks loaded through \`import()\` (the debug overlay when \`debug\` is set, the transfer between boards when a board joins a \`group\`, the auto-scroller at a press with \`autoScroll\` on).\n\n${moduleTables(boardSize.modules, 30)}\n`
const section = `${sectionTitle}\n\nMeasured by \`npm run size\` (Vite ${(await import('vite')).version}, minified, gzip level 9; react, react-dom and zustand excluded).\n\n${table}\n\n${peerTable}\n\n${modulesText}`
console.log(table)
console.log(`\n${peerTable}\n`)
console.log(modulesText)
if (process.argv.includes('--write')) writeResultsSection(sectionTitle, section)
