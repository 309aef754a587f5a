import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { IntegratorComparison } from 'react-aabb/widgets'
import { MAX_STEPS, STEP_BATCH } from '../../src/widgets/IntegratorComparison.js'
import { PHASE_SCALE } from '../../src/widgets/PhasePortrait.js'
import { animationFrames } from '../support/pointerInput.js'
import type { SpringIntegratorId } from '../../src/widgets/springExperiment.js'
import {
  bodiesIn,
  overlappingPairs,
  overlapTolerance,
  untilStill,
} from '../usecases/support/layoutChecks.js'
import { PhysicsPlayground } from '../usecases/support/PhysicsPlayground.js'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'Articles/004 Simple physics',
  component: IntegratorComparison,
  args: { dt: 0.05, stiffness: 4 },
  argTypes: withDocumentedDefaults(IntegratorComparison, {
    dt: { name: 'step dt (s)', control: { type: 'range', min: 0.01, max: 0.1, step: 0.01 } },
    stiffness: { name: 'stiffness k', control: { type: 'range', min: 1, max: 20, step: 1 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "Article 004 integrates with explicit Euler (position += velocity·dt, then velocity += acceleration·dt), calls it inaccurate and switches to RK4. Here the kernel's three integrators run side by side on a spring, a = −k·x, from the same start with the same step. Each panel is the trajectory in phase space (x right, v/ω up): the dashed circle is the start's energy, the ring is the exact motion, the dot is the integrator. Explicit Euler spirals outwards, as every step multiplies its energy by 1 + k·dt²; semi-implicit Euler (the world's default) keeps to a closed loop near the circle; RK4 stays on the circle with the exact motion (at the largest k and dt it slowly loses energy instead). The table gives each energy relative to the start. Press Play or Step 200, and change dt and k in the controls.",
      },
    },
  },
} satisfies Meta<typeof IntegratorComparison>

export default meta
type Story = StoryObj<typeof meta>

// RK4's energy error at the default step is about 3e-6 per 200 steps: "close to exact".
const RK4_TOLERANCE = 0.01
// Semi-implicit Euler's energy swings by about ω·dt / 2 = 5% around the start at the defaults.
const SEMI_IMPLICIT_BAND = 0.1

type EnergyColumn = 'energy-ratio' | 'lowest-energy-ratio' | 'highest-energy-ratio'

/** Reads one integrator's energy relative to the start from the rendered table. */
function energyShown(canvasElement: HTMLElement, column: EnergyColumn, id: SpringIntegratorId) {
  return Number(within(canvasElement).getByTestId(`${column}-${id}`).textContent)
}

/** The step count the demo shows ("200 of 1000 steps, ..."). */
function stepsShown(canvasElement: HTMLElement) {
  return Number(/^\d+/.exec(within(canvasElement).getByTestId('step-count').textContent)?.[0])
}

/** The drawn integrator dot and exact ring of one panel, in the panel's units. */
function drawnStates(canvasElement: HTMLElement, panelName: RegExp) {
  const panel = within(within(canvasElement).getByRole('img', { name: panelName }))
  const centre = (testId: string) => {
    const circle = panel.getByTestId(testId)
    return { x: Number(circle.getAttribute('cx')), y: Number(circle.getAttribute('cy')) }
  }
  return { integrator: centre('integrator-state'), exact: centre('exact-state') }
}

/**
 * Article 004's point, to measure: press Step 200 and explicit Euler has gained energy,
 * semi-implicit Euler is within a few percent of the start and RK4 is at it; press it again
 * and explicit Euler has gained again while the other two have not drifted.
 */
export const Integrators: Story = {}

/**
 * The interaction test of {@link Integrators}, in a story of its own because it steps every
 * integrator 400 times.
 */
export const IntegratorsInteractions: Story = {
  ...Integrators,
  name: 'Integrators: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const energy = (id: SpringIntegratorId) => energyShown(canvasElement, 'energy-ratio', id)
    const stepBatch = () =>
      userEvent.click(canvas.getByRole('button', { name: `Step ${STEP_BATCH}` }))

    await step('all three start from the same state and energy', async () => {
      await expect(stepsShown(canvasElement)).toBe(0)
      for (const id of ['explicit', 'semi-implicit', 'rk4'] as const) {
        await expect(energy(id)).toBe(1)
      }
    })

    await step(`Step ${STEP_BATCH}: only explicit Euler is far from 1`, async () => {
      await stepBatch()
      await expect(stepsShown(canvasElement)).toBe(STEP_BATCH)
      await expect(energy('explicit')).toBeGreaterThan(2)
      await expect(energy('explicit')).toBeGreaterThan(energy('semi-implicit'))
      await expect(Math.abs(energy('semi-implicit') - 1)).toBeLessThan(SEMI_IMPLICIT_BAND)
      await expect(Math.abs(energy('rk4') - 1)).toBeLessThan(RK4_TOLERANCE)
      // Exactly so: each explicit step multiplies (v² + k·x²) / 2 by 1 + k·dt².
      // The meta's args set both, so neither falls back to the widget's default here.
      const growth = (1 + args.stiffness! * args.dt! ** 2) ** STEP_BATCH
      await expect(energy('explicit') / growth).toBeCloseTo(1, 3)
    })

    await step('the drawing agrees with the table', async () => {
      const explicit = drawnStates(canvasElement, /^Explicit Euler/)
      const radius = Math.hypot(explicit.integrator.x, explicit.integrator.y) / PHASE_SCALE
      // Squared distance from the centre is the energy relative to the start.
      await expect(radius ** 2).toBeCloseTo(energy('explicit'), 1)
      // RK4's dot sits on the exact motion's ring.
      const rk4 = drawnStates(canvasElement, /^Runge-Kutta 4/)
      const gap = Math.hypot(rk4.integrator.x - rk4.exact.x, rk4.integrator.y - rk4.exact.y)
      await expect(gap).toBeLessThan(1)
    })

    await step(`Step ${STEP_BATCH} again: only explicit Euler keeps gaining`, async () => {
      const explicitBefore = energy('explicit')
      await stepBatch()
      await expect(stepsShown(canvasElement)).toBe(2 * STEP_BATCH)
      await expect(energy('explicit')).toBeGreaterThan(2 * explicitBefore)
      // Explicit Euler never dips below its start; the others stay in their bands throughout.
      await expect(energyShown(canvasElement, 'lowest-energy-ratio', 'explicit')).toBe(1)
      for (const column of ['lowest-energy-ratio', 'highest-energy-ratio'] as const) {
        const semiImplicit = energyShown(canvasElement, column, 'semi-implicit')
        await expect(Math.abs(semiImplicit - 1)).toBeLessThan(SEMI_IMPLICIT_BAND)
        const rk4 = energyShown(canvasElement, column, 'rk4')
        await expect(Math.abs(rk4 - 1)).toBeLessThan(RK4_TOLERANCE)
      }
    })
  },
}

/** Play runs one step per frame until Pause; Reset goes back to the start. */
export const PlayAndPause: Story = {}

/**
 * The interaction test of {@link PlayAndPause}, in a story of its own because it plays, pauses and
 * resets the simulation.
 */
export const PlayAndPauseInteractions: Story = {
  ...PlayAndPause,
  name: 'Play And Pause: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }))
    // One step per frame: a loaded machine draws fewer frames a second, so allow it time.
    await waitFor(() => expect(stepsShown(canvasElement)).toBeGreaterThan(20), { timeout: 5000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }))
    const paused = stepsShown(canvasElement)
    await animationFrames(5)
    await expect(stepsShown(canvasElement)).toBe(paused)
    await expect(stepsShown(canvasElement)).toBeLessThan(MAX_STEPS)
    await expect(energyShown(canvasElement, 'energy-ratio', 'explicit')).toBeGreaterThan(1)

    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }))
    await expect(stepsShown(canvasElement)).toBe(0)
    await expect(energyShown(canvasElement, 'energy-ratio', 'explicit')).toBe(1)
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeEnabled()
  },
}

/**
 * Article 004's own demo, where "mouse clicks create another object": each click drops a
 * box that falls and bounces off the floor by the bounce factor. Where the article moves
 * every box and then pushes overlapping ones out by the minimum translation distance, the
 * world stops a box where it meets another (a swept contact) and pushes out only what
 * overlap is left. (Its controls are in "Use cases/Playground".)
 */
export const ClickToAddBoxes: Story = {
  render: () => <PhysicsPlayground initialBoxes={0} />,
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  parameters: { controls: { disable: true } },
}

/**
 * The interaction test of {@link ClickToAddBoxes}, in a story of its own because it clicks two
 * boxes into the playground.
 */
export const ClickToAddBoxesInteractions: Story = {
  ...ClickToAddBoxes,
  name: 'Click To Add Boxes: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByRole('region', { name: 'Playground' })
    const boxes = () => bodiesIn(board)
    const { left, top, width, bottom } = board.getBoundingClientRect()
    const click = { clientX: left + width / 2, clientY: top + 40 }
    const near = (actual: number, expected: number) =>
      expect(Math.abs(actual - expected)).toBeLessThanOrEqual(overlapTolerance)

    await fireEvent.click(board, click)
    await waitFor(() => expect(boxes()).toHaveLength(1))
    await untilStill(boxes)
    const first = boxes()[0]!.getBoundingClientRect()
    // It fell straight down from the click and rests on the floor.
    await near(first.left + first.width / 2, click.clientX)
    await near(first.bottom, bottom)

    await fireEvent.click(board, click)
    await waitFor(() => expect(boxes()).toHaveLength(2))
    await untilStill(boxes)
    // The second lands on the first: touching, not overlapping.
    await near(boxes()[1]!.getBoundingClientRect().bottom, first.top)
    await expect(overlappingPairs(boxes())).toEqual([])
  },
}
