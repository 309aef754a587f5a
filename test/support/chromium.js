import { existsSync } from 'node:fs'

/**
 * Where the tests find Chromium: `CHROMIUM_PATH` when set, else Debian's package.
 * Playwright's own browser download cannot reach its servers here, so every browser
 * run (Vitest browser mode, Storybook tests, the end-to-end script) uses this one.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Whether {@link chromiumPath} exists. */
export const hasChromium = () => existsSync(chromiumPath)

/** Flags that keep headless Chromium quiet on a machine without network or GPU. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
