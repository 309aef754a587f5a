import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// The allocation tests: V8 boxes doubles written to module or closure variables, or passed
// across calls it does not inline, so a refactor can bring garbage back without changing a
// single result. These measure it as the growth of the used heap between full collections.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/**
 * How many bytes the used heap grows while `run` runs, measured after two full collections:
 * right after one, the used size often jumped by about 260 kB during the measurement
 * whatever ran in it (in one run in three of the step's test), and after a second it no
 * longer did.
 */
export function heapGrowthOf(run: () => void): number {
  collectGarbage()
  collectGarbage()
  const before = process.memoryUsage().heapUsed
  run()
  return process.memoryUsage().heapUsed - before
}

/**
 * The least heap growth per call of `call`, in bytes, over `windows` windows of `calls`
 * calls each ({@link heapGrowthOf} a window, divided by `calls`): compiling code that has
 * just become hot also grows the heap, once, in whichever window it falls.
 */
export function leastHeapGrowthPerCall(call: () => void, calls: number, windows: number): number {
  const window = (): void => {
    for (let n = 0; n < calls; n++) call()
  }
  let least = Infinity
  for (let k = 0; k < windows; k++) least = Math.min(least, heapGrowthOf(window))
  return least / calls
}

/**
 * How many bytes of `ArrayBuffer` storage (typed arrays' memory, outside the JS heap) stay
 * allocated after `run`, both measured after two full collections: the buffers that what
 * `run` made keeps alive.
 */
export function arrayBufferGrowthOf(run: () => void): number {
  collectGarbage()
  collectGarbage()
  const before = process.memoryUsage().arrayBuffers
  run()
  collectGarbage()
  collectGarbage()
  return process.memoryUsage().arrayBuffers - before
}
