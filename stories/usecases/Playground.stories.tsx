import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'
import { PhysicsPlayground } from './support/PhysicsPlayground.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'Use cases/Playground',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: PhysicsPlayground,
  args: {
    gravity: 900,
    restitution: 0.4,
    integrator: 'euler',
    width: 560,
    height: 340,
    initialBoxes: 3,
  },
  // The props' `@default`s go to the table's Default column (withDocumentedDefaults).
  argTypes: withDocumentedDefaults(PhysicsPlayground, {
    gravity: { control: { type: 'range', min: 0, max: 3000, step: 50 } },
    restitution: { name: 'bounce factor', control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    // react-docgen prints a union as `union`: the table is given the type.
    integrator: {
      control: 'inline-radio',
      options: ['euler', 'rk4'],
      table: { type: { summary: "IntegratorName ('euler' | 'rk4')" } },
    },
    initialBoxes: { control: { type: 'range', min: 0, max: 12, step: 1 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "Article 004's demo: click the board to add a box. Boxes fall under gravity, bounce off the walls by the bounce factor (restitution) and never overlap: unlike the article's loop, which moves first and then pushes overlapping boxes out along the minimum translation distance, the world stops each box where it meets another (a swept contact) and pushes out only what overlap is left. Switch between Euler and RK4 integration.",
      },
    },
  },
} satisfies Meta<typeof PhysicsPlayground>

export default meta
type Story = StoryObj<typeof meta>

/** Click to drop boxes. */
export const Playground: Story = {}

/**
 * The interaction test of {@link Playground}, in a story of its own because it clicks three boxes
 * into the playground.
 */
export const PlaygroundInteractions: Story = {
  ...Playground,
  name: 'Playground: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByRole('region', { name: 'Playground' })
    const boxes = () => bodiesIn(board)
    await waitFor(() => expect(boxes()).toHaveLength(args.initialBoxes))

    const { left, top, width } = board.getBoundingClientRect()
    for (const share of [0.3, 0.5, 0.7]) {
      await fireEvent.click(board, { clientX: left + width * share, clientY: top + 40 })
    }
    await waitFor(() => expect(boxes()).toHaveLength(args.initialBoxes + 3))
    await expect(canvas.getByRole('status', { name: 'World state' })).toHaveTextContent(
      `${args.initialBoxes + 3} boxes`,
    )

    await untilStill(boxes, { timeoutMs: 15_000 })
    await expect(overlappingPairs(boxes())).toEqual([])
    await expect(elementsOutside(boxes(), board)).toEqual([])
  },
}
