// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { Profiler, StrictMode, act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { BodySnapshot } from '../../src/core/world/types.js'
import type { AABBBodyOptions } from '../../src/board/bodyOptions.js'
import { createPhysicsStore } from '../../src/board/createPhysicsStore.js'
import { PhysicsWorld, type PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { useAfterStep } from '../../src/react/useAfterStep.js'
import { useWorld } from '../../src/react/useWorld.js'
import { useWorldState } from '../../src/react/useWorldState.js'
import { Card } from './support/components.js'
import { setupManualBoard } from './support/manualBoard.js'
import { bodyElement } from './support/bodyElement.js'
import { firePointer } from './support/firePointer.js'

const fixture = setupManualBoard()
const { Board } = fixture

describe('<PhysicsWorld> and useAABBBody lifecycle', () => {
  it('renders its container with data-aabb-world and marks each body element', () => {
    const { container } = render(
      <Board>{[<Card key="a" id="a" />, <Card key="b" id="b" x={100} />]}</Board>,
    )
    expect(container.querySelector('[data-aabb-world]')).not.toBeNull()
    expect(container.querySelector('[data-aabb-body="a"]')).not.toBeNull()
    expect(container.querySelector('[data-aabb-body="b"]')).not.toBeNull()
    expect(fixture.api.world.ids()).toEqual(['a', 'b'])
    expect(fixture.api.get('b')).toMatchObject({
      x: 100,
      y: 0,
      width: 50,
      height: 50,
      type: 'dynamic',
    })
  })

  it('leaves exactly one body per element under StrictMode', () => {
    render(
      <StrictMode>
        <Board>{[<Card key="a" id="a" />, <Card key="b" id="b" x={100} />]}</Board>
      </StrictMode>,
    )
    expect(fixture.api.world.size).toBe(2)
    expect(fixture.api.world.ids().sort()).toEqual(['a', 'b'])
  })

  it('gives a body without an id one from useId', () => {
    function Anonymous() {
      const { ref } = useAABBBody<HTMLDivElement>()
      return <div ref={ref} data-testid="anon" style={{ width: 10, height: 10 }} />
    }
    const { getByTestId } = render(
      <Board>
        <Anonymous />
      </Board>,
    )
    const id = getByTestId('anon').getAttribute('data-aabb-body')
    expect(id).toBeTruthy()
    expect(fixture.api.world.has(id!)).toBe(true)
  })

  it('removes the body on unmount and restores what it wrote on the element', () => {
    function Cards({ showB }: { showB: boolean }) {
      return (
        <Board>
          {[
            <Card key="a" id="a" />,
            showB && <Card key="b" id="b" x={100} initialPosition={{ x: 300, y: 40 }} />,
          ]}
        </Board>
      )
    }
    const { rerender, container } = render(<Cards showB />)
    fixture.frames.run()
    const b = bodyElement(container, 'b')
    expect(b.style.translate).toBe('200px 40px')
    rerender(<Cards showB={false} />)
    expect(fixture.api.world.ids()).toEqual(['a'])
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
    const { rerender, getByTestId } = render(
      <Board>
        <Switcher second={false} />
      </Board>,
    )
    expect(fixture.api.get('moving')).toMatchObject({ x: 0, width: 10 })
    rerender(
      <Board>
        <Switcher second />
      </Board>,
    )
    expect(getByTestId('first').hasAttribute('data-aabb-body')).toBe(false)
    expect(getByTestId('second').getAttribute('data-aabb-body')).toBe('moving')
    expect(fixture.api.world.size).toBe(1)
    expect(fixture.api.get('moving')).toMatchObject({ x: 100, width: 30 })
  })

  it('keeps where a body is when its id changes, and shows it there', () => {
    const board = (id: string) => (
      <Board>
        <Card id={id} x={10} y={10} />
      </Board>
    )
    const { container, rerender } = render(board('a'))
    fixture.frames.run(2)
    act(() => {
      fixture.api.move('a', { x: 200, y: 100 })
    })
    fixture.frames.run(2)
    rerender(board('b'))
    fixture.frames.run(2)
    expect(fixture.api.world.has('a')).toBe(false)
    expect(fixture.api.get('b')).toMatchObject({ x: 200, y: 100 })
    expect(bodyElement(container, 'b').style.translate).toBe('190px 90px')
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
    const { rerender } = render(
      <Board>
        <Card {...options} id="a" />
      </Board>,
    )
    for (const [field, value] of changes) {
      options = { ...options, [field]: value }
      rerender(
        <Board>
          <Card {...options} id="a" />
        </Board>,
      )
      expect(fixture.api.get('a')[field], field).toBe(value)
    }
  })

  it('keeps an element without a size inactive until it has one', () => {
    const { container } = render(
      <Board>
        <Card id="hidden" style={{ display: 'none' }} />
      </Board>,
    )
    expect(fixture.api.world.has('hidden')).toBe(false)
    // get says why it is not there, unlike an id nothing registered.
    expect(() => fixture.api.get('hidden')).toThrow(
      /^get: body "hidden" is not in the world yet: its element has no size/,
    )
    expect(() => fixture.api.get('nobody')).toThrow('get: body "nobody" does not exist')
    const element = bodyElement(container, 'hidden')
    element.style.display = 'block'
    act(() => fixture.api.remeasure('hidden'))
    expect(fixture.api.world.has('hidden')).toBe(true)
    element.style.display = 'none'
    act(() => fixture.api.remeasure('hidden'))
    expect(fixture.api.world.has('hidden')).toBe(false)
  })

  it('stops the loop when the world is idle and restarts it on a change', () => {
    render(<Board>{[<Card key="a" id="a" />, <Card key="b" id="b" x={100} />]}</Board>)
    // Mounting wakes the loop; with nothing moving it stops within a few frames.
    expect(fixture.frames.run(10)).toBeLessThan(10)
    expect(fixture.frames.pending).toBe(0)
    act(() => {
      fixture.api.move('a', { x: 20, y: 0 })
    })
    expect(fixture.frames.pending).toBe(1)
    fixture.frames.run(10)
    expect(fixture.frames.pending).toBe(0)
  })

  it('moves bodies for 60 frames with 0 renders of the cards', () => {
    let cardRenders = 0
    const onRender = () => cardRenders++
    const { container } = render(
      <Board gravity={{ x: 0, y: 900 }}>
        {[
          <Profiler key="a" id="a" onRender={onRender}>
            <Card id="a" />
          </Profiler>,
          <Profiler key="b" id="b" onRender={onRender}>
            <Card id="b" x={100} />
          </Profiler>,
        ]}
      </Board>,
    )
    const rendersAtMount = cardRenders
    expect(fixture.frames.run(60)).toBe(60)
    expect(cardRenders - rendersAtMount).toBe(0)
    const a = bodyElement(container, 'a')
    expect(fixture.api.get('a').y).toBeGreaterThan(100)
    expect(a.style.translate).toBe(`0px ${Math.round(fixture.api.get('a').y * 1000) / 1000}px`)
  })

  it('re-renders a useWorldState subscriber only when its slice changes', () => {
    let renders = 0
    function Count() {
      renders++
      return <output>{useWorldState((state) => state.bodyCount)}</output>
    }
    const { container, rerender } = render(
      <Board gravity={{ x: 0, y: 900 }}>{[<Count key="c" />, <Card key="a" id="a" />]}</Board>,
    )
    expect(container.querySelector('output')!.textContent).toBe('1')
    const before = renders
    fixture.frames.run(30)
    expect(renders).toBe(before)
    rerender(<Board gravity={{ x: 0, y: 900 }}>{[<Count key="c" />]}</Board>)
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
    render(
      <Board gravity={{ x: 0, y: 900 }}>{[<Thrower key="t" />, <Card key="a" id="a" />]}</Board>,
    )
    expect(fixture.frames.run(5)).toBe(5)
    expect(calls).toBe(5)
    expect(reported).toHaveBeenCalledTimes(5)
    vi.unstubAllGlobals()
  })

  it('steps a paused world only by hand', () => {
    render(
      <Board paused gravity={{ x: 0, y: 600 }}>
        <Card id="a" />
      </Board>,
    )
    fixture.frames.run(10)
    expect(fixture.api.get('a').y).toBe(0)
    act(() => {
      for (let i = 0; i < 30; i++) fixture.api.step(1 / 60)
    })
    expect(fixture.api.get('a').y).toBeGreaterThan(0)
  })

  it('leaves 0 bodies and no running loop after 1,000 mount/unmount cycles', () => {
    function Cards({ show }: { show: boolean }) {
      return <Board>{show && <Card id="a" />}</Board>
    }
    const { rerender, unmount } = render(<Cards show={false} />)
    for (let i = 0; i < 1000; i++) {
      rerender(<Cards show />)
      rerender(<Cards show={false} />)
    }
    fixture.frames.run(5)
    expect(fixture.api.world.size).toBe(0)
    expect(fixture.frames.pending).toBe(0)
    // Unmounting the world (here with a card in it) leaves no frame behind either.
    rerender(<Cards show />)
    unmount()
    expect(fixture.frames.pending).toBe(0)
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
    expect(() =>
      render(
        <Board>
          <Card id="notes" mass={Number.NaN} />
        </Board>,
      ),
    ).toThrow('useAABBBody("notes"): mass must be a finite number')
    expect(() =>
      render(
        <Board>
          <Card id="notes" type={'floating' as 'dynamic'} />
        </Board>,
      ),
    ).toThrow(/useAABBBody\("notes"\): type must be one of/)
    expect(() =>
      render(
        <Board>
          <Card id="notes" restitution={2} />
        </Board>,
      ),
    ).toThrow('useAABBBody("notes"): restitution must be a finite number in [0, 1] (got 2)')
  })

  it('names bounds and the field for a bad bounds prop', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Board bounds={{ x: 0, y: 0, width: Number.NaN, height: 100 }} />)).toThrow(
      new RangeError('<PhysicsWorld>: bounds.width must be a finite number >= 0 (got NaN)'),
    )
    expect(() => render(<Board bounds={{ x: 0, y: 0, width: 100, height: -1 }} />)).toThrow(
      '<PhysicsWorld>: bounds.height must be a finite number >= 0 (got -1)',
    )
    expect(() => render(<Board bounds={{ x: Infinity, y: 0, width: 100, height: 100 }} />)).toThrow(
      '<PhysicsWorld>: bounds.x must be a finite number (got Infinity)',
    )
    expect(() => render(<Board bounds={'window' as 'container'} />)).toThrow(
      new TypeError(
        `<PhysicsWorld>: bounds must be 'container', { grow: 'y' }, a Rect { x, y, width, height } or null (got "window")`,
      ),
    )
  })

  it('checks bounds given to the store directly as well', () => {
    expect(() => createPhysicsStore({ bounds: { x: 0, y: 0, width: 10, height: -5 } })).toThrow(
      new RangeError('createPhysicsStore: bounds.height must be a finite number >= 0 (got -5)'),
    )
    const { engine } = createPhysicsStore()
    expect(() => engine.setBounds(42 as unknown as 'container')).toThrow(TypeError)
  })

  it('takes bounds={null} as no walls', () => {
    render(
      <Board bounds={null}>
        <Card id="a" />
      </Board>,
    )
    expect(fixture.api.world.ids()).toEqual(['a'])
  })

  it('names reducedMotion and its values for an unknown reducedMotion', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Board reducedMotion={'sometimes' as 'user'} />)).toThrow(
      new RangeError(
        `<PhysicsWorld>: reducedMotion must be one of 'user', 'always', 'never' (got "sometimes")`,
      ),
    )
  })

  it('refuses to remeasure an id no element is registered with', () => {
    render(
      <Board>
        <Card id="a" />
      </Board>,
    )
    expect(() => fixture.api.remeasure('ghost')).toThrow(
      new RangeError('remeasure: body "ghost" is not registered (unknown or removed id)'),
    )
  })

  it('refuses an id of a bounds wall, and options that are not an object', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const bounds of ['container', null] as const) {
      expect(() =>
        render(
          <Board bounds={bounds}>
            <Card id="aabb-bounds-left" />
          </Board>,
        ),
      ).toThrow(
        new RangeError(
          'useAABBBody: id "aabb-bounds-left" is reserved for the left edge of <PhysicsWorld bounds> (choose another id)',
        ),
      )
    }
    function NullOptions() {
      useAABBBody(null as never)
      return null
    }
    expect(() =>
      render(
        <Board>
          <NullOptions />
        </Board>,
      ),
    ).toThrow(new TypeError('useAABBBody: options must be an object (got null)'))
  })

  it('names the prop for every bad <PhysicsWorld> prop', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const cases: Array<[Partial<PhysicsWorldProps>, string]> = [
      [
        { onContactStart: 'x' as never },
        '<PhysicsWorld>: onContactStart must be a function (got "x")',
      ],
      [{ onContactEnd: 1 as never }, '<PhysicsWorld>: onContactEnd must be a function (got 1)'],
      [{ paused: 'yes' as never }, '<PhysicsWorld>: paused must be a boolean (got "yes")'],
      [{ debug: 'no' as never }, '<PhysicsWorld>: debug must be a boolean (got "no")'],
      [
        { as: 'span' as never },
        `<PhysicsWorld>: as must be one of 'div', 'section', 'main', 'article', 'ul', 'ol', 'svg' (got "span")`,
      ],
      [{ gravity: { x: 0, y: Number.NaN } }, '<PhysicsWorld>: gravity.y must be a finite number'],
      [{ fixedStep: 0 }, '<PhysicsWorld>: fixedStep must be a finite number > 0 (got 0)'],
      [
        { integrator: 'verlet' as never },
        `<PhysicsWorld>: integrator must be one of 'euler', 'rk4' (got "verlet")`,
      ],
      [
        { scheduler: {} as never },
        '<PhysicsWorld>: scheduler must be an object with request and cancel functions (got an object)',
      ],
      [{ now: 5 as never }, '<PhysicsWorld>: now must be a function (got 5)'],
    ]
    for (const [props, message] of cases) {
      expect(() => render(<PhysicsWorld {...props} />), message).toThrow(message)
    }
  })

  it('keeps its bodies when `as` names another HTML element, and refuses a switch to svg', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const board = (as: PhysicsWorldProps['as']) => (
      <Board as={as}>
        <Card id="a" x={10} />
      </Board>
    )
    const { container, rerender } = render(board('div'))
    fixture.frames.run(2)
    rerender(board('section'))
    fixture.frames.run(2)
    expect(container.querySelector('section[data-aabb-world]')).not.toBeNull()
    expect(fixture.api.world.has('a')).toBe(true)
    expect(fixture.api.get('a').x).toBe(10)
    expect(() => rerender(board('svg'))).toThrow(
      `<PhysicsWorld>: as cannot change between 'svg' and an HTML element after mount (got "svg")`,
    )
  })
})

describe('unmounting during a drag', () => {
  it('removes the body, ends the drag and keeps the loop healthy', () => {
    function Cards({ show }: { show: boolean }) {
      return (
        <Board>
          {[<Card key="b" id="b" x={200} />, show && <Card key="a" id="a" draggable />]}
        </Board>
      )
    }
    const { rerender, container } = render(<Cards show />)
    const a = bodyElement(container, 'a')
    firePointer(a, 'pointerdown', 10)
    firePointer(a, 'pointermove', 40)
    expect(a.hasAttribute('data-dragging')).toBe(true)
    fixture.frames.run(1)
    expect(fixture.api.get('a').x).toBe(30)
    rerender(<Cards show={false} />)
    expect(fixture.api.world.ids()).toEqual(['b'])
    expect(a.hasAttribute('data-dragging')).toBe(false)
    firePointer(a, 'pointermove', 80)
    fixture.frames.run(5)
    expect(fixture.frames.pending).toBe(0)
    expect(fixture.api.get('b').x).toBe(200)
  })
})
