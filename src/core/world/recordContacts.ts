import type { Rect, Vec2 } from '../geometry/types.js'
import { FROM_PUSH, FROM_SWEEP } from './contactTracker.js'
import { IGNORE, pairCode } from './pairCode.js'
import type { Simulation } from './simulation.js'
import { loadRect } from './solidSweep.js'
import { contactNormalInto, sweptIntoContact } from './solver.js'

const a: Rect = { x: 0, y: 0, width: 0, height: 0 }
const b: Rect = { x: 0, y: 0, width: 0, height: 0 }
const normal: Vec2 = { x: 0, y: 0 }

function touchIfTouching(sim: Simulation, slotA: number, slotB: number, source: number): void {
  loadRect(a, sim.store, slotA)
  loadRect(b, sim.store, slotB)
  // Touching counts as contact, as `overlaps` does; a corner-only touch has no normal. The
  // four tests are folded into one (see the README's hot paths): which side a pair is apart
  // on is a coin toss to the branch predictor.
  const apart =
    Number(a.x > b.x + b.width) |
    Number(b.x > a.x + a.width) |
    Number(a.y > b.y + b.height) |
    Number(b.y > a.y + a.height)
  if (apart === 1) return
  if (!contactNormalInto(normal, a, b)) {
    normal.x = 0
    normal.y = 0
  }
  sim.contacts.touch(slotA, slotB, normal.x, normal.y, source)
}

/**
 * Reports to the contact tracker every pair touching at the end of the step: dynamic
 * pairs (crossing ones included: they pass through but are in contact), dynamic bodies
 * and their solid candidates, and kinematic bodies with the solids they touch.
 */
export function recordContacts(sim: Simulation): void {
  for (let p = 0; p < sim.pairs.count; p++) {
    touchIfTouching(
      sim,
      sim.dynamic[sim.pairs.a[p] as number] as number,
      sim.dynamic[sim.pairs.b[p] as number] as number,
      sweptIntoContact(p) ? FROM_SWEEP : FROM_PUSH,
    )
  }
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = sim.dynamic[k] as number
    const end = sim.candidateStart[k + 1] as number
    for (let c = sim.candidateStart[k] as number; c < end; c++) {
      const solid = sim.solid[sim.candidates.items[c] as number] as number
      if (pairCode(sim, slot, solid) !== IGNORE) touchIfTouching(sim, slot, solid, FROM_PUSH)
    }
  }
  for (let p = 0; p < sim.solidPairs.count; p++) {
    touchIfTouching(sim, sim.solidPairs.a[p] as number, sim.solidPairs.b[p] as number, FROM_PUSH)
  }
}
