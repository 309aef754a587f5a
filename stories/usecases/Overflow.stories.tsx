import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { OverflowBoard } from './support/OverflowBoard.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'

const meta = {
  title: 'Use cases/Overflow',
  component: OverflowBoard,
  argTypes: withDocumentedDefaults(OverflowBoard, {}),
  parameters: {
    docs: {
      description: {
        component:
          'A column board 400 px high with three 150 px cards: it opens with no room for one of them. That card rests overlapping its neighbour (dashed: `data-aabb-overflowing`), `onOverflow` reported it once (the line under the board) and the live region said "No room for …". Tick the checkbox for `bounds={{ grow: \'y\' }}`: the board grows to 450 px and the card takes the new room; untick it and the card overflows again.',
      },
    },
  },
} satisfies Meta<typeof OverflowBoard>

export default meta
type Story = StoryObj<typeof meta>

/** Too small for its cards: one overflows and the board says so. */
export const NoRoom: Story = {}

/**
 * The interaction test of {@link NoRoom}, in a story of its own because it grows the board.
 */
export const NoRoomInteractions: Story = {
  ...NoRoom,
  name: 'No Room: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByRole('region', { name: 'Column board' })
    const cards = () => bodiesIn(board)
    const report = () => canvasElement.querySelector('[data-overflow-report]')
    const announcer = () => canvasElement.querySelector('[data-aabb-announcer]')
    await waitFor(() => expect(cards()).toHaveLength(3))
    await step(
      'one card overflows, marked and reported; the others apart, all inside',
      async () => {
        await waitFor(() => expect(report()).toHaveTextContent(/^No room for /))
        const [name] = /No room for (\w+)/.exec(report()?.textContent ?? '')?.slice(1) ?? []
        await expect(announcer()).toHaveTextContent(`No room for ${name}`)
        await untilStill(cards)
        const marked = cards().filter((card) => card.hasAttribute('data-aabb-overflowing'))
        await expect(marked).toHaveLength(1)
        // Drawn as the description says: dashed, in the warning colour.
        await expect(getComputedStyle(marked[0]!).borderTopStyle).toBe('dashed')
        await expect(elementsOutside(cards(), board)).toEqual([])
        const others = cards().filter((card) => !marked.includes(card))
        await expect(overlappingPairs(others)).toEqual([])
      },
    )
    await step('growing makes room: no overflow, apart, inside', async () => {
      await userEvent.click(canvas.getByRole('checkbox'))
      await waitFor(() => expect(report()).toHaveTextContent('Every card has room.'))
      // Grown by the card's height, then fitted to the lowest card once the board rests.
      await waitFor(() => expect(board.getBoundingClientRect().height).toBeCloseTo(450, 0))
      await untilStill(cards)
      await expect(overlappingPairs(cards())).toEqual([])
      await expect(elementsOutside(cards(), board)).toEqual([])
    })
  },
}

/** Opens with `bounds={{ grow: 'y' }}`: the board is 450 px high and every card has room. */
export const Growing: Story = {
  args: { grow: true },
  play: async ({ canvasElement }) => {
    const board = within(canvasElement).getByRole('region', { name: 'Column board' })
    await waitFor(() => expect(board.getBoundingClientRect().height).toBeCloseTo(450, 0))
    await untilStill(() => bodiesIn(board))
    await expect(overlappingPairs(bodiesIn(board))).toEqual([])
    await expect(elementsOutside(bodiesIn(board), board)).toEqual([])
    await expect(board.querySelectorAll('[data-aabb-overflowing]')).toHaveLength(0)
  },
}
