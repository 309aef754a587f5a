// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { act } from 'react'
import { createPortal } from 'react-dom'
import { describe, expect, it, vi } from 'vitest'
import { Card } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { setupManualBoard } from './support/manualBoard.js'
import { firePointer } from './support/firePointer.js'
import { dragTypedCard } from './support/dragTypedCard.js'

const fixture = setupManualBoard()
const { Board } = fixture

/** Presses `element` at x = 10 and moves the pointer to `x`, then runs a frame. */
function grab(element: Element, x: number): void {
  firePointer(element, 'pointerdown', 10)
  firePointer(element, 'pointermove', x)
  fixture.frames.run(1)
}

/** Dispatches a cancelable event on `target`; returns whether something prevented its default. */
function prevented(target: EventTarget, event: Event): boolean {
  act(() => {
    target.dispatchEvent(event)
  })
  return event.defaultPrevented
}

const escape = () =>
  new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
const click = () => new MouseEvent('click', { bubbles: true, cancelable: true })

describe('a drag the engine ends on its own', () => {
  it('lets Escape and the next click through once a card made static ends its drag', () => {
    const { card, retype } = dragTypedCard(fixture)
    retype('static')
    expect(prevented(card, escape())).toBe(false)
    firePointer(card, 'pointerup', 40)
    expect(prevented(card, click())).toBe(false)
    expect(fixture.api.get('card')).toMatchObject({ x: 30, type: 'static' })
  })

  it('clears data-dragging, and lets Escape through, when the dragged element loses its size', () => {
    const { container } = render(
      <Board>
        <Card id="card" draggable />
      </Board>,
    )
    const card = bodyElement(container, 'card')
    grab(card, 40)
    expect(card.hasAttribute('data-dragging')).toBe(true)
    card.style.display = 'none'
    act(() => fixture.api.remeasure('card'))
    expect(fixture.api.world.has('card')).toBe(false)
    expect(card.hasAttribute('data-dragging')).toBe(false)
    expect(prevented(card, escape())).toBe(false)
  })
})

describe('onDragStart and onDragEnd', () => {
  /** Renders a draggable card whose drag callbacks log into `log`; also a card beside it. */
  function loggedCard(log: string[], props: { type?: 'dynamic' | 'static' } = {}) {
    return (
      <Board>
        <Card
          id="card"
          draggable
          {...props}
          onDragStart={(rect) => log.push(`start ${rect.x},${rect.y}`)}
          onDragEnd={({ rect, reason }) => log.push(`end ${reason} ${rect.x},${rect.y}`)}
        />
        <Card id="beside" x={60} />
      </Board>
    )
  }

  it('reports a drop where the card is, and the card it pushed stays pushed', () => {
    const log: string[] = []
    const { container } = render(loggedCard(log))
    const card = bodyElement(container, 'card')
    grab(card, 40)
    firePointer(card, 'pointerup', 40)
    expect(log).toEqual(['start 0,0', 'end drop 30,0'])
    expect(fixture.api.get('beside').x).toBe(80)
  })

  it('reports a cancel with the card back at its start, and puts back the card it pushed', () => {
    const log: string[] = []
    const { container } = render(loggedCard(log))
    const card = bodyElement(container, 'card')
    grab(card, 40)
    expect(fixture.api.get('beside').x).toBe(80)
    prevented(card, escape())
    expect(log).toEqual(['start 0,0', 'end cancel 0,0'])
    expect(fixture.api.get('beside').x).toBe(60)
  })

  it('reports the end of a drag the engine ended: made static, or removed', () => {
    const log: string[] = []
    const { container, rerender } = render(loggedCard(log))
    grab(bodyElement(container, 'card'), 40)
    rerender(loggedCard(log, { type: 'static' }))
    expect(log).toEqual(['start 0,0', 'end drop 30,0'])
    rerender(loggedCard(log))
    log.length = 0
    const card = bodyElement(container, 'card')
    grab(card, 50)
    card.style.display = 'none'
    act(() => fixture.api.remeasure('card'))
    expect(log).toEqual(['start 30,0', 'end removed 70,0'])
  })

  it('refuses a callback that is not a function, naming it', () => {
    // React 18 also logs the error with the component stack.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(
        <Board>
          <Card id="card" onDragEnd={'done' as never} />
        </Board>,
      ),
    ).toThrow('useAABBBody("card"): onDragEnd must be a function (got "done")')
  })
})

describe('dragActivationDistance', () => {
  it('keeps the drag going when it changes during the drag; the next press uses the new one', () => {
    const board = (distance: number) => (
      <Board>
        <Card id="card" draggable dragActivationDistance={distance} />
      </Board>
    )
    const { container, rerender } = render(board(4))
    const card = bodyElement(container, 'card')
    grab(card, 40)
    rerender(board(50))
    expect(card.hasAttribute('data-dragging')).toBe(true)
    firePointer(card, 'pointermove', 60)
    fixture.frames.run(1)
    firePointer(card, 'pointerup', 60)
    expect(fixture.api.get('card').x).toBe(50)
    // 20 px is below the new distance: a press, not a drag.
    firePointer(card, 'pointerdown', 60)
    firePointer(card, 'pointermove', 80)
    fixture.frames.run(1)
    expect(card.hasAttribute('data-dragging')).toBe(false)
    firePointer(card, 'pointerup', 80)
    expect(fixture.api.get('card').x).toBe(50)
  })

  it('applies a change made between drags to the next press', () => {
    const board = (distance: number) => (
      <Board>
        <Card id="card" draggable dragActivationDistance={distance} />
      </Board>
    )
    const { container, rerender } = render(board(4))
    rerender(board(50))
    const card = bodyElement(container, 'card')
    grab(card, 40)
    expect(card.hasAttribute('data-dragging')).toBe(false)
    firePointer(card, 'pointerup', 40)
    expect(fixture.api.get('card').x).toBe(0)
  })
})

describe('scrolling during a drag', () => {
  it("maps the pointer through the world's own container for a card rendered in a portal", () => {
    function PortalCard() {
      return createPortal(<Card id="card" draggable />, document.body)
    }
    const { container } = render(
      <Board>
        <PortalCard />
      </Board>,
    )
    const card = bodyElement(document.body, 'card')
    grab(card, 40)
    expect(fixture.api.get('card')).toMatchObject({ x: 30, y: 0 })
    // The world's content scrolls 25 px up under the still pointer: the card follows the pointer.
    const world = container.querySelector<HTMLElement>('[data-aabb-world]')!
    world.scrollTop = 25
    act(() => {
      world.dispatchEvent(new Event('scroll'))
    })
    fixture.frames.run(1)
    expect(fixture.api.get('card')).toMatchObject({ x: 30, y: 25 })
  })
})
