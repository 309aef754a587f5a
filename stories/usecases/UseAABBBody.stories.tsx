import type { Meta, StoryObj } from '@storybook/react-vite'
import { PhysicsWorld } from 'react-aabb'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { ContractCard, contractBoardStyle } from './support/ContractCard.js'
import { untilStill } from './support/layoutChecks.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'API/useAABBBody',
  component: ContractCard,
  // mass: the card's area (120 × 80 px), the hook's default for it, and restitution: the
  // hook's default 0, so the sliders start at the values the card has.
  args: {
    id: 'notes',
    label: 'Notes',
    draggable: true,
    keyboard: true,
    keyboardStep: 10,
    mass: 120 * 80,
    restitution: 0,
  },
  // The number controls keep to the ranges the hook accepts (it throws a RangeError outside them).
  argTypes: withDocumentedDefaults(ContractCard, {
    // react-docgen prints a union as `union`: the table is given the type as written in src.
    type: {
      control: 'inline-radio',
      options: ['dynamic', 'kinematic', 'static'],
      table: { type: { summary: "BodyType ('static' | 'kinematic' | 'dynamic')" } },
    },
    response: {
      control: 'inline-radio',
      options: ['slide', 'touch', 'bounce', 'cross'],
      table: { type: { summary: "SweptResponse ('slide' | 'touch' | 'bounce' | 'cross')" } },
    },
    mass: { control: { type: 'range', min: 100, max: 20_000, step: 100 } },
    restitution: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    damping: { control: { type: 'number', min: 0, step: 0.5 } },
    dragActivationDistance: { control: { type: 'number', min: 0 } },
    keyboardStep: { control: { type: 'number', min: 1 } },
    onContactStart: { control: false },
    onContactEnd: { control: false },
    onMoveEnd: { control: false },
  }),
  decorators: [
    (Story) => (
      <PhysicsWorld bounds="container" role="group" aria-label="Board" style={contractBoardStyle}>
        <Story />
        <ContractCard id="chart" label="Chart" />
      </PhysicsWorld>
    ),
    sceneFrame,
  ],
  parameters: {
    docs: {
      description: {
        component:
          '`useAABBBody(options)` registers an element as a body of the nearest `<PhysicsWorld>` and returns `{ ref, id }`. The table lists its options; the card below is `const { ref } = useAABBBody(options)` and `<div ref={ref}>`. Focus it and use the arrow keys.',
      },
    },
  },
} satisfies Meta<typeof ContractCard>

export default meta
type Story = StoryObj<typeof meta>

/** A card with the options from the controls; Shift + arrow moves until contact. */
export const Options: Story = {}

/**
 * The interaction test of {@link Options}, in a story of its own because it moves the
 * card: Shift + arrow right until it touches Chart, announced.
 */
export const OptionsInteractions: Story = {
  name: 'Options: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const notes = canvas.getByRole('button', { name: 'Notes' })
    await waitFor(() => expect(notes).toHaveAttribute('data-aabb-body', args.id))
    notes.focus()
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    await untilStill(() => [notes])
    const chart = canvas.getByText('Chart').getBoundingClientRect()
    await expect(notes.getBoundingClientRect().right).toBeCloseTo(chart.left, 1)
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Notes blocked on the right by Chart',
    )
  },
}
