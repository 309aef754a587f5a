// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { liveRegion, useLiveRegions } from '../support/liveRegion.js'
import { announce, cancelAnnouncement } from '../../src/dom/announcer.js'

/** The pause before a repeated message is set again (announcer.ts's repeat delay). */
const repeatDelayMs = 50

useLiveRegions()

describe('announce', () => {
  it('writes a new message at once', () => {
    const region = liveRegion()
    announce(region, 'Notes moved right')
    expect(region.textContent).toBe('Notes moved right')
  })

  it('clears a repeated message and sets it again after the delay, so it is read again', () => {
    const region = liveRegion()
    announce(region, 'Notes blocked on the right by Chart')
    announce(region, 'Notes blocked on the right by Chart')
    expect(region.textContent).toBe('')
    vi.advanceTimersByTime(repeatDelayMs)
    expect(region.textContent).toBe('Notes blocked on the right by Chart')
  })

  it('keeps a different message that arrives while a repeat is pending', () => {
    const region = liveRegion()
    announce(region, 'Notes moved right')
    // Key repeat (~33 ms): the same move again, then the card reaches a wall.
    announce(region, 'Notes moved right')
    vi.advanceTimersByTime(33)
    announce(region, 'Notes blocked on the right by the right edge')
    vi.advanceTimersByTime(repeatDelayMs)
    expect(region.textContent).toBe('Notes blocked on the right by the right edge')
  })

  it('keeps one pending repeat per region: the last one lands, once', () => {
    const region = liveRegion()
    const other = liveRegion()
    announce(region, 'A')
    announce(other, 'B')
    announce(region, 'A')
    announce(other, 'B')
    expect(vi.getTimerCount()).toBe(2)
    announce(region, 'C')
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(repeatDelayMs)
    expect(region.textContent).toBe('C')
    expect(other.textContent).toBe('B')
  })
})

describe('cancelAnnouncement', () => {
  it('drops the pending repeat of a detached region, so nothing writes to it later', () => {
    const region = liveRegion()
    announce(region, 'Notes returned to its start')
    announce(region, 'Notes returned to its start')
    cancelAnnouncement(region)
    region.remove()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(repeatDelayMs)
    expect(region.textContent).toBe('')
  })

  it('does nothing for a region with nothing pending', () => {
    const region = liveRegion()
    announce(region, 'Notes moved right')
    expect(() => cancelAnnouncement(region)).not.toThrow()
    expect(region.textContent).toBe('Notes moved right')
  })
})
