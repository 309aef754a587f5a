import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { PhysicsWorld, useAABBBody, type ResizeMode } from 'react-aabb'
import { dragOnto } from '../support/pointerInput.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'

/** A card laid out absolutely on its board, resizable or not. */
function BoardCard({
  id,
  label,
  left,
  resizable,
}: {
  id: string
  label: string
  left: number
  resizable: false | { mode: ResizeMode; minWidth: number; minHeight: number }
}) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, label, draggable: true, resizable })
  return (
    <div
      ref={ref}
      style={{
        position: 'absolute',
        left,
        top: 40,
        width: 70,
        height: 70,
        boxSizing: 'border-box',
        display: 'grid',
        placeItems: 'center',
        borderRadius: 8,
        background: resizable ? '#ffffff' : '#dde3f0',
        border: '1px solid #9aa6bf',
        font: '600 13px system-ui, sans-serif',
        userSelect: 'none',
      }}
    >
      {label}
    </div>
  )
}

/**
 * One board per mode: "Grow" is resizable with that mode (its bottom-right handle), and
 * the two cards to its right are what its edge meets ("Soft" is resizable down to 40 px,
 * so `'squeeze'` shrinks it; "Firm" is not, so it is pushed whole).
 */
function ModeBoard({ mode }: { mode: ResizeMode }) {
  const minimum = { mode, minWidth: 40, minHeight: 40 }
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ font: '600 13px system-ui, sans-serif', marginBottom: 6 }}>
        mode: &apos;{mode}&apos;
      </figcaption>
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        role="group"
        aria-label={`Board, mode ${mode}`}
        style={{
          position: 'relative',
          width: 300,
          height: 150,
          background: '#eef1f7',
          borderRadius: 10,
        }}
      >
        <BoardCard id={`${mode}-grow`} label="Grow" left={12} resizable={minimum} />
        <BoardCard
          id={`${mode}-soft`}
          label="Soft"
          left={82}
          resizable={{ ...minimum, mode: 'push' }}
        />
        <BoardCard id={`${mode}-firm`} label="Firm" left={152} resizable={false} />
      </PhysicsWorld>
    </figure>
  )
}

function ResizeModes() {
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      <ModeBoard mode="push" />
      <ModeBoard mode="stop" />
      <ModeBoard mode="squeeze" />
    </div>
  )
}

const meta = {
  title: 'Use cases/Resize modes',
  component: ResizeModes,
  parameters: {
    docs: {
      description: {
        component:
          "`useAABBBody({ resizable: { mode } })`: drag the bottom-right handle of \"Grow\" to the right. `'push'` pushes Soft and Firm as a drag does and stops at the board's edge; `'stop'` stops at Soft; `'squeeze'` shrinks Soft down to its `minWidth` (40) before pushing. The left edge stays put. Alt+arrows resize a focused card; Escape during a resize puts everything back.",
      },
    },
  },
} satisfies Meta<typeof ResizeModes>

export default meta

/** The three modes side by side, as they open: nothing moved yet. */
export const SideBySide: StoryObj<typeof meta> = {}

/**
 * The interaction test of {@link SideBySide}, in a story of its own because it resizes the
 * cards: on each board "Grow"'s handle is dragged right onto "Firm" (about 117 px), and an
 * Escape puts a resize back.
 */
export const SideBySideInteractions: StoryObj<typeof meta> = {
  name: 'Side by side: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const boardOf = (mode: ResizeMode) => canvas.getByRole('group', { name: `Board, mode ${mode}` })
    const card = (mode: ResizeMode, name: string) =>
      within(boardOf(mode)).getByText(name, { selector: '[data-aabb-body]' })
    const handleOf = (mode: ResizeMode) =>
      card(mode, 'Grow').querySelector('[data-aabb-resize-handle="se"]') as Element
    const widthOf = (mode: ResizeMode, name: string) =>
      card(mode, name).getBoundingClientRect().width
    const all = () => bodiesIn(canvasElement)
    await waitFor(() => expect(all()).toHaveLength(9))
    await untilStill(all)
    const boxesOf = (mode: ResizeMode) =>
      bodiesIn(boardOf(mode)).map((element) => {
        const { left, top, width, height } = element.getBoundingClientRect()
        return { left, top, width, height }
      })
    const modes: ResizeMode[] = ['push', 'stop', 'squeeze']

    await step('Escape during a resize puts the card and the cards it pushed back', async () => {
      const before = boxesOf('push')
      await dragOnto(handleOf('push'), card('push', 'Firm'), 6, 'cancel')
      await untilStill(all)
      await expect(boxesOf('push')).toEqual(before)
    })

    for (const mode of modes) {
      await dragOnto(handleOf(mode), card(mode, 'Firm'), 6)
    }
    await untilStill(all)

    await step('no board has an overlap or a card outside it', async () => {
      for (const mode of modes) {
        await expect(overlappingPairs(bodiesIn(boardOf(mode)))).toEqual([])
        await expect(elementsOutside(bodiesIn(boardOf(mode)), boardOf(mode))).toEqual([])
      }
    })

    await step(
      "'push' grows Grow and pushes Soft and Firm whole until Firm meets the edge",
      async () => {
        await expect(widthOf('push', 'Grow')).toBeGreaterThan(120)
        await expect(widthOf('push', 'Soft')).toBeCloseTo(70, 1)
        await expect(widthOf('push', 'Firm')).toBeCloseTo(70, 1)
        const board = boardOf('push').getBoundingClientRect()
        await expect(card('push', 'Firm').getBoundingClientRect().right).toBeCloseTo(board.right, 1)
      },
    )

    await step("'stop' stops at Soft: Grow is no wider and nothing moved", async () => {
      await expect(widthOf('stop', 'Grow')).toBeCloseTo(70, 1)
      const soft = card('stop', 'Soft').getBoundingClientRect()
      await expect(soft.left - boardOf('stop').getBoundingClientRect().left).toBeCloseTo(82, 1)
    })

    await step(
      "'squeeze' shrinks Soft to its minWidth (40) and grows Grow past 'push'",
      async () => {
        await expect(widthOf('squeeze', 'Soft')).toBeCloseTo(40, 1)
        await expect(widthOf('squeeze', 'Grow')).toBeGreaterThan(widthOf('push', 'Grow'))
      },
    )
  },
}
