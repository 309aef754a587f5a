import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { animationFrames, dragOnto } from '../support/pointerInput.js'
import { KanbanBoards, kanbanCards } from './support/KanbanBoards.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'

const meta = {
  title: 'Use cases/Kanban',
  component: KanbanBoards,
  args: { cards: kanbanCards },
  argTypes: withDocumentedDefaults(KanbanBoards, {
    cards: { control: false, table: { type: { summary: 'KanbanCards' } } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'Three boards of one `group` ("kanban"): **To do** opens with two cards, **Doing** and **Done** with one each, and a palette above them. Drag **+ Task** or **+ Bug** over a board: a dashed drop preview shows the free spot where the new card would land (the nearest to where the pointer carries it, keeping the 8 px `gap`); release and `onExternalDrop` adds the card there. Drag a card out of its board over another: it waits faded at its start while a copy follows the pointer and the preview shows where it would land; release and `onTransfer` moves it there. Escape, or a release outside every board, puts the card back. By keyboard: Tab to **+ Task**, press Enter to pick it up, move the preview with the arrow keys (Shift for long steps, across boards), Enter to drop, Escape to cancel. **Reset** puts every card back where the story opened.',
      },
    },
  },
} satisfies Meta<typeof KanbanBoards>

export default meta
type Story = StoryObj<typeof meta>

/** Drag new cards in from the palette, and cards from board to board. */
export const Boards: Story = {}

/**
 * The interaction test of {@link Boards}, in a story of its own because it drags cards onto the
 * boards and resets them.
 */
export const BoardsInteractions: Story = {
  ...Boards,
  name: 'Boards: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const board = (title: string) => canvas.getByRole('region', { name: `${title} board` })
    const cardsOn = (title: string) =>
      bodiesIn(board(title)).map((card) => card.getAttribute('aria-label'))
    const all = () => bodiesIn(canvasElement)
    const keepsEveryBoard = async () => {
      for (const title of ['To do', 'Doing', 'Done']) {
        await expect(overlappingPairs(bodiesIn(board(title)))).toEqual([])
        await expect(elementsOutside(bodiesIn(board(title)), board(title))).toEqual([])
      }
    }
    await waitFor(() => expect(all()).toHaveLength(4))
    await untilStill(all)

    await step(
      'a new task dragged from the palette lands on Doing, overlapping nothing',
      async () => {
        await dragOnto(canvas.getByRole('button', { name: 'New task' }), board('Doing'), 6)
        await waitFor(() => expect(cardsOn('Doing')).toEqual(['Review the PR', 'New task 1']))
        await untilStill(all)
        await keepsEveryBoard()
        await expect(document.querySelector('[data-aabb-drop-preview]')).toBeNull()
      },
    )

    await step('a card dragged from To do onto Done moves there', async () => {
      await dragOnto(canvas.getByRole('article', { name: 'Write the docs' }), board('Done'), 8)
      await waitFor(() => expect(cardsOn('Done')).toEqual(['Release 1.0', 'Write the docs']))
      await expect(cardsOn('To do')).toEqual(['Fix bug #12'])
      await untilStill(all)
      await keepsEveryBoard()
    })

    await step('Escape during a drag to another board puts the card back', async () => {
      const card = canvas.getByRole('article', { name: 'Fix bug #12' })
      const before = card.getBoundingClientRect()
      await dragOnto(card, board('Doing'), 8, 'cancel')
      await animationFrames(30)
      await untilStill(all)
      await expect(cardsOn('To do')).toEqual(['Fix bug #12'])
      await expect(card.getBoundingClientRect().top).toBeCloseTo(before.top, 0)
      await expect(card.getBoundingClientRect().left).toBeCloseTo(before.left, 0)
    })

    await step('Reset restores the boards the story opened with', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Reset' }))
      await waitFor(() => expect(cardsOn('To do')).toEqual(['Write the docs', 'Fix bug #12']))
      await expect(cardsOn('Doing')).toEqual(['Review the PR'])
      await expect(cardsOn('Done')).toEqual(['Release 1.0'])
      await untilStill(all)
      await keepsEveryBoard()
    })
  },
}
