import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { LayoutChangeHandler } from '../../src/board/boardLayout.js'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { useWorldState } from '../../src/react/useWorldState.js'
import { bodyElement } from './support/bodyElement.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, nextFrames } from './support/realPointer.js'
import { realMouse } from './support/realMouse.js'
import { sampleFrames, shownBoxes } from './support/sampleFrames.js'
import { quietRenderErrors } from './support/quietRenderErrors.js'

let api: WorldApi

afterEach(cleanup)

/** CSS px: what a displayed box may be off by (subpixel layout of the transform). */
const TOLERANCE = 0.5
const BOARD = { width: 500, height: 300 }

/** Renders `canUndo` and `canRedo` from the world's state, for {@link historyState}. */
function HistoryProbe() {
  const canUndo = useWorldState((state) => state.canUndo)
  const canRedo = useWorldState((state) => state.canRedo)
  return <output data-history="">{`${canUndo},${canRedo}`}</output>
}

/** `[canUndo, canRedo]` as the board's state last rendered them. */
function historyState(): [boolean, boolean] {
  const text = document.querySelector('[data-history]')!.textContent
  const [undo, redo] = text.split(',')
  return [undo === 'true', redo === 'true']
}

/**
 * A 500 x 300 board walled by its edges: `a` (draggable, resizable, throwable when asked) at (20, 20), `b` at
 * (140, 20) and `c` at (260, 20), each 100 x 60, and a text field.
 */
function renderBoard({ throwable, ...props }: { history?: number; throwable?: boolean } = {}) {
  const onLayoutChange = vi.fn<LayoutChangeHandler>()
  const { container } = render(
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      onLayoutChange={onLayoutChange}
      style={{ position: 'relative', width: BOARD.width, height: BOARD.height }}
      {...props}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <HistoryProbe />
      <Card
        id="a"
        aria-label="A"
        x={20}
        y={20}
        width={100}
        height={60}
        draggable
        resizable
        throwable={throwable}
      />
      <Card id="b" aria-label="B" x={140} y={20} width={100} height={60} />
      <Card id="c" aria-label="C" x={260} y={20} width={100} height={60} />
      <input aria-label="note" style={{ position: 'absolute', left: 20, top: 250 }} />
    </PhysicsWorld>,
  )
  const surface = container.querySelector('[data-aabb-world]')!
  const card = (id: string) => bodyElement(container, id)
  const cards = () => [card('a'), card('b'), card('c')]
  return { surface, card, cards, onLayoutChange }
}

/** Every card's box in the world. */
function boxes() {
  return ['a', 'b', 'c'].map((id) => {
    const { x, y, width, height } = api.get(id)
    return { x, y, width, height }
  })
}

/** Waits until the board is at rest (its loop idle). */
async function rest() {
  await nextFrames(3)
  // A thrown card flies to the board's corner: seconds on a loaded machine's slow frames.
  await expect.poll(() => api.world.isIdle(), { timeout: 15_000 }).toBe(true)
  await nextFrames(2)
}

const announced = () => document.querySelector('[data-aabb-announcer]')!.textContent

describe('undo and redo of whole gestures, with the real mouse and keyboard', () => {
  it('Ctrl+Z takes back a drag and everything it pushed to the pixel; Shift+Ctrl+Z redoes it', async () => {
    const { surface, card, cards, onLayoutChange } = renderBoard()
    await rest()
    const before = boxes()
    const shownBefore = shownBoxes(surface, cards())
    expect(historyState()[0]).toBe(false)
    const mouse = await realMouse()
    let after = before
    await sampleFrames(surface, cards(), BOARD, async () => {
      const start = centerOf(card('a'))
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      for (let step = 1; step <= 10; step++) {
        await mouse.move(start.x + step * 15, start.y + step * 3)
        await nextFrames(1)
      }
      // Dropped while still pushing: b and c stay pushed.
      await mouse.release(start.x + 150, start.y + 30)
      await rest()
      after = boxes()
      expect(after[1]!.x).toBeGreaterThan(150)
      expect(after[2]!.x).toBeGreaterThan(260)
      expect(historyState()[0]).toBe(true)
      expect(document.activeElement).toBe(card('a'))
      await userEvent.keyboard('{Control>}z{/Control}')
      await rest()
    })
    expect(boxes()).toEqual(before)
    const shownUndone = shownBoxes(surface, cards())
    shownUndone.forEach((box, i) => {
      expect(Math.abs(box.left - shownBefore[i]!.left)).toBeLessThanOrEqual(TOLERANCE)
      expect(Math.abs(box.top - shownBefore[i]!.top)).toBeLessThanOrEqual(TOLERANCE)
    })
    expect(historyState()).toEqual([false, true])
    expect(announced()).toBe('Undone: A, B and C moved back')
    expect(onLayoutChange.mock.calls.at(-1)![1]).toEqual({ cause: 'undo' })

    await sampleFrames(surface, cards(), BOARD, async () => {
      await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
      await rest()
    })
    expect(boxes()).toEqual(after)
    expect(historyState()).toEqual([true, false])
    expect(announced()).toBe('Redone: A, B and C moved')
    expect(onLayoutChange.mock.calls.at(-1)![1]).toEqual({ cause: 'redo' })
  })

  it('a throw is one unit, recorded once it comes to rest: Ctrl+Z puts every card back, Shift+Ctrl+Z where it landed', async () => {
    const { surface, card, cards, onLayoutChange } = renderBoard({ throwable: true })
    await rest()
    const before = boxes()
    const mouse = await realMouse()
    let landed = before
    await sampleFrames(surface, cards(), BOARD, async () => {
      // A flick down and to the right, released while still moving.
      const start = centerOf(card('a'))
      await mouse.move(start.x, start.y)
      await mouse.press(start.x, start.y)
      await mouse.move(start.x + 40, start.y + 60)
      await mouse.moveAndRelease(start.x + 80, start.y + 120)
      await rest()
      landed = boxes()
      // It flew on after the release (a drop would have left it 120 px lower, at y = 140).
      expect(landed[0]!.y).toBeGreaterThan(150)
      expect(historyState()).toEqual([true, false])
      await userEvent.keyboard('{Control>}z{/Control}')
      await rest()
      expect(boxes()).toEqual(before)
      expect(historyState()).toEqual([false, true])
      expect(onLayoutChange.mock.calls.at(-1)![1]).toEqual({ cause: 'undo' })
      await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
      await rest()
    })
    // Where it landed, to a millionth of a pixel: a throw can land with a rounding residue
    // (one run landed at y = 240.00000000000003, its bottom 6e-14 px past the board's
    // 300 px edge), and redo places the card at the nearest box free of the walls (y = 240).
    boxes().forEach((box, i) => {
      for (const field of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(box[field] - landed[i]![field]), `${i} ${field}`).toBeLessThan(1e-6)
      }
    })
    expect(historyState()).toEqual([true, false])
  })

  it('one unit per gesture: a key move, then a resize, undone one at a time', async () => {
    const { surface, card, cards } = renderBoard()
    await rest()
    const start = boxes()
    card('a').focus()
    await sampleFrames(surface, cards(), BOARD, async () => {
      await userEvent.keyboard('{ArrowDown}')
      await rest()
      const moved = boxes()
      await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}')
      await rest()
      expect(api.get('a').width).toBe(110)
      await userEvent.keyboard('{Control>}z{/Control}')
      await rest()
      expect(boxes()).toEqual(moved)
      await userEvent.keyboard('{Control>}z{/Control}')
      await rest()
    })
    expect(boxes()).toEqual(start)
    expect(card('a').getBoundingClientRect().width).toBeCloseTo(100, 1)
  })

  it('Ctrl+Z in a text field inside the world is the field’s own', async () => {
    const { card } = renderBoard()
    await rest()
    card('a').focus()
    await userEvent.keyboard('{ArrowDown}')
    await rest()
    expect(historyState()[0]).toBe(true)
    const field = document.querySelector('input')!
    field.focus()
    let prevented: boolean | undefined
    field.addEventListener('keydown', (event) => {
      queueMicrotask(() => (prevented = event.defaultPrevented))
    })
    await userEvent.keyboard('{Control>}z{/Control}')
    await rest()
    expect(prevented).toBe(false)
    expect(api.get('a').y).toBe(30)
    expect(historyState()[0]).toBe(true)
  })

  it('history={0} keeps nothing to undo', async () => {
    const { card } = renderBoard({ history: 0 })
    await rest()
    card('a').focus()
    await userEvent.keyboard('{ArrowDown}')
    await rest()
    await userEvent.keyboard('{Control>}z{/Control}')
    await rest()
    expect(api.get('a').y).toBe(30)
    expect(api.undo()).toBe(false)
    expect(historyState()[0]).toBe(false)
  })

  it('a bad history throws naming the prop', () => {
    quietRenderErrors()
    expect(() => render(<PhysicsWorld history={-1} />)).toThrow(
      '<PhysicsWorld>: history must be a non-negative integer (got -1)',
    )
  })
})
