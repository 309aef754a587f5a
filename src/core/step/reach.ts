/**
 * Stages 3 to 6 in rounds: pairs, contacts, support and velocity passes, repeated while the
 * solved motion of some body leaves the broadphase bounds its contacts were found in.
 * Reads and writes what those stages do; grows `dynamicBounds` of the bodies that escaped.
 */
import { findContacts } from './contacts.js'
import type { StepContext } from './context.js'
import { holdCrowds } from './crowd.js'
import { findPairs } from './pairs.js'
import { weighContacts } from './support.js'
import { CONTACT_ROUNDS } from './tolerances.js'
import { growEscapedBounds } from './displacements.js'
import { solveVelocities } from './velocities.js'

/**
 * Solves the step's velocities over contacts that cover every solved motion. The contacts
 * of a step are found from each body's own (integrated) motion, speculative ones included
 * (Catto, "Speculative contacts"), so the passes keep two bodies from closing more than
 * their gap only when the broadphase paired them. The passes may throw a body further than
 * its own motion (a light card hit by a heavy one leaves at up to twice its speed; a body
 * that may not be pushed drives a row of cards): then its bounds grow to its solved motion
 * and the step finds the pairs and contacts again and solves anew, from the integrated
 * velocities, until no body leaves its bounds or {@link CONTACT_ROUNDS} is reached. Box2D v3
 * sweeps its fast bodies ("bullets") against the others after the solve
 * (`b2SolveContinuous`); here the thrown bodies' contacts take part in the solve itself, so
 * the bodies they meet are pushed as far as their own contacts allow, and a thrown card
 * never crosses the next one. Most steps take one round: only a collision that changes a
 * velocity by more than the broadphase margin a step takes another. Each round's pairs go
 * through the crowd stage (`crowd.ts`); a round that holds a crowd is the last.
 */
export function solveWithinReach(sim: StepContext, h: number): void {
  const ctx = sim.scratch
  for (let round = 0; round < CONTACT_ROUNDS; round++) {
    if (round > 0) {
      // The hits logged by the last round's speculative contacts are found again.
      sim.hits.clear()
    }
    findPairs(sim)
    holdCrowds(sim)
    findContacts(ctx, sim, h)
    weighContacts(ctx, sim)
    solveVelocities(ctx, sim, h)
    // The last round's motions stand: the sweep and the push-out stop what they left. A
    // step that holds a crowd takes one round: another would list the crowd's pairs again,
    // and its held bodies stay held for the whole step (clause 6 of the layout contract).
    if (round === CONTACT_ROUNDS - 1 || sim.heldCount > 0 || growEscapedBounds(ctx, sim) === 0) {
      return
    }
  }
}
