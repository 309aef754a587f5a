import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { animationFrames } from '../support/pointerInput.js'
import { overlappingPairs } from './support/layoutChecks.js'
import { TimeControlDemo } from './support/TimeControlDemo.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'Use cases/Time control',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: TimeControlDemo,
  args: { speed: 240, timeScale: 1, horizon: 2.5, debug: true },
  argTypes: {
    speed: { control: { type: 'range', min: 30, max: 2400, step: 30 } },
    timeScale: { control: 'inline-radio', options: [1, 0.5, 0.25, 0.1] },
    horizon: { control: { type: 'range', min: 0.25, max: 4, step: 0.25 } },
  },
  parameters: {
    docs: {
      description: {
        component:
          "For teaching: a box bounces between two walls. Pause, step one fixed step, slow the world's clock down, or freeze the world at the time of impact of the next swept hit. The blue dashed box is the Minkowski difference of the wall and the box, drawn around the box's corner (the white origin) for the next hit within the horizon (2.5 s: at 240 px/s every hit is); the line is the box's motion over the horizon, green when it enters the difference (article 003). The panel shows the numbers: v·Δt, the entry fraction h and the time of impact.",
      },
    },
  },
} satisfies Meta<typeof TimeControlDemo>

export default meta
type Story = StoryObj<typeof meta>

/** Pause, step, slow down, freeze at impact. */
export const TimeControl: Story = {}

/**
 * The interaction test of {@link TimeControl}, in a story of its own because it pauses the world,
 * steps it one frame and freezes it at the next impact.
 */
export const TimeControlInteractions: Story = {
  ...TimeControl,
  name: 'Time Control: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByTestId('box')
    const left = () => box.getBoundingClientRect().left
    const status = canvas.getByRole('status', { name: 'Status' })
    await waitFor(() =>
      expect(canvas.getByLabelText('Maths')).toHaveTextContent(`(${args.speed}, 0) px/s`),
    )
    // As the description says: the next hit's Minkowski difference is drawn from the start.
    await expect(canvas.getByTestId('minkowski-difference')).toHaveAttribute(
      'visibility',
      'visible',
    )

    await step('pause, then step one frame: the box moves by exactly v·Δt', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Pause' }))
      await expect(status).toHaveTextContent('Paused')
      await animationFrames(3)
      const before = left()
      await animationFrames(3)
      await expect(left()).toBe(before)
      await userEvent.click(canvas.getByRole('button', { name: 'Step one frame' }))
      await expect(left() - before).toBeCloseTo(args.speed / 60, 2)
    })

    await step('freeze at the next impact: the box stops touching the wall', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Freeze at next impact' }))
      await waitFor(() => expect(status).toHaveTextContent('Frozen at impact with Wall B'), {
        timeout: 5000,
      })
      await animationFrames(2)
      const wall = canvas.getByTestId('wall-b').getBoundingClientRect()
      await expect(box.getBoundingClientRect().right).toBeCloseTo(wall.left, 1)
      await expect(overlappingPairs([box, canvas.getByTestId('wall-b')])).toEqual([])
      await expect(canvas.getByLabelText('Maths')).toHaveTextContent('h = 0.000')
    })
  },
}
