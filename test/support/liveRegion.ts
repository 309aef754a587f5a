import { afterEach, beforeEach, vi } from 'vitest'

/**
 * For tests of announcements in happy-dom: a polite `aria-live` region in the document,
 * fake timers (a repeated message is set again after a pause) and a clean document after
 * each test. Call {@link useLiveRegions} once at the top of the file.
 */
export function useLiveRegions(): void {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })
}

/** A new polite `aria-live` region appended to the document. */
export function liveRegion(): HTMLElement {
  const region = document.createElement('div')
  region.setAttribute('aria-live', 'polite')
  document.body.appendChild(region)
  return region
}
