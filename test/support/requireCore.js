// `npm test`'s check that CommonJS code can `require('react-aabb/core')` from the built
// package (run after `npm run build`). Node 22.12 and later `require()` an ES module when the
// package's `exports` offers a condition that `require` matches (`default` here); older Node
// cannot, so the check is skipped there with a message. The package is loaded by its own
// name (Node resolves a package's self-reference through its `exports`), as a user would.
import { createRequire } from 'node:module'

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  console.log(
    `skipped: Node ${process.versions.node} cannot require() an ES module (needs 22.12 or later)`,
  )
} else {
  const require = createRequire(import.meta.url)
  /** @type {{ overlaps?: unknown }} */
  const core = require('react-aabb/core')
  if (typeof core.overlaps !== 'function') {
    throw new Error("require('react-aabb/core') returned no overlaps function")
  }
  console.log("require('react-aabb/core') gives the core API")
}
