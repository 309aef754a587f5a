// Compiles the TypeScript benchmark (and the library source it imports) for plain Node with
// Vite's SSR build: dependencies stay external, so each engine is loaded from node_modules.
// `npm run bench` = `node bench/build.mjs && node bench/.out/run.js`.
import { build } from 'vite'

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'bench/.out',
    emptyOutDir: true,
    minify: false,
    rolldownOptions: {
      input: {
        run: 'bench/run.ts',
        child: 'bench/child.ts',
        drag: 'bench/drag.ts',
        fingerprint: 'bench/fingerprint.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
})
