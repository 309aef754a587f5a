import { describe, expect, it } from 'vitest'
import { forbiddenWarnings } from '../support/forbiddenWarnings.js'

const found = (output: string) => forbiddenWarnings(output).map(({ what }) => what)

describe("npm test's forbidden warnings", () => {
  it("finds React's act(...) warnings", () => {
    const output =
      'stderr | test/react/x.test.tsx > drags\nAn update to PhysicsWorld inside a test was not wrapped in act(...).\n'
    expect(forbiddenWarnings(output)).toEqual([
      { what: "React's act(...) warning", line: 2, text: output.split('\n')[1] },
    ])
    expect(found('The current testing environment is not configured to support act(...)')).toEqual([
      "React's act(...) environment warning",
    ])
  })

  it("finds Vite's chunk-size warning and npm's warnings", () => {
    expect(found('(!) Some chunks are larger than 500 kB after minification. Consider:')).toEqual([
      "Vite's chunk-size warning",
    ])
    // As `npm run build-storybook` prints it: through Storybook's logger, framed.
    expect(
      found(
        '▲  Vite [plugin builtin:vite-reporter]\n│  (!) Some chunks are larger than 850 kB after minification. Consider:',
      ),
    ).toEqual(["Vite's chunk-size warning"])
    expect(
      found('npm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: planck'),
    ).toEqual(['an npm warning', "npm's EBADENGINE warning"])
    expect(found('npm WARN deprecated inflight@1.0.6')).toEqual(['an npm warning'])
  })

  it('ignores a quiet run, and test names that mention the warnings', () => {
    const output = [
      ' ✓ unit test/react/act.test.tsx > wraps every update in act() (3 tests)',
      ' ✓ unit test/architecture/packageManifest.test.ts > engines.node lies inside EBADENGINE-free ranges',
      '✓ built in 1.07s',
      '19 passed, 0 failed',
    ].join('\n')
    expect(forbiddenWarnings(output)).toEqual([])
  })
})
