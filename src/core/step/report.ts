/**
 * Stage 11: report. Records, for the contact tracker, the pairs touching after the step and
 * how they came to touch (push or sweep). Reads the store's boxes, the pairs, the solid
 * pairs and the velocity stage's contacts. Writes only the tracker: no position or velocity.
 */
import { FROM_PUSH, FROM_SWEEP } from '../world/contactTracker.js'
import { dynamicPairCode, pairCode } from '../world/pairCode.js'
import { IGNORE } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { loadRect } from '../world/bodyStore.js'
import { contactNormalInto, sweptIntoContact } from './contacts.js'
import { sweptBoxWithin } from './sweep.js'

function touchIfTouching(
  ctx: StepScratch,
  sim: StepContext,
  slotA: number,
  slotB: number,
  source: number,
): void {
  loadRect(ctx.touchA, sim.store, slotA)
  loadRect(ctx.touchB, sim.store, slotB)
  // Touching counts as contact, as `overlaps` does; a corner-only touch has no normal. The
  // four tests are folded into one (see the README's hot paths): which side a pair is apart
  // on is a coin toss to the branch predictor.
  const apart =
    Number(ctx.touchA.x > ctx.touchB.x + ctx.touchB.width) |
    Number(ctx.touchB.x > ctx.touchA.x + ctx.touchA.width) |
    Number(ctx.touchA.y > ctx.touchB.y + ctx.touchB.height) |
    Number(ctx.touchB.y > ctx.touchA.y + ctx.touchA.height)
  if (apart === 1) return
  if (!contactNormalInto(ctx, ctx.touchNormal, ctx.touchA, ctx.touchB)) {
    ctx.touchNormal.x = 0
    ctx.touchNormal.y = 0
  }
  sim.contacts.touch(slotA, slotB, ctx.touchNormal.x, ctx.touchNormal.y, source)
}

/**
 * Reports the dynamic bodies that dynamic k touches when the push-out carried it out of the
 * bounds the broadphase saw (a box pushed by one added over it, into a third): the step's
 * pairs do not hold those, and their `contactStart` came a step late. It asks the dynamic
 * grid for the bodies near k's box now; a pair also in the step's pairs is recorded once.
 */
function recordContactsBeyondBounds(ctx: StepScratch, sim: StepContext, k: number): void {
  const slot = sim.dynamic[k] as number
  const store = sim.store
  const within = sweptBoxWithin(
    sim.dynamicBounds,
    k,
    store.x[slot] as number,
    store.y[slot] as number,
    store.width[slot] as number,
    store.height[slot] as number,
    0,
    0,
  )
  if (within === 1) return
  loadRect(ctx.touchA, store, slot)
  const near = sim.freshDynamics
  near.count = 0
  sim.dynamicGrid.querySwept(ctx.touchA, ctx.still, near)
  for (let q = 0; q < near.count; q++) {
    const local = near.items[q] as number
    if (local === k) continue
    const other = sim.dynamic[local] as number
    if (dynamicPairCode(sim, slot, other) !== IGNORE) {
      touchIfTouching(ctx, sim, slot, other, FROM_PUSH)
    }
  }
}

/**
 * Reports to the contact tracker every pair touching at the end of the step: dynamic
 * pairs (crossing ones included: they pass through but are in contact), dynamic bodies
 * and their solid candidates, and kinematic bodies with the solids they touch. Each kind
 * is a function whose loop is its last statement: V8 compiles a hot loop on stack
 * replacement and keeps that code for later calls, and a loop after it that had not run
 * when it compiled deoptimized it at every later step (`npm run bench:deopts`).
 */
export function recordContacts(ctx: StepScratch, sim: StepContext): void {
  recordDynamicPairs(ctx, sim)
  recordSolidCandidates(ctx, sim)
  recordSolidPairs(ctx, sim)
}

/** The dynamic pairs of the step that touch at its end. */
function recordDynamicPairs(ctx: StepScratch, sim: StepContext): void {
  for (let p = 0; p < sim.pairs.count; p++) {
    touchIfTouching(
      ctx,
      sim,
      sim.dynamic[sim.pairs.a[p] as number] as number,
      sim.dynamic[sim.pairs.b[p] as number] as number,
      sweptIntoContact(ctx, p) ? FROM_SWEEP : FROM_PUSH,
    )
  }
}

/** Each dynamic body with the solid candidates it touches, and the dynamic bodies beyond its bounds. */
function recordSolidCandidates(ctx: StepScratch, sim: StepContext): void {
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = sim.dynamic[k] as number
    recordContactsBeyondBounds(ctx, sim, k)
    const end = sim.candidateStart[k + 1] as number
    for (let c = sim.candidateStart[k] as number; c < end; c++) {
      const solid = sim.solid[sim.candidates.items[c] as number] as number
      if (pairCode(sim, slot, solid) !== IGNORE) touchIfTouching(ctx, sim, slot, solid, FROM_PUSH)
    }
  }
}

/** The kinematic bodies and the solids they touch. */
function recordSolidPairs(ctx: StepScratch, sim: StepContext): void {
  for (let p = 0; p < sim.solidPairs.count; p++) {
    touchIfTouching(
      ctx,
      sim,
      sim.solidPairs.a[p] as number,
      sim.solidPairs.b[p] as number,
      FROM_PUSH,
    )
  }
}
