import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { edgeSpeed } from '../../src/dom/autoScroll.js'
import { autoScrollModule } from '../../src/dom/pointerDrag.js'
import { assertAutoScroll } from '../../src/dom/autoScrollOptions.js'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { bodyElement } from './support/bodyElement.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, everyFrame, nextFrames } from './support/realPointer.js'
import { realMouse } from './support/realMouse.js'
import { quietRenderErrors } from './support/quietRenderErrors.js'

let api: WorldApi

const BOARD_HEIGHT = 3000

afterEach(() => {
  cleanup()
  window.scrollTo(0, 0)
})

/**
 * A 300 x 200 scroll container over a 300 x 3000 walled board: card `a` (80 x 60) at
 * (100, 20), card `b` (80 x 60) at (100, 300), below the fold. The board is tall enough
 * that a drag held at the bottom edge never scrolls to its end, even when the real mouse's
 * calls take many frames on a loaded machine (at the end, `b` pushed against the bottom
 * wall would keep `a` from following the pointer).
 */
function renderScroller(autoScroll?: false) {
  const { container } = render(
    <div data-testid="scroller" style={{ width: 300, height: 200, overflow: 'auto' }}>
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        {...(autoScroll === false && { autoScroll })}
        style={{ position: 'relative', width: 300, height: BOARD_HEIGHT }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Card id="a" x={100} y={20} width={80} height={60} draggable />
        <Card id="b" x={100} y={300} width={80} height={60} draggable />
      </PhysicsWorld>
    </div>,
  )
  const scroller = container.querySelector<HTMLElement>('[data-testid="scroller"]')!
  return { scroller, card: (id: string) => bodyElement(container, id) }
}

/**
 * Presses the real mouse at `start` and moves it straight to `held` in 8 moves, one a frame.
 * The press starts loading the scroller (autoScroll is on); it is awaited, so the drag
 * scrolls from its start.
 */
async function pressAndMoveTo(
  mouse: Awaited<ReturnType<typeof realMouse>>,
  start: { x: number; y: number },
  held: { x: number; y: number },
): Promise<void> {
  await mouse.move(start.x, start.y)
  await mouse.press(start.x, start.y)
  await autoScrollModule.load()
  for (let k = 1; k <= 8; k++) {
    await mouse.move(start.x + ((held.x - start.x) * k) / 8, start.y + ((held.y - start.y) * k) / 8)
    await nextFrames(1)
  }
}

describe('auto-scroll during a drag, the real mouse, every frame sampled', () => {
  it('a pointer held near the bottom edge scrolls the container; the card stays under it and pushes what it meets', async () => {
    const { scroller, card } = renderScroller()
    await nextFrames(2)
    const mouse = await realMouse()
    const start = centerOf(card('a'))
    const bottom = scroller.getBoundingClientRect().bottom
    // 10 px inside the bottom edge: 3/4 of the band, 15 px a frame.
    const held = { x: start.x, y: bottom - 10 }
    const problems: string[] = []
    let frames = 0
    const stop = everyFrame(() => {
      frames++
      const a = card('a').getBoundingClientRect()
      const b = card('b').getBoundingClientRect()
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left)
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (overlapX > 0.5 && overlapY > 0.5) problems.push(`frame ${frames}: a and b overlap`)
      const { y, height } = api.get('a')
      if (y < -0.5 || y + height > BOARD_HEIGHT + 0.5)
        problems.push(`frame ${frames}: a outside (${y})`)
    })
    try {
      await pressAndMoveTo(mouse, start, held)
      await nextFrames(30)
      expect(scroller.scrollTop).toBeGreaterThan(100)
      await mouse.release(held.x, held.y)
      await nextFrames(3)
      // The card followed the content under the still pointer: at rest it is under it.
      expect(Math.abs(centerOf(card('a')).y - held.y)).toBeLessThan(0.5)
      // Released, the scroll stops.
      const scrolled = scroller.scrollTop
      await nextFrames(5)
      expect(scroller.scrollTop).toBe(scrolled)
    } finally {
      stop()
    }
    expect(problems).toEqual([])
    // Released, it rests where the pointer left it in the scrolled content, and b was pushed.
    expect(api.get('a').y).toBeGreaterThan(200)
    expect(api.get('b').y).toBeGreaterThanOrEqual(api.get('a').y + 60 - 0.5)
  })

  it('scrolls up near the top edge, and stops when the pointer leaves the band', async () => {
    const { scroller, card } = renderScroller()
    await nextFrames(2)
    scroller.scrollTop = 250
    await nextFrames(2)
    const mouse = await realMouse()
    const start = centerOf(card('b'))
    const top = scroller.getBoundingClientRect().top
    await mouse.move(start.x, start.y)
    await mouse.press(start.x, start.y)
    // The press started loading the scroller (autoScroll is on): the drag scrolls from its start.
    await autoScrollModule.load()
    await mouse.move(start.x, top + 5)
    await nextFrames(5)
    expect(scroller.scrollTop).toBeLessThan(250)
    // Back in the middle: the scroll stops.
    const middle = top + 100
    await mouse.move(start.x, middle)
    await nextFrames(2)
    const after = scroller.scrollTop
    await nextFrames(10)
    expect(scroller.scrollTop).toBe(after)
    await mouse.release(start.x, middle)
  })

  it("stops scrolling the page once the board's far edge is in view: the card stays on screen", async () => {
    // A user-style audit: held at the bottom of the window, a drag scrolled the page from
    // 500 to 2000 px, far past the board's end, and the card, stopped by the board's bottom
    // wall, ended off the screen. Here the board spans 700 to 1700 px of the page.
    const { container } = render(
      <div>
        <div style={{ height: 700 }} />
        <PhysicsWorld
          gravity={{ x: 0, y: 0 }}
          bounds="container"
          style={{ position: 'relative', width: 300, height: 1000 }}
        >
          <WorldProbe onApi={(value) => (api = value)} />
          <Card id="a" x={100} y={20} width={80} height={60} draggable />
        </PhysicsWorld>
        <div style={{ height: 3000 }} />
      </div>,
    )
    const board = container.querySelector('[data-aabb-world]')!
    window.scrollTo(0, 500)
    await nextFrames(2)
    const mouse = await realMouse()
    const start = centerOf(bodyElement(container, 'a'))
    const held = { x: start.x, y: window.innerHeight - 5 }
    await pressAndMoveTo(mouse, start, held)
    // Long enough to scroll far past the board at the band's speed.
    await nextFrames(60)
    const boardBottom = board.getBoundingClientRect().bottom
    expect(window.scrollY).toBeGreaterThan(500)
    // The board's bottom edge is in view, at most a pixel above the window's bottom.
    expect(boardBottom).toBeGreaterThanOrEqual(window.innerHeight - 1)
    expect(boardBottom).toBeLessThanOrEqual(window.innerHeight + 1)
    const card = bodyElement(container, 'a').getBoundingClientRect()
    expect(card.bottom).toBeLessThanOrEqual(window.innerHeight + 0.5)
    await mouse.release(held.x, held.y)
  })

  it('autoScroll={false} never scrolls', async () => {
    const { scroller, card } = renderScroller(false)
    await nextFrames(2)
    const mouse = await realMouse()
    const start = centerOf(card('a'))
    const bottom = scroller.getBoundingClientRect().bottom
    await mouse.move(start.x, start.y)
    await mouse.press(start.x, start.y)
    await mouse.move(start.x, bottom - 5)
    await nextFrames(20)
    expect(scroller.scrollTop).toBe(0)
    await mouse.release(start.x, bottom - 5)
  })
})

describe('auto-scroll options', () => {
  it('speeds rise linearly through the band, capped at the edge, 0 elsewhere', () => {
    const options = { edge: 40, speed: 20 }
    expect(edgeSpeed(100, 0, 200, options)).toBe(0)
    expect(edgeSpeed(180, 0, 200, options)).toBe(10)
    expect(edgeSpeed(200, 0, 200, options)).toBe(20)
    expect(edgeSpeed(260, 0, 200, options)).toBe(20)
    expect(edgeSpeed(10, 0, 200, options)).toBe(-15)
    // A span narrower than two bands shares it: the middle is still.
    expect(edgeSpeed(25, 0, 50, options)).toBe(0)
    expect(edgeSpeed(25, 25, 25, options)).toBe(0)
  })

  it('bad autoScroll values name the prop and the field', () => {
    expect(() => assertAutoScroll('<PhysicsWorld>:', 'yes')).toThrow(
      '<PhysicsWorld>: autoScroll must be a boolean or { edge?, speed? } (got "yes")',
    )
    expect(() => assertAutoScroll('<PhysicsWorld>:', { edge: 0 })).toThrow(
      '<PhysicsWorld>: autoScroll.edge must be a finite number > 0 (got 0)',
    )
    expect(() => assertAutoScroll('<PhysicsWorld>:', { speed: Number.NaN })).toThrow(
      '<PhysicsWorld>: autoScroll.speed must be a finite number > 0 (got NaN)',
    )
    quietRenderErrors()
    expect(() =>
      render(
        <PhysicsWorld autoScroll={{ edge: -1 }}>
          <div />
        </PhysicsWorld>,
      ),
    ).toThrow(/<PhysicsWorld>: autoScroll\.edge/)
  })
})
