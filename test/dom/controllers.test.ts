// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { identityAffine } from '../../src/dom/affine.js'
import { attachKeyboardMover, directionName, sideFacing } from '../../src/dom/keyboardMover.js'
import { attachPointerDrag } from '../../src/dom/pointerDrag.js'

afterEach(() => {
  document.body.innerHTML = ''
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
      roleDescription: 'movable item',
      instructionsId: 'keys-help',
    })
    expect(target.getAttribute('aria-roledescription')).toBe('movable item')
    expect(target.getAttribute('aria-describedby')).toBe('keys-help')
    detach()
    expect(target.hasAttribute('aria-roledescription')).toBe(false)
    expect(target.hasAttribute('aria-describedby')).toBe(false)
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

describe('attachPointerDrag', () => {
  function setup(activationDistance = 4) {
    const handle = element()
    const calls: string[] = []
    const deltas: Array<{ x: number; y: number }> = []
    const detach = attachPointerDrag(handle, {
      activationDistance,
      onStart: () => {
        calls.push('start')
        return identityAffine
      },
      onMove: (delta) => deltas.push({ ...delta }),
      onEnd: () => calls.push('end'),
      onCancel: () => calls.push('cancel'),
    })
    return { handle, calls, deltas, detach }
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

  it('ends an active drag when detached', () => {
    const { handle, calls, detach } = setup()
    pointer(handle, 'pointerdown', 0)
    pointer(document, 'pointermove', 30)
    detach()
    expect(calls).toEqual(['start', 'end'])
  })
})
