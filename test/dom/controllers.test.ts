// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { identityAffine } from '../../src/dom/affine.js'
import { attachKeyboardMover, directionName, sideFacing } from '../../src/dom/keyboardMover.js'
import { attachPointerDrag, type PointerDragOptions } from '../../src/dom/pointerDrag.js'

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function element(): HTMLElement {
  const div = document.createElement('div')
  document.body.appendChild(div)
  return div
}

function key(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

function pointer(
  target: EventTarget,
  type: string,
  clientX: number,
  clientY = 0,
  init: PointerEventInit = {},
): void {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerId: 7,
      isPrimary: true,
      button: 0,
      clientX,
      clientY,
      ...init,
    }),
  )
}

describe('attachKeyboardMover', () => {
  it('turns arrow keys on the focused element into moves, Shift meaning until contact', () => {
    const target = element()
    const onMove = vi.fn()
    const detach = attachKeyboardMover(target, { onMove })
    expect(target.getAttribute('tabindex')).toBe('0')
    const event = key(target, { key: 'ArrowLeft' })
    key(target, { key: 'ArrowDown', shiftKey: true })
    key(target, { key: 'a' })
    key(target, { key: 'ArrowUp', ctrlKey: true })
    expect(event.defaultPrevented).toBe(true)
    expect(onMove.mock.calls).toEqual([
      [{ x: -1, y: 0 }, false],
      [{ x: 0, y: 1 }, true],
    ])
    detach()
    key(target, { key: 'ArrowLeft' })
    expect(onMove).toHaveBeenCalledTimes(2)
    expect(target.hasAttribute('tabindex')).toBe(false)
  })

  it('ignores keys aimed at a focusable child and keeps an existing tabindex', () => {
    const target = element()
    target.setAttribute('tabindex', '-1')
    const input = document.createElement('input')
    target.appendChild(input)
    const onMove = vi.fn()
    const detach = attachKeyboardMover(target, { onMove })
    key(input, { key: 'ArrowRight' })
    expect(onMove).not.toHaveBeenCalled()
    detach()
    expect(target.getAttribute('tabindex')).toBe('-1')
  })

  it('describes the element for assistive technology and takes it back on detach', () => {
    const target = element()
    const detach = attachKeyboardMover(target, {
      onMove: () => {},
      role: 'button',
      roleDescription: 'movable item',
      instructionsId: 'keys-help',
    })
    expect(target.getAttribute('role')).toBe('button')
    expect(target.getAttribute('aria-roledescription')).toBe('movable item')
    expect(target.getAttribute('aria-describedby')).toBe('keys-help')
    detach()
    expect(target.hasAttribute('role')).toBe(false)
    expect(target.hasAttribute('aria-roledescription')).toBe(false)
    expect(target.hasAttribute('aria-describedby')).toBe(false)
  })

  it('gives a role only to an element without one: an explicit or implicit role is kept', () => {
    const group = element()
    group.setAttribute('role', 'group')
    const article = document.body.appendChild(document.createElement('article'))
    const item = document.createElement('li')
    document.body.appendChild(document.createElement('ul')).appendChild(item)
    const svg = document.body.appendChild(
      document.createElementNS('http://www.w3.org/2000/svg', 'svg'),
    )
    const shape = svg.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'rect'))
    const detachers = [group, article, item, shape].map((target) =>
      attachKeyboardMover(target, { onMove: () => {}, role: 'button' }),
    )
    expect(group.getAttribute('role')).toBe('group')
    expect(article.hasAttribute('role')).toBe(false)
    expect(item.hasAttribute('role')).toBe(false)
    expect(shape.getAttribute('role')).toBe('button')
    for (const detach of detachers) detach()
    expect(group.getAttribute('role')).toBe('group')
    expect(shape.hasAttribute('role')).toBe(false)
  })

  it("keeps the element's own role description and adds the instructions to its descriptions", () => {
    const target = element()
    target.setAttribute('aria-roledescription', 'movable card')
    target.setAttribute('aria-describedby', 'card-summary')
    const detach = attachKeyboardMover(target, {
      onMove: () => {},
      roleDescription: 'movable item',
      instructionsId: 'keys-help',
    })
    expect(target.getAttribute('aria-roledescription')).toBe('movable card')
    expect(target.getAttribute('aria-describedby')).toBe('card-summary keys-help')
    detach()
    expect(target.getAttribute('aria-roledescription')).toBe('movable card')
    expect(target.getAttribute('aria-describedby')).toBe('card-summary')
  })

  it('names sides from contact normals and directions from unit vectors', () => {
    expect(sideFacing({ x: -1, y: 0 })).toBe('right')
    expect(sideFacing({ x: 1, y: 0 })).toBe('left')
    expect(sideFacing({ x: 0, y: -1 })).toBe('bottom')
    expect(sideFacing({ x: 0, y: 1 })).toBe('top')
    expect(directionName({ x: 0, y: -1 })).toBe('up')
    expect(directionName({ x: 1, y: 0 })).toBe('right')
  })
})

/** Resolves after the timers due now have run: the browser's "after this event" moment. */
function afterPendingTimers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1))
}

/**
 * Watches the listeners added to and removed from the document and `handle` from now on,
 * and returns what is still listening, as "target type" strings ("document keydown").
 */
function watchListeners(handle: HTMLElement): () => string[] {
  const live: Array<{ name: string; type: string; listener: unknown; capture: boolean }> = []
  const captures = (options?: boolean | EventListenerOptions) =>
    typeof options === 'boolean' ? options : (options?.capture ?? false)
  const indexOf = (name: string, type: string, listener: unknown, capture: boolean) =>
    live.findIndex(
      (entry) =>
        entry.name === name &&
        entry.type === type &&
        entry.listener === listener &&
        entry.capture === capture,
    )
  for (const [name, target] of [
    ['document', document],
    ['handle', handle],
  ] as const) {
    const add = target.addEventListener.bind(target)
    const remove = target.removeEventListener.bind(target)
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      const capture = captures(options)
      if (indexOf(name, type, listener, capture) < 0) live.push({ name, type, listener, capture })
      add(type, listener, options)
    })
    vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
      const index = indexOf(name, type, listener, captures(options))
      if (index >= 0) live.splice(index, 1)
      remove(type, listener, options)
    })
  }
  return () => live.map((entry) => `${entry.name} ${entry.type}`).sort()
}

describe('attachPointerDrag', () => {
  // A handle left mid-drag would still hear the next test's Escape on the document.
  const detachAfterTest: Array<() => void> = []
  afterEach(() => {
    for (const detach of detachAfterTest.splice(0)) detach()
  })

  function setup(activationDistance = 4, presses: Partial<PointerDragOptions> = {}) {
    const handle = element()
    const calls: string[] = []
    const deltas: Array<{ x: number; y: number }> = []
    const attachment = attachPointerDrag(handle, {
      activationDistance,
      ...presses,
      onStart: () => {
        calls.push('start')
        return identityAffine
      },
      onMove: (delta) => deltas.push({ ...delta }),
      onEnd: () => calls.push('end'),
      onCancel: () => calls.push('cancel'),
    })
    detachAfterTest.push(attachment)
    return { handle, calls, deltas, detach: attachment, abortDrag: attachment.abortDrag }
  }

  /** Presses the handle at x = 0 and drags it to x = 30: an active drag. */
  function drag(handle: HTMLElement): void {
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointermove', 30)
  }

  it('sets touch-action only on the handle and restores it on detach', () => {
    const { handle, detach } = setup()
    expect(handle.style.touchAction).toBe('none')
    expect(document.body.style.touchAction).toBe('')
    detach()
    expect(handle.style.touchAction).toBe('')
  })

  it('starts only past the activation distance and reports deltas from the press', () => {
    const { handle, calls, deltas } = setup(5)
    pointer(handle, 'pointerdown', 100, 100)
    pointer(document, 'pointermove', 103, 100)
    expect(calls).toEqual([])
    pointer(document, 'pointermove', 110, 104)
    pointer(document, 'pointermove', 150, 90)
    pointer(document, 'pointerup', 150, 90)
    expect(calls).toEqual(['start', 'end'])
    expect(deltas).toEqual([
      { x: 10, y: 4 },
      { x: 50, y: -10 },
    ])
  })

  it('leaves a press that does not move a click, and swallows the click after a real drag', () => {
    const { handle } = setup()
    const onClick = vi.fn()
    handle.addEventListener('click', onClick)
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointerup', 0)
    handle.click()
    expect(onClick).toHaveBeenCalledTimes(1)
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointermove', 20)
    pointer(document, 'pointerup', 20)
    handle.click()
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('starts a drag only from inside a dragHandle match, never from inside a dragCancel match', () => {
    const { handle, calls } = setup(4, { dragHandle: '.grip' })
    handle.innerHTML =
      '<div class="grip"><span>title</span><button>x</button></div><p>body <a href="#">link</a></p>'
    const pressAndMove = (target: Element) => {
      pointer(target, 'pointerdown', 0)
      pointer(document, 'pointermove', 30)
      pointer(document, 'pointerup', 30)
    }
    pressAndMove(handle.querySelector('p')!)
    pressAndMove(handle)
    // Inside the grip, but on its button (the default dragCancel).
    pressAndMove(handle.querySelector('button')!)
    expect(calls).toEqual([])
    pressAndMove(handle.querySelector('span')!)
    expect(calls).toEqual(['start', 'end'])
  })

  it('cancels presses on controls and links by default, on nothing with dragCancel ""', () => {
    const cancelled = setup()
    cancelled.handle.innerHTML =
      '<input><a href="#">link</a><a>no href</a><span data-aabb-cancel><b>marked</b></span>'
    for (const selector of ['input', 'a[href]', 'b']) {
      pointer(cancelled.handle.querySelector(selector)!, 'pointerdown', 0)
      pointer(document, 'pointermove', 30)
      pointer(document, 'pointerup', 30)
    }
    expect(cancelled.calls).toEqual([])
    pointer(cancelled.handle.querySelector('a:not([href])')!, 'pointerdown', 0)
    pointer(document, 'pointermove', 30)
    expect(cancelled.calls).toEqual(['start'])
    pointer(document, 'pointerup', 30)

    // With dragCancel '', a press on the button drags.
    const uncancelled = setup(4, { dragCancel: '' })
    uncancelled.handle.innerHTML = '<button>x</button>'
    drag(uncancelled.handle.querySelector('button')!)
    expect(uncancelled.calls).toEqual(['start'])
  })

  it('ignores secondary buttons and other pointers', () => {
    const { handle, calls } = setup()
    pointer(handle, 'pointerdown', 0, 0, { button: 2 })
    pointer(document, 'pointermove', 50)
    expect(calls).toEqual([])
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointermove', 50, 0, { pointerId: 8 })
    expect(calls).toEqual([])
  })

  it('cancels on Escape during an active drag only', () => {
    const { handle, calls } = setup()
    key(handle, { key: 'Escape' })
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointermove', 30)
    key(handle, { key: 'Escape' })
    pointer(document, 'pointerup', 30)
    expect(calls).toEqual(['start', 'cancel'])
  })

  it('swallows the click of the release that follows an Escape, however late, and no later click', async () => {
    const { handle, calls } = setup()
    const onClick = vi.fn()
    handle.addEventListener('click', onClick)
    drag(handle)
    key(handle, { key: 'Escape' })
    // The pointer is held a while after Escape: the release comes in a later task.
    await afterPendingTimers()
    pointer(document, 'pointerup', 30)
    handle.click()
    expect(onClick).not.toHaveBeenCalled()
    await afterPendingTimers()
    handle.click()
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(['start', 'cancel'])
  })

  it('stops the drag at Escape: later moves, Escapes and scrolls are not its own', () => {
    const { handle, calls, deltas } = setup()
    drag(handle)
    key(handle, { key: 'Escape' })
    pointer(document, 'pointermove', 60)
    expect(key(handle, { key: 'Escape' }).defaultPrevented).toBe(false)
    pointer(document, 'pointerup', 60)
    expect(deltas).toEqual([{ x: 30, y: 0 }])
    expect(calls).toEqual(['start', 'cancel'])
  })

  it('leaves nothing behind after an Escape, once the release and its click are over', async () => {
    const { handle } = setup()
    const listening = watchListeners(handle)
    drag(handle)
    key(handle, { key: 'Escape' })
    // Only the release is awaited (and a new press, in case the page never sees it); the
    // press still holds off the browser's own drag of a link or image in the card.
    expect(listening()).toEqual([
      'document pointercancel',
      'document pointerdown',
      'document pointerup',
      'handle dragstart',
    ])
    pointer(document, 'pointerup', 30)
    expect(listening()).toEqual(['handle click'])
    await afterPendingTimers()
    expect(listening()).toEqual([])
  })

  it('stops waiting for a release the page never saw at the next press, whose click works', () => {
    const { handle, calls } = setup()
    const onClick = vi.fn()
    handle.addEventListener('click', onClick)
    const listening = watchListeners(handle)
    drag(handle)
    key(handle, { key: 'Escape' })
    // Released outside the window: no pointerup. The next press is a plain click.
    pointer(handle, 'pointerdown', 5)
    pointer(document, 'pointerup', 5)
    handle.click()
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(['start', 'cancel'])
    expect(listening()).toEqual([])
  })

  it('abortDrag ends an active drag calling no handler and leaves only the handle attached', () => {
    const { handle, calls, deltas, abortDrag } = setup()
    const listening = watchListeners(handle)
    const onClick = vi.fn()
    drag(handle)
    expect(handle.hasPointerCapture(7)).toBe(true)
    abortDrag()
    expect(listening()).toEqual([])
    expect(handle.hasPointerCapture(7)).toBe(false)
    handle.addEventListener('click', onClick)
    pointer(document, 'pointermove', 60)
    const escape = key(handle, { key: 'Escape' })
    pointer(document, 'pointerup', 60)
    handle.click()
    expect(escape.defaultPrevented).toBe(false)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(deltas).toEqual([{ x: 30, y: 0 }])
    expect(calls).toEqual(['start'])
    // Still attached: the next press drags again.
    drag(handle)
    expect(calls).toEqual(['start', 'start'])
  })

  it('abortDrag forgets a press that is not a drag yet, and does nothing when idle', () => {
    const { handle, calls, abortDrag } = setup()
    abortDrag()
    pointer(handle, 'pointerdown', 0)
    abortDrag()
    pointer(document, 'pointermove', 30)
    expect(calls).toEqual([])
  })

  it('abortDrag after an Escape drops the wait for the release and its click trap', () => {
    const { handle, abortDrag } = setup()
    const onClick = vi.fn()
    handle.addEventListener('click', onClick)
    const listening = watchListeners(handle)
    drag(handle)
    key(handle, { key: 'Escape' })
    abortDrag()
    expect(listening()).toEqual([])
    pointer(document, 'pointerup', 30)
    handle.click()
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('ends an active drag when detached', () => {
    const { handle, calls, detach } = setup()
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointermove', 30)
    detach()
    expect(calls).toEqual(['start', 'end'])
  })

  it('removes every listener and trap when detached, mid-drag or while awaiting a release', () => {
    for (const afterEscape of [false, true]) {
      const { handle, detach } = setup()
      const listening = watchListeners(handle)
      drag(handle)
      if (afterEscape) key(handle, { key: 'Escape' })
      detach()
      expect(listening(), afterEscape ? 'after Escape' : 'mid-drag').toEqual([])
      vi.restoreAllMocks()
    }
  })
})
