// `npm run bench:deopts`: finds code that V8 deoptimizes over and over (README, "Hot paths").
// V8 compiles a hot loop on stack replacement and keeps that code for later calls; an
// operation after the loop that had no type feedback when it compiled deoptimizes it on every
// later call, and the code is never replaced. Which loop gets compiled first, and with what
// feedback, depends on the timing of V8's compiler threads, so each scene runs `--runs` times
// (3 by default). Prints each optimized code object deoptimized at least `--least` times (3 by
// default) in one process, by function, bytecode offset and reason, and exits with 1 when
// there is one. Builds what it runs first (`node bench/build.mjs` with the four benchmarks).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const option = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const argument = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  return argument === undefined ? fallback : Number(argument.slice(name.length + 3))
}
const runs = option('runs', 3)
const least = option('least', 3)

const build = spawnSync(
  process.execPath,
  ['bench/build.mjs', 'child', 'pathological', 'drag', 'fingerprint'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
if (build.status !== 0) process.exit(build.status ?? 1)

// The scenes: `npm run bench`'s largest (apart, with contact events, and piled), issue #23's
// pathological arrangements (`--steps=120` runs them in full without writing
// bench/RESULTS.md), the board's drag frames of `npm run bench:drag` (`--variants=` leaves
// RESULTS.md alone too), and the fingerprint's scenes (bounces, RK4).
const scenes = [
  ['bench/.out/child.js', 'react-aabb', 'boxes', '10000', '300'],
  ['bench/.out/child.js', 'react-aabb+events', 'boxes', '10000', '300'],
  ['bench/.out/child.js', 'react-aabb', 'pile', '10000', '300'],
  ['bench/.out/pathological.js', '--steps=120'],
  ['bench/.out/drag.js', '--variants=plain,return,snapped,resize,group'],
  ['bench/.out/fingerprint.js'],
]
// One line of --trace-deopt: "... deoptimizing 0x.. <JSFunction name (sfi = ..)>, 0x.. <Code
// TURBOFAN>, opt id N, bytecode offset M, ...", with the reason before it.
const bailout =
  /reason: ([^)]*)\): begin\. deoptimizing 0x[0-9a-f]+ <JSFunction ([^ ]*) \(sfi = 0x[0-9a-f]+\)>, (0x[0-9a-f]+) <Code [A-Z]+>, opt id \d+, bytecode offset (\d+)/g

let repeated = 0
for (const scene of scenes) {
  for (let run = 1; run <= runs; run++) {
    const result = spawnSync(process.execPath, ['--trace-deopt', ...scene], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    })
    if (result.status !== 0) {
      console.error(result.stderr)
      process.exit(result.status ?? 1)
    }
    /** @type {Map<string, number>} */
    const counts = new Map()
    let total = 0
    for (const [, reason, name, code, offset] of result.stdout.matchAll(bailout)) {
      total++
      const key = `${name} at bytecode ${offset} (${reason}), code ${code}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    const many = [...counts].filter(([, count]) => count >= least)
    repeated += many.length
    const label = [path.basename(scene[0] ?? '', '.js'), ...scene.slice(1)].join(' ')
    console.log(`${label}, run ${run}: ${total} deoptimizations`)
    for (const [key, count] of many) console.log(`  ${count} x ${key}`)
  }
}
process.exit(repeated > 0 ? 1 : 0)
