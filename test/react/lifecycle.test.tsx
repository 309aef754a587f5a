// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { Profiler, StrictMode, act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BodySnapshot } from '../../src/core/world/types.js'
import type { AABBBodyOptions } from '../../src/react/bodyOptions.js'
import { createPhysicsStore } from '../../src/react/createPhysicsStore.js'
import type { PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { useAfterStep } from '../../src/react/useAfterStep.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { useWorld } from '../../src/react/useWorld.js'
import { useWorldState } from '../../src/react/useWorldState.js'
import { Card, ManualWorld } from './support/components.js'
import { installFakeLayout } from './support/fakeLayout.js'
import { createManualFrames, type ManualFrames } from './support/manualFrames.js'

let frames: ManualFrames
let api: WorldApi

beforeEach(() => {
  installFakeLayout()
  frames = createManualFrames()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function world(props: Partial<PhysicsWorldProps>, children: React.ReactNode) {
  return (
    <ManualWorld frames={frames} onApi={(value) => (api = value)} {...props}>
      {children}
    </ManualWorld>
  )
}

describe('<PhysicsWorld> and useAABBBody lifecycle', () => {
  it('renders its container with data-aabb-world and marks each body element', () => {
    const { container } = render(
      world({}, [<Card key="a" id="a" />, <Card key="b" id="b" x={100} />]),
    )
    expect(container.querySelector('[data-aabb-world]')).not.toBeNull()
    expect(container.querySelector('[data-aabb-body="a"]')).not.toBeNull()
    expect(container.querySelector('[data-aabb-body="b"]')).not.toBeNull()
    expect(api.world.ids()).toEqual(['a', 'b'])
    expect(api.get('b')).toMatchObject({ x: 100, y: 0, width: 50, height: 50, type: 'dynamic' })
  })

  it('leaves exactly one body per element under StrictMode', () => {
    render(
      <StrictMode>
        {world({}, [<Card key="a" id="a" />, <Card key="b" id="b" x={100} />])}
      </StrictMode>,
    )
    expect(api.world.size).toBe(2)
    expect(api.world.ids().sort()).toEqual(['a', 'b'])
  })

  it('gives a body without an id one from useId', () => {
    function Anonymous() {
      const { ref } = useAABBBody<HTMLDivElement>()
      return <div ref={ref} data-testid="anon" style={{ width: 10, height: 10 }} />
    }
    const { getByTestId } = render(world({}, <Anonymous />))
    const id = getByTestId('anon').getAttribute('data-aabb-body')
    expect(id).toBeTruthy()
    expect(api.world.has(id!)).toBe(true)
  })

  it('removes the body on unmount and restores what it wrote on the element', () => {
    function Board({ showB }: { showB: boolean }) {
      return world({}, [
        <Card key="a" id="a" />,
        showB && <Card key="b" id="b" x={100} initialPosition={{ x: 300, y: 40 }} />,
      ])
    }
    const { rerender, container } = render(<Board showB />)
    frames.run()
    const b = container.querySelector<HTMLElement>('[data-aabb-body="b"]')!
    expect(b.style.translate).toBe('200px 40px')
    rerender(<Board showB={false} />)
    expect(api.world.ids()).toEqual(['a'])
    expect(b.style.translate).toBe('')
    expect(b.hasAttribute('data-aabb-body')).toBe(false)
  })

  it('follows the ref when it moves to another element', () => {
    function Switcher({ second }: { second: boolean }) {
      const { ref } = useAABBBody<HTMLDivElement>({ id: 'moving' })
      return (
        <>
          <div
            data-testid="first"
            ref={second ? undefined : ref}
            style={{ width: 10, height: 10 }}
          />
          <div
            data-testid="second"
            ref={second ? ref : undefined}
            style={{ left: 100, width: 30, height: 30 }}
          />
        </>
      )
    }
    const { rerender, getByTestId } = render(world({}, <Switcher second={false} />))
    expect(api.get('moving')).toMatchObject({ x: 0, width: 10 })
    rerender(world({}, <Switcher second />))
    expect(getByTestId('first').hasAttribute('data-aabb-body')).toBe(false)
    expect(getByTestId('second').getAttribute('data-aabb-body')).toBe('moving')
    expect(api.world.size).toBe(1)
    expect(api.get('moving')).toMatchObject({ x: 100, width: 30 })
  })

  it('applies each physical option changed by a re-render to the live body', () => {
    // Every field bodyPatchOf sends, changed one at a time on top of the previous ones.
    const changes: Array<[keyof AABBBodyOptions & keyof BodySnapshot, unknown]> = [
      ['type', 'kinematic'],
      ['response', 'bounce'],
      ['mass', 7],
      ['restitution', 0.5],
      ['layer', 2],
      ['mask', 3],
      ['pushable', false],
      ['damping', 4],
    ]
    let options: AABBBodyOptions = {}
    const { rerender } = render(world({}, <Card id="a" {...options} />))
    for (const [field, value] of changes) {
      options = { ...options, [field]: value }
      rerender(world({}, <Card id="a" {...options} />))
      expect(api.get('a')[field], field).toBe(value)
    }
  })

  it('keeps an element without a size inactive until it has one', () => {
    const { container } = render(world({}, <Card id="hidden" style={{ display: 'none' }} />))
    expect(api.world.has('hidden')).toBe(false)
    const element = container.querySelector<HTMLElement>('[data-aabb-body="hidden"]')!
    element.style.display = 'block'
    act(() => api.remeasure('hidden'))
    expect(api.world.has('hidden')).toBe(true)
    element.style.display = 'none'
    act(() => api.remeasure('hidden'))
    expect(api.world.has('hidden')).toBe(false)
  })

  it('stops the loop when the world is idle and restarts it on a change', () => {
    render(world({}, [<Card key="a" id="a" />, <Card key="b" id="b" x={100} />]))
    // Mounting wakes the loop; with nothing moving it stops within a few frames.
    expect(frames.run(10)).toBeLessThan(10)
    expect(frames.pending).toBe(0)
    act(() => {
      api.move('a', { x: 20, y: 0 })
    })
    expect(frames.pending).toBe(1)
    frames.run(10)
    expect(frames.pending).toBe(0)
  })

  it('moves bodies for 60 frames with 0 renders of the cards', () => {
    let cardRenders = 0
    const onRender = () => cardRenders++
    const { container } = render(
      world({ gravity: { x: 0, y: 900 } }, [
        <Profiler key="a" id="a" onRender={onRender}>
          <Card id="a" />
        </Profiler>,
        <Profiler key="b" id="b" onRender={onRender}>
          <Card id="b" x={100} />
        </Profiler>,
      ]),
    )
    const rendersAtMount = cardRenders
    expect(frames.run(60)).toBe(60)
    expect(cardRenders - rendersAtMount).toBe(0)
    const a = container.querySelector<HTMLElement>('[data-aabb-body="a"]')!
    expect(api.get('a').y).toBeGreaterThan(100)
    expect(a.style.translate).toBe(`0px ${Math.round(api.get('a').y * 1000) / 1000}px`)
  })

  it('re-renders a useWorldState subscriber only when its slice changes', () => {
    let renders = 0
    function Count() {
      renders++
      return <output>{useWorldState((state) => state.bodyCount)}</output>
    }
    const { container, rerender } = render(
      world({ gravity: { x: 0, y: 900 } }, [<Count key="c" />, <Card key="a" id="a" />]),
    )
    expect(container.querySelector('output')!.textContent).toBe('1')
    const before = renders
    frames.run(30)
    expect(renders).toBe(before)
    rerender(world({ gravity: { x: 0, y: 900 } }, [<Count key="c" />]))
    expect(container.querySelector('output')!.textContent).toBe('0')
  })

  it('keeps the loop running when an after-step listener throws', () => {
    const reported = vi.fn()
    vi.stubGlobal('reportError', reported)
    let calls = 0
    function Thrower() {
      useAfterStep(() => {
        calls++
        throw new Error('listener failure')
      })
      return null
    }
    render(world({ gravity: { x: 0, y: 900 } }, [<Thrower key="t" />, <Card key="a" id="a" />]))
    expect(frames.run(5)).toBe(5)
    expect(calls).toBe(5)
    expect(reported).toHaveBeenCalledTimes(5)
    vi.unstubAllGlobals()
  })

  it('steps a paused world only by hand', () => {
    render(world({ paused: true, gravity: { x: 0, y: 600 } }, <Card id="a" />))
    frames.run(10)
    expect(api.get('a').y).toBe(0)
    act(() => {
      for (let i = 0; i < 30; i++) api.step(1 / 60)
    })
    expect(api.get('a').y).toBeGreaterThan(0)
  })

  it('leaves 0 bodies and no running loop after 1,000 mount/unmount cycles', () => {
    function Board({ show }: { show: boolean }) {
      return world({}, show && <Card id="a" />)
    }
    const { rerender, unmount } = render(<Board show={false} />)
    for (let i = 0; i < 1000; i++) {
      rerender(<Board show />)
      rerender(<Board show={false} />)
    }
    frames.run(5)
    expect(api.world.size).toBe(0)
    expect(frames.pending).toBe(0)
    // Unmounting the world (here with a card in it) leaves no frame behind either.
    rerender(<Board show />)
    unmount()
    expect(frames.pending).toBe(0)
  }, 60_000) // 2,000 commits take about 5 s in happy-dom on a busy machine
})

describe('bad input', () => {
  it('throws a clear error for a hook outside <PhysicsWorld>', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Card id="a" />)).toThrow('useAABBBody must be used inside <PhysicsWorld>')
    function Imperative() {
      useWorld()
      return null
    }
    expect(() => render(<Imperative />)).toThrow('useWorld must be used inside <PhysicsWorld>')
  })

  it('names the field and the body id for invalid options', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(world({}, <Card id="notes" mass={Number.NaN} />))).toThrow(
      'useAABBBody("notes"): mass must be a finite number',
    )
    expect(() => render(world({}, <Card id="notes" type={'floating' as 'dynamic'} />))).toThrow(
      /useAABBBody\("notes"\): type must be one of/,
    )
    expect(() => render(world({}, <Card id="notes" restitution={2} />))).toThrow(
      'useAABBBody("notes"): restitution must be a finite number in [0, 1] (got 2)',
    )
  })

  it('names bounds and the field for a bad bounds prop', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(world({ bounds: { x: 0, y: 0, width: Number.NaN, height: 100 } }, null)),
    ).toThrow(new RangeError('<PhysicsWorld>: bounds.width must be a finite number >= 0 (got NaN)'))
    expect(() => render(world({ bounds: { x: 0, y: 0, width: 100, height: -1 } }, null))).toThrow(
      '<PhysicsWorld>: bounds.height must be a finite number >= 0 (got -1)',
    )
    expect(() =>
      render(world({ bounds: { x: Infinity, y: 0, width: 100, height: 100 } }, null)),
    ).toThrow('<PhysicsWorld>: bounds.x must be a finite number (got Infinity)')
    expect(() => render(world({ bounds: 'window' as 'container' }, null))).toThrow(
      new TypeError(
        `<PhysicsWorld>: bounds must be 'container', a Rect { x, y, width, height } or null (got "window")`,
      ),
    )
  })

  it('checks bounds given to the store directly as well', () => {
    expect(() => createPhysicsStore({ bounds: { x: 0, y: 0, width: 10, height: -5 } })).toThrow(
      new RangeError('createPhysicsStore: bounds.height must be a finite number >= 0 (got -5)'),
    )
    const { engine } = createPhysicsStore().getState()
    expect(() => engine.setBounds(42 as unknown as 'container')).toThrow(TypeError)
  })

  it('takes bounds={null} as no walls', () => {
    render(world({ bounds: null }, <Card id="a" />))
    expect(api.world.ids()).toEqual(['a'])
  })

  it('names reducedMotion and its values for an unknown reducedMotion', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(world({ reducedMotion: 'sometimes' as 'user' }, null))).toThrow(
      new RangeError(
        `<PhysicsWorld>: reducedMotion must be one of 'user', 'always', 'never' (got "sometimes")`,
      ),
    )
  })

  it('refuses to remeasure an id no element is registered with', () => {
    render(world({}, <Card id="a" />))
    expect(() => api.remeasure('ghost')).toThrow(
      new RangeError('remeasure: body "ghost" is not registered (unknown or removed id)'),
    )
  })

  it('refuses two elements with the same id', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(world({}, [<Card key="1" id="twin" />, <Card key="2" id="twin" />])),
    ).toThrow('the id "twin" is already used')
  })
})

describe('unmounting during a drag', () => {
  it('removes the body, ends the drag and keeps the loop healthy', () => {
    function Board({ show }: { show: boolean }) {
      return world({}, [<Card key="b" id="b" x={200} />, show && <Card key="a" id="a" draggable />])
    }
    const { rerender, container } = render(<Board show />)
    const a = container.querySelector<HTMLElement>('[data-aabb-body="a"]')!
    const pointer = (type: string, x: number) =>
      a.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          pointerId: 1,
          isPrimary: true,
          button: 0,
          clientX: x,
          clientY: 10,
        }),
      )
    act(() => {
      pointer('pointerdown', 10)
      pointer('pointermove', 40)
    })
    expect(a.hasAttribute('data-dragging')).toBe(true)
    frames.run(1)
    expect(api.get('a').x).toBe(30)
    rerender(<Board show={false} />)
    expect(api.world.ids()).toEqual(['b'])
    expect(a.hasAttribute('data-dragging')).toBe(false)
    act(() => {
      pointer('pointermove', 80)
    })
    frames.run(5)
    expect(frames.pending).toBe(0)
    expect(api.get('b').x).toBe(200)
  })
})
