// `npm test`'s check that CommonJS code can `require()` every entry of the built package
// (`react-aabb`, `react-aabb/core`, `react-aabb/widgets`, `react-aabb/debug`: each subpath
// of `package.json` `exports`), run after `npm run build`. Node 20.19+ and 22.12+ `require()`
// an ES module (`process.features.require_module`) when the package's `exports` offers a
// condition that `require` matches (`default` here). Every Node in `engines` can; on one
// outside them the check is skipped with a message. Each entry is loaded by the package's own name (Node resolves a package's
// self-reference through its `exports`), as a user would.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** @type {{ name: string, exports: Record<string, unknown> }} */
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
/** The specifiers a user writes: `react-aabb` and `react-aabb/<subpath>`, package.json aside. */
const specifiers = Object.keys(manifest.exports)
  .filter((subpath) => !subpath.endsWith('.json'))
  .map((subpath) => manifest.name + subpath.slice(1))

if (!process.features.require_module) {
  console.log(
    `skipped: Node ${process.versions.node} cannot require() an ES module (needs 20.19+ or 22.12+)`,
  )
} else {
  const require = createRequire(import.meta.url)
  for (const specifier of specifiers) {
    /** @type {Record<string, unknown>} */
    const entry = require(specifier)
    const functions = Object.values(entry).filter((value) => typeof value === 'function')
    if (functions.length === 0) {
      throw new Error(`require('${specifier}') returned no function`)
    }
    console.log(`require('${specifier}') gives ${functions.length} functions`)
  }
  /** @type {{ overlaps?: unknown }} */
  const core = require(`${manifest.name}/core`)
  if (typeof core.overlaps !== 'function') {
    throw new Error(`require('${manifest.name}/core') returned no overlaps function`)
  }
}
