import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { animationFrames } from '../support/pointerInput.js'
import { bodiesIn } from './support/layoutChecks.js'
import { StressField } from './support/StressField.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'Use cases/Stress',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: StressField,
  args: { count: 500, width: 800, height: 480, speed: 180 },
  // The props' `@default`s go to the table's Default column (withDocumentedDefaults).
  argTypes: withDocumentedDefaults(StressField, {
    count: { control: { type: 'range', min: 10, max: 2000, step: 10 } },
    speed: { control: { type: 'range', min: 0, max: 600, step: 10 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'N bodies (up to 2,000) bouncing in a box. The readout is written from `useAfterStep` straight into the DOM: the time each frame spends reading, stepping and writing, and the time between frames (smoothed). Nothing re-renders React per frame.',
      },
    },
  },
} satisfies Meta<typeof StressField>

export default meta
type Story = StoryObj<typeof meta>

const milliseconds = /^\d+\.\d+$/

/** Change the count to load the world. */
export const Stress: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByRole('region', { name: 'Stress board' })
    await waitFor(() => expect(bodiesIn(board)).toHaveLength(args.count))
    await waitFor(() => expect(canvas.getByTestId('body-count')).toHaveTextContent(`${args.count}`))
    await waitFor(async () => {
      await expect(canvas.getByTestId('step-ms').textContent).toMatch(milliseconds)
      await expect(canvas.getByTestId('frame-ms').textContent).toMatch(milliseconds)
    })
    // The bodies move (the first one has left where layout put it) without React commits.
    const first = bodiesIn(board)[0] as HTMLElement
    await waitFor(() => expect(first.style.translate).not.toBe(''))
    const field = canvas.getByTestId('stress-field')
    const commitsBefore = field.getAttribute('data-react-commits')
    const translateBefore = first.style.translate
    await animationFrames(30)
    await expect(first.style.translate).not.toBe(translateBefore)
    await expect(field.getAttribute('data-react-commits')).toBe(commitsBefore)
  },
}
