import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { dragOnto } from '../support/pointerInput.js'
import { DashboardBoard } from './support/DashboardBoard.js'
import { dashboardCards } from './support/dashboardLayout.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'

const meta = {
  title: 'Use cases/Dashboard',
  component: DashboardBoard,
  args: { cards: dashboardCards, width: 640, height: 400, keyboardStep: 10, debug: false },
  // react-docgen types an array prop as `unknown`: the table is given its type. The other
  // props' `@default`s go to the Default column (withDocumentedDefaults).
  argTypes: withDocumentedDefaults(DashboardBoard, {
    cards: { control: false, table: { type: { summary: 'readonly DashboardCardSpec[]' } } },
    keyboardStep: { control: { type: 'range', min: 1, max: 50, step: 1 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'Cards of mixed sizes on a board (`bounds="container"`). Drag a card into others: it pushes them aside, and stops when they are blocked by the board\'s edges; Escape during a drag undoes it, pushed cards included. Tab to a card and use the arrow keys (Shift: until contact); every move is announced in an `aria-live` region. The JSON beside the board (below it when the panel is narrower than both) is the saved layout, updated by `onMoveEnd` when a move comes to rest.',
      },
    },
  },
} satisfies Meta<typeof DashboardBoard>

export default meta
type Story = StoryObj<typeof meta>

/** Drag the cards, or move them with the keyboard. */
export const Board: Story = {}

/**
 * The interaction test of {@link Board}, in a story of its own because it rearranges the
 * cards: a key move, a push, a drag undone by Escape and a push against the edge.
 */
export const BoardInteractions: Story = {
  name: 'Board: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByRole('region', { name: 'Dashboard board' })
    const card = (name: string) => canvas.getByRole('article', { name })
    const cards = () => bodiesIn(board)
    await waitFor(() => expect(cards()).toHaveLength(args.cards.length))

    await step('a focused card moves right by one step and the move is announced', async () => {
      const team = card('Team')
      const before = team.getBoundingClientRect().left
      team.focus()
      await userEvent.keyboard('{ArrowRight}')
      await untilStill(cards)
      await expect(team.getBoundingClientRect().left - before).toBeCloseTo(args.keyboardStep, 1)
      await expect(canvas.getByRole('status')).toHaveTextContent('Team moved right')
      await waitFor(() =>
        expect(JSON.parse(canvas.getByTestId('layout-json').textContent ?? '')).toMatchObject({
          team: { x: 16 + args.keyboardStep, y: 298 },
        }),
      )
    })

    await step('a card dragged into another pushes it, and nothing overlaps', async () => {
      const clockBefore = card('Clock').getBoundingClientRect().left
      await dragOnto(card('Weather'), card('Clock'), 12)
      await untilStill(cards)
      await expect(card('Clock').getBoundingClientRect().left).toBeGreaterThan(clockBefore)
      await expect(overlappingPairs(cards())).toEqual([])
      await expect(elementsOutside(cards(), board)).toEqual([])
    })

    await step(
      'Escape during a drag undoes it: the card and the cards it pushed go back',
      async () => {
        const placesOf = () =>
          cards().map((element) => {
            const { left, top } = element.getBoundingClientRect()
            return { left, top }
          })
        const before = placesOf()
        const clockBefore = card('Clock').getBoundingClientRect().left
        let clockPushed = clockBefore
        const watch = new MutationObserver(() => {
          clockPushed = Math.max(clockPushed, card('Clock').getBoundingClientRect().left)
        })
        watch.observe(card('Clock'), { attributes: true, attributeFilter: ['style'] })
        await dragOnto(card('Weather'), card('Clock'), 12, 'cancel')
        await untilStill(cards)
        watch.disconnect()
        // It did push Clock during the drag, and everything is back to the pixel.
        await expect(clockPushed).toBeGreaterThan(clockBefore)
        await expect(placesOf()).toEqual(before)
      },
    )

    await step('a push against the edge stops the dragged card', async () => {
      const tasks = card('Tasks')
      await dragOnto(card('Notes'), tasks, 2)
      await untilStill(cards)
      // Tasks is pressed against the right edge; Notes stopped where it touches Tasks.
      await expect(
        board.getBoundingClientRect().right - 1 - tasks.getBoundingClientRect().right,
      ).toBeCloseTo(0, 0)
      await expect(overlappingPairs(cards())).toEqual([])
      await expect(elementsOutside(cards(), board)).toEqual([])
    })
  },
}
