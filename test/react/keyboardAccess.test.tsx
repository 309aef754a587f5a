// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, ManualWorld } from './support/components.js'
import { installFakeLayout } from './support/fakeLayout.js'
import { createManualFrames, type ManualFrames } from './support/manualFrames.js'

let frames: ManualFrames
let api: WorldApi

beforeEach(() => {
  installFakeLayout()
  frames = createManualFrames()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function board(children: React.ReactNode) {
  return (
    <ManualWorld frames={frames} onApi={(value) => (api = value)}>
      {children}
    </ManualWorld>
  )
}

function bodyElement(container: HTMLElement, id: string): HTMLElement {
  return container.querySelector<HTMLElement>(`[data-aabb-body="${id}"]`)!
}

describe('keyboard access', () => {
  it('lets the arrow keys move a draggable card that does not ask for keyboard', () => {
    const { container } = render(board(<Card id="notes" draggable />))
    const notes = bodyElement(container, 'notes')
    expect(notes.getAttribute('tabindex')).toBe('0')
    act(() => {
      notes.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }),
      )
    })
    expect(api.get('notes').x).toBe(10)
  })

  it('leaves a draggable card with keyboard: false, and a card that is not draggable, alone', () => {
    const { container } = render(
      board([
        <Card key="pointer-only" id="pointer-only" draggable keyboard={false} />,
        <Card key="still" id="still" x={100} />,
      ]),
    )
    for (const id of ['pointer-only', 'still']) {
      const element = bodyElement(container, id)
      expect(element.hasAttribute('tabindex'), id).toBe(false)
      expect(element.hasAttribute('aria-roledescription'), id).toBe(false)
      expect(element.hasAttribute('aria-describedby'), id).toBe(false)
    }
  })

  it('points every keyboard-movable card at one set of instructions per world', () => {
    const { container } = render(
      board([<Card key="a" id="a" draggable />, <Card key="b" id="b" x={100} keyboard />]),
    )
    const instructions = document.querySelectorAll<HTMLElement>('[data-aabb-instructions]')
    expect(instructions).toHaveLength(1)
    const help = instructions[0]!
    expect(help.id).not.toBe('')
    expect(help.textContent).toContain('arrow keys')
    // Visually hidden, but not hidden from assistive technology.
    expect(help.style.position).toBe('absolute')
    expect(help.hasAttribute('aria-hidden')).toBe(false)
    for (const id of ['a', 'b']) {
      const element = bodyElement(container, id)
      expect(element.getAttribute('aria-roledescription'), id).toBe('movable item')
      expect(element.getAttribute('aria-describedby'), id).toBe(help.id)
    }
  })

  it('removes the attributes it added when the card unmounts or stops being movable', () => {
    function Board({ movable, shown }: { movable: boolean; shown: boolean }) {
      return board([
        <Card key="a" id="a" draggable={movable} />,
        shown && <Card key="b" id="b" x={100} draggable />,
      ])
    }
    const { container, rerender } = render(<Board movable shown />)
    const a = bodyElement(container, 'a')
    const b = bodyElement(container, 'b')
    rerender(<Board movable={false} shown={false} />)
    for (const [id, element] of [
      ['a', a],
      ['b', b],
    ] as const) {
      expect(element.hasAttribute('tabindex'), id).toBe(false)
      expect(element.hasAttribute('aria-roledescription'), id).toBe(false)
      expect(element.hasAttribute('aria-describedby'), id).toBe(false)
    }
  })
})
