/**
 * Styles that hide a live region visually but keep it in the accessibility tree
 * (the usual "visually hidden" recipe).
 */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: '0',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: '0',
} as const

/**
 * How long a repeated message stays cleared before it is set again: long enough for
 * screen readers to notice the empty region, so the same text counts as a change.
 */
const repeatDelayMs = 50

/**
 * The one pending re-announcement of each live region. Only the newest message may land:
 * an older repeat that fired after it would overwrite it (key repeat comes every ~33 ms).
 */
const pendingRepeats = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>()

/**
 * Writes `message` into an `aria-live` region. Screen readers announce a change of text,
 * so an identical message is cleared first and set again 50 ms later to be read again.
 * Each call replaces the region's pending repeat, so the last message called is the one
 * the region ends with. Call {@link cancelAnnouncement} when the region goes away.
 */
export function announce(region: HTMLElement, message: string): void {
  cancelAnnouncement(region)
  if (region.textContent !== message) {
    region.textContent = message
    return
  }
  region.textContent = ''
  const repeat = setTimeout(() => {
    pendingRepeats.delete(region)
    region.textContent = message
  }, repeatDelayMs)
  pendingRepeats.set(region, repeat)
}

/**
 * Drops the region's pending repeat of a message, if any, so nothing writes to it later.
 * Call it when the region is detached (unmount) or stops being the announcer.
 */
export function cancelAnnouncement(region: HTMLElement): void {
  clearTimeout(pendingRepeats.get(region))
  pendingRepeats.delete(region)
}
