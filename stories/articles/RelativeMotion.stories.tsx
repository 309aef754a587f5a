import type { Meta, StoryObj } from '@storybook/react-vite'
import { sweep, type Rect, type Vec2 } from 'react-aabb/core'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { dragOnto } from '../support/pointerInput.js'
import { RelativeMotionDemo } from 'react-aabb/widgets'
import { readRect } from '../../src/widgets/svgRect.js'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'

const boxA: Rect = { x: -220, y: -40, width: 80, height: 60 }
const boxB: Rect = { x: 100, y: -70, width: 60, height: 120 }
const motionA: Vec2 = { x: 240, y: 20 }
const motionB: Vec2 = { x: -120, y: 0 }

const meta = {
  title: 'Articles/003 Relative motion',
  component: RelativeMotionDemo,
  args: { boxA, boxB, motionA, motionB, observer: 'world' },
  argTypes: withDocumentedDefaults(RelativeMotionDemo, {
    observer: { control: { type: 'inline-radio' }, options: ['world', 'a', 'b'] },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "Article 003 with both boxes moving. Drag the yellow tips to set each box's motion this frame. The buttons show the same frame from inside A or B: the other box moves by the relative velocity v_B/A = v_B − v_A. On the right, the Minkowski box B − A (blue) moved by (v_B − v_A)·Δt covers the origin exactly when the boxes collide this frame, and the ray (v_A − v_B)·Δt from the origin meets it at the fraction h of the frame where they first touch; both boxes move only that far (dashed): p += v·Δt·h.",
      },
    },
  },
} satisfies Meta<typeof RelativeMotionDemo>

export default meta
type Story = StoryObj<typeof meta>

/** The vector a readout row shows (its data attributes hold the exact numbers). */
function readVector(row: HTMLElement): Vec2 {
  return { x: Number(row.dataset.x), y: Number(row.dataset.y) }
}

const DIGITS = 9

/**
 * The boxes close on each other and collide this frame: the ray's fraction is the kernel's
 * time of impact, and both boxes stop where they first touch. The relative views, the arrow
 * keys and a drag of a motion's tip change the motions.
 */
export const BothMoving: Story = {}

/**
 * The interaction test of {@link BothMoving}, in a story of its own because it rides in A, turns B
 * away with the arrow keys and drags A's motion onto B.
 */
export const BothMovingInteractions: Story = {
  ...BothMoving,
  name: 'Both Moving: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const minkowski = canvas.getByRole('group', { name: 'Minkowski space' })
    const world = canvas.getByRole('group', { name: 'Two moving boxes' })

    await step('v_B/A is v_B − v_A, and h is the kernel sweep time of impact', async () => {
      await expect(readVector(canvas.getByTestId('relative-ba'))).toEqual({ x: -360, y: -20 })
      await expect(minkowski.dataset.hit).toBe('true')
      const h = Number(canvas.getByTestId('fraction').dataset.h)
      const hit = sweep(boxA, motionA, boxB, motionB)
      await expect(hit).not.toBeNull()
      await expect(h).toBeCloseTo(hit!.time, DIGITS)
      // p_B + v_B · Δt · h, and A where the kernel says it touches B.
      const atB = readVector(canvas.getByTestId('impact-position-b'))
      await expect(atB.x).toBeCloseTo(boxB.x + motionB.x * h, DIGITS)
      const ghostA = readRect(canvas.getByTestId('impact-a'))
      await expect(ghostA.x).toBeCloseTo(hit!.touch.x, DIGITS)
      await expect(ghostA.y).toBeCloseTo(hit!.touch.y, DIGITS)
      // The ghosts touch and do not overlap: A's right edge on B's left edge.
      const ghostB = readRect(canvas.getByTestId('impact-b'))
      await expect(ghostA.x + ghostA.width).toBeCloseTo(ghostB.x, DIGITS)
    })

    await step('the moved Minkowski box covers the origin', async () => {
      const moved = readRect(canvas.getByTestId('minkowski-moved'))
      await expect(moved.x <= 0 && 0 <= moved.x + moved.width).toBe(true)
      await expect(moved.y <= 0 && 0 <= moved.y + moved.height).toBe(true)
    })

    await step('riding in A: A stands still and B moves by v_B/A', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Riding in A' }))
      await expect(world.dataset.observer).toBe('a')
      await expect(canvas.queryByTestId('tip-a')).toBeNull()
      await expect(canvas.getByRole('button', { name: 'Riding in A' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
    })

    await step('the arrow keys turn B away until the ray misses', async () => {
      canvas.getByTestId('tip-b').focus()
      await userEvent.keyboard('{ArrowUp>20/}')
      await expect(minkowski.dataset.hit).toBe('false')
      await expect(canvas.getByTestId('fraction')).toHaveTextContent('∞')
      await expect(canvas.queryByTestId('impact-a')).toBeNull()
      const moved = readRect(canvas.getByTestId('minkowski-moved'))
      await expect(moved.y <= 0 && 0 <= moved.y + moved.height && moved.x <= 0).toBe(false)
    })

    await step('back in the world, B level again and A dragged at B: they collide', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'World' }))
      canvas.getByTestId('tip-b').focus()
      await userEvent.keyboard('{ArrowDown>20/}')
      await expect(readVector(canvas.getByTestId('motion-b'))).toEqual(motionB)
      await dragOnto(canvas.getByTestId('tip-a'), canvas.getByTestId('box-b'))
      await waitFor(() => expect(minkowski.dataset.hit).toBe('true'))
      // The tip is now at B's centre: A's motion is the vector between the centres (to a
      // thousandth: on a narrow screen the drawing is scaled, and the pointer's client
      // pixels map to its units with a rounding of about 1e-5).
      const dragged = readVector(canvas.getByTestId('motion-a'))
      await expect(dragged.x).toBeCloseTo(310, 3)
      await expect(dragged.y).toBeCloseTo(0, 3)
    })
  },
}
