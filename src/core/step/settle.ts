/**
 * Stage 10, settle: a body near others that moved less than `REST_DISTANCE` is put back where
 * it was, and each body's velocity is made to agree with the displacement it realised.
 * Reads: `startX/Y`, `deltaX/Y`, `candidateStart`, the contacts of the velocity stage.
 * Writes: the store's positions (snap back) and velocities (the last write of the step),
 * its moved flags, `movedInLastStep`.
 */
import type { StepContext } from './context.js'
import { hadContact } from './velocities.js'
import { REST_DISTANCE, TOUCH_TOLERANCE } from './tolerances.js'

/**
 * Snaps rounding-level motion back, limits velocity to the motion a push-out allowed,
 * then flags bodies that moved. Only bodies near another (a contact or a solid in their
 * broadphase bounds) are snapped: that is where the solver's rounding noise comes from.
 * A free body moves exactly as integrated, however slowly: snapped, a body starting to
 * fall under a weak gravity (or drifting at 0.005 px/s) never moved at all.
 */
export function settle(sim: StepContext, h: number): void {
  // Arrays in locals: V8 did not lift the reads of `sim.startX` and the others out of
  // the loop.
  const { x, y, velocityX, velocityY, moved: movedFlags } = sim.store
  const { dynamic, startX, startY, deltaX, deltaY, candidateStart, scratch: context } = sim
  let moved = 0
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = dynamic[k] as number
    const x0 = startX[k] as number
    const y0 = startY[k] as number
    const dx = (x[slot] as number) - x0
    const dy = (y[slot] as number) - y0
    const resting =
      (dx === 0 && dy === 0) ||
      (Math.abs(dx) < REST_DISTANCE &&
        Math.abs(dy) < REST_DISTANCE &&
        (hadContact(context, k) || candidateStart[k] !== candidateStart[k + 1]))
    if (resting) {
      x[slot] = x0
      y[slot] = y0
    }
    velocityX[slot] = blockedVelocity(
      velocityX[slot] as number,
      deltaX[k] as number,
      (x[slot] as number) - x0,
      h,
    )
    velocityY[slot] = blockedVelocity(
      velocityY[slot] as number,
      deltaY[k] as number,
      (y[slot] as number) - y0,
      h,
    )
    if (resting) continue
    movedFlags[slot] = 1
    moved++
  }
  sim.movedInLastStep = moved
}

/**
 * A body's velocity on one axis after the step, given the displacement it wanted and the
 * one it got. The push-out of dynamic pairs (articles 000, 002) corrects positions only:
 * a body stopped short by another body, or snapped back by {@link REST_DISTANCE}, kept
 * the velocity of the whole move. That unrealised speed came back as an impact in the
 * next velocity pass, a step of gravity larger than the real one, so a box with
 * restitution on another one bounced for ever (energy gained each cycle) and a box that
 * hovered a rounding gap above another one gained speed while reported idle. As in
 * position-based dynamics (velocity = realised displacement / step), the speed toward the
 * blocked side is cut to what the body actually moved; a velocity already turned back by a
 * swept response (article 003/004) or pointing away is left alone.
 */
function blockedVelocity(velocity: number, wanted: number, realised: number, h: number): number {
  // Math.sign(velocity) !== Math.sign(wanted), with no branch on the signs (random here).
  if (wanted === 0 || velocity === 0 || Number(velocity < 0) !== Number(wanted < 0)) {
    return velocity
  }
  // Short by rounding only ((x0 + d) - x0 is not always d) is not blocked.
  if (Math.abs(realised) >= Math.abs(wanted) * (1 - 1e-9) - TOUCH_TOLERANCE) return velocity
  const allowed = Math.sign(realised) === Math.sign(wanted) ? realised / h : 0
  return Math.abs(allowed) < Math.abs(velocity) ? allowed : velocity
}
