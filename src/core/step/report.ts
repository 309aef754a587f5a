/**
 * Stage 10: report. Records, for the contact tracker, the pairs touching after the step and
 * how they came to touch (push or sweep). Reads the store's boxes, the pairs, the solid
 * pairs and the velocity stage's contacts. Writes only the tracker: no position or velocity.
 */
import { FROM_PUSH, FROM_SWEEP } from '../world/contactTracker.js'
import { pairCode } from '../world/pairCode.js'
import { IGNORE } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { loadRect } from '../world/bodyStore.js'
import { contactNormalInto, sweptIntoContact } from './contacts.js'

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
 * Reports to the contact tracker every pair touching at the end of the step: dynamic
 * pairs (crossing ones included: they pass through but are in contact), dynamic bodies
 * and their solid candidates, and kinematic bodies with the solids they touch.
 */
export function recordContacts(ctx: StepScratch, sim: StepContext): void {
  for (let p = 0; p < sim.pairs.count; p++) {
    touchIfTouching(
      ctx,
      sim,
      sim.dynamic[sim.pairs.a[p] as number] as number,
      sim.dynamic[sim.pairs.b[p] as number] as number,
      sweptIntoContact(ctx, p) ? FROM_SWEEP : FROM_PUSH,
    )
  }
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = sim.dynamic[k] as number
    const end = sim.candidateStart[k + 1] as number
    for (let c = sim.candidateStart[k] as number; c < end; c++) {
      const solid = sim.solid[sim.candidates.items[c] as number] as number
      if (pairCode(sim, slot, solid) !== IGNORE) touchIfTouching(ctx, sim, slot, solid, FROM_PUSH)
    }
  }
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
