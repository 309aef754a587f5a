// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Accessibility, KeyMoveAnnouncement } from '../../src/board/accessibility.js'
import { Card } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { setupManualBoard } from './support/manualBoard.js'
import { firePointer } from './support/firePointer.js'

const fixture = setupManualBoard()
const { Board } = fixture

function press(element: Element, key: string): void {
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })
}

const instructions = () => document.querySelector('[data-aabb-instructions]')!.textContent
const liveRegion = () => document.querySelector('[aria-live]')!.textContent

describe('the accessibility prop', () => {
  const french: Accessibility = {
    screenReaderInstructions: 'Déplacez avec les flèches ; Échap annule un glisser.',
    announcements: {
      onKeyMove: ({ body, direction, blocked }) =>
        blocked
          ? `${body.label} bloqué à ${blocked.side} par ${blocked.by.id}`
          : `${body.label} déplacé vers ${direction}`,
      onDragCancel: (body) => `${body.label} remis à sa place`,
    },
  }

  it('replaces the key instructions and formats every announcement', () => {
    const { container } = render(
      <Board accessibility={french} bounds={{ x: 0, y: 0, width: 800, height: 600 }}>
        <Card id="notes" aria-label="Notes" draggable />
      </Board>,
    )
    expect(instructions()).toBe(french.screenReaderInstructions)
    const notes = bodyElement(container, 'notes')
    press(notes, 'ArrowDown')
    expect(liveRegion()).toBe('Notes déplacé vers down')
    // The wall is named by its id, which a formatter may translate.
    press(notes, 'ArrowLeft')
    expect(liveRegion()).toBe('Notes bloqué à left par aabb-bounds-left')
    firePointer(notes, 'pointerdown', 10)
    firePointer(notes, 'pointermove', 60)
    fixture.frames.run(1)
    press(notes, 'Escape')
    expect(liveRegion()).toBe('Notes remis à sa place')
  })

  it('gives each formatter left out, and the instructions, their English default', () => {
    const onKeyMove = vi.fn((move: KeyMoveAnnouncement) => `${move.body.label} ${move.direction}`)
    const { container } = render(
      <Board accessibility={{ announcements: { onKeyMove } }}>
        <Card id="notes" aria-label="Notes" draggable />
        <Card id="chart" aria-label="Chart" x={50} />
      </Board>,
    )
    expect(instructions()).toBe(
      'Use the arrow keys to move; hold Shift to move until contact; Escape cancels a drag; Control+Z undoes a move and Shift+Control+Z redoes it. Space selects or deselects; the arrow keys move the selected cards together; Escape clears the selection.',
    )
    const notes = bodyElement(container, 'notes')
    press(notes, 'ArrowRight')
    expect(onKeyMove).toHaveBeenCalledWith({
      body: { id: 'notes', label: 'Notes' },
      direction: 'right',
      pushed: [{ id: 'chart', label: 'Chart' }],
      blocked: null,
    })
    expect(liveRegion()).toBe('Notes right')
    firePointer(notes, 'pointerdown', 10)
    firePointer(notes, 'pointermove', 30)
    fixture.frames.run(1)
    press(notes, 'Escape')
    expect(liveRegion()).toBe('Notes returned to its start')
  })

  it('uses formatters changed by a re-render', () => {
    const board = (suffix: string) => (
      <Board
        accessibility={{
          announcements: { onKeyMove: ({ body }) => `${body.label} ${suffix}` },
        }}
      >
        <Card id="notes" aria-label="Notes" draggable />
      </Board>
    )
    const { container, rerender } = render(board('first'))
    rerender(board('second'))
    press(bodyElement(container, 'notes'), 'ArrowDown')
    expect(liveRegion()).toBe('Notes second')
  })

  it('names the field of a bad accessibility prop', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(<Board accessibility={{ screenReaderInstructions: 3 as unknown as string }} />),
    ).toThrow(
      new TypeError(
        '<PhysicsWorld>: accessibility.screenReaderInstructions must be a string (got 3)',
      ),
    )
    expect(() =>
      render(
        <Board
          accessibility={{
            announcements: { onKeyMove: 'moved' as unknown as () => string },
          }}
        />,
      ),
    ).toThrow(
      new TypeError(
        '<PhysicsWorld>: accessibility.announcements.onKeyMove must be a function (got "moved")',
      ),
    )
  })
})
