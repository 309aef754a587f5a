// Installs a package of bench/ when its node_modules is missing or older than its
// package-lock.json: by default bench/ itself (the engines react-aabb is compared with), or
// the folder given, relative to bench/ (`node bench/install.mjs peers`: the layout libraries
// of `npm run size`). They live apart from the library's devDependencies so the library's
// `npm ci` installs none of them.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const bench = path.join(path.dirname(fileURLToPath(import.meta.url)), process.argv[2] ?? '.')
const lockfile = path.join(bench, 'package-lock.json')
// npm writes this hidden lockfile on every install into bench/node_modules.
const installed = path.join(bench, 'node_modules', '.package-lock.json')

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs) {
  console.log(
    `Installing the benchmark's packages (npm ci in ${path.relative(process.cwd(), bench) || '.'})`,
  )
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: bench,
    stdio: 'inherit',
    // npm is a .cmd script on Windows, which Node starts only through a shell.
    shell: process.platform === 'win32',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
