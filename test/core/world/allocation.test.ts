import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createWorld, type IntegratorName, type World } from '../../../src/core/world/index.js'

// The step must not make garbage per body or per pair: it would cost a collection every few
// frames. V8 boxes doubles written to module or closure variables, or passed across calls
// it does not inline, so a refactor can bring allocation back without changing a single
// result; this test catches that. (A few hundred bytes per step remain, about 0.3 per body
// here, so the budget is small but not zero.)
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

const BOXES = 1000
const WARM_UP_STEPS = 600
const WINDOWS = 5
const STEPS_PER_WINDOW = 60
/**
 * Bytes per body and step allowed. Before the step stopped boxing numbers this scene made
 * about 10 (measured the same way); it now makes 0.2 to 0.4.
 */
const BUDGET_PER_BODY_STEP = 1

interface Variant {
  bounce?: boolean
  integrator?: IntegratorName
}

function crowdedWorld(gravity: number, { bounce = false, integrator }: Variant = {}): World {
  const world = createWorld({ gravity: { x: 0, y: gravity }, ...(integrator && { integrator }) })
  const side = 1000
  world.add({ x: -20, y: 0, width: 20, height: side, type: 'static' })
  world.add({ x: side, y: 0, width: 20, height: side, type: 'static' })
  world.add({ x: 0, y: -20, width: side, height: 20, type: 'static' })
  world.add({ x: 0, y: side, width: side, height: 20, type: 'static' })
  let seed = 7
  const random = (): number => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  const columns = Math.ceil(Math.sqrt(BOXES))
  for (let n = 0; n < BOXES; n++) {
    world.add({
      x: (n % columns) * 30 + 2,
      y: Math.floor(n / columns) * 30 + 2,
      width: 12 + random() * 14,
      height: 12 + random() * 14,
      velocity: { x: (random() - 0.5) * 600, y: (random() - 0.5) * 600 },
      ...(bounce ? { response: 'bounce' as const, restitution: 0.9 } : {}),
    })
  }
  return world
}

/**
 * Heap growth per step, the least over several windows: compiling a hot function also
 * grows the heap (V8 keeps code there), and it happens in one window at most.
 */
function bytesPerBodyStep(world: World, bodies = BOXES): number {
  for (let n = 0; n < WARM_UP_STEPS; n++) world.step(1 / 60)
  let least = Infinity
  for (let window = 0; window < WINDOWS; window++) {
    collectGarbage()
    const before = process.memoryUsage().heapUsed
    for (let n = 0; n < STEPS_PER_WINDOW; n++) world.step(1 / 60)
    const grown = process.memoryUsage().heapUsed - before
    least = Math.min(least, grown / STEPS_PER_WINDOW / bodies)
  }
  return least
}

// Each test steps 1,000 boxes for 900 steps or more: seconds, not the default 5 s limit.
describe('world.step allocation', { timeout: 30_000 }, () => {
  it('makes no garbage per body or pair without gravity (boxes colliding)', () => {
    const world = crowdedWorld(0)
    expect(bytesPerBodyStep(world)).toBeLessThan(BUDGET_PER_BODY_STEP)
    // Not vacuous: boxes were still hitting walls and one another.
    let hits = 0
    world.forEachHit(() => hits++)
    expect(hits).toBeGreaterThan(0)
  })

  it('makes no garbage per body or pair under gravity (a pile settling)', () => {
    const world = crowdedWorld(980)
    expect(bytesPerBodyStep(world)).toBeLessThan(BUDGET_PER_BODY_STEP)
  })

  // After the tests above, as in an app with several worlds: V8 compiled the step for
  // contacts that do not bounce, and calls it did inline then were left as calls when
  // bounces came, boxing about 67 bytes per body and step before the bounce's numbers
  // went through typed arrays.
  it('makes no garbage per body or pair when boxes bounce, after worlds that did not', () => {
    const world = crowdedWorld(980, { bounce: true })
    expect(bytesPerBodyStep(world)).toBeLessThan(BUDGET_PER_BODY_STEP)
    let hits = 0
    world.forEachHit(() => hits++)
    expect(hits).toBeGreaterThan(0)
  })

  // Tracking looks up and walks every touching pair each step. A for-of over the pairs'
  // Map made an entry array per pair (about 100 bytes per body and step here), and pair
  // keys past 32 bits (slots over 1,024 with the old keys) were boxed at each lookup.
  it('makes no garbage per pair while contacts are tracked', () => {
    // Boxes tiled edge to edge: each touches its neighbours, and no contact starts or
    // ends after the first step (events are objects, made only when they fire).
    const tiles = 1600
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    for (let n = 0; n < tiles; n++) {
      world.add({ x: (n % 40) * 20, y: Math.floor(n / 40) * 20, width: 20, height: 20 })
    }
    let starts = 0
    let ends = 0
    world.on('contactStart', () => starts++)
    world.on('contactEnd', () => ends++)
    expect(bytesPerBodyStep(world, tiles)).toBeLessThan(BUDGET_PER_BODY_STEP)
    expect(starts).toBeGreaterThan(tiles)
    expect(ends).toBe(0)
  })

  // V8 never inlines an RK4 step, so the numbers passed to it were boxed (16 bytes per
  // body and step); and once the step had called both integrators, Euler worlds boxed
  // them too.
  it('makes no garbage per body with the RK4 integrator, nor with Euler after it', () => {
    expect(bytesPerBodyStep(crowdedWorld(980, { integrator: 'rk4' }))).toBeLessThan(
      BUDGET_PER_BODY_STEP,
    )
    expect(bytesPerBodyStep(crowdedWorld(980))).toBeLessThan(BUDGET_PER_BODY_STEP)
  })
})
