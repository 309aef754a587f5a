import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { CompactBoards, scatteredCards } from './support/CompactBoards.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'

const meta = {
  title: 'Use cases/Compact',
  component: CompactBoards,
  args: { cards: scatteredCards },
  argTypes: withDocumentedDefaults(CompactBoards, {
    cards: { control: false, table: { type: { summary: 'readonly CompactCardSpec[]' } } },
    snap: { control: { type: 'range', min: 5, max: 40, step: 5 } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'The same five scattered cards on four boards with `compact="up"`, `"down"`, `"left"` and `"right"`: they open compacted. Each card moves as far as it can that way without pushing, the card nearest that edge first, so the result depends on the layout alone. Drag a card away (or move it with the arrow keys): once it rests, the others close the hole.',
      },
    },
  },
} satisfies Meta<typeof CompactBoards>

export default meta
type Story = StoryObj<typeof meta>

/** Four boards, one per direction. */
export const FourDirections: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const boardOf = (direction: string) =>
      canvas.getByRole('region', { name: `Compacted ${direction}` })
    const all = () => bodiesIn(canvasElement)
    await waitFor(() => expect(all()).toHaveLength(20))
    await untilStill(all)

    /** Each card's offset from its board's padding box, by card id. */
    const offsets = (direction: string): Record<string, { x: number; y: number }> => {
      const board = boardOf(direction)
      const origin = board.getBoundingClientRect()
      const entries = bodiesIn(board).map((element): [string, { x: number; y: number }] => {
        const box = element.getBoundingClientRect()
        const id = (element.getAttribute('data-aabb-body') ?? '').split('-')[1] ?? ''
        return [id, { x: box.left - origin.left - 1, y: box.top - origin.top - 1 }]
      })
      return Object.fromEntries(entries)
    }

    await step('every board is compacted its way, without overlap, inside the board', async () => {
      for (const direction of ['up', 'down', 'left', 'right']) {
        const board = boardOf(direction)
        await expect(overlappingPairs(bodiesIn(board))).toEqual([])
        await expect(elementsOutside(bodiesIn(board), board)).toEqual([])
      }
      // Up: E, C and A reach the top; B (x 20 to 100) lies under E and A, so it stops under them.
      const up = offsets('up')
      await expect(up.E?.y).toBeCloseTo(0, 0)
      await expect(up.C?.y).toBeCloseTo(0, 0)
      await expect(up.A?.y).toBeCloseTo(0, 0)
      await expect(up.B?.y).toBeCloseTo(40, 0)
      const left = offsets('left')
      await expect(left.E?.x).toBeCloseTo(0, 0)
      await expect(left.B?.x).toBeCloseTo(0, 0)
      const right = offsets('right')
      await expect(right.D?.x).toBeCloseTo(190, 0)
      const down = offsets('down')
      await expect(down.B?.y).toBeCloseTo(140, 0)
    })
  },
}

/** The same boards on a 10 px grid: compaction stops on the last grid line each card reaches. */
export const OnAGrid: Story = { args: { snap: 10 } }
