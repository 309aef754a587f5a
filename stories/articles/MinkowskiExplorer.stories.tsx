import type { Meta, StoryObj } from '@storybook/react-vite'
import { minkowskiDifference, overlaps, overlapsInterior, penetrationVector } from 'react-aabb/core'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { MinkowskiExplorer, palette } from 'react-aabb/widgets'
import { CONSTRUCTION_STEPS } from '../../src/widgets/MinkowskiExplorer.js'
import { cornerCopies } from '../../src/widgets/minkowskiConstruction.js'
import { formatNumber } from '../../src/widgets/formatNumber.js'
import { dragOnto } from '../support/pointerInput.js'
import { readRect } from '../../src/widgets/svgRect.js'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'

const meta = {
  title: 'Articles/002 Minkowski difference explorer',
  component: MinkowskiExplorer,
  args: {
    box: { x: 110, y: -190, width: 80, height: 60 },
    obstacle: { x: -40, y: -20, width: 140, height: 90 },
    step: 0,
  },
  argTypes: withDocumentedDefaults(MinkowskiExplorer, {
    step: { control: { type: 'range', min: 0, max: CONSTRUCTION_STEPS, step: 1 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "Drag box A over box B. The blue box is their Minkowski difference A − B (articles 000 and 002); it covers the origin (white dot) exactly when the boxes overlap, and A turns green then. The step control and buttons rebuild A − B corner by corner, as article 002 does. While they overlap, the panel lists the four ways out and the dashed yellow box is A moved by the shortest, the penetration vector. Article 002's collision resolution, static against moving and moving against moving (shared by mass), runs in Use cases/Colliding bodies and Use cases/Playground.",
      },
    },
  },
} satisfies Meta<typeof MinkowskiExplorer>

export default meta
type Story = StoryObj<typeof meta>

const TOLERANCE_DIGITS = 9

/** Drag A onto B: they collide, and the Minkowski difference then contains the origin. */
export const Explorer: Story = {}

/**
 * The interaction test of {@link Explorer}, in a story of its own because it drags A onto B, moves
 * it with the arrow keys and steps through the construction.
 */
export const ExplorerInteractions: Story = {
  ...Explorer,
  name: 'Explorer: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const svg = canvas.getByRole('group', { name: 'Minkowski difference explorer' })
    const boxA = canvas.getByTestId('box-a')
    const boxB = canvas.getByTestId('box-b')

    await step('apart at first: the difference misses the origin', async () => {
      await expect(svg.dataset.colliding).toBe('false')
      const md = readRect(canvas.getByTestId('minkowski-difference'))
      await expect(md.x <= 0 && 0 <= md.x + md.width && md.y <= 0 && 0 <= md.y + md.height).toBe(
        false,
      )
    })

    await step('drag A onto B with the pointer', async () => {
      await dragOnto(boxA, boxB)
      // The window's pointermove listener sets state outside React's event system, so the
      // re-render is scheduled rather than synchronous (production build): wait for it.
      await waitFor(() => expect(svg.dataset.colliding).toBe('true'))
      await expect(boxA).toHaveAttribute('fill', palette.colliding)
      const md = readRect(canvas.getByTestId('minkowski-difference'))
      await expect(md).toEqual(minkowskiDifference(readRect(boxA), readRect(boxB)))
      await expect(md.x <= 0 && 0 <= md.x + md.width && md.y <= 0 && 0 <= md.y + md.height).toBe(
        true,
      )
    })

    await step('the panel reads the edges, corners and ways out of A − B', async () => {
      const a = readRect(boxA)
      const b = readRect(boxB)
      const md = minkowskiDifference(a, b)
      const equations = canvas.getByTestId('minkowski-equations')
      const edge = (name: string) => equations.querySelector(`[data-edge="${name}"] strong`)
      await expect(edge('left')).toHaveTextContent(formatNumber(md.x))
      await expect(edge('bottom')).toHaveTextContent(formatNumber(md.y + md.height))
      const corners = canvas.getByTestId('minkowski-corners')
      await expect(corners.querySelector('[data-corner="top-right"] strong')).toHaveTextContent(
        `(${formatNumber(md.x + md.width)}, ${formatNumber(md.y)})`,
      )
      await expect(canvas.getByText(/so the boxes are/)).toHaveTextContent('colliding')
      // The shortest way out is the kernel's penetration vector, and A moved by it touches B.
      const shortest = canvas
        .getByTestId('penetration-candidates')
        .querySelector<HTMLElement>('[data-shortest="true"]')!
      const push = penetrationVector(a, b)!
      await expect({ x: Number(shortest.dataset.x), y: Number(shortest.dataset.y) }).toEqual(push)
      const out = readRect(canvas.getByTestId('a-pushed-out'))
      await expect(out).toEqual({ ...a, x: a.x + push.x, y: a.y + push.y })
      await expect(overlaps(out, b) && !overlapsInterior(out, b)).toBe(true)
    })

    await step('the arrow keys move A off B again', async () => {
      boxA.focus()
      await userEvent.keyboard('{ArrowDown>20/}')
      await expect(svg.dataset.colliding).toBe('false')
      await userEvent.keyboard('{ArrowUp>20/}')
      await expect(svg.dataset.colliding).toBe('true')
    })

    await step('step through the construction to the filled difference', async () => {
      const next = canvas.getByRole('button', { name: 'Next step' })
      for (let shown = 1; shown <= CONSTRUCTION_STEPS; shown++) {
        await userEvent.click(next)
        await expect(svg.dataset.step).toBe(String(shown))
      }
      await expect(next).toBeDisabled()
      const union = readRect(canvas.getByTestId('construction-union'))
      const expected = minkowskiDifference(readRect(boxA), readRect(boxB))
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        await expect(union[key]).toBeCloseTo(expected[key], TOLERANCE_DIGITS)
      }
    })
  },
}

/**
 * Article 002's construction with the boxes apart: each step adds A moved by minus one
 * corner of B; the last fills the gaps, and the filled box is exactly `minkowskiDifference`.
 */
export const CornerByCorner: Story = {
  args: { step: 1 },
}

/**
 * The interaction test of {@link CornerByCorner}, in a story of its own because it steps the
 * construction to its end with the keyboard and one step back.
 */
export const CornerByCornerInteractions: Story = {
  ...CornerByCorner,
  name: 'Corner By Corner: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const svg = canvas.getByRole('group', { name: 'Minkowski difference explorer' })
    const a = readRect(canvas.getByTestId('box-a'))
    const b = readRect(canvas.getByTestId('box-b'))
    const copies = cornerCopies(a, b)

    // Step 1: A minus B's bottom-left corner.
    const first = copies[0]!
    await expect(readRect(canvas.getByTestId('corner-copy-bottom-left'))).toEqual(first.copy)
    await expect(first.copy).toEqual({
      x: a.x - b.x,
      y: a.y - (b.y + b.height),
      width: a.width,
      height: a.height,
    })

    // The keyboard drives the construction too: Enter on the focused "Next step" button.
    const next = canvas.getByRole('button', { name: 'Next step' })
    next.focus()
    for (let shown = 2; shown <= CONSTRUCTION_STEPS; shown++) {
      await userEvent.keyboard('{Enter}')
      await expect(svg.dataset.step).toBe(String(shown))
    }
    for (const { corner, copy } of copies) {
      const drawn = readRect(canvas.getByTestId(`corner-copy-${corner}`))
      await expect(drawn).toEqual(copy)
    }
    await expect(readRect(canvas.getByTestId('construction-union'))).toEqual(
      minkowskiDifference(a, b),
    )
    await expect(svg.dataset.colliding).toBe('false')

    // And back to the result: the same box, drawn by the kernel.
    await userEvent.click(canvas.getByRole('button', { name: 'Previous step' }))
    await expect(svg.dataset.step).toBe(String(CONSTRUCTION_STEPS - 1))
  },
}
