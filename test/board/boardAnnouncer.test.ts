// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { liveRegion, useLiveRegions } from '../support/liveRegion.js'
import { createBoardAnnouncer } from '../../src/board/boardAnnouncer.js'
import { assertAccessibility, type Announcements } from '../../src/board/accessibility.js'

// The board's announcer (src/board/boardAnnouncer.ts): what reaches the live region, with
// the default formatters and the app's own, and what happens with no region.

const notes = { id: 'notes', label: 'Notes' }
const chart = { id: 'chart', label: 'Chart' }

useLiveRegions()

describe('createBoardAnnouncer', () => {
  it('says nothing and touches no DOM until a region is attached', () => {
    const announcer = createBoardAnnouncer()
    expect(announcer.attached).toBe(false)
    announcer.dragCancelled(notes)
    announcer.overflowed([notes])
    const region = liveRegion()
    announcer.attach(region)
    expect(announcer.attached).toBe(true)
    expect(region.textContent).toBe('')
  })

  it('announces each event with the default formatters', () => {
    const announcer = createBoardAnnouncer()
    const region = liveRegion()
    announcer.attach(region)
    announcer.keyMoved({ body: notes, direction: 'right', pushed: [chart], blocked: null })
    expect(region.textContent).toBe('Notes moved right, pushed Chart')
    announcer.dragCancelled(notes)
    expect(region.textContent).toBe('Notes returned to its start')
    announcer.historyApplied('undo', [notes, chart])
    expect(region.textContent).toBe('Undone: Notes and Chart moved back')
    announcer.historyApplied('redo', [notes])
    expect(region.textContent).toBe('Redone: Notes moved')
    announcer.overflowed([chart])
    expect(region.textContent).toBe('No room for Chart')
    announcer.droppedIn(notes, undefined)
    expect(region.textContent).toBe('Notes added')
    announcer.droppedIn(chart, 'todo')
    expect(region.textContent).toBe('Chart moved here from todo')
  })

  it("uses the app's formatters, read through the ref at each announcement, and the defaults for the rest", () => {
    const announcer = createBoardAnnouncer()
    const region = liveRegion()
    announcer.attach(region)
    const formatters: { current: Partial<Announcements> | undefined } = {
      current: { onDragCancel: ({ label }) => `${label} remis à sa place` },
    }
    announcer.setFormatters(formatters)
    announcer.dragCancelled(notes)
    expect(region.textContent).toBe('Notes remis à sa place')
    formatters.current = { onDragCancel: ({ label }) => `${label} zurückgelegt` }
    announcer.dragCancelled(chart)
    expect(region.textContent).toBe('Chart zurückgelegt')
    announcer.historyApplied('undo', [notes])
    expect(region.textContent).toBe('Undone: Notes moved back')
  })

  it('clears the overflow message when the overflow ends, but not a message said since', () => {
    const announcer = createBoardAnnouncer()
    const region = liveRegion()
    announcer.attach(region)
    announcer.overflowed([chart])
    announcer.overflowEnded()
    expect(region.textContent).toBe('')
    announcer.overflowed([chart])
    announcer.dragCancelled(notes)
    announcer.overflowEnded()
    expect(region.textContent).toBe('Notes returned to its start')
  })

  it('a region replaced or detached gets no late repeat of a message', () => {
    const announcer = createBoardAnnouncer()
    const first = liveRegion()
    announcer.attach(first)
    announcer.dragCancelled(notes)
    // The same message again is cleared and set again after a pause, so it is read again.
    announcer.dragCancelled(notes)
    expect(first.textContent).toBe('')
    announcer.attach(null)
    vi.advanceTimersByTime(1000)
    expect(first.textContent).toBe('')
    expect(announcer.attached).toBe(false)
  })

  it('names a drop announcement that is not a function before anything is said', () => {
    expect(() =>
      assertAccessibility('<PhysicsWorld>:', { announcements: { onDropIn: 3 as never } }),
    ).toThrow('<PhysicsWorld>: accessibility.announcements.onDropIn must be a function (got 3)')
  })
})
