// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { identityAffine } from '../../src/dom/affine.js'
import { attachPointerDrag, autoScrollModule } from '../../src/dom/pointerDrag.js'
import { dispatchPointer } from './support/dispatchPointer.js'

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** A drag handle on the page (no scroll container: the page scrolls), `autoScroll` as given. */
function setup(autoScroll: { edge: number; speed: number } | null) {
  const handle = document.createElement('div')
  document.body.appendChild(handle)
  const detach = attachPointerDrag(handle, {
    onStart: () => identityAffine,
    onMove: () => {},
    onEnd: () => {},
    onCancel: () => {},
    onScroll: () => identityAffine,
    autoScroll,
  })
  return { handle, detach }
}

// This file's module graph is its own: the scroller is not loaded until a test loads it.
describe('attachPointerDrag loads the auto-scroller on use', () => {
  it('a press starts loading it when autoScroll is on, and only then', () => {
    const preload = vi.spyOn(autoScrollModule, 'preload').mockImplementation(() => {})
    const off = setup(null)
    dispatchPointer(off.handle, 'pointerdown', 10, 10)
    dispatchPointer(document, 'pointerup', 10, 10)
    expect(preload).not.toHaveBeenCalled()
    const on = setup({ edge: 40, speed: 20 })
    dispatchPointer(on.handle, 'pointerdown', 10, 10)
    expect(preload).toHaveBeenCalledTimes(1)
    dispatchPointer(document, 'pointerup', 10, 10)
    expect(autoScrollModule.current).toBeNull()
  })

  it('a drag begun while it loads scrolls once it has loaded; a drag that ended meanwhile does not', async () => {
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback)
      return frames.length
    })
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {})
    const nearBottom = window.innerHeight - 1
    const { handle } = setup({ edge: 40, speed: 20 })
    // A first drag reaches the edge and ends before the scroller has loaded.
    dispatchPointer(handle, 'pointerdown', 100, 100)
    dispatchPointer(document, 'pointermove', 100, nearBottom)
    dispatchPointer(document, 'pointerup', 100, nearBottom)
    // A second one is at the edge, still loading.
    dispatchPointer(handle, 'pointerdown', 100, 100)
    dispatchPointer(document, 'pointermove', 100, nearBottom)
    expect(autoScrollModule.current).toBeNull()
    expect(frames).toHaveLength(0)
    await autoScrollModule.load()
    // Only the second drag's scroller asked for a frame; the frame scrolls the page down.
    expect(frames).toHaveLength(1)
    frames[0]!(0)
    expect(scrollBy).toHaveBeenCalledTimes(1)
    expect(scrollBy.mock.calls[0]![1]).toBeGreaterThan(0)
    dispatchPointer(document, 'pointerup', 100, nearBottom)
  })
})
