// Installs a folder of packages kept apart from the library's devDependencies, when its
// node_modules is missing or older than its package-lock.json, so the library's `npm ci`
// installs none of them: by default bench/ itself (the engines react-aabb is compared
// with), or the folder given, relative to bench/ (`node bench/install.mjs peers`: the
// layout libraries of `npm run size`; `../test/react18`: the React 18 that `npm test` runs
// the React tests against).
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), process.argv[2] ?? '.')
const lockfile = path.join(folder, 'package-lock.json')
// npm writes this hidden lockfile on every install into the folder's node_modules.
const installed = path.join(folder, 'node_modules', '.package-lock.json')

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs) {
  console.log(
    `Installing the packages of ${path.relative(process.cwd(), folder) || '.'} (npm ci there)`,
  )
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: folder,
    stdio: 'inherit',
    // npm is a .cmd script on Windows, which Node starts only through a shell.
    shell: process.platform === 'win32',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
