import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { OverlapTestDemo, type CentreBox } from '../support/OverlapTestDemo.js'

const unitBox = (x: number, y: number): CentreBox => ({
  center: { x, y },
  halfExtents: { x: 0.5, y: 0.5 },
})

const meta = {
  title: 'Articles/001 Overlap test',
  component: OverlapTestDemo,
  args: { first: unitBox(0, 0), second: unitBox(1, 0) },
  parameters: {
    docs: {
      description: {
        component:
          "Article 001 stores a box as its centre and half extents. Two boxes overlap unless the distance between their centres on some axis is more than the sum of their half extents. Edit the centres in the controls; the stories below are rows of the article's table of results.",
      },
    },
  },
} satisfies Meta<typeof OverlapTestDemo>

export default meta
type Story = StoryObj<typeof meta>

/** Asserts both tests give `expected`, as the article's "Post" and "CJM" columns do. */
async function expectVerdict(canvasElement: HTMLElement, expected: 'overlap' | 'apart') {
  const canvas = within(canvasElement)
  await expect(canvas.getByTestId('centre-test')).toHaveTextContent(expected)
  await expect(canvas.getByTestId('edge-test')).toHaveTextContent(expected)
}

/** Row 2: centres 1 apart, boxes 1 wide. They touch, and touching counts as overlap. */
export const Touching: Story = {
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'overlap'),
}

/** Row 3: centres 1.5 apart. Apart; the flawed "Anon" test in the comments said overlap. */
export const Apart: Story = {
  args: { second: unitBox(1.5, 0) },
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'apart'),
}

/** Row 10: apart on y only. One separated axis is enough. */
export const ApartOnY: Story = {
  args: { second: unitBox(0, 1.5) },
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'apart'),
}

/** Row 5: the same box twice. */
export const Identical: Story = {
  args: { first: unitBox(1, 0), second: unitBox(1, 0) },
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'overlap'),
}
