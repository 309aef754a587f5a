import type { Meta, StoryObj } from '@storybook/react-vite'
import { PhysicsWorld } from 'react-aabb'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ContractCard, contractBoardStyle } from './support/ContractCard.js'
import { untilStill } from './support/layoutChecks.js'

const meta = {
  title: 'API/useAABBBody',
  component: ContractCard,
  args: { id: 'notes', label: 'Notes', draggable: true, keyboard: true, keyboardStep: 10 },
  argTypes: {
    type: { control: 'inline-radio', options: ['dynamic', 'kinematic', 'static'] },
    response: { control: 'inline-radio', options: ['slide', 'touch', 'bounce', 'cross'] },
    onContactStart: { control: false },
    onContactEnd: { control: false },
    onMoveEnd: { control: false },
  },
  decorators: [
    (Story) => (
      <PhysicsWorld bounds="container" aria-label="Board" style={contractBoardStyle}>
        <Story />
        <ContractCard id="chart" label="Chart" />
      </PhysicsWorld>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          '`useAABBBody(options)` registers an element as a body of the nearest `<PhysicsWorld>` and returns `{ ref, id }`. The table lists its options; the card below is `<div ref={body.ref}>` with them. Focus it and use the arrow keys.',
      },
    },
  },
} satisfies Meta<typeof ContractCard>

export default meta
type Story = StoryObj<typeof meta>

/** A card with the options from the controls; Shift + arrow moves until contact. */
export const Options: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const notes = canvas.getByLabelText('Notes')
    await waitFor(() => expect(notes).toHaveAttribute('data-aabb-body', args.id))
    notes.focus()
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    await untilStill(() => [notes])
    const chart = canvas.getByLabelText('Chart').getBoundingClientRect()
    await expect(notes.getBoundingClientRect().right).toBeCloseTo(chart.left, 1)
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Notes blocked on the right by Chart',
    )
  },
}
