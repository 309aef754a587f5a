/**
 * `npm run bench`: the same seeded scenes on react-aabb and its peers, one child process
 * per engine, scene and size, so no engine's JIT state, heap or garbage affects another.
 * Prints a table and writes it to bench/RESULTS.md with the machine and versions.
 *
 * Each engine, scene and size runs {@link RUNS} times, the runs interleaved (all of run 1,
 * then all of run 2, ...), and the table gives the median of the runs: the machine is a
 * shared virtual one whose speed drifts by tens of percent from minute to minute, and a
 * single run let that drift decide a ratio.
 *
 * A full run then runs the pathological scenes (`bench/pathological.ts`, issue #23: "measure
 * these scenes in `npm run bench`"), which write their own section of RESULTS.md.
 *
 * Run: `npm run bench` (installs the bench package, then
 * `node bench/build.mjs run child pathological && node bench/.out/run.js`). Options:
 * `--quick` (fewer steps, N up to 1,000, one run, prints only), `--steps=N`, `--runs=N`,
 * and, to run part of the table (in a section of RESULTS.md of its own): `--scenes=boxes,overlap`,
 * `--sizes=10000`, `--engines=react-aabb,rapier`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ENGINES, type EngineName } from './engineNames.js'
import { writeSection } from './resultsWriter.js'

interface RunResult {
  engine: EngineName
  scene: string
  n: number
  steps: number
  median: number
  p95: number
  overlaps: number
  peakRssMb: number
  heapGrowthMb: number
}

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..', '..')
const quick = process.argv.includes('--quick')
const stepsArgument = process.argv.find((arg) => arg.startsWith('--steps='))
const STEPS = stepsArgument ? Number(stepsArgument.slice(8)) : quick ? 60 : 300
const runsArgument = process.argv.find((arg) => arg.startsWith('--runs='))
const RUNS = runsArgument ? Number(runsArgument.slice(7)) : quick ? 1 : 3
/** The values of a `--name=a,b` option, or `all` when it is not given. */
function listOption<T extends string | number>(
  name: string,
  all: T[],
  parse: (text: string) => T,
): T[] {
  const argument = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  if (argument === undefined) return all
  const chosen = argument
    .slice(name.length + 3)
    .split(',')
    .map(parse)
  const unknown = chosen.filter((value) => !all.includes(value))
  if (unknown.length > 0)
    throw new RangeError(`--${name}: unknown ${unknown.join(', ')} (choose from ${all.join(', ')})`)
  return chosen
}
const SIZES = listOption('sizes', quick ? [100, 1000] : [100, 1000, 5000, 10000], Number)
const SCENES = listOption('scenes', ['boxes', 'pile', 'overlap'], String)
const RUN_ENGINES = listOption('engines', ENGINES, (text) => text as EngineName)
/**
 * Only part of the table: printed, and written to a section of its own of RESULTS.md
 * ({@link PARTIAL_TITLE}); the full run's part is kept.
 */
const partial = process.argv.some((arg) => /^--(sizes|scenes|engines)=/.test(arg))
/** The heading of a partial run's section of RESULTS.md. */
const PARTIAL_TITLE = '## Benchmark, part of the table'
/**
 * Warm-up steps by scene: the overlapping scene is timed from step 30 (issue #23), once the
 * start overlaps are resolved; the others from step 20.
 */
const WARMUP: Record<string, number> = { boxes: 20, pile: 20, overlap: 30 }
/** Per run wall-clock budget (ms); a slow peer stops early, and the table says how many steps it ran. */
const BUDGET = quick ? 5000 : 8000
/** A peer whose median step at 5,000 boxes exceeds this (ms) is not run at 10,000. */
const SKIP_ABOVE = 250

function runChild(engine: EngineName, scene: string, n: number, steps: number): RunResult | string {
  return runChildWithBudget(engine, scene, n, steps, BUDGET, WARMUP[scene] as number)
}

function runChildWithBudget(
  engine: EngineName,
  scene: string,
  n: number,
  steps: number,
  budget: number,
  warmup: number,
): RunResult | string {
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      path.join(here, 'child.js'),
      engine,
      scene,
      String(n),
      String(steps),
      String(budget),
      String(warmup),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20, timeout: budget * 3 + 120000 },
  )
  if (child.status !== 0)
    return (child.stderr || `exit ${child.status}`).trim().split('\n')[0] ?? 'failed'
  return JSON.parse(child.stdout.trim()) as RunResult
}

/** An engine's installed version, read from the bench package's node_modules. */
function version(name: string): string {
  try {
    const file = path.join(root, 'bench', 'node_modules', name, 'package.json')
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
  } catch {
    return '?'
  }
}

function format(value: number, digits = 2): string {
  return value.toFixed(digits)
}

function loadText(load: number[]): string {
  return load.map((l) => format(l, 1)).join(' / ')
}

const loadAtStart = os.loadavg()
/** Every run's result, by engine, scene and N. */
const runs = new Map<string, RunResult[]>()
const notes: string[] = []
const slow = new Set<string>()
for (let run = 1; run <= RUNS; run++) {
  for (const scene of SCENES) {
    for (const n of SIZES) {
      for (const engine of RUN_ENGINES) {
        const key = `${engine}/${scene}`
        if (n === 10000 && slow.has(key)) {
          if (run === 1) {
            notes.push(
              `${engine} skipped at ${scene} N=10,000 (median step above ${SKIP_ABOVE} ms at 5,000).`,
            )
          }
          continue
        }
        const result = runChild(engine, scene, n, STEPS)
        if (typeof result === 'string') {
          notes.push(`${engine} failed at ${scene} N=${n} (run ${run}): ${result}`)
          continue
        }
        if (n === 5000 && result.median > SKIP_ABOVE) slow.add(key)
        const id = `${engine}/${scene}/${n}`
        runs.set(id, [...(runs.get(id) ?? []), result])
        console.log(
          `run ${run}/${RUNS} ${scene.padEnd(6)} N=${String(n).padStart(5)} ${engine.padEnd(18)} median ${format(result.median).padStart(8)} ms  p95 ${format(result.p95).padStart(8)} ms  overlaps ${format(result.overlaps, 1).padStart(7)}  rss ${format(result.peakRssMb, 0)} MB`,
        )
      }
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** One row per engine, scene and N: medians over the runs (peak memory: the highest). */
interface Row extends RunResult {
  fastest: number
  slowest: number
}

const results: Row[] = [...runs.values()].map((list) => ({
  ...(list[0] as RunResult),
  median: median(list.map((r) => r.median)),
  p95: median(list.map((r) => r.p95)),
  overlaps: median(list.map((r) => r.overlaps)),
  peakRssMb: Math.max(...list.map((r) => r.peakRssMb)),
  heapGrowthMb: median(list.map((r) => r.heapGrowthMb)),
  steps: Math.min(...list.map((r) => r.steps)),
  fastest: Math.min(...list.map((r) => r.median)),
  slowest: Math.max(...list.map((r) => r.median)),
}))

// Heap over a long run: react-aabb alone, 10,000 steps of the 1,000-box scene after 1,000
// warm-up steps.
const LONG_STEPS = quick ? 1000 : 10000
const LONG_WARMUP = 1000
const long = partial
  ? undefined
  : runChildWithBudget('react-aabb', 'boxes', 1000, LONG_STEPS, 600000, LONG_WARMUP)
const heapNote =
  long === undefined
    ? ''
    : typeof long === 'string'
      ? `Long run failed: ${long}`
      : `Heap over ${long.steps} steps (react-aabb, boxes, N=1,000, after ${LONG_WARMUP} warm-up steps and a forced GC at both ends): ${format(long.heapGrowthMb, 3)} MB growth; median ${format(long.median)} ms/step.`
console.log(heapNote)

const rows: string[] = []
for (const scene of SCENES) {
  for (const n of SIZES) {
    const own = results.find((r) => r.engine === 'react-aabb' && r.scene === scene && r.n === n)
    for (const r of results.filter((x) => x.scene === scene && x.n === n)) {
      const ratio = own && r.engine !== 'react-aabb' ? `${format(r.median / own.median, 1)}x` : ''
      rows.push(
        `| ${scene} | ${n} | ${r.engine} | ${format(r.median)} (${format(r.fastest)}-${format(r.slowest)}) | ${format(r.p95)} | ${ratio} | ${format(r.overlaps, 1)} | ${format(r.peakRssMb, 0)} | ${format(r.heapGrowthMb, 2)} | ${r.steps} |`,
      )
    }
  }
}

const own = (scene: string, n: number) =>
  results.find((r) => r.engine === 'react-aabb' && r.scene === scene && r.n === n)
const scaling =
  own('boxes', 10000) && own('boxes', 1000)
    ? `10,000 boxes cost ${format(own('boxes', 10000)!.median / own('boxes', 1000)!.median, 1)}x what 1,000 cost (boxes scene, median).`
    : ''

// Issue #23: starting with overlaps must not cost react-aabb more against Rapier than
// starting apart does (same run, same N).
const rapierRatio = (scene: string, n: number): number | undefined => {
  const peer = results.find((r) => r.engine === 'rapier' && r.scene === scene && r.n === n)
  const ours = own(scene, n)
  return peer && ours ? peer.median / ours.median : undefined
}
const overlapNote = SIZES.filter((n) => rapierRatio('boxes', n) && rapierRatio('overlap', n))
  .map(
    (n) =>
      `At ${n.toLocaleString('en')} boxes, Rapier's step costs ${format(rapierRatio('boxes', n)!, 1)}x react-aabb's when the boxes start apart and ${format(rapierRatio('overlap', n)!, 1)}x when 15% start overlapping (timed from step 30).`,
  )
  .join(' ')

const cpus = os.cpus()
/** A partial run's options, as given. */
const partialOptions = process.argv.filter((arg) =>
  /^--(sizes|scenes|engines|runs|steps)=/.test(arg),
)
const table = [
  partial ? PARTIAL_TITLE : '# Benchmark results',
  '',
  `Generated by \`npm run bench\`${partial ? ` with ${partialOptions.join(' ')}` : ''} on ${new Date().toISOString()}.`,
  '',
  `- Machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${format(os.totalmem() / 2 ** 30, 1)} GB, ${os.type()} ${os.release()}, load average (1/5/15 min) ${loadText(loadAtStart)} at the start and ${loadText(os.loadavg())} at the end: the machine may be shared, so compare rows of one run (ratios) rather than runs.`,
  `- Node ${process.version}; matter-js ${version('matter-js')}, @dimforge/rapier2d-compat ${version('@dimforge/rapier2d-compat')}, planck ${version('planck')}, detect-collisions ${version('detect-collisions')} (check2d ${version('check2d')})`,
  `- ${STEPS} measured steps of 1/60 s after 20 warm-up steps, 30 for "overlap" (fewer when a run passed its ${BUDGET / 1000} s budget: see "steps", the fewest of the runs); one process per engine, scene, N and run.`,
  `- ${RUNS} runs of each engine, scene and N, interleaved (every row of run 1, then of run 2, ...); each column is the median over the runs, and the median column gives the fastest and slowest run in brackets. The machine is a shared virtual one whose speed drifts between minutes, so a single run could decide a ratio by chance.`,
  '- Scenes (bench/scene.ts, seeded): N boxes of 8-40 px covering 15% of a square arena with four static walls, random velocities up to 300 px/s; "pile" adds gravity 980 px/s^2; "overlap" starts with 15% of the boxes moved onto another box. No friction, no restitution, no rotation in any engine.',
  '- "overlaps": average number of box pairs overlapping by more than 0.5 px on both axes, sampled every 10 steps. "vs react-aabb": the peer\'s median time divided by react-aabb\'s (higher means react-aabb is faster).',
  '- detect-collisions only detects collisions: its row integrates velocities in the adapter and separates with its `separate()`.',
  '- "react-aabb+events" is the same world with contactStart and contactEnd listeners (what `<PhysicsWorld onContactStart>` or a body\'s `onContactStart` turns on): its "vs react-aabb" is what tracking contacts costs.',
  '',
  '| scene | N | engine | median ms/step (runs) | p95 ms/step | vs react-aabb | overlaps | peak RSS MB | heap growth MB | steps |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  scaling,
  '',
  overlapNote,
  '',
  heapNote,
  '',
  ...notes.map((note) => `- ${note}`),
  '',
].join('\n')

// A quick run is a smoke test: it prints, and keeps the full run's RESULTS.md. A full run
// replaces this benchmark's part of the file and keeps the sections other scripts write
// (`npm run bench:browser`, `npm run size`, `npm run bench:drag`), which follow it.
if (!quick && partial) await writeSection(PARTIAL_TITLE, table)
if (!quick && !partial) {
  const resultsFile = path.join(root, 'bench', 'RESULTS.md')
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : ''
  const others = ['## Browser benchmark', '## Bundle size', '## Drag benchmark', PARTIAL_TITLE]
    .map((title) => previous.indexOf(title))
    .filter((index) => index >= 0)
  const kept = others.length === 0 ? '' : `\n${previous.slice(Math.min(...others))}`
  writeFileSync(resultsFile, table + kept)
}
console.log(
  `\n${scaling}\n${overlapNote}\n${notes.join('\n')}\n${quick ? '' : 'Wrote bench/RESULTS.md'}`,
)
if (!quick && !partial) {
  // In a process of its own, as every engine's run: its cold runs must meet V8 fresh.
  const pathological = spawnSync(process.execPath, [path.join(here, 'pathological.js')], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_COMMAND: 'npm run bench' },
  })
  if (pathological.status !== 0) process.exit(pathological.status ?? 1)
}
