// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Card } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { setupManualBoard } from './support/manualBoard.js'

const fixture = setupManualBoard({ gravity: { x: 0, y: 0 } })
const { Board } = fixture

/** Milliseconds between two key repeats of a held arrow key (about 30 per second). */
const keyRepeatMs = 33

beforeEach(() => {
  // Only the announcer's timers: the frames are run by hand already.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})

afterEach(() => {
  vi.useRealTimers()
})

function pressArrowRight(card: HTMLElement): void {
  act(() => {
    card.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }),
    )
  })
}

describe('announcements of arrow-key moves', () => {
  it('end with the last move when a held key repeats a message and then hits a card', () => {
    const { container } = render(
      <Board>
        <Card id="notes" x={30} draggable aria-label="Notes" />
        <Card id="chart" x={100} type="static" aria-label="Chart" />
      </Board>,
    )
    const notes = bodyElement(container, 'notes')
    const region = document.querySelector<HTMLElement>('[aria-live]')!
    pressArrowRight(notes)
    expect(region.textContent).toBe('Notes moved right')
    vi.advanceTimersByTime(keyRepeatMs)
    // The same message again: cleared now, set again a moment later.
    pressArrowRight(notes)
    vi.advanceTimersByTime(keyRepeatMs)
    // Notes touches Chart: a new message arrives before that moment.
    pressArrowRight(notes)
    expect(region.textContent).toBe('Notes blocked on the right by Chart')
    vi.runAllTimers()
    expect(region.textContent).toBe('Notes blocked on the right by Chart')
  })

  it('leave no timer behind when the world unmounts during a repeat', () => {
    const { container } = render(
      <Board>
        <Card id="notes" x={30} draggable aria-label="Notes" />
      </Board>,
    )
    const notes = bodyElement(container, 'notes')
    pressArrowRight(notes)
    pressArrowRight(notes)
    expect(vi.getTimerCount()).toBe(1)
    cleanup()
    expect(vi.getTimerCount()).toBe(0)
  })
})
