// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { Card } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { setupManualBoard } from './support/manualBoard.js'

const fixture = setupManualBoard()
const { Board } = fixture

describe('keyboard access', () => {
  it('lets the arrow keys move a draggable card that does not ask for keyboard', () => {
    const { container } = render(
      <Board>
        <Card id="notes" draggable />
      </Board>,
    )
    const notes = bodyElement(container, 'notes')
    expect(notes.getAttribute('tabindex')).toBe('0')
    act(() => {
      notes.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }),
      )
    })
    expect(fixture.api.get('notes').x).toBe(10)
  })

  it('leaves a draggable card with keyboard: false, and a card that is not draggable, alone', () => {
    const { container } = render(
      <Board>
        {[
          <Card key="pointer-only" id="pointer-only" draggable keyboard={false} />,
          <Card key="still" id="still" x={100} />,
        ]}
      </Board>,
    )
    for (const id of ['pointer-only', 'still']) {
      const element = bodyElement(container, id)
      expect(element.hasAttribute('tabindex'), id).toBe(false)
      expect(element.hasAttribute('role'), id).toBe(false)
      expect(element.hasAttribute('aria-roledescription'), id).toBe(false)
      expect(element.hasAttribute('aria-describedby'), id).toBe(false)
    }
  })

  it('points every keyboard-movable card at one set of instructions per world', () => {
    const { container } = render(
      <Board>
        {[<Card key="a" id="a" draggable />, <Card key="b" id="b" x={100} keyboard />]}
      </Board>,
    )
    const instructions = document.querySelectorAll<HTMLElement>('[data-aabb-instructions]')
    expect(instructions).toHaveLength(1)
    const help = instructions[0]!
    expect(help.id).not.toBe('')
    expect(help.textContent).toContain('arrow keys')
    // Hidden from the page (a description is read from a hidden element all the same), and
    // not aria-hidden.
    expect(help.hidden).toBe(true)
    expect(help.hasAttribute('aria-hidden')).toBe(false)
    for (const id of ['a', 'b']) {
      const element = bodyElement(container, id)
      // A <div> has no role of its own: it gets one, which may carry a role description.
      expect(element.getAttribute('role'), id).toBe('button')
      expect(element.getAttribute('aria-roledescription'), id).toBe('movable item')
      expect(element.getAttribute('aria-describedby'), id).toBe(help.id)
    }
  })

  it('removes the attributes it added when the card unmounts or stops being movable', () => {
    function Cards({ movable, shown }: { movable: boolean; shown: boolean }) {
      return (
        <Board>
          {[
            <Card key="a" id="a" draggable={movable} />,
            shown && <Card key="b" id="b" x={100} draggable />,
          ]}
        </Board>
      )
    }
    const { container, rerender } = render(<Cards movable shown />)
    const a = bodyElement(container, 'a')
    const b = bodyElement(container, 'b')
    rerender(<Cards movable={false} shown={false} />)
    for (const [id, element] of [
      ['a', a],
      ['b', b],
    ] as const) {
      expect(element.hasAttribute('tabindex'), id).toBe(false)
      expect(element.hasAttribute('role'), id).toBe(false)
      expect(element.hasAttribute('aria-roledescription'), id).toBe(false)
      expect(element.hasAttribute('aria-describedby'), id).toBe(false)
    }
  })
})
