import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { dragOnto } from '../support/pointerInput.js'
import { DashboardBoard } from './support/DashboardBoard.js'
import { dashboardCards, layoutOf, saveLayout } from './support/dashboardLayout.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'
import { sceneFrame } from '../support/sceneFrame.js'

const meta = {
  title: 'Use cases/Dashboard',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: DashboardBoard,
  args: {
    cards: dashboardCards,
    width: 640,
    height: 400,
    snap: 16,
    gap: 16,
    storageKey: 'react-aabb:dashboard',
    debug: false,
    returnPushed: true,
  },
  // react-docgen types an array prop as `unknown`: the table is given its type. The other
  // props' `@default`s go to the Default column (withDocumentedDefaults).
  argTypes: withDocumentedDefaults(DashboardBoard, {
    cards: { control: false, table: { type: { summary: 'readonly DashboardCardSpec[]' } } },
    snap: { control: { type: 'range', min: 8, max: 48, step: 8 } },
    gap: { control: { type: 'range', min: 0, max: 32, step: 4 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          "A dashboard on a 16 px grid (`snap`) whose cards keep 16 px apart and from the edges (`gap`), opening in the layout saved in this browser (the default layout the first time and after **Reset layout**). Each card is grabbed by its title bar (`dragHandle`; a press on its text or its Refresh button, which works, never drags) and resized by its corner handle (`resizable`: the edge pushes the cards ahead, keeping the gap, and lands on the grid). Drag a card into others: it follows the pointer on the grid, pushes them aside (keeping the gap) and stops when they are blocked by the board's edges; drag it on and the cards it pushed slide back toward where they were (`returnPushed`, a control here); every card lands on the grid, at the nearest free spot. **Undo** and **Redo** (or Ctrl+Z and Shift+Ctrl+Z with a card focused) take back or redo a whole gesture, pushes included. Tab to a card and use the arrow keys (one cell per press; Shift: until contact); every move is announced. Shift-click (or Ctrl/Cmd-click, or Space on a focused card) selects several cards (outlined, `data-selected`): dragging any of them drags them all by one displacement, pushing what is in any of their ways (`world.moveGroup`), the arrow keys move them all, a plain click selects one card alone and Escape clears the selection. **Compact up** moves every card as far up as it can after each change. The JSON beside the board (below it when the panel is too narrow for both) is the layout from `onLayoutChange`, saved to localStorage and passed back as `layout` (which moves nothing).",
      },
    },
  },
} satisfies Meta<typeof DashboardBoard>

export default meta
type Story = StoryObj<typeof meta>

/** Drag the cards, move them with the keyboard, compact them, reset the layout. */
export const Board: Story = {}

/** The storage key of the interaction test: cleared before it runs, so it opens in the default layout. */
const testStorageKey = 'react-aabb:dashboard-test'

/**
 * The interaction test of {@link Board}, in a story of its own because it rearranges the
 * cards: a key move, a working button, a snapped push, a drag undone by Escape, compaction
 * and reset.
 */
export const BoardInteractions: Story = {
  name: 'Board: interaction test',
  tags: ['!autodocs'],
  args: { storageKey: testStorageKey },
  beforeEach: () => saveLayout(testStorageKey, null),
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const board = canvas.getByRole('region', { name: 'Dashboard board' })
    const card = (name: string) => canvas.getByRole('article', { name })
    const titleBar = (name: string) => card(name).querySelector('[data-card-handle]') as Element
    const cards = () => bodiesIn(board)
    // Each card's place on the board, from the board's corner: a drag near the window's edge
    // may scroll the page (auto-scroll), which moves every card on the screen alike.
    const placesOf = () => {
      const corner = board.getBoundingClientRect()
      return cards().map((element) => {
        const { left, top } = element.getBoundingClientRect()
        return { left: left - corner.left, top: top - corner.top }
      })
    }
    const shownLayout = () =>
      JSON.parse(canvas.getByTestId('layout-json').textContent ?? '') as Record<
        string,
        { x: number; y: number; width: number; height: number }
      >
    await waitFor(() => expect(cards()).toHaveLength(args.cards.length))
    await untilStill(cards)

    await step(
      'a focused card moves right by one grid cell and the move is announced',
      async () => {
        const team = card('Team')
        const before = team.getBoundingClientRect().left
        team.focus()
        await userEvent.keyboard('{ArrowRight}')
        await untilStill(cards)
        await expect(team.getBoundingClientRect().left - before).toBeCloseTo(args.snap ?? 16, 1)
        await expect(canvas.getByRole('status')).toHaveTextContent('Team moved right')
        await waitFor(() => expect(shownLayout().team).toMatchObject({ x: 32, y: 304 }))
      },
    )

    await step('the Refresh button works and does not move its card', async () => {
      const weather = card('Weather')
      const before = weather.getBoundingClientRect().left
      await userEvent.click(canvas.getByRole('button', { name: 'Refresh Weather' }))
      await expect(weather).toHaveTextContent('Refreshed 1 time')
      await untilStill(cards)
      await expect(weather.getBoundingClientRect().left).toBe(before)
    })

    await step(
      "a press on a card's text never drags it; Alt+Right and Alt+Left resize it by a cell",
      async () => {
        const team = card('Team')
        const before = team.getBoundingClientRect()
        await dragOnto(team.querySelector('p') as Element, card('Clock'), 8)
        await untilStill(cards)
        await expect(team.getBoundingClientRect().left).toBe(before.left)
        await expect(team.getBoundingClientRect().top).toBe(before.top)
        team.focus()
        await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}')
        await untilStill(cards)
        await expect(team.getBoundingClientRect().width - before.width).toBeCloseTo(
          args.snap ?? 16,
          1,
        )
        await expect(overlappingPairs(cards())).toEqual([])
        await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}')
        await untilStill(cards)
        await expect(team.getBoundingClientRect().width).toBeCloseTo(before.width, 1)
      },
    )

    await step(
      'a card dragged into another pushes it; all land on the grid, none overlap',
      async () => {
        const clockBefore = card('Clock').getBoundingClientRect().left
        await dragOnto(titleBar('Weather'), card('Clock'), 12)
        await untilStill(cards)
        await expect(card('Clock').getBoundingClientRect().left).toBeGreaterThan(clockBefore)
        await expect(overlappingPairs(cards())).toEqual([])
        await expect(elementsOutside(cards(), board)).toEqual([])
        await waitFor(() =>
          expect(
            Object.values(shownLayout()).every(({ x, y }) => x % 16 === 0 && y % 16 === 0),
          ).toBe(true),
        )
      },
    )

    await step(
      'Escape during a drag undoes it: the card and the cards it pushed go back',
      async () => {
        const before = placesOf()
        await dragOnto(titleBar('Notes'), card('Tasks'), 12, 'cancel')
        await untilStill(cards)
        await expect(placesOf()).toEqual(before)
      },
    )

    await step('Undo (Ctrl+Z) takes back a drag with its pushes; Redo does it again', async () => {
      await untilStill(cards)
      const before = placesOf()
      await dragOnto(titleBar('Notes'), card('Tasks'), 12)
      await untilStill(cards)
      const after = placesOf()
      await expect(after).not.toEqual(before)
      card('Notes').focus()
      await userEvent.keyboard('{Control>}z{/Control}')
      await untilStill(cards)
      await expect(placesOf()).toEqual(before)
      await expect(canvas.getByRole('status')).toHaveTextContent(/^Undone: .*moved back$/)
      await userEvent.click(canvas.getByRole('button', { name: 'Redo' }))
      await untilStill(cards)
      await expect(placesOf()).toEqual(after)
      await expect(overlappingPairs(cards())).toEqual([])
    })

    await step('Compact up moves every card as far up as it can', async () => {
      await userEvent.click(canvas.getByRole('checkbox', { name: 'Compact up' }))
      await untilStill(cards)
      // Each card is as far up as the gap lets it: 16 px under the top edge, or 16 px under
      // a card above it (one it shares columns with).
      const stuck = (layout: ReturnType<typeof shownLayout>) =>
        Object.entries(layout).filter(([id, card]) => {
          const under = Object.entries(layout).some(
            ([other, above]) =>
              other !== id &&
              above.x < card.x + card.width &&
              card.x < above.x + above.width &&
              above.y + above.height + 16 === card.y,
          )
          return card.y !== 16 && !under
        })
      await waitFor(() => expect(stuck(shownLayout())).toEqual([]))
      await expect(overlappingPairs(cards())).toEqual([])
      await expect(elementsOutside(cards(), board)).toEqual([])
    })

    await step('Reset layout puts back the default layout', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Reset layout' }))
      await untilStill(cards)
      await waitFor(() => expect(shownLayout()).toEqual(layoutOf(args.cards)))
      const chart = card('Chart').getBoundingClientRect()
      const origin = board.getBoundingClientRect()
      // 16 px from the board's padding box (inside its 1 px border).
      await expect(chart.left - origin.left - 1).toBeCloseTo(16, 0)
      await expect(chart.top - origin.top - 1).toBeCloseTo(16, 0)
    })

    await step(
      'Shift-click two cards and drag one into a third: both move by one displacement and push it; Escape clears the selection; Undo takes the group drag back',
      async () => {
        const placesOf = () =>
          cards().map((element) => {
            const { left, top } = element.getBoundingClientRect()
            return { left, top }
          })
        await untilStill(cards)
        const before = placesOf()
        const weatherBefore = card('Weather').getBoundingClientRect()
        const teamBefore = card('Team').getBoundingClientRect()
        const clockBefore = card('Clock').getBoundingClientRect().left
        await fireEvent.click(titleBar('Weather'), { shiftKey: true })
        await fireEvent.click(titleBar('Team'), { shiftKey: true })
        await expect(card('Weather')).toHaveAttribute('data-selected')
        await expect(card('Team')).toHaveAttribute('data-selected')
        await expect(card('Clock')).not.toHaveAttribute('data-selected')
        await dragOnto(titleBar('Weather'), card('Clock'), 12)
        await untilStill(cards)
        const weather = card('Weather').getBoundingClientRect()
        const team = card('Team').getBoundingClientRect()
        await expect(weather.left - weatherBefore.left).toBeGreaterThan(0)
        await expect(team.left - teamBefore.left).toBeCloseTo(weather.left - weatherBefore.left, 1)
        await expect(team.top - teamBefore.top).toBeCloseTo(weather.top - weatherBefore.top, 1)
        await expect(card('Clock').getBoundingClientRect().left).toBeGreaterThan(clockBefore)
        await expect(overlappingPairs(cards())).toEqual([])
        await expect(elementsOutside(cards(), board)).toEqual([])
        card('Weather').focus()
        await userEvent.keyboard('{Escape}')
        await expect(card('Weather')).not.toHaveAttribute('data-selected')
        await expect(card('Team')).not.toHaveAttribute('data-selected')
        await userEvent.keyboard('{Control>}z{/Control}')
        await untilStill(cards)
        await expect(placesOf()).toEqual(before)
      },
    )
  },
}
