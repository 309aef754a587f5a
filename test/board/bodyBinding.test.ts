// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { createBodyBinding } from '../../src/board/bodyBinding.js'
import type { AABBBodyOptions } from '../../src/board/bodyOptions.js'
import type { PhysicsEngine } from '../../src/board/createPhysicsStore.js'

/**
 * An engine that records what a binding asks of it: the live registrations by id, and
 * the contact watchers.
 */
function recordingEngine() {
  const registrations: Array<{ id: string; element: Element; live: boolean }> = []
  let watchers = 0
  const engine = {
    registerBody: vi.fn((id: string, element: Element, _options: { current: AABBBodyOptions }) => {
      const registration = { id, element, live: true }
      registrations.push(registration)
      return () => {
        registration.live = false
      }
    }),
    updateBody: vi.fn(),
    watchContacts: vi.fn(() => {
      watchers++
      return () => watchers--
    }),
    moveWithKeys: vi.fn(() => null),
    layoutMayHaveMoved: vi.fn(),
  }
  return {
    engine: engine as unknown as PhysicsEngine,
    calls: engine,
    live: () => registrations.filter((registration) => registration.live),
    watchers: () => watchers,
  }
}

function element(): HTMLElement {
  const div = document.createElement('div')
  document.body.append(div)
  return div
}

describe('a body binding', () => {
  it('registers once per connect, and its cleanup removes exactly that registration', () => {
    const { engine, live } = recordingEngine()
    const binding = createBodyBinding(engine, null)
    const card = element()
    binding.sync('a', {})
    // StrictMode: mount, unmount, mount.
    binding.connect('a', card)()
    const disconnect = binding.connect('a', card)
    expect(live().map(({ id }) => id)).toEqual(['a'])
    disconnect()
    expect(live()).toEqual([])
  })

  it('registers nothing without an element', () => {
    const { engine, calls } = recordingEngine()
    const binding = createBodyBinding(engine, null)
    binding.sync('a', { draggable: true })
    binding.connect('a', null)()
    expect(calls.registerBody).not.toHaveBeenCalled()
  })

  it('registers with the options of the render before, read through one ref', () => {
    const { engine, calls } = recordingEngine()
    const binding = createBodyBinding(engine, null)
    const onMoveEnd = vi.fn()
    binding.sync('a', { mass: 2 })
    binding.connect('a', element())
    const options = calls.registerBody.mock.calls[0]![2]
    expect(options.current).toEqual({ mass: 2 })
    binding.sync('a', { mass: 2, onMoveEnd })
    expect(options.current.onMoveEnd).toBe(onMoveEnd)
  })

  it('applies a changed physical option to the world, and only a physical one', () => {
    const { engine, calls } = recordingEngine()
    const binding = createBodyBinding(engine, null)
    binding.sync('a', { mass: 1 })
    binding.connect('a', element())
    binding.sync('a', { mass: 1, onDragEnd: () => {} })
    expect(calls.updateBody).not.toHaveBeenCalled()
    binding.sync('a', { mass: 3 })
    expect(calls.updateBody).toHaveBeenCalledExactlyOnceWith('a')
  })

  it('attaches the keyboard controller while draggable (or keyboard) and takes it off after', () => {
    const { engine } = recordingEngine()
    const binding = createBodyBinding(engine, 'keys')
    const card = element()
    binding.sync('a', {})
    const disconnect = binding.connect('a', card)
    expect(card.hasAttribute('tabindex')).toBe(false)
    binding.sync('a', { draggable: true })
    expect(card.getAttribute('tabindex')).toBe('0')
    expect(card.getAttribute('aria-describedby')).toBe('keys')
    binding.sync('a', { draggable: true, keyboard: false })
    expect(card.hasAttribute('tabindex')).toBe(false)
    binding.sync('a', { draggable: true })
    disconnect()
    expect(card.hasAttribute('tabindex')).toBe(false)
  })

  it('watches contacts while a contact handler is given, and stops on disconnect', () => {
    const { engine, watchers } = recordingEngine()
    const binding = createBodyBinding(engine, null)
    binding.sync('a', { onContactStart: () => {} })
    const disconnect = binding.connect('a', element())
    expect(watchers()).toBe(1)
    binding.sync('a', { onContactStart: () => {}, onContactEnd: () => {} })
    expect(watchers()).toBe(1)
    binding.sync('a', {})
    expect(watchers()).toBe(0)
    binding.sync('a', { onContactEnd: () => {} })
    expect(watchers()).toBe(1)
    disconnect()
    expect(watchers()).toBe(0)
  })

  it('asks for a layout check at every render while connected, and not before', () => {
    const { engine, calls } = recordingEngine()
    const binding = createBodyBinding(engine, null)
    binding.sync('a', {})
    expect(calls.layoutMayHaveMoved).not.toHaveBeenCalled()
    binding.connect('a', element())
    binding.sync('a', {})
    binding.sync('a', { draggable: true })
    expect(calls.layoutMayHaveMoved).toHaveBeenCalledTimes(2)
  })
})
