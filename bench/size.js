// `npm run size`: the minified and gzipped size of each entry point as an app would bundle it
// (react, react-dom and zustand excluded), plus an app that imports only `overlaps`, which
// shows that unused parts tree-shake away, and what typical apps pull in. Prints a Markdown
// table; `--write` also records it as the "Bundle size" section of bench/RESULTS.md.
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
  const js = outputs
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n')
  return { minified: Buffer.byteLength(js), gzipped: gzipSync(js, { level: 9 }).length }
}

const entries = [
  { name: 'react-aabb/core (everything)', code: "export * from 'react-aabb/core'" },
  { name: 'react-aabb (everything)', code: "export * from 'react-aabb'" },
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
const rows = []
for (const { name, code } of entries) {
  const size = await measure(code)
  rows.push(`| ${name} | ${kB(size.minified)} | ${kB(size.gzipped)} |`)
}
const table = ['| bundle | minified | gzipped |', '| --- | --- | --- |', ...rows].join('\n')
const sectionTitle = '## Bundle size'
const section = `${sectionTitle}\n\nMeasured by \`npm run size\` (Vite ${(await import('vite')).version}, minified, gzip level 9; react, react-dom and zustand excluded).\n\n${table}\n`
console.log(table)
if (process.argv.includes('--write')) writeResultsSection(sectionTitle, section)
