import type { Meta, StoryObj } from '@storybook/react-vite'
import { rayFraction, type Rect } from 'react-aabb/core'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { animationFrames } from '../support/pointerInput.js'
import { palette, SweptPlatformerDemo } from 'react-aabb/widgets'
import { PLATFORMER_SPEEDS } from '../../src/widgets/SweptPlatformerDemo.js'
import { readRect } from '../../src/widgets/svgRect.js'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'

const meta = {
  title: 'Articles/003 Swept platformer',
  component: SweptPlatformerDemo,
  args: {
    speed: 1,
    platform: { x: -150, y: 150, width: 300, height: 10 },
    gravity: 900,
  },
  argTypes: withDocumentedDefaults(SweptPlatformerDemo, {
    speed: { control: { type: 'inline-radio' }, options: [...PLATFORMER_SPEEDS] },
    gravity: { control: { type: 'range', min: 100, max: 3000, step: 100 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "Article 003's demo: however fast the small box moves, it never tunnels through the thin platform, because each frame its motion is ray-cast against the Minkowski box platform − box (blue). The ray starts at the origin (white dot) and is green when it hits, red when it misses. Click the scene, then W jumps and A / D move.",
      },
    },
  },
} satisfies Meta<typeof SweptPlatformerDemo>

export default meta
type Story = StoryObj<typeof meta>

// Float slack for "the box's bottom is on the platform's top" after a time-of-impact move.
const EPSILON = 1e-6

/** Whether the box lies on or above the platform's top, and whether it stands on it. */
function placement(player: Rect, platform: Rect) {
  const bottom = player.y + player.height
  const overPlatform =
    player.x < platform.x + platform.width && platform.x < player.x + player.width
  return {
    above: bottom <= platform.y + EPSILON,
    standing: overPlatform && Math.abs(bottom - platform.y) <= EPSILON,
  }
}

/** The whole Minkowski box the demo computed (it draws only the part inside its view). */
function minkowskiBox(element: Element): Rect {
  const [x, y, width, height] = (element.getAttribute('data-rect') ?? '').split(' ').map(Number)
  return { x: x!, y: y!, width: width!, height: height! }
}

/**
 * At the fastest speed the box moves hundreds of pixels per frame (the platform is 10 px
 * thick), yet on every frame it is above the platform, and it ends standing on it.
 */
export const FastestSpeed: Story = {
  args: { speed: PLATFORMER_SPEEDS[PLATFORMER_SPEEDS.length - 1] },
}

/**
 * The interaction test of {@link FastestSpeed}, in a story of its own because it picks the fastest
 * speed and drops the box again.
 */
export const FastestSpeedInteractions: Story = {
  ...FastestSpeed,
  name: 'Fastest Speed: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const fastest = PLATFORMER_SPEEDS[PLATFORMER_SPEEDS.length - 1]
    const platform = readRect(canvas.getByTestId('platform'))
    const player = canvas.getByTestId('player')

    await step(`press ${fastest}× and drop the box again`, async () => {
      await userEvent.click(canvas.getByRole('button', { name: `${fastest}×` }))
      await expect(canvas.getByRole('button', { name: `${fastest}×` })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      await userEvent.click(canvas.getByRole('button', { name: 'Drop again' }))
    })

    await step('on every frame for a second, the box is above the platform', async () => {
      let largestMotion = 0
      let hits = 0
      for (let frame = 0; frame < 60; frame++) {
        await animationFrames(1)
        await expect(placement(readRect(player), platform).above).toBe(true)
        const ray = canvas.getByTestId('motion-ray')
        const motion = {
          x: Number(ray.getAttribute('data-motion-x')),
          y: Number(ray.getAttribute('data-motion-y')),
        }
        largestMotion = Math.max(largestMotion, Math.hypot(motion.x, motion.y))
        // Article 003's picture: the ray from the origin is green when it enters the
        // Minkowski box and red when it misses, and the yellow dot is the collision point
        // h·d on it (h from the article's ray cast, here the kernel's rayFraction).
        const h = rayFraction(
          { x: 0, y: 0 },
          motion,
          minkowskiBox(canvas.getByTestId('minkowski-box')),
        )
        const impact = canvas.getByTestId('impact')
        if (Number.isFinite(h)) {
          hits++
          await expect(ray).toHaveAttribute('stroke', palette.colliding)
          await expect(impact).toHaveAttribute('data-hit', 'true')
          await expect(Number(impact.getAttribute('cx'))).toBeCloseTo(motion.x * h, 6)
          await expect(Number(impact.getAttribute('cy'))).toBeCloseTo(motion.y * h, 6)
        } else {
          await expect(ray).toHaveAttribute('stroke', palette.apart)
          await expect(impact).toHaveAttribute('data-hit', 'false')
          await expect(impact).toHaveAttribute('visibility', 'hidden')
        }
      }
      await expect(hits).toBeGreaterThan(0)
      // The point of the demo: a discrete test would have skipped the platform.
      await expect(largestMotion).toBeGreaterThan(10 * platform.height)
      await expect(placement(readRect(player), platform).standing).toBe(true)
    })
  },
}

/** W, A and D drive the box: it runs along the platform, jumps, and lands on it again. */
export const WalkAndJump: Story = {
  args: { speed: 5 },
}

/**
 * The interaction test of {@link WalkAndJump}, in a story of its own because it drives the box
 * with the keys.
 */
export const WalkAndJumpInteractions: Story = {
  ...WalkAndJump,
  name: 'Walk And Jump: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const scene = canvas.getByRole('application')
    const platform = readRect(canvas.getByTestId('platform'))
    const player = canvas.getByTestId('player')
    // One user-event session, so the key pressed with `{d>}` is the key released by `{/d}`.
    const user = userEvent.setup()
    await user.click(scene)
    await waitFor(() => expect(scene.dataset.grounded).toBe('true'), { timeout: 3000 })

    await step('hold D: the box runs right along the platform', async () => {
      const before = readRect(player)
      await user.keyboard('{d>}')
      await animationFrames(5)
      await user.keyboard('{/d}')
      const after = readRect(player)
      await expect(after.x).toBeGreaterThan(before.x + 30)
      await expect(placement(after, platform).standing).toBe(true)
    })

    await step('tap W: the box jumps straight up, then lands on the platform again', async () => {
      const takeOff = readRect(player)
      await user.keyboard('w')
      await animationFrames(3)
      await expect(readRect(player).y + readRect(player).height).toBeLessThan(platform.y - 20)
      await waitFor(() => expect(scene.dataset.grounded).toBe('true'), { timeout: 3000 })
      await expect(placement(readRect(player), platform).standing).toBe(true)
      await expect(readRect(player).x).toBe(takeOff.x)
    })
  },
}
