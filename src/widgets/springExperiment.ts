import {
  integrateEuler,
  integrateExplicitEuler,
  integrateRK4,
  type AccelerationField,
  type KinematicState,
  type Vec2,
} from '../core/index.js'

/**
 * Article 004's comparison, run on a spring: one mass on a = −k·x (along x only), started
 * at rest at x = 1, advanced by each of the kernel's three integrators with the same step.
 * The exact motion is x = cos(ωt) with ω = √k, and the energy (v² + k·x²) / 2 never changes,
 * so each integrator's energy relative to the start measures its error.
 */

/** The integrators compared, in the order the demo shows them. */
export const SPRING_INTEGRATORS = [
  {
    id: 'explicit',
    name: 'Explicit Euler',
    update: 'x += v·dt, then v += a·dt (article 004)',
    integrate: integrateExplicitEuler,
  },
  {
    id: 'semi-implicit',
    name: 'Semi-implicit Euler',
    update: "v += a·dt, then x += v·dt (the world's 'euler')",
    integrate: integrateEuler,
  },
  {
    id: 'rk4',
    name: 'Runge-Kutta 4',
    update: "four samples of a per step (article 004; the world's 'rk4')",
    integrate: integrateRK4,
  },
] as const

export type SpringIntegratorId = (typeof SPRING_INTEGRATORS)[number]['id']

/** Where every run starts: at rest, one unit from the spring's rest position. */
const SPRING_START: KinematicState = { position: { x: 1, y: 0 }, velocity: { x: 0, y: 0 } }

/** The spring's acceleration field, a = −k·x. */
function springField(stiffness: number): AccelerationField {
  return (position, _velocity, _time, out) => {
    out.x = -stiffness * position.x
    out.y = 0
    return out
  }
}

/** The spring's energy per unit mass, (v² + k·x²) / 2. */
function springEnergy(state: KinematicState, stiffness: number): number {
  return (state.velocity.x ** 2 + stiffness * state.position.x ** 2) / 2
}

/** The exact motion from {@link SPRING_START} at `time`: x = cos(ωt), v = −ω·sin(ωt). */
export function exactSpring(stiffness: number, time: number): KinematicState {
  const omega = Math.sqrt(stiffness)
  return {
    position: { x: Math.cos(omega * time), y: 0 },
    velocity: { x: -omega * Math.sin(omega * time), y: 0 },
  }
}

/** One integrator's side of a run. */
export interface SpringTrack {
  state: KinematicState
  /** Every state so far as (x, v) points, the start included: the trajectory in phase space. */
  trail: Vec2[]
  /** Energy now, and the lowest and highest seen so far, each relative to the start's. */
  energyRatio: number
  lowestEnergyRatio: number
  highestEnergyRatio: number
}

/** The three integrators after `steps` steps of the same `dt`, from the same start. */
export interface SpringRun {
  steps: number
  tracks: Record<SpringIntegratorId, SpringTrack>
}

/** A run that has not stepped yet. */
export function startSpringRun(): SpringRun {
  const track: SpringTrack = {
    state: SPRING_START,
    trail: [{ x: SPRING_START.position.x, y: SPRING_START.velocity.x }],
    energyRatio: 1,
    lowestEnergyRatio: 1,
    highestEnergyRatio: 1,
  }
  return { steps: 0, tracks: { explicit: track, 'semi-implicit': track, rk4: track } }
}

/**
 * `run` advanced by `steps` more steps of `dt` on a spring of stiffness `stiffness`, as a
 * new run (React state). The three tracks always share a step count.
 */
export function advanceSpringRun(
  run: SpringRun,
  stiffness: number,
  dt: number,
  steps: number,
): SpringRun {
  const field = springField(stiffness)
  const startEnergy = springEnergy(SPRING_START, stiffness)
  const tracks = { ...run.tracks }
  for (const { id, integrate } of SPRING_INTEGRATORS) {
    let { state, energyRatio, lowestEnergyRatio, highestEnergyRatio } = tracks[id]
    const trail = [...tracks[id].trail]
    for (let step = 0; step < steps; step++) {
      state = integrate(state, field, dt)
      trail.push({ x: state.position.x, y: state.velocity.x })
      energyRatio = springEnergy(state, stiffness) / startEnergy
      lowestEnergyRatio = Math.min(lowestEnergyRatio, energyRatio)
      highestEnergyRatio = Math.max(highestEnergyRatio, energyRatio)
    }
    tracks[id] = { state, trail, energyRatio, lowestEnergyRatio, highestEnergyRatio }
  }
  return { steps: run.steps + steps, tracks }
}
