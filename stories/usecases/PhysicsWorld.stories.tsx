import type { Meta, StoryObj } from '@storybook/react-vite'
import { PhysicsWorld } from 'react-aabb'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { dragOnto } from '../support/pointerInput.js'
import { ContractCard, contractBoardStyle } from './support/ContractCard.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'API/PhysicsWorld',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: PhysicsWorld,
  args: {
    gravity: { x: 0, y: 0 },
    bounds: 'container',
    debug: false,
    paused: false,
    integrator: 'euler',
    reducedMotion: 'user',
    role: 'group',
    'aria-label': 'Contract board',
    style: contractBoardStyle,
  },
  // react-docgen prints a union as `union`: the table is given the type as written in src.
  argTypes: withDocumentedDefaults(PhysicsWorld, {
    bounds: { control: 'radio', options: ['container', undefined] },
    integrator: {
      control: 'inline-radio',
      options: ['euler', 'rk4'],
      table: { type: { summary: "IntegratorName ('euler' | 'rk4')" } },
    },
    reducedMotion: {
      control: 'inline-radio',
      options: ['user', 'always', 'never'],
      table: { type: { summary: "'user' | 'always' | 'never'" } },
    },
    width: { table: { type: { summary: 'number | string' } } },
    height: { table: { type: { summary: 'number | string' } } },
    as: { control: false },
    scheduler: { control: false },
    now: { control: false },
    children: { control: false },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "The world: its container defines the coordinate space (CSS pixels of the padding box, or an svg's user units), and it runs the frame loop of the bodies registered inside it with `useAABBBody`. One store per instance, provided by context.",
      },
    },
  },
} satisfies Meta<typeof PhysicsWorld>

export default meta
type Story = StoryObj<typeof meta>

/** Two cards laid out by CSS (a flex row), each registered with `useAABBBody`; drag one into the other. */
export const Contract: Story = {
  render: (args) => (
    <PhysicsWorld {...args}>
      <ContractCard id="a" draggable />
      <ContractCard id="b" draggable />
    </PhysicsWorld>
  ),
}

/**
 * The interaction test of {@link Contract}, in a story of its own because it moves the
 * cards: a drag that pushes, then a key move.
 */
export const ContractInteractions: Story = {
  ...Contract,
  name: 'Contract: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByLabelText('Contract board')
    await waitFor(() => expect(bodiesIn(board)).toHaveLength(2))
    // Draggable, so keyboard-movable: the hook made each card a button named by its text.
    const b = canvas.getByRole('button', { name: 'b' })
    const before = b.getBoundingClientRect().left
    await dragOnto(canvas.getByRole('button', { name: 'a' }), b, 8)
    await untilStill(() => bodiesIn(board))
    await expect(b.getBoundingClientRect().left).toBeGreaterThan(before)
    await expect(overlappingPairs(bodiesIn(board))).toEqual([])
    await expect(elementsOutside(bodiesIn(board), board)).toEqual([])

    // The keyboard reaches and moves the cards too: Tab, then an arrow key moves 10 px.
    const a = canvas.getByRole('button', { name: 'a' })
    await userEvent.tab()
    await expect(a).toHaveFocus()
    const aBefore = a.getBoundingClientRect().top
    await userEvent.keyboard('{ArrowDown}')
    await untilStill(() => bodiesIn(board))
    await expect(a.getBoundingClientRect().top - aBefore).toBeCloseTo(10, 1)
  },
}
