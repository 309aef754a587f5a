import type { Meta, StoryObj } from '@storybook/react-vite'
import { closestPointOnBounds, penetrationVector } from 'react-aabb/core'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { DiscreteCollisionDemo, palette } from 'react-aabb/widgets'
import { pointTo } from '../support/pointerInput.js'
import { readRect } from '../../src/widgets/svgRect.js'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'

const meta = {
  title: 'Articles/000 Discrete collision',
  component: DiscreteCollisionDemo,
  args: {
    obstacle: { x: -120, y: -80, width: 160, height: 110 },
    size: 40,
    pushOut: false,
  },
  argTypes: withDocumentedDefaults(DiscreteCollisionDemo, {
    size: { control: { type: 'range', min: 10, max: 120, step: 5 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'Move the pointer: the small box follows it (or Tab to the demo and use the arrow keys; Shift moves by 1). The blue box is the Minkowski difference of the two boxes; it covers the origin (white dot) exactly when they collide, and the arrow is the penetration vector.',
      },
    },
  },
} satisfies Meta<typeof DiscreteCollisionDemo>

export default meta
type Story = StoryObj<typeof meta>

/** Article 000's first demo: detection only. */
export const Detect: Story = {}

/**
 * The interaction test of {@link Detect}, in a story of its own because it moves the box with an
 * arrow key and then with the pointer onto the obstacle.
 */
export const DetectInteractions: Story = {
  ...Detect,
  name: 'Detect: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const svg = canvas.getByRole('application') as unknown as SVGSVGElement
    await expect(svg.dataset.colliding).toBe('false')

    // The keyboard moves the box too: Tab reaches the demo, an arrow moves the box 10 units.
    const follower = canvas.getByTestId('follower')
    const followerX = () => Number(follower.getAttribute('x'))
    const before = followerX()
    await userEvent.tab()
    await expect(svg).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(followerX() - before).toBe(10))

    await pointTo(svg, canvas.getByTestId('obstacle'))
    // pointermove is a continuous event: React may render after it returns (production build).
    await waitFor(() => expect(svg.dataset.colliding).toBe('true'))
    await expect(canvas.getByTestId('follower')).toHaveAttribute('fill', palette.colliding)
    // While colliding, the Minkowski difference covers the origin (0, 0).
    const md = readRect(canvas.getByTestId('minkowski-difference'))
    await expect(md.x <= 0 && md.x + md.width >= 0 && md.y <= 0 && md.y + md.height >= 0).toBe(true)
    // The arrow is the penetration vector: the closest point of the difference's bounds to
    // the origin (article 000), the kernel's penetrationVector, and what the text says.
    const arrow = canvas.getByTestId('penetration')
    const shown = { x: Number(arrow.dataset.x), y: Number(arrow.dataset.y) }
    const push = penetrationVector(readRect(follower), readRect(canvas.getByTestId('obstacle')))
    await expect(shown).toEqual(push)
    await expect(shown).toEqual(closestPointOnBounds(md, { x: 0, y: 0 }))
    await expect(canvas.getByTestId('readout')).toHaveTextContent(
      `colliding: penetration (${shown.x.toFixed(1)}, ${shown.y.toFixed(1)})`,
    )
  },
}

/** Article 000's second demo ("no_penetrate"): the penetration vector pushes the box out. */
export const PushOut: Story = {
  args: { pushOut: true },
}

/**
 * The interaction test of {@link PushOut}, in a story of its own because it moves the pointer onto
 * the obstacle.
 */
export const PushOutInteractions: Story = {
  ...PushOut,
  name: 'Push Out: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const svg = canvas.getByRole('application') as unknown as SVGSVGElement
    const obstacle = canvas.getByTestId('obstacle')
    await pointTo(svg, obstacle)
    await waitFor(() => expect(svg.dataset.colliding).toBe('true'))
    // The shown box was moved out by the penetration vector: it only touches the obstacle.
    const a = canvas.getByTestId('follower').getBoundingClientRect()
    const b = obstacle.getBoundingClientRect()
    const depthX = Math.min(a.right, b.right) - Math.max(a.left, b.left)
    const depthY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
    await expect(Math.min(depthX, depthY)).toBeLessThanOrEqual(0.01)
  },
}
