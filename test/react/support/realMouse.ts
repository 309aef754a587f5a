import { cdp } from 'vitest/browser'

/** The real mouse at client coordinates of the test's frame, driven through DevTools. */
export interface RealMouse {
  move(x: number, y: number): Promise<void>
  press(x: number, y: number): Promise<void>
  release(x: number, y: number): Promise<void>
  /**
   * A move to (x, y) and the release there, sent back to back without waiting for the move
   * to arrive in between: the end of a flick, released while still moving, whatever the
   * load on the machine (waiting would let frames of no motion pass before the release).
   */
  moveAndRelease(x: number, y: number): Promise<void>
  /** A press and release at one point, keys held (a Shift-click, a Ctrl-click). */
  click(x: number, y: number, keys?: { shift?: boolean; ctrl?: boolean }): Promise<void>
}

/** Resolves with the next trusted `type` event the document sees. */
export function nextTrusted<Name extends keyof DocumentEventMap>(
  type: Name,
): Promise<DocumentEventMap[Name]> {
  return new Promise((resolve) => {
    const listener = (event: DocumentEventMap[Name]) => {
      if (!event.isTrusted) return
      document.removeEventListener(type, listener, true)
      resolve(event)
    }
    document.addEventListener(type, listener, true)
  })
}

/**
 * DevTools takes the top page's coordinates, and the test's frame may be offset and scaled
 * in it: two probe moves give the map from client coordinates to the page's.
 */
export async function realMouse(): Promise<RealMouse> {
  const session = cdp()
  let held = false
  const send = async (
    type: 'mouseMoved' | 'mousePressed' | 'mouseReleased',
    pageX: number,
    pageY: number,
    modifiers = 0,
  ) => {
    await session.send('Input.dispatchMouseEvent', {
      type,
      modifiers,
      x: pageX,
      y: pageY,
      button: type === 'mouseMoved' && !held ? 'none' : 'left',
      buttons: held ? 1 : 0,
      clickCount: 1,
    })
  }
  const probe = async (pageX: number, pageY: number) => {
    const seen = nextTrusted('pointermove')
    await send('mouseMoved', pageX, pageY)
    return seen
  }
  const first = await probe(10, 10)
  const second = await probe(110, 110)
  const scaleX = (second.clientX - first.clientX) / 100
  const scaleY = (second.clientY - first.clientY) / 100
  const pageX = (x: number) => 10 + (x - first.clientX) / scaleX
  const pageY = (y: number) => 10 + (y - first.clientY) / scaleY
  return {
    async move(x, y) {
      const seen = nextTrusted('pointermove')
      await send('mouseMoved', pageX(x), pageY(y))
      await seen
    },
    async press(x, y) {
      const seen = nextTrusted('pointerdown')
      held = true
      await send('mousePressed', pageX(x), pageY(y))
      await seen
    },
    async release(x, y) {
      const seen = nextTrusted('pointerup')
      held = false
      await send('mouseReleased', pageX(x), pageY(y))
      await seen
    },
    async moveAndRelease(x, y) {
      const moved = nextTrusted('pointermove')
      const released = nextTrusted('pointerup')
      const move = send('mouseMoved', pageX(x), pageY(y))
      held = false
      await Promise.all([move, send('mouseReleased', pageX(x), pageY(y)), moved, released])
    },
    async click(x, y, { shift = false, ctrl = false } = {}) {
      // DevTools' modifier bits: Alt 1, Ctrl 2, Meta 4, Shift 8.
      const modifiers = (ctrl ? 2 : 0) | (shift ? 8 : 0)
      const seen = nextTrusted('click')
      held = true
      await send('mousePressed', pageX(x), pageY(y), modifiers)
      held = false
      await send('mouseReleased', pageX(x), pageY(y), modifiers)
      await seen
    },
  }
}
