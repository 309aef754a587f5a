import type { AutoScrollSettings } from './autoScrollOptions.js'

/** Whether `element` scrolls its content on some axis (CSS overflow that scrolls, and content to scroll). */
function scrolls(element: Element): boolean {
  const style = getComputedStyle(element)
  const scrollsX =
    /auto|scroll|overlay/.test(style.overflowX) && element.scrollWidth > element.clientWidth
  const scrollsY =
    /auto|scroll|overlay/.test(style.overflowY) && element.scrollHeight > element.clientHeight
  return scrollsX || scrollsY
}

/**
 * The element a drag of `element` scrolls: its nearest ancestor that scrolls its content,
 * or `null` for the page. A layout read: call it when a drag begins.
 */
function scrollContainerOf(element: Element): Element | null {
  const page = element.ownerDocument.scrollingElement
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node === page || node === element.ownerDocument.body) return null
    if (scrolls(node)) return node
  }
  return null
}

/**
 * The speed along one axis for a pointer at `client` in the span [`low`, `high`]: 0 outside
 * the `edge`-wide bands at either end, rising linearly to `speed` at (and past) the end,
 * negative toward `low`. A span narrower than two bands shares it between them.
 */
export function edgeSpeed(
  client: number,
  low: number,
  high: number,
  { edge, speed }: AutoScrollSettings,
): number {
  const band = Math.min(edge, (high - low) / 2)
  if (!(band > 0)) return 0
  if (client < low + band) return -speed * Math.min(1, (low + band - client) / band)
  if (client > high - band) return speed * Math.min(1, (client - (high - band)) / band)
  return 0
}

/** What {@link createAutoScroller} returns. */
export interface AutoScroller {
  /** The pointer is at (`clientX`, `clientY`): scrolls each frame while it stays near an edge. */
  update(clientX: number, clientY: number): void
  /** Stops scrolling (the drag ended). */
  stop(): void
}

/**
 * Scrolls the scroll container of `element` (see {@link scrollContainerOf}; the page when
 * there is none) while a dragging pointer stays within `edge` pixels of its visible edges,
 * one `requestAnimationFrame` at a time, faster nearer the edge, and, given the board
 * (`within`), no further than brings the board's edge on that side into view: the card
 * cannot pass the board's wall, so scrolling on would only carry the board and the card
 * off the screen. The boxes are read once, here, when the drag begins; each frame only
 * writes a scroll position and calls `onScrolled`, where the drag maps the still pointer
 * anew, so the card follows the content under it.
 */
export function createAutoScroller(
  element: Element,
  options: AutoScrollSettings,
  onScrolled: () => void,
  within: Element | null = null,
): AutoScroller {
  const view = element.ownerDocument.defaultView
  const container = scrollContainerOf(element)
  const box = container?.getBoundingClientRect() ?? {
    left: 0,
    top: 0,
    right: view?.innerWidth ?? 0,
    bottom: view?.innerHeight ?? 0,
  }
  // How far each way the drag may scroll from where it began: until the board's edge on
  // that side is in view (none where it is already), in whole pixels.
  const board = within?.getBoundingClientRect()
  const room = board
    ? {
        left: Math.floor(Math.max(0, box.left - board.left)),
        right: Math.floor(Math.max(0, board.right - box.right)),
        top: Math.floor(Math.max(0, box.top - board.top)),
        bottom: Math.floor(Math.max(0, board.bottom - box.bottom)),
      }
    : { left: Infinity, right: Infinity, top: Infinity, bottom: Infinity }
  let scrolledX = 0
  let scrolledY = 0
  let speedX = 0
  let speedY = 0
  let frame: number | null = null

  function tick(): void {
    frame = null
    if (speedX === 0 && speedY === 0) return
    // Whole pixels, at least one: an element's scroll position may round a smaller step away.
    const wantedX = Math.sign(speedX) * Math.max(1, Math.round(Math.abs(speedX)))
    const wantedY = Math.sign(speedY) * Math.max(1, Math.round(Math.abs(speedY)))
    const byX = Math.min(Math.max(wantedX, -room.left - scrolledX), room.right - scrolledX)
    const byY = Math.min(Math.max(wantedY, -room.top - scrolledY), room.bottom - scrolledY)
    // The board's edge is in view on each axis it would scroll along: nothing to do until
    // the pointer moves (`update` starts the frames again).
    if (byX === 0 && byY === 0) return
    scrolledX += byX
    scrolledY += byY
    if (container) container.scrollBy(byX, byY)
    else view?.scrollBy(byX, byY)
    // At once, not at the `scroll` event: that comes a frame later, after a release maybe.
    onScrolled()
    frame = view?.requestAnimationFrame(tick) ?? null
  }

  return {
    update(clientX, clientY) {
      speedX = edgeSpeed(clientX, box.left, box.right, options)
      speedY = edgeSpeed(clientY, box.top, box.bottom, options)
      if (frame === null && (speedX !== 0 || speedY !== 0)) {
        frame = view?.requestAnimationFrame(tick) ?? null
      }
    },
    stop() {
      speedX = 0
      speedY = 0
      if (frame !== null) view?.cancelAnimationFrame(frame)
      frame = null
    },
  }
}
