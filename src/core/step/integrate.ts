/**
 * Stage 2, integrate: damping and gravity (semi-implicit Euler or RK4, article 004) give each
 * dynamic body a wanted displacement and the bounds it sweeps; a damped body that nothing
 * accelerates stops once its remaining travel is under `DAMPED_REST_TRAVEL`.
 * Reads: the store's positions, velocities, damping, gravity scale and inverse mass.
 * Writes: `startX/Y`, `startVelocityX/Y`, `integratedVelocityX/Y`, `deltaX/Y`, `width`,
 * `height`, `inverseMass`, `dynamicBounds`. No position or velocity of the store.
 */
import { integrateRK4WithTiming } from '../geometry/integrators.js'
import type { StepContext } from './context.js'
import { BROADPHASE_MARGIN, DAMPED_REST_TRAVEL } from './tolerances.js'

/** Integrates every dynamic body into a wanted displacement, and its swept bounds. */
export function integrate(sim: StepContext, h: number): void {
  const { gravity, integrator } = sim.settings
  const euler = integrator !== 'rk4'
  sim.scratch.integrator.timing[0] = h
  sim.scratch.integrator.timing[1] = sim.time
  const { x: storeX, y: storeY, velocityX, velocityY } = sim.store
  const { width: storeWidth, height: storeHeight } = sim.store
  const { damping, gravityScale, inverseMass: storeInverseMass } = sim.store
  const { minX, minY, maxX, maxY } = sim.dynamicBounds
  const { dynamic, startX, startY, startVelocityX, startVelocityY, deltaX, deltaY } = sim
  const { integratedVelocityX, integratedVelocityY } = sim
  const { inverseMass, width, height, scratch: context } = sim
  const { rk4State: state, rk4Acceleration: acceleration } = context
  const gravityX = gravity.x
  const gravityY = gravity.y
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = dynamic[k] as number
    const x = storeX[slot] as number
    const y = storeY[slot] as number
    const bodyWidth = storeWidth[slot] as number
    const bodyHeight = storeHeight[slot] as number
    // Implicit linear damping, applied first: v *= 1 / (1 + damping * h) (stable for any h).
    // Without damping (most bodies) the factor is 1 exactly, and the division, a fifth of
    // sim loop's time at 10,000 boxes, is skipped.
    const bodyDamping = damping[slot] as number
    const dampingFactor = bodyDamping === 0 ? 1 : 1 / (1 + bodyDamping * h)
    let startVx = (velocityX[slot] as number) * dampingFactor
    let startVy = (velocityY[slot] as number) * dampingFactor
    const accelerationX = gravityX * (gravityScale[slot] as number)
    const accelerationY = gravityY * (gravityScale[slot] as number)
    if (bodyDamping !== 0 && accelerationX === 0 && accelerationY === 0) {
      // A damped body that nothing accelerates stops once what it would still travel is
      // under DAMPED_REST_TRAVEL: from the damped speed v, the steps ahead move it
      // v h (1 + f + f² + ...) = v h / (1 - f) = v (1 + damping h) / damping.
      const stopSpeed = DAMPED_REST_TRAVEL * bodyDamping * dampingFactor
      if (startVx * startVx + startVy * startVy < stopSpeed * stopSpeed) {
        startVx = 0
        startVy = 0
      }
    }
    startVelocityX[k] = startVx
    startVelocityY[k] = startVy
    let vx: number
    let vy: number
    let dx: number
    let dy: number
    if (euler) {
      // Semi-implicit Euler (article 004), the kernel's integrateEulerInto written out with
      // the same operations in the same order (a test holds them bit for bit equal):
      // loading each body into the kernel's state objects and back made the loop half as
      // slow again (bench/RESULTS.md, "Design choices and their measurements").
      vx = startVx + accelerationX * h
      vy = startVy + accelerationY * h
      // The new position less the old, as the kernel's result was read back.
      dx = x + vx * h - x
      dy = y + vy * h - y
    } else {
      state.position.x = x
      state.position.y = y
      state.velocity.x = startVx
      state.velocity.y = startVy
      acceleration.x = accelerationX
      acceleration.y = accelerationY
      integrateRK4WithTiming(state, state, acceleration, context.integrator)
      vx = state.velocity.x
      vy = state.velocity.y
      dx = state.position.x - x
      dy = state.position.y - y
    }
    startX[k] = x
    startY[k] = y
    width[k] = bodyWidth
    height[k] = bodyHeight
    deltaX[k] = dx
    deltaY[k] = dy
    // The store's velocity is written once the velocity pass has solved it (nothing reads
    // it in between).
    integratedVelocityX[k] = vx
    integratedVelocityY[k] = vy
    inverseMass[k] = storeInverseMass[slot] as number
    // The bounds over the wanted displacement, for the broadphase (here, not in a pass of
    // their own: the body's fields are at hand). `x + (d - |d|) / 2` is `d < 0 ? x + d : x`
    // bit for bit, without the branch: motions point every way, so the predictor missed
    // that branch half the time, and sim loop took twice as long with it.
    minX[k] = x + 0.5 * (dx - Math.abs(dx)) - BROADPHASE_MARGIN
    minY[k] = y + 0.5 * (dy - Math.abs(dy)) - BROADPHASE_MARGIN
    maxX[k] = x + 0.5 * (dx + Math.abs(dx)) + bodyWidth + BROADPHASE_MARGIN
    maxY[k] = y + 0.5 * (dy + Math.abs(dy)) + bodyHeight + BROADPHASE_MARGIN
  }
}
