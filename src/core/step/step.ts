import { StepContext } from './context.js'
import { integrate } from './integrate.js'
import { collectBodies, indexSolids } from './pairs.js'
import { recordContacts } from './report.js'
import { pushApart } from './pushOut.js'
import { undoNewOverlaps } from './guard.js'
import { settle } from './settle.js'
import { solveWithinReach } from './reach.js'
import { sweepAgainstSolids } from './sweep.js'
import { storeVelocities } from './displacements.js'

/**
 * One fixed step of `h` seconds: the stages in order. Each stage is a function of the
 * world's {@link StepContext}; its file opens with what it reads and writes.
 *
 * 1. pairs: list the bodies by kind, index the solids (when they changed);
 * 2. integrate: damping and gravity give each dynamic body a wanted displacement;
 * 3. pairs: the broadphase gives the dynamic pairs and each body's solid candidates;
 *    crowd: a step with far more pairs than bodies holds the bodies of crowds beyond the
 *    first few dozen (`crowd.ts`), so its work stays linear in the bodies;
 * 4. contacts: every contact of the step, touching or speculative (`contacts.ts`);
 * 5. support: shock propagation: support levels, weights and the solving order
 *    (`support.ts`);
 * 6. velocities: the velocity passes with pooled chains (`velocities.ts`), displacements
 *    from them (`displacements.ts`); stages 3 to 6 repeat while a solved motion leaves the
 *    bounds its contacts were found in (`reach.ts`), except in a step that holds a crowd;
 *    then bodies no solid can stop move;
 * 7. sweep: the others move swept against solids (article 003), with their response;
 * 8. push-out: dynamic pairs pushed apart by penetration vectors (articles 000, 002;
 *    `pushOut.ts`);
 * 9. guard: a pair the step made overlap deeper than the stuck depth goes back to where it
 *    started the step, with the bodies its return meets (`guard.ts`);
 * 10. settle: snap back rounding-level motion, velocities from realised displacements;
 * 11. report: contacts and their events (when tracked).
 *
 * No loop of its own: V8 compiles a hot loop on stack replacement and keeps that code for
 * later calls; compiled before the rest of the step had run, it would lack type feedback
 * for the stages and deoptimize.
 */
export function step(sim: StepContext, h: number): void {
  sim.hits.clear()
  collectBodies(sim)
  if (sim.solidsDirty) indexSolids(sim)
  integrate(sim, h)
  solveWithinReach(sim, h)
  storeVelocities(sim.scratch, sim)
  const tracking = sim.contacts.enabled
  if (tracking) sim.contacts.beginStep()
  sweepAgainstSolids(sim)
  pushApart(sim.scratch, sim)
  undoNewOverlaps(sim.scratch, sim)
  settle(sim, h)
  if (tracking) {
    recordContacts(sim.scratch, sim)
    sim.contacts.endStep()
  }
  sim.time += h
}

/** A world's step context with the fixed step as a method, for `createWorld`. */
export class Simulation extends StepContext {
  /** Advances every body by one fixed step of `h` seconds (see {@link step}). */
  stepOnce(h: number): void {
    step(this, h)
  }
}
