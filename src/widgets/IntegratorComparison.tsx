import { useState } from 'react'
import { useIsomorphicLayoutEffect } from '../react/useIsomorphicLayoutEffect.js'
import { assertPositive } from '../core/geometry/validate.js'
import { startAnimationLoop } from './animationLoop.js'
import { EnergyTable, formatRatio } from './EnergyTable.js'
import { formatNumber } from './formatNumber.js'
import { Legend } from './Legend.js'
import { palette, widgetRootStyle } from './palette.js'
import { LiveReadout } from './LiveReadout.js'
import { PhasePortrait } from './PhasePortrait.js'
import {
  advanceSpringRun,
  exactSpring,
  SPRING_INTEGRATORS,
  startSpringRun,
  type SpringRun,
} from './springExperiment.js'
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js'

/** Props of {@link IntegratorComparison}. */
export interface IntegratorComparisonProps {
  /** Seconds per step, the same for the three integrators. @default 0.05 */
  dt?: number | undefined
  /** Stiffness k of the spring a = −k·x; it oscillates at ω = √k. @default 4 */
  stiffness?: number | undefined
}

/** Steps the "Step 200" button runs at once: a few oscillations at the default settings. */
export const STEP_BATCH = 200
/**
 * Where a run ends. Explicit Euler multiplies the energy by exactly 1 + k·dt² every step
 * (expand (v − k·x·dt)² + k·(x + v·dt)²), so it has left the panels long before this; the
 * cap keeps its numbers finite at the controls' largest k and dt.
 */
export const MAX_STEPS = 1000

/** `run` advanced by `steps` steps, or fewer where the run ends. */
function advanceToCap(run: SpringRun, stiffness: number, dt: number, steps: number): SpringRun {
  return advanceSpringRun(run, stiffness, dt, Math.min(steps, MAX_STEPS - run.steps))
}

/** The step count and each integrator's energy, as the live region says them. */
function describeRun(run: SpringRun, dt: number): string {
  const energies = SPRING_INTEGRATORS.map(
    ({ id, name }) => `${name} ${formatRatio(run.tracks[id].energyRatio)}`,
  ).join(', ')
  return `${run.steps} of ${MAX_STEPS} steps, t = ${formatNumber(run.steps * dt)} s. Energy ÷ start: ${energies}.`
}

/**
 * Article 004 integrates with explicit Euler, calls it "horrible inaccurate" and switches
 * to RK4. This runs the kernel's three integrators side by side on a spring from the same
 * start with the same step, and shows each one's trajectory in phase space and its energy
 * relative to the start: explicit Euler's grows every oscillation, semi-implicit Euler's
 * (the world's default) stays within a band around 1, RK4's stays at 1. Nothing moves until
 * the user presses Play or a Step button; with `prefers-reduced-motion: reduce`, Play jumps
 * to the run's end instead of animating it. A polite live region says the step count and
 * the energies whenever the run stands still (after a step, a pause, the end), never while
 * it plays. A `dt` or `stiffness` that is not a finite number > 0 throws an error naming
 * the widget and the prop.
 *
 * @example
 * ```tsx
 * import { IntegratorComparison } from 'react-aabb/widgets'
 *
 * <IntegratorComparison dt={0.1} stiffness={9} />
 * ```
 */
export function IntegratorComparison({ dt = 0.05, stiffness = 4 }: IntegratorComparisonProps) {
  assertPositive('<IntegratorComparison>:', 'dt', dt)
  assertPositive('<IntegratorComparison>:', 'stiffness', stiffness)
  // A new step or stiffness starts a new run: a new key makes React drop the old run's state.
  return <SpringRunView key={`${dt} ${stiffness}`} dt={dt} stiffness={stiffness} />
}

function SpringRunView({ dt, stiffness }: { dt: number; stiffness: number }) {
  const [run, setRun] = useState(startSpringRun)
  const [playing, setPlaying] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const finished = run.steps >= MAX_STEPS
  const running = playing && !finished
  const play = () => {
    if (reducedMotion) setRun((previous) => advanceToCap(previous, stiffness, dt, MAX_STEPS))
    else setPlaying(!running)
  }

  useIsomorphicLayoutEffect(() => {
    if (!running) return
    // One step per animation frame: the other demos' fixed step, never the frame time.
    return startAnimationLoop(() => {
      setRun((previous) => advanceToCap(previous, stiffness, dt, 1))
    })
  }, [running, stiffness, dt])

  const advance = (steps: number) =>
    setRun((previous) => advanceToCap(previous, stiffness, dt, steps))
  const reset = () => {
    setPlaying(false)
    setRun(startSpringRun())
  }
  const omega = Math.sqrt(stiffness)
  const exact = exactSpring(stiffness, run.steps * dt)

  return (
    <div style={widgetRootStyle}>
      <LiveReadout text={running ? '' : describeRun(run, dt)} />
      <div
        style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 6, alignItems: 'center' }}
      >
        <button type="button" onClick={play} disabled={finished}>
          {running ? 'Pause' : 'Play'}
        </button>
        <button type="button" onClick={() => advance(1)} disabled={finished}>
          Step 1
        </button>
        <button type="button" onClick={() => advance(STEP_BATCH)} disabled={finished}>
          Step {STEP_BATCH}
        </button>
        <button type="button" onClick={reset}>
          Reset
        </button>
        <span data-testid="step-count">
          {run.steps} of {MAX_STEPS} steps, t = {formatNumber(run.steps * dt)} s
        </span>
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 220px))',
          gap: 12,
        }}
      >
        {SPRING_INTEGRATORS.map(({ id, name }) => (
          <PhasePortrait
            key={id}
            title={name}
            trail={run.tracks[id].trail}
            exact={exact}
            omega={omega}
          />
        ))}
      </div>
      <p style={{ margin: '4px 0 0' }}>Each panel: position x to the right, velocity v / ω up.</p>
      <Legend
        items={[
          { colour: palette.mutedText, mark: 'dashed ring', label: 'the start’s energy' },
          { colour: palette.text, mark: 'ring', label: 'exact motion, now' },
          { colour: palette.moving, mark: 'line', label: 'the integrator’s trail' },
          { colour: palette.moving, mark: 'dot', label: 'the integrator, now' },
        ]}
      />
      <EnergyTable
        caption={`Energy (v² + k·x²) / 2 relative to the start, dt = ${dt} s, k = ${stiffness}`}
        rows={[
          ...SPRING_INTEGRATORS.map(({ id, name, update }) => {
            const { state, energyRatio, lowestEnergyRatio, highestEnergyRatio } = run.tracks[id]
            const position = state.position.x
            return {
              id,
              name,
              update,
              energyRatio,
              lowestEnergyRatio,
              highestEnergyRatio,
              position,
            }
          }),
          {
            id: 'exact',
            name: 'Exact',
            update: 'x = cos(ωt)',
            energyRatio: 1,
            lowestEnergyRatio: 1,
            highestEnergyRatio: 1,
            position: exact.position.x,
          },
        ]}
      />
    </div>
  )
}
