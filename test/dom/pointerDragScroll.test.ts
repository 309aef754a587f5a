// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { identityAffine, type Affine } from '../../src/dom/affine.js'
import { attachPointerDrag } from '../../src/dom/pointerDrag.js'
import { dispatchPointer } from './support/dispatchPointer.js'

afterEach(() => {
  document.body.innerHTML = ''
})

/** A scroll event as the browser fires it: at the scrolled element, not bubbling. */
function scroll(target: EventTarget): void {
  target.dispatchEvent(new Event('scroll', { bubbles: false }))
}

/**
 * A drag handle inside a scroll container whose "scroll offset" the test sets: the
 * client-to-world map is the identity shifted by that offset, as a container scrolled by
 * `scrollTop` maps a still pointer `scrollTop` units further into its content.
 */
function setup() {
  const scroller = document.createElement('div')
  const handle = document.createElement('div')
  scroller.appendChild(handle)
  document.body.appendChild(scroller)
  const space = { scrollTop: 0 }
  const mapNow = (): Affine => ({ ...identityAffine, f: space.scrollTop })
  const deltas: Array<{ x: number; y: number }> = []
  let remaps = 0
  const detach = attachPointerDrag(handle, {
    onStart: mapNow,
    onMove: (delta) => deltas.push({ ...delta }),
    onEnd: () => {},
    onCancel: () => {},
    onScroll: () => {
      remaps++
      return mapNow()
    },
  })
  return { scroller, handle, space, deltas, detach, remaps: () => remaps }
}

describe('attachPointerDrag during a scroll', () => {
  it('reports the still pointer again through the map measured at the scroll', () => {
    const { scroller, handle, space, deltas } = setup()
    dispatchPointer(handle, 'pointerdown', 100, 100)
    dispatchPointer(document, 'pointermove', 120, 110)
    space.scrollTop = 40
    scroll(scroller)
    expect(deltas).toEqual([
      { x: 20, y: 10 },
      { x: 20, y: 50 },
    ])
    // Later pointer moves use the new map too.
    dispatchPointer(document, 'pointermove', 130, 110)
    expect(deltas[2]).toEqual({ x: 30, y: 50 })
  })

  it('hears scrolls of the page and of any ancestor (capture on the document)', () => {
    const { handle, space, deltas } = setup()
    dispatchPointer(handle, 'pointerdown', 0, 0)
    dispatchPointer(document, 'pointermove', 10, 0)
    space.scrollTop = 5
    scroll(document)
    space.scrollTop = 15
    scroll(document.body)
    expect(deltas.map((delta) => delta.y)).toEqual([0, 5, 15])
  })

  it('does not listen before the drag is active nor after it ends', () => {
    const { scroller, handle, space, deltas, remaps } = setup()
    dispatchPointer(handle, 'pointerdown', 0, 0)
    dispatchPointer(document, 'pointermove', 2, 0)
    scroll(scroller)
    expect(remaps()).toBe(0)
    dispatchPointer(document, 'pointermove', 20, 0)
    dispatchPointer(document, 'pointerup', 20, 0)
    space.scrollTop = 30
    scroll(scroller)
    expect(remaps()).toBe(0)
    expect(deltas).toEqual([{ x: 20, y: 0 }])
  })

  it('stops listening when Escape cancels the drag', () => {
    const { scroller, handle, remaps } = setup()
    dispatchPointer(handle, 'pointerdown', 0, 0)
    dispatchPointer(document, 'pointermove', 20, 0)
    handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    scroll(scroller)
    expect(remaps()).toBe(0)
  })

  it('stops listening when detached mid-drag (the card unmounts)', () => {
    const { scroller, handle, detach, remaps } = setup()
    dispatchPointer(handle, 'pointerdown', 0, 0)
    dispatchPointer(document, 'pointermove', 20, 0)
    scroll(scroller)
    expect(remaps()).toBe(1)
    detach()
    scroll(scroller)
    expect(remaps()).toBe(1)
  })
})
