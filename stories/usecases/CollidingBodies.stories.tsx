import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { animationFrames } from '../support/pointerInput.js'
import { CollisionTrack, projectileId, rowIds } from './support/CollisionTrack.js'
import {
  bodiesIn,
  elementsOutside,
  overlapTolerance,
  overlappingPairs,
  untilStill,
} from './support/layoutChecks.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'Use cases/Colliding bodies',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: CollisionTrack,
  args: { speed: 20_000, projectileMass: 1, restitution: 0.5, debug: true },
  argTypes: {
    speed: {
      name: 'projectile speed (px/s)',
      control: { type: 'range', min: 100, max: 20_000, step: 100 },
    },
    projectileMass: {
      name: 'projectile mass (× a row box)',
      control: { type: 'range', min: 0.25, max: 10, step: 0.25 },
    },
    restitution: { name: 'bounce factor', control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    debug: { control: 'boolean' },
  },
  parameters: {
    docs: {
      description: {
        component:
          "Press Fire to shoot the orange projectile into a row of five touching boxes; every box bounces (`response: 'bounce'`) by the bounce factor and shares each impulse by mass at the moment of impact (articles 002 and 004). With equal masses and a bounce factor of 1 the momentum passes down the row and only the last box leaves, as in Newton's cradle; a heavy projectile pushes the whole row along. At 20,000 px/s the projectile moves more than eight box widths per frame and still never passes through the first box, because each step sweeps every dynamic pair's relative motion against their Minkowski difference (article 003): the `debug` overlay, on by default, draws the swept rays and the time-of-impact dots.",
      },
    },
  },
} satisfies Meta<typeof CollisionTrack>

export default meta
type Story = StoryObj<typeof meta>

/** Where each body's element is shown, by body id (client coordinates). */
function leftEdges(elements: readonly Element[]): Map<string, number> {
  return new Map(
    elements.map((element) => [
      element.getAttribute('data-aabb-body') ?? '',
      element.getBoundingClientRect().left,
    ]),
  )
}

/** The body ids of `elements`, ordered by where they are shown, left to right. */
function leftToRight(elements: readonly Element[]): string[] {
  return [...leftEdges(elements)].sort(([, a], [, b]) => a - b).map(([id]) => id)
}

/** Fire a projectile at 20,000 px/s into the row: nothing passes through, overlaps or escapes. */
export const FastProjectile: Story = {}

/**
 * The interaction test of {@link FastProjectile}, in a story of its own because it fires the
 * projectile.
 */
export const FastProjectileInteractions: Story = {
  ...FastProjectile,
  name: 'Fast Projectile: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const trackElement = canvas.getByRole('region', { name: 'Track' })
    const boxes = () => bodiesIn(trackElement)
    const laidOut = [projectileId, ...rowIds]
    await waitFor(() => expect(leftToRight(boxes())).toEqual(laidOut))
    const before = leftEdges(boxes())

    await step('fire: the row is hit and everything comes to rest', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Fire' }))
      const rowMoved = () => {
        const now = leftEdges(boxes())
        return rowIds.some((id) => Math.abs(now.get(id)! - before.get(id)!) >= overlapTolerance)
      }
      await waitFor(() => expect(rowMoved()).toBe(true))
      await untilStill(boxes, { timeoutMs: 15_000 })
    })

    await step('no box passed through another, overlaps one or left the track', async () => {
      await expect(leftToRight(boxes())).toEqual(laidOut)
      await expect(overlappingPairs(boxes())).toEqual([])
      await expect(elementsOutside(boxes(), trackElement)).toEqual([])
      await expect(canvas.getByRole('status', { name: 'Collision readout' })).toHaveTextContent(
        'Order P 1 2 3 4 5',
      )
    })
  },
}

/** Equal masses, a bounce factor of 1: on Fire the last box leaves and the projectile stops. */
export const NewtonsCradle: Story = {
  args: { speed: 600, projectileMass: 1, restitution: 1 },
}

/**
 * The interaction test of {@link NewtonsCradle}, in a story of its own because it fires the
 * projectile.
 */
export const NewtonsCradleInteractions: Story = {
  ...NewtonsCradle,
  name: 'Newtons Cradle: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const trackElement = canvas.getByRole('region', { name: 'Track' })
    const boxes = () => bodiesIn(trackElement)
    await waitFor(() => expect(boxes()).toHaveLength(rowIds.length + 1))
    const before = leftEdges(boxes())
    const lastId = rowIds[rowIds.length - 1]!
    const lastBox = trackElement.querySelector(`[data-aabb-body="${lastId}"]`)!
    const boxWidth = lastBox.getBoundingClientRect().width

    await step('fire: the last box of the row leaves by more than its width', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Fire' }))
      await waitFor(
        () =>
          expect(leftEdges(boxes()).get(lastId)).toBeGreaterThan(before.get(lastId)! + boxWidth),
        { timeout: 3000 },
      )
    })

    // Checked before the last box comes back from the right edge and strikes the row again.
    await step('the projectile has stopped against the row, which stayed put', async () => {
      const atHit = leftEdges(boxes())
      await animationFrames(6)
      const after = leftEdges(boxes())
      await expect(Math.abs(after.get(projectileId)! - atHit.get(projectileId)!)).toBeLessThan(
        overlapTolerance,
      )
      for (const id of rowIds.slice(0, -1)) {
        await expect(Math.abs(after.get(id)! - before.get(id)!)).toBeLessThan(overlapTolerance)
      }
      await waitFor(() =>
        expect(canvas.getByRole('status', { name: 'Collision readout' })).toHaveTextContent(
          `Speed P: 0 · 1: 0 · 2: 0 · 3: 0 · 4: 0 · 5: ${args.speed} px/s`,
        ),
      )
    })
  },
}
