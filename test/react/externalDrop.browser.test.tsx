import { cleanup, render } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { ExternalDropEvent, TransferEvent } from '../../src/board/externalDrop.js'
import { boardTransferModule } from '../../src/board/lazyBoardTransfer.js'
import type { Rect } from '../../src/core/geometry/types.js'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useExternalDraggable } from '../../src/react/useExternalDraggable.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, everyFrame, nextFrames } from './support/realPointer.js'
import { realMouse, type RealMouse } from './support/realMouse.js'

afterEach(cleanup)

/** Each board is 400 x 300 CSS px, walled by its container's edges. */
const BOARD = { width: 400, height: 300 }

interface CardState {
  id: string
  x: number
  y: number
}

const apis: Record<string, WorldApi> = {}

/**
 * Two boards of one group, `left` and `right` side by side, each with its cards in app
 * state, and a palette item below them that drags in a 100 x 60 card "new". The app renders
 * every new card at the board's top-left (where its own layout would put it): the library
 * must place it where it was dropped.
 */
function Kanban({
  onExternalDrop,
  onTransfer,
  grid,
}: {
  onExternalDrop: (event: ExternalDropEvent) => void
  onTransfer: (event: TransferEvent) => void
  /** Both boards' `snap` and `gap`. @default none */
  grid?: { snap: number; gap: number }
}) {
  const [boards, setBoards] = useState<Record<string, CardState[]>>({
    left: [
      { id: 'a', x: 20, y: 20 },
      { id: 'b', x: 140, y: 20 },
    ],
    right: [{ id: 'c', x: 20, y: 20 }],
  })
  const board = (id: string) => (
    <PhysicsWorld
      key={id}
      id={id}
      group="kanban"
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      {...grid}
      style={{ position: 'relative', ...BOARD, flex: 'none', background: '#eee' }}
      onExternalDrop={(event) => {
        onExternalDrop(event)
        setBoards((all) => ({ ...all, [id]: [...all[id]!, { id: event.id, x: 0, y: 0 }] }))
      }}
      onTransfer={(event) => {
        onTransfer(event)
        if (event.to !== id) return
        setBoards((all) => ({
          ...all,
          [event.from]: all[event.from]!.filter((card) => card.id !== event.id),
          [event.to]: [...all[event.to]!, { id: event.id, x: 0, y: 0 }],
        }))
      }}
    >
      <WorldProbe onApi={(api) => (apis[id] = api)} />
      {boards[id]!.map((card) => (
        <Card key={card.id} {...card} width={100} height={60} draggable />
      ))}
    </PhysicsWorld>
  )
  return (
    <div>
      <div style={{ display: 'flex', gap: 20 }}>
        {board('left')}
        {board('right')}
      </div>
      <PaletteItem />
    </div>
  )
}

function PaletteItem() {
  const { ref, isDragging } = useExternalDraggable({
    id: 'new',
    width: 100,
    height: 60,
    data: { kind: 'note' },
  })
  return (
    <div
      ref={ref}
      data-testid="palette"
      data-dragging-now={isDragging ? '' : undefined}
      style={{ marginTop: 20, width: 50, height: 30, background: '#ccf' }}
    >
      note
    </div>
  )
}

function renderKanban(grid?: { snap: number; gap: number }) {
  const onExternalDrop = vi.fn<(event: ExternalDropEvent) => void>()
  const onTransfer = vi.fn<(event: TransferEvent) => void>()
  // StrictMode: its mount-unmount-mount must leave one board entry and one drag per item.
  const view = render(
    <StrictMode>
      <Kanban onExternalDrop={onExternalDrop} onTransfer={onTransfer} {...(grid && { grid })} />
    </StrictMode>,
  )
  const surface = (id: string) => view.container.querySelector(`#${id}`) as HTMLElement
  const palette = view.getByTestId('palette')
  return { onExternalDrop, onTransfer, surface, palette, unmount: view.unmount }
}

/** The boxes of a board's cards as displayed, relative to the board's top-left. */
function shownCards(surface: HTMLElement): Array<Rect & { id: string }> {
  const origin = surface.getBoundingClientRect()
  return [...surface.querySelectorAll<HTMLElement>('[data-aabb-body]')].map((card) => {
    const box = card.getBoundingClientRect()
    const id = card.dataset.aabbBody as string
    return { id, x: box.left - origin.left, y: box.top - origin.top, ...size(box) }
  })
}

function size(box: DOMRect) {
  return { width: box.width, height: box.height }
}

/**
 * Samples every frame while `gesture` runs (and three frames after): on each board no two
 * cards overlap by more than 0.01 px and none is outside the board.
 */
async function everyFrameKeepsBoards(surfaces: HTMLElement[], gesture: () => Promise<void>) {
  const problems: string[] = []
  let frames = 0
  const stop = everyFrame(() => {
    frames++
    for (const surface of surfaces) {
      const cards = shownCards(surface)
      cards.forEach((card, i) => {
        const outside =
          card.x < -0.01 ||
          card.y < -0.01 ||
          card.x + card.width > BOARD.width + 0.01 ||
          card.y + card.height > BOARD.height + 0.01
        if (outside) problems.push(`frame ${frames}: ${card.id} outside ${surface.id}`)
        for (const other of cards.slice(i + 1)) {
          const x = Math.min(card.x + card.width, other.x + other.width) - Math.max(card.x, other.x)
          const y =
            Math.min(card.y + card.height, other.y + other.height) - Math.max(card.y, other.y)
          if (x > 0.01 && y > 0.01) problems.push(`frame ${frames}: ${card.id}/${other.id} overlap`)
        }
      })
    }
  })
  try {
    await gesture()
    await nextFrames(3)
  } finally {
    stop()
  }
  expect(problems).toEqual([])
  expect(frames).toBeGreaterThan(10)
}

/** Moves the held mouse from `from` to `to` in `steps` moves, a frame after each. */
async function glide(mouse: RealMouse, from: Point, to: Point, steps = 12): Promise<void> {
  for (let step = 1; step <= steps; step++) {
    const t = step / steps
    await mouse.move(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t)
    await nextFrames(1)
  }
}

interface Point {
  x: number
  y: number
}

/** What the live region of the board `surface` (its `<PhysicsWorld>` container) says now. */
function announced(surface: HTMLElement): string | null {
  const region = surface.nextElementSibling
  expect(region?.getAttribute('aria-live')).toBe('polite')
  return region!.textContent
}

/**
 * Presses the palette item, glides it in `steps` moves to `offset` from `board`'s
 * top-left, lets two frames pass, runs `whileOver` with the pointer there (the item still
 * held) and releases it there.
 */
async function dragPaletteOver(
  mouse: RealMouse,
  palette: HTMLElement,
  board: HTMLElement,
  offset: Point,
  whileOver: (over: Point) => void = () => {},
  steps = 12,
): Promise<void> {
  const start = centerOf(palette)
  await mouse.move(start.x, start.y)
  await mouse.press(start.x, start.y)
  const origin = board.getBoundingClientRect()
  const over = { x: origin.left + offset.x, y: origin.top + offset.y }
  await glide(mouse, start, over, steps)
  await nextFrames(2)
  whileOver(over)
  await mouse.release(over.x, over.y)
}

/** The drop preview's box relative to `surface`'s top-left, or null when none is shown. */
function shownPreview(surface: HTMLElement): Rect | null {
  const preview = document.querySelector('[data-aabb-drop-preview]')
  if (!preview) return null
  const origin = surface.getBoundingClientRect()
  const box = preview.getBoundingClientRect()
  return { x: box.left - origin.left, y: box.top - origin.top, ...size(box) }
}

function expectNear(actual: Rect, expected: Rect, tolerance = 0.5) {
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(actual[key] - expected[key]), key).toBeLessThanOrEqual(tolerance)
  }
}

describe('dragging a palette item into a board (useExternalDraggable, onExternalDrop)', () => {
  it('previews a free spot, calls onExternalDrop with it, and the new card lands exactly there', async () => {
    const { onExternalDrop, surface, palette } = renderKanban()
    await nextFrames(2)
    const left = surface('left')
    const mouse = await realMouse()
    let previewed: Rect | null = null
    await everyFrameKeepsBoards([left, surface('right')], () =>
      // The card hangs from the pointer at its centre: carried over card `a` at (20, 20).
      dragPaletteOver(mouse, palette, left, { x: 60, y: 60 }, (over) => {
        expect(palette.hasAttribute('data-dragging-now')).toBe(true)
        // The ghost is the card's size, hanging from the pointer at its centre (where the
        // item was pressed, in the card's proportions).
        const ghost = document.querySelector('[data-aabb-drag-ghost]')!.getBoundingClientRect()
        expectNear(
          { x: ghost.left, y: ghost.top, ...size(ghost) },
          { x: over.x - 50, y: over.y - 30, width: 100, height: 60 },
        )
        previewed = shownPreview(left)
      }),
    )
    // The pointer carried the card to (10, 30): taken by a, so the nearest free spot shows.
    expect(previewed).not.toBeNull()
    expect(onExternalDrop).toHaveBeenCalledTimes(1)
    const { id, rect, data } = onExternalDrop.mock.calls[0]![0]
    expect({ id, data }).toEqual({ id: 'new', data: { kind: 'note' } })
    expectNear(previewed!, rect)
    expect(rect).toEqual({ x: 10, y: 80, width: 100, height: 60 })
    expect(document.querySelector('[data-aabb-drop-preview], [data-aabb-drag-ghost]')).toBeNull()
    expect(palette.hasAttribute('data-dragging-now')).toBe(false)
    // The app rendered the card at (0, 0); the world placed it at the drop's rect.
    await nextFrames(3)
    expect(apis.left!.get('new')).toMatchObject({ x: 10, y: 80 })
    const shown = shownCards(left).find((card) => card.id === 'new')!
    expectNear(shown, rect)
    // Screen readers hear the card arrive, once it is placed (named by its label: here its id).
    expect(announced(left)).toBe('new added')
  })

  it('on a board with snap and gap, the spot is on the grid and keeps the gap', async () => {
    // Cards at (20, 20) and (140, 20) are on a 20 px grid and 20 px apart: a gap of 10 holds.
    const { onExternalDrop, surface, palette } = renderKanban({ snap: 20, gap: 10 })
    await nextFrames(2)
    const left = surface('left')
    const mouse = await realMouse()
    let previewed: Rect | null = null
    await everyFrameKeepsBoards([left, surface('right')], () =>
      // Carried to (13, 37): over a, off the grid.
      dragPaletteOver(mouse, palette, left, { x: 63, y: 67 }, () => {
        previewed = shownPreview(left)
      }),
    )
    const { rect } = onExternalDrop.mock.calls[0]![0]
    expectNear(previewed!, rect)
    // The nearest grid point whose box stays 10 px from a (bottom 80) and from the wall.
    expect(rect).toEqual({ x: 20, y: 100, width: 100, height: 60 })
    await nextFrames(3)
    expect(apis.left!.get('new')).toMatchObject({ x: 20, y: 100 })
  })

  it('Escape cancels: no preview, no drop, nothing added', async () => {
    const { onExternalDrop, surface, palette } = renderKanban()
    await nextFrames(2)
    const mouse = await realMouse()
    const escape = () => {
      expect(document.querySelector('[data-aabb-drop-preview]')).not.toBeNull()
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    }
    await dragPaletteOver(mouse, palette, surface('left'), { x: 200, y: 200 }, escape, 6)
    await nextFrames(2)
    expect(document.querySelector('[data-aabb-drop-preview], [data-aabb-drag-ghost]')).toBeNull()
    expect(onExternalDrop).not.toHaveBeenCalled()
  })

  it('by keyboard: Enter picks the item up, the arrows carry it, Enter drops it where the preview is', async () => {
    const { onExternalDrop, surface, palette } = renderKanban()
    await nextFrames(2)
    const left = surface('left')
    expect(palette.getAttribute('tabindex')).toBe('0')
    expect(palette.getAttribute('role')).toBe('button')
    expect(palette.getAttribute('aria-roledescription')).toBe('draggable item')
    let previewed: Rect | null = null
    await everyFrameKeepsBoards([left, surface('right')], async () => {
      palette.focus()
      await userEvent.keyboard('{Enter}')
      await nextFrames(1)
      expect(palette.hasAttribute('data-dragging-now')).toBe(true)
      // Picked up at the board's top-left, taken by card a: the nearest free spot shows.
      expect(shownPreview(left)).not.toBeNull()
      // Five presses down: 100 px, below cards a and b.
      for (let press = 0; press < 5; press++) await userEvent.keyboard('{ArrowDown}')
      await nextFrames(1)
      previewed = shownPreview(left)
      await userEvent.keyboard('{Enter}')
    })
    expect(onExternalDrop).toHaveBeenCalledTimes(1)
    const { id, rect } = onExternalDrop.mock.calls[0]![0]
    expect(id).toBe('new')
    expect(rect).toEqual({ x: 0, y: 100, width: 100, height: 60 })
    expectNear(previewed!, rect)
    expect(palette.hasAttribute('data-dragging-now')).toBe(false)
    await nextFrames(3)
    expect(apis.left!.get('new')).toMatchObject({ x: 0, y: 100 })
    expect(announced(left)).toBe('new added')
  })

  it('by keyboard: Shift+arrows carry the item to the next board; Escape cancels', async () => {
    const { onExternalDrop, surface, palette } = renderKanban()
    await nextFrames(2)
    const right = surface('right')
    palette.focus()
    await userEvent.keyboard('{Enter}')
    // Five presses right with Shift: 500 px, over the right board (20 px beside the left).
    for (let press = 0; press < 5; press++) await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(shownPreview(right)).not.toBeNull()
    await userEvent.keyboard('{Escape}')
    expect(document.querySelector('[data-aabb-drop-preview], [data-aabb-drag-ghost]')).toBeNull()
    expect(onExternalDrop).not.toHaveBeenCalled()
    // Picked up again and dropped over the right board: that world hears of it.
    await userEvent.keyboard('{Enter}')
    for (let press = 0; press < 5; press++) await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    await userEvent.keyboard('{Enter}')
    expect(onExternalDrop).toHaveBeenCalledTimes(1)
    await nextFrames(3)
    expect(apis.right!.world.has('new')).toBe(true)
    expect(apis.left!.world.has('new')).toBe(false)
    expect(announced(right)).toBe('new added')
  })

  it('a size that is not finite and positive throws a RangeError naming the field and the id', () => {
    function Bad() {
      useExternalDraggable({ id: 'note', width: 100, height: NaN })
      return null
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Bad />)).toThrow(
      new RangeError(
        'useExternalDraggable: height of "note" must be a finite number > 0 (got NaN)',
      ),
    )
  })
})

describe('dragging a card between two boards of one group (group, onTransfer)', () => {
  it('a board starts loading the transfer when it joins a group; a board without one does not', () => {
    const preload = vi.spyOn(boardTransferModule, 'preload')
    try {
      const view = render(<PhysicsWorld id="solo" />)
      expect(preload).not.toHaveBeenCalled()
      view.rerender(<PhysicsWorld id="solo" group="kanban" />)
      expect(preload).toHaveBeenCalledTimes(1)
    } finally {
      preload.mockRestore()
    }
  })

  it('previews in the other board, calls onTransfer on both, and the card lands at the previewed rect', async () => {
    const { onTransfer, surface } = renderKanban()
    // The grouped boards started loading the transfer as they mounted.
    await boardTransferModule.load()
    await nextFrames(2)
    const [left, right] = [surface('left'), surface('right')]
    const card = left.querySelector<HTMLElement>('[data-aabb-body="a"]')!
    const mouse = await realMouse()
    let previewed: Rect | null = null
    let transferring = false
    await everyFrameKeepsBoards([left, right], async () => {
      const start = centerOf(card)
      const grabbed = card.getBoundingClientRect()
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      const origin = right.getBoundingClientRect()
      // Carried over card `c` at (20, 20) of the right board.
      const over = { x: origin.left + 80, y: origin.top + 40 }
      await glide(mouse, start, over, 20)
      await nextFrames(3)
      previewed = shownPreview(right)
      transferring = card.hasAttribute('data-aabb-transferring')
      // The ghost hangs from the pointer where the card was grabbed, at the card's size.
      const ghost = document.querySelector('[data-aabb-drag-ghost]')!.getBoundingClientRect()
      expectNear(
        { x: ghost.left, y: ghost.top, ...size(ghost) },
        {
          x: over.x - (start.x - grabbed.left),
          y: over.y - (start.y - grabbed.top),
          ...size(grabbed),
        },
      )
      await mouse.release(over.x, over.y)
    })
    expect(transferring).toBe(true)
    expect(previewed).not.toBeNull()
    // Once on each board.
    expect(onTransfer).toHaveBeenCalledTimes(2)
    const event = onTransfer.mock.calls[0]![0]
    expect(onTransfer.mock.calls[1]![0]).toEqual(event)
    expect(event).toMatchObject({ id: 'a', from: 'left', to: 'right' })
    expectNear(previewed!, event.rect)
    await nextFrames(3)
    expect(apis.left!.world.has('a')).toBe(false)
    expect(apis.right!.get('a')).toMatchObject({ x: event.rect.x, y: event.rect.y })
    const shown = shownCards(right).find((shownCard) => shownCard.id === 'a')!
    expectNear(shown, event.rect)
    expect(announced(right)).toBe('a moved here from left')
  })

  it('in a group drag only the card under the pointer moves to the other board; the rest go back', async () => {
    const { onTransfer, surface } = renderKanban()
    // The grouped boards started loading the transfer as they mounted.
    await boardTransferModule.load()
    await nextFrames(2)
    const [left, right] = [surface('left'), surface('right')]
    apis.left!.select(['a', 'b'])
    await nextFrames(1)
    const card = left.querySelector<HTMLElement>('[data-aabb-body="a"]')!
    const mouse = await realMouse()
    await everyFrameKeepsBoards([left, right], async () => {
      const start = centerOf(card)
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      // First down within the left board: the selection moves as one.
      const below = { x: start.x, y: start.y + 100 }
      await glide(mouse, start, below, 8)
      await nextFrames(2)
      // (The pointer's path in CSS pixels lands a few 1e-5 px off whole numbers.)
      expectNear({ ...apis.left!.get('b') }, { x: 140, y: 120, width: 100, height: 60 }, 0.01)
      const origin = right.getBoundingClientRect()
      const over = { x: origin.left + 200, y: origin.top + 200 }
      await glide(mouse, below, over, 20)
      await nextFrames(2)
      await mouse.release(over.x, over.y)
    })
    expect(onTransfer).toHaveBeenCalledTimes(2)
    expect(onTransfer.mock.calls[0]![0]).toMatchObject({ id: 'a', from: 'left', to: 'right' })
    await nextFrames(3)
    expect(apis.right!.world.has('a')).toBe(true)
    expect(apis.left!.get('b')).toMatchObject({ x: 140, y: 20 })
  })

  it('Escape and a drop outside every board put the card back; no transfer', async () => {
    const { onTransfer, surface } = renderKanban()
    // The grouped boards started loading the transfer as they mounted.
    await boardTransferModule.load()
    await nextFrames(2)
    const [left, right] = [surface('left'), surface('right')]
    const card = () => left.querySelector<HTMLElement>('[data-aabb-body="a"]')!
    const mouse = await realMouse()
    const origin = right.getBoundingClientRect()
    for (const ending of ['escape', 'outside'] as const) {
      await everyFrameKeepsBoards([left, right], async () => {
        const start = centerOf(card())
        await mouse.move(start.x, start.y)
        await mouse.press(start.x, start.y)
        const over = { x: origin.left + 200, y: origin.top + 150 }
        await glide(mouse, start, over, 12)
        expect(document.querySelector('[data-aabb-drop-preview]')).not.toBeNull()
        if (ending === 'escape') {
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
          await mouse.release(over.x, over.y)
        } else {
          const outside = { x: origin.left + 200, y: origin.bottom + 150 }
          await glide(mouse, over, outside, 6)
          expect(document.querySelector('[data-aabb-drop-preview]')).toBeNull()
          await mouse.release(outside.x, outside.y)
        }
      })
      await nextFrames(20)
      expect(document.querySelector('[data-aabb-drop-preview], [data-aabb-drag-ghost]')).toBeNull()
      expect(card().hasAttribute('data-aabb-transferring')).toBe(false)
      expect(apis.left!.get('a'), ending).toMatchObject({ x: 20, y: 20 })
      expect(apis.right!.world.has('a')).toBe(false)
    }
    expect(onTransfer).not.toHaveBeenCalled()
  })
})

describe('unmounting mid-drag', () => {
  it('the palette item or the boards unmounted mid-drag leave no preview or ghost, and drop nothing', async () => {
    for (const gesture of ['palette', 'transfer'] as const) {
      const { onExternalDrop, onTransfer, surface, palette, unmount } = renderKanban()
      await boardTransferModule.load()
      await nextFrames(2)
      const mouse = await realMouse()
      const grabbed =
        gesture === 'palette' ? palette : surface('left').querySelector('[data-aabb-body="a"]')!
      const start = centerOf(grabbed)
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      const origin = surface('right').getBoundingClientRect()
      const over = { x: origin.left + 200, y: origin.top + 150 }
      await glide(mouse, start, over, 8)
      expect(document.querySelector('[data-aabb-drop-preview]'), gesture).not.toBeNull()
      unmount()
      await mouse.release(over.x, over.y)
      await nextFrames(2)
      expect(document.querySelector('[data-aabb-drop-preview], [data-aabb-drag-ghost]')).toBeNull()
      expect(onExternalDrop).not.toHaveBeenCalled()
      expect(onTransfer).not.toHaveBeenCalled()
    }
  })
})
