import type { Meta, StoryObj } from '@storybook/react-vite'
import { overlapsInterior } from 'react-aabb/core'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { readRect } from '../../src/widgets/svgRect.js'
import { TunnelingDemo } from 'react-aabb/widgets'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'

const meta = {
  title: 'Articles/003 Tunneling side by side',
  component: TunnelingDemo,
  args: { speed: 90, wallThickness: 6, framesPerStep: 12 },
  argTypes: withDocumentedDefaults(TunnelingDemo, {
    speed: { control: { type: 'range', min: 5, max: 200, step: 5 } },
    wallThickness: { control: { type: 'range', min: 2, max: 60, step: 2 } },
    framesPerStep: { control: { type: 'range', min: 1, max: 60, step: 1 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'Article 003\'s tunnelling, live. The same box moves toward a thin wall twice. Left: discrete detection only, an overlap test at the end of each step (the dashed outlines); no sample lands in the wall, so the box passes through. Right: swept detection, the step\'s motion ray-cast against the wall\'s Minkowski box; the box stops at the time of impact. Press "Run" or "Step".',
      },
    },
  },
} satisfies Meta<typeof TunnelingDemo>

export default meta
type Story = StoryObj<typeof meta>

/** Runs both boxes to the end and returns each panel's wall, box and step-end samples. */
async function runToEnd(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await userEvent.click(canvas.getByRole('button', { name: 'Run' }))
  const root = canvasElement.querySelector<HTMLElement>('[data-phase]')
  await waitFor(() => expect(root?.dataset.phase).toBe('done'), { timeout: 10_000 })
  const panel = (name: RegExp) => {
    const element = canvas.getByRole('img', { name })
    const inside = within(element)
    return {
      outcome: element.dataset.outcome,
      wall: readRect(inside.getByTestId('wall')),
      box: readRect(inside.getByTestId('mover')),
      samples: inside.getAllByTestId('step-sample').map(readRect),
    }
  }
  return { discrete: panel(/^Discrete/), swept: panel(/^Swept/) }
}

/**
 * 90 px per step: press Run and the discrete box jumps over the 6 px wall, the swept one stops at
 * it.
 */
export const FastBox: Story = {}

/**
 * The interaction test of {@link FastBox}, in a story of its own because it runs both boxes to the
 * end.
 */
export const FastBoxInteractions: Story = {
  ...FastBox,
  name: 'Fast Box: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const { discrete, swept } = await runToEnd(canvasElement)

    await expect(discrete.outcome).toBe('passed-through')
    await expect(discrete.box.x).toBeGreaterThan(discrete.wall.x + discrete.wall.width)
    // Why: no step ended inside the wall, so the overlap test never saw it.
    await expect(discrete.samples.some((sample) => overlapsInterior(sample, discrete.wall))).toBe(
      false,
    )

    await expect(swept.outcome).toBe('stopped')
    await expect(swept.box.x + swept.box.width).toBeCloseTo(swept.wall.x, 9)
  },
}

/**
 * 10 px per step is less than half the box's width plus the wall's thickness (13 px): the
 * first step that ends inside the wall is less than halfway in, so the penetration vector
 * pushes the box back out on the near side. Press Run: both stop at the wall. (Between 13 and 26
 * px the
 * discrete box ends a step inside the wall but more than halfway, and is pushed out on the
 * far side: it still tunnels.)
 */
export const SlowBox: Story = {
  args: { speed: 10, framesPerStep: 2 },
}

/**
 * The interaction test of {@link SlowBox}, in a story of its own because it runs both boxes to the
 * end.
 */
export const SlowBoxInteractions: Story = {
  ...SlowBox,
  name: 'Slow Box: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const { discrete, swept } = await runToEnd(canvasElement)
    for (const side of [discrete, swept]) {
      await expect(side.outcome).toBe('stopped')
      await expect(side.box.x + side.box.width).toBeCloseTo(side.wall.x, 9)
    }
  },
}
