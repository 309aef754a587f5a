import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { useWorldState } from '../../src/react/useWorldState.js'
import { bodyElement } from './support/bodyElement.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, nextFrames } from './support/realPointer.js'
import { realMouse, type RealMouse } from './support/realMouse.js'
import { sampleFrames } from './support/sampleFrames.js'

let api: WorldApi
let selected: readonly string[] = []

afterEach(cleanup)

/** Hands the selection, as `useWorldState` renders it, to the test. */
function SelectionProbe({ onSelected }: { onSelected: (ids: readonly string[]) => void }) {
  onSelected(useWorldState((state) => state.selected))
  return null
}

const BOARD = { width: 600, height: 300 }

/**
 * A 600 x 300 board walled by its edges: `a` at (20, 20) above `b` at (20, 120), and `c`
 * at (160, 120) right of `b`; each 100 x 60, all draggable (so selectable).
 */
function renderBoard() {
  const { container } = render(
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      style={{ position: 'relative', ...BOARD }}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <SelectionProbe onSelected={(ids) => (selected = ids)} />
      <Card id="a" aria-label="A" x={20} y={20} width={100} height={60} draggable />
      <Card id="b" aria-label="B" x={20} y={120} width={100} height={60} draggable />
      <Card id="c" aria-label="C" x={160} y={120} width={100} height={60} draggable />
    </PhysicsWorld>,
  )
  const surface = container.querySelector('[data-aabb-world]')!
  const card = (id: string) => bodyElement(container, id)
  return { surface, card, cards: () => ['a', 'b', 'c'].map(card) }
}

/** Moves the held mouse from `from` by (`dx`, `dy`) in `steps` moves, a frame after each. */
async function glide(
  mouse: RealMouse,
  from: { x: number; y: number },
  dx: number,
  dy: number,
  steps: number,
) {
  for (let step = 1; step <= steps; step++) {
    await mouse.move(from.x + (dx * step) / steps, from.y + (dy * step) / steps)
    await nextFrames(1)
  }
  return { x: from.x + dx, y: from.y + dy }
}

function place(id: string) {
  const { x, y } = api.get(id)
  return { x, y }
}

describe('selection and group drag, with the real mouse and keyboard, every frame sampled', () => {
  it('Shift-click two cards, drag one into a third: it is pushed, the two keep their offset; Escape restores', async () => {
    const { surface, card, cards } = renderBoard()
    await nextFrames(2)
    const mouse = await realMouse()
    const at = (id: string) => centerOf(card(id))
    await mouse.click(at('a').x, at('a').y, { shift: true })
    await mouse.click(at('b').x, at('b').y, { shift: true })
    expect(selected).toEqual(['a', 'b'])
    expect(cards().map((element) => element.hasAttribute('data-selected'))).toEqual([
      true,
      true,
      false,
    ])

    let pushedTo = 0
    let offsets: Array<{ x: number; y: number }> = []
    await sampleFrames(surface, cards(), BOARD, async () => {
      const start = at('a')
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      // b meets c after 40 px and pushes it for the other 60.
      const end = await glide(mouse, start, 100, 0, 10)
      await nextFrames(3)
      pushedTo = api.get('c').x
      offsets = [place('a'), place('b')]
      await userEvent.keyboard('{Escape}')
      await nextFrames(3)
      await mouse.release(end.x, end.y)
    })
    // The pointer's delta is in layout units (1/64 px): the group follows it, swept.
    expect(offsets[0]!.x).toBeCloseTo(120, 1)
    expect(offsets[1]!.x - offsets[0]!.x).toBe(0)
    expect(offsets[1]!.y - offsets[0]!.y).toBe(100)
    expect(pushedTo - offsets[1]!.x).toBe(100)
    // Escape put every member and the pushed card back, and kept the selection.
    expect([place('a'), place('b'), place('c')]).toEqual([
      { x: 20, y: 20 },
      { x: 20, y: 120 },
      { x: 160, y: 120 },
    ])
    expect(selected).toEqual(['a', 'b'])
  })

  it('the group drop stays, undo takes the whole group drag back as one unit', async () => {
    const { surface, card, cards } = renderBoard()
    await nextFrames(2)
    api.select(['a', 'b'])
    const mouse = await realMouse()
    await sampleFrames(surface, cards(), BOARD, async () => {
      const start = centerOf(card('b'))
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      const end = await glide(mouse, start, 100, 0, 10)
      await nextFrames(3)
      await mouse.release(end.x, end.y)
    })
    expect(place('a').x).toBeCloseTo(120, 1)
    expect(place('b').x).toBe(place('a').x)
    await nextFrames(5)
    card('a').focus()
    await userEvent.keyboard('{Control>}z{/Control}')
    await nextFrames(3)
    expect([place('a'), place('b'), place('c')]).toEqual([
      { x: 20, y: 20 },
      { x: 20, y: 120 },
      { x: 160, y: 120 },
    ])
  })

  it('arrow keys move the selection; Space toggles; Escape clears; a plain click selects one card', async () => {
    const { card, cards } = renderBoard()
    await nextFrames(2)
    card('a').focus()
    await userEvent.keyboard(' ')
    card('b').focus()
    await userEvent.keyboard(' ')
    expect(selected).toEqual(['a', 'b'])
    await userEvent.keyboard('{ArrowRight}')
    await nextFrames(2)
    expect([place('a'), place('b')]).toEqual([
      { x: 30, y: 20 },
      { x: 30, y: 120 },
    ])
    expect(document.querySelector('[aria-live]')?.textContent).toBe('2 cards moved right')
    await userEvent.keyboard('{Escape}')
    expect(selected).toEqual([])
    expect(cards().some((element) => element.hasAttribute('data-selected'))).toBe(false)
    // One card alone moves alone.
    await userEvent.keyboard('{ArrowRight}')
    await nextFrames(2)
    expect([place('a').x, place('b').x]).toEqual([30, 40])
    const mouse = await realMouse()
    await mouse.click(centerOf(card('c')).x, centerOf(card('c')).y)
    expect(selected).toEqual(['c'])
  })

  it('a press that drags an unselected card drags it alone and makes it the selection', async () => {
    const { surface, card, cards } = renderBoard()
    await nextFrames(2)
    api.select(['a', 'b'])
    const mouse = await realMouse()
    await sampleFrames(surface, cards(), BOARD, async () => {
      const start = centerOf(card('c'))
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      const end = await glide(mouse, start, 0, -60, 6)
      await nextFrames(3)
      await mouse.release(end.x, end.y)
    })
    expect(place('c').y).toBeLessThan(120)
    expect([place('a'), place('b')]).toEqual([
      { x: 20, y: 20 },
      { x: 20, y: 120 },
    ])
    expect(selected).toEqual(['c'])
    expect(cards().map((element) => element.hasAttribute('data-selected'))).toEqual([
      false,
      false,
      true,
    ])
  })

  it('select names an unknown or unselectable id in a RangeError and changes nothing', async () => {
    renderBoard()
    await nextFrames(2)
    api.select(['a'])
    await nextFrames(1)
    expect(() => api.select(['b', 'nope'])).toThrow(/select: body "nope" does not exist/)
    expect(selected).toEqual(['a'])
  })
})
