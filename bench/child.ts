/**
 * One benchmark run in its own process: `child.js <engine> <scene> <n> <steps> [budget ms]
 * [warm-up steps]`. Prints one
 * JSON line: median and p95 ms per step, the average number of overlapping pairs, peak
 * memory, and (with --expose-gc) heap growth between the first and last measured step.
 */
import { createEngine, type EngineName } from './engines.js'
import { countOverlaps, createScene, type Scene } from './scene.js'

const [engineName, sceneName, countText, stepsText, budgetText, warmupText] = process.argv.slice(2)
const count = Number(countText)
const steps = Number(stepsText)
/** Wall-clock budget in ms: slow peers stop early and say how many steps they ran. */
const budget = Number(budgetText ?? 60000)
/**
 * Steps before the measured ones. The heap is measured from their end, so a long run for
 * heap growth warms up longer: V8's compiled code and type feedback, kept on the heap,
 * still grew over the first thousand steps.
 */
const WARMUP = Number(warmupText ?? 20)
const OVERLAP_EVERY = 10

const gc = (globalThis as { gc?: () => void }).gc

async function main(): Promise<void> {
  const scene = createScene(sceneName as Scene['name'], count)
  const engine = await createEngine(engineName as EngineName, scene)
  const xs = new Float64Array(scene.boxes.length)
  const ys = new Float64Array(scene.boxes.length)
  for (let i = 0; i < WARMUP; i++) engine.step()
  gc?.()
  const heapStart = process.memoryUsage().heapUsed
  const times: number[] = []
  let overlapSum = 0
  let overlapSamples = 0
  let peakRss = process.memoryUsage().rss
  const started = performance.now()
  for (let i = 0; i < steps; i++) {
    const t0 = performance.now()
    engine.step()
    times.push(performance.now() - t0)
    if (i % OVERLAP_EVERY === OVERLAP_EVERY - 1) {
      engine.read(xs, ys)
      overlapSum += countOverlaps(scene, xs, ys)
      overlapSamples++
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
    }
    if (performance.now() - started > budget && times.length >= 20) break
  }
  gc?.()
  const heapEnd = process.memoryUsage().heapUsed
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
  process.stdout.write(
    JSON.stringify({
      engine: engineName,
      scene: sceneName,
      n: scene.boxes.length,
      steps: times.length,
      median: at(0.5),
      p95: at(0.95),
      overlaps: overlapSamples > 0 ? overlapSum / overlapSamples : 0,
      peakRssMb: peakRss / 2 ** 20,
      heapGrowthMb: (heapEnd - heapStart) / 2 ** 20,
    }) + '\n',
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
