// Compiles the TypeScript benchmarks named on the command line (and the library source they
// import) for plain Node with Vite's SSR build: dependencies stay external, so each engine is
// loaded from bench/node_modules (the bench package, installed by bench/install.mjs).
// `npm run bench` = `node bench/install.mjs && node bench/build.mjs run child pathological && node bench/.out/run.js`;
// drag, fingerprint and pathological import only the library, so they build without the engines.
import { build } from 'vite'

/** @type {Record<string, string>} */
const entries = {
  run: 'bench/run.ts',
  child: 'bench/child.ts',
  drag: 'bench/drag.ts',
  dropPreview: 'bench/dropPreview.ts',
  fingerprint: 'bench/fingerprint.ts',
  pathological: 'bench/pathological.ts',
}
const names = process.argv.slice(2)
const unknown = names.filter((name) => !(name in entries))
if (names.length === 0 || unknown.length > 0) {
  console.error(
    `bench/build.mjs: name the benchmarks to build (${Object.keys(entries).join(', ')})` +
      (unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''),
  )
  process.exit(1)
}

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'bench/.out',
    // Other benchmarks' outputs stay: each script builds only what it runs.
    emptyOutDir: false,
    minify: false,
    rolldownOptions: {
      // Every name was checked above, so each has its entry.
      input: names.map((name) => /** @type {string} */ (entries[name])),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
})
