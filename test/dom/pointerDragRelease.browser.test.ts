import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { nextTrusted, realMouse } from '../react/support/realMouse.js'
import { identityAffine } from '../../src/dom/affine.js'
import {
  attachPointerDrag,
  type PointerDragAttachment,
  type PointerDragOptions,
} from '../../src/dom/pointerDrag.js'

let attachment: PointerDragAttachment | undefined

afterEach(() => {
  attachment?.()
  attachment = undefined
  document.body.innerHTML = ''
})

/** A 100 px card at (100, 100) on a board that takes clicks too, made draggable. */
function setup(content = '', presses: Partial<PointerDragOptions> = {}) {
  const board = document.createElement('div')
  board.style.cssText = 'position: absolute; left: 0; top: 0; width: 600px; height: 400px'
  const card = document.createElement('div')
  card.style.cssText =
    'position: absolute; left: 100px; top: 100px; width: 100px; height: 100px; background: #4a7bd0'
  card.innerHTML = content
  board.appendChild(card)
  document.body.appendChild(board)
  const calls: string[] = []
  const moved = { x: 0 }
  attachment = attachPointerDrag(card, {
    ...presses,
    onStart: () => {
      calls.push('start')
      return identityAffine
    },
    onMove: (delta) => {
      moved.x = delta.x
    },
    onEnd: () => calls.push('end'),
    onCancel: () => calls.push('cancel'),
  })
  const cardClicks = vi.fn()
  const boardClicks = vi.fn()
  card.addEventListener('click', cardClicks)
  board.addEventListener('click', boardClicks)
  return { card, calls, cardClicks, boardClicks, attachment, moved }
}

/** Lets the timers due now run, as a user holding the button for a moment does. */
function hold(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 30))
}

describe('attachPointerDrag with the real mouse', () => {
  it.each([
    { over: 'the card', x: 190 },
    { over: 'the board', x: 350 },
  ])(
    'swallows the click of a release over $over after an Escape, and lets the next click through',
    async ({ x }) => {
      const { calls, cardClicks, boardClicks } = setup()
      const mouse = await realMouse()
      await mouse.move(150, 150)
      await mouse.press(150, 150)
      await mouse.move(x, 150)
      expect(calls).toEqual(['start'])
      await userEvent.keyboard('{Escape}')
      expect(calls).toEqual(['start', 'cancel'])
      await hold()
      await mouse.release(x, 150)
      await hold()
      expect(cardClicks).not.toHaveBeenCalled()
      expect(boardClicks).not.toHaveBeenCalled()
      // A plain click afterwards is the user's.
      await mouse.press(150, 150)
      await mouse.release(150, 150)
      await hold()
      expect(cardClicks).toHaveBeenCalledTimes(1)
      expect(calls).toEqual(['start', 'cancel'])
    },
  )

  it('selects no text while dragging a card by its text', async () => {
    const { calls } = setup('<p style="margin: 0">some selectable text here</p>')
    const mouse = await realMouse()
    await mouse.move(105, 105)
    await mouse.press(105, 105)
    for (const x of [120, 180, 250, 320]) await mouse.move(x, 110)
    await mouse.release(320, 110)
    expect(calls).toEqual(['start', 'end'])
    expect(document.getSelection()?.toString()).toBe('')
  })

  it('keeps dragging a card pressed on a link inside it (no native drag of the link)', async () => {
    // Links cancel a press by default; this card drags by them.
    const { calls, moved } = setup(
      '<a href="#away" style="display: block; height: 50px">a link</a>',
      { dragCancel: '' },
    )
    const mouse = await realMouse()
    await mouse.move(110, 110)
    await mouse.press(110, 110)
    for (const x of [120, 150, 200, 260]) await mouse.move(x, 110)
    expect(calls).toEqual(['start'])
    expect(moved.x).toBeCloseTo(150, 3)
    await mouse.release(260, 110)
    expect(calls).toEqual(['start', 'end'])
  })

  it('keeps dragging when an element inside the card loses a pointer capture (a touch begun on it)', async () => {
    const { card, calls, moved } = setup('<h3 style="margin: 0">title</h3>')
    const mouse = await realMouse()
    await mouse.move(110, 105)
    await mouse.press(110, 105)
    await mouse.move(130, 105)
    card.firstElementChild!.dispatchEvent(
      new PointerEvent('lostpointercapture', { bubbles: true, pointerId: 1 }),
    )
    await mouse.move(200, 105)
    expect(calls).toEqual(['start'])
    expect(moved.x).toBeCloseTo(90, 3)
    await mouse.release(200, 105)
    expect(calls).toEqual(['start', 'end'])
  })

  it('abortDrag lets go of the pointer at once: Escape and the release click are the page’s again', async () => {
    const { card, calls, cardClicks } = setup()
    const mouse = await realMouse()
    await mouse.move(150, 150)
    await mouse.press(150, 150)
    await mouse.move(170, 150)
    expect(calls).toEqual(['start'])
    expect(card.hasPointerCapture(1)).toBe(true)
    attachment!.abortDrag()
    expect(card.hasPointerCapture(1)).toBe(false)
    const escape = nextTrusted('keydown')
    await userEvent.keyboard('{Escape}')
    expect((await escape).defaultPrevented).toBe(false)
    await mouse.release(170, 150)
    await hold()
    expect(cardClicks).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(['start'])
  })
})
