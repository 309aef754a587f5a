import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './test/support/chromium.js'

const root = path.dirname(fileURLToPath(import.meta.url))

const chromium = playwright({
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
})

/**
 * Browser mode in one Chromium instance, with a fixed viewport so the test iframe is never
 * scaled (pointer coordinates then match the page's). A fresh object per project: Vitest
 * writes each instance's name into it.
 */
const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  viewport: { width: 1024, height: 768 },
  instances: [{ browser: 'chromium' as const }],
})

/** `react`, `react-dom` and their subpaths, resolved to the React 18 of test/react18. */
const react18Aliases = [
  // Its ES module build, which the module runner inlines (its CommonJS main would
  // `require` React 19 past the aliases).
  {
    find: /^@testing-library\/react$/,
    replacement: path.join(
      root,
      'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
    ),
  },
  {
    find: /^(react|react-dom)(\/.*)?$/,
    replacement: `${path.join(root, 'test/react18/node_modules')}/$1$2`,
  },
]

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      'react-aabb/core': path.join(root, 'src/core/index.ts'),
      'react-aabb/widgets': path.join(root, 'src/widgets/index.ts'),
      'react-aabb/debug': path.join(root, 'src/debug.ts'),
      'react-aabb': path.join(root, 'src/index.ts'),
    },
  },
  build: {
    lib: {
      // `debug` is an entry of its own so that it stays a chunk of its own: PhysicsWorld
      // imports it lazily, and a board app bundling `react-aabb` leaves it out.
      entry: {
        index: 'src/index.ts',
        core: 'src/core/index.ts',
        debug: 'src/debug.ts',
        widgets: 'src/widgets/index.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^zustand($|\/)/],
    },
    sourcemap: true,
    minify: false,
  },
  test: {
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'src/**/*.tsx'],
      reporter: ['text-summary', 'json-summary'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/**/*.browser.test.ts', 'test/**/*.browser.test.tsx'],
          environment: 'node',
          setupFiles: ['test/support/reactActEnvironment.ts', 'test/support/propertySeed.ts'],
          // A ceiling for a hang, not a timing: the property tests step thousands of random
          // scenes, seconds of work that a shared machine stretches past the default 5 s.
          testTimeout: 60_000,
        },
      },
      {
        // The React tests that run in Node (happy-dom), again against React 18, the other
        // major of the peer range (installed in test/react18 by `npm test`). Each import
        // of react or react-dom resolves there, the library's, the tests' and those of
        // the packages inlined for it (Testing Library, zustand).
        extends: true,
        resolve: { alias: react18Aliases },
        test: {
          name: 'react18',
          // The widgets' server rendering too: React 18 alone warns of layout effects there.
          include: [
            'test/react/**/*.test.ts',
            'test/react/**/*.test.tsx',
            'test/widgets/ssr.test.tsx',
          ],
          // commitErrors.test.tsx: see its header.
          exclude: ['test/**/*.browser.test.tsx', 'test/react/commitErrors.test.tsx'],
          environment: 'node',
          env: { REACT_MAJOR: '18' },
          setupFiles: ['test/support/reactActEnvironment.ts', 'test/support/propertySeed.ts'],
          server: { deps: { inline: ['@testing-library/react', 'zustand'] } },
          testTimeout: 60_000,
        },
      },
      {
        // The React tests in Chromium, again against React 18 (see react18). Its own
        // dependency cache, since its pre-bundled React differs.
        extends: true,
        cacheDir: 'node_modules/.vite-react18',
        resolve: { alias: react18Aliases },
        test: {
          name: 'browser18',
          include: ['test/react/**/*.browser.test.tsx', 'test/react/reactVersion.test.ts'],
          env: { REACT_MAJOR: '18' },
          setupFiles: ['test/support/propertySeed.ts'],
          browser: browser(),
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.ts', 'test/**/*.browser.test.tsx'],
          setupFiles: ['test/support/propertySeed.ts'],
          browser: browser(),
          // A ceiling for a board that never gets there, not a timing: an `expect.poll` waits
          // on animation frames, which a loaded machine spaces far past the default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          // A ceiling for a hung play function, not a timing: play functions wait on
          // animation frames, and on a loaded machine the Stress story's 30 frames of 500
          // bodies passed the default 15 s.
          testTimeout: 60_000,
          browser: browser(),
        },
      },
    ],
  },
})
