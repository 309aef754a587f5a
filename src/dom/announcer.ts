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
 * Writes `message` into an `aria-live` region. Screen readers announce a change of text,
 * so an identical message is cleared first and set again 50 ms later to be read again.
 */
export function announce(region: HTMLElement, message: string): void {
  if (region.textContent !== message) {
    region.textContent = message
    return
  }
  region.textContent = ''
  setTimeout(() => {
    region.textContent = message
  }, 50)
}
