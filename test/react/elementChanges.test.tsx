// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { act, StrictMode, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Vec2 } from '../../src/core/geometry/types.js'
import type { AABBBodyOptions } from '../../src/board/bodyOptions.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { Card } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { setupManualBoard } from './support/manualBoard.js'
import { firePointer } from './support/firePointer.js'

const fixture = setupManualBoard()
const { Board } = fixture

/** Renders of {@link Shown} since the test began. */
let shownRenders = 0

/** Body "late": its element (40 x 30 at x = 20) is rendered only while `shown`. */
function Shown({ shown, ...options }: AABBBodyOptions & { shown: boolean }) {
  shownRenders++
  const { ref } = useAABBBody<HTMLDivElement>({ id: 'late', ...options })
  if (!shown) return null
  return <div ref={ref} style={{ position: 'absolute', left: 20, width: 40, height: 30 }} />
}

describe('an element given to the ref after mount', () => {
  function renderShown(wrap: (board: ReactNode) => ReactNode, options: AABBBodyOptions = {}) {
    shownRenders = 0
    const board = (shown: boolean) => wrap(<Board>{<Shown shown={shown} {...options} />}</Board>)
    const view = render(board(false))
    return { ...view, show: (shown: boolean) => view.rerender(board(shown)) }
  }

  for (const [mode, wrap] of [
    ['plain', (board: ReactNode) => board],
    ['StrictMode', (board: ReactNode) => <StrictMode>{board}</StrictMode>],
  ] as const) {
    it(`registers it, unregisters it when it goes and registers it again (${mode})`, () => {
      const { show } = renderShown(wrap)
      const add = vi.spyOn(fixture.api.world, 'add')
      expect(fixture.api.world.has('late')).toBe(false)
      show(true)
      expect(fixture.api.get('late')).toMatchObject({ x: 20, width: 40, height: 30 })
      expect(add).toHaveBeenCalledTimes(1)
      show(false)
      expect(fixture.api.world.has('late')).toBe(false)
      show(true)
      expect(fixture.api.world.ids()).toEqual(['late'])
      expect(add).toHaveBeenCalledTimes(2)
    })
  }

  it('costs no render of its own for an element there from the first render', () => {
    shownRenders = 0
    const { unmount } = render(<Board>{<Shown shown />}</Board>)
    expect(shownRenders).toBe(1)
    unmount()
    shownRenders = 0
    render(
      <StrictMode>
        <Board>{<Shown shown />}</Board>
      </StrictMode>,
    )
    // StrictMode calls every component twice per render; its remount (refs detached and
    // attached again) adds no render.
    expect(shownRenders).toBe(2)
    expect(fixture.api.world.ids()).toEqual(['late'])
  })

  it('costs one render when the element comes, none per frame', () => {
    const { show } = renderShown((board) => board, { type: 'dynamic' })
    const beforeShow = shownRenders
    show(true)
    // The re-render that shows it, and one more that lets the effects follow the new element.
    expect(shownRenders - beforeShow).toBe(2)
    const shownAt = shownRenders
    act(() => {
      fixture.api.move('late', { x: 200, y: 100 })
    })
    fixture.frames.run(30)
    expect(shownRenders).toBe(shownAt)
  })

  it('drags it with the pointer and moves it with the keys', () => {
    const { show, container } = renderShown((board) => board, { draggable: true })
    show(true)
    const late = bodyElement(container, 'late')
    firePointer(late, 'pointerdown', 30)
    firePointer(late, 'pointermove', 60)
    fixture.frames.run(1)
    firePointer(late, 'pointerup', 60)
    expect(fixture.api.get('late').x).toBe(50)
    expect(late.getAttribute('tabindex')).toBe('0')
    act(() => {
      late.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }),
      )
    })
    expect(fixture.api.get('late')).toMatchObject({ x: 50, y: 10 })
  })
})

describe('initialPosition', () => {
  const saved: Vec2 = { x: 300, y: 40 }

  it('places the body once: one hidden with display: none comes back where it was moved', () => {
    const { container } = render(
      <Board>
        <Card id="a" initialPosition={saved} />
      </Board>,
    )
    fixture.frames.run(1)
    act(() => {
      fixture.api.move('a', { x: 100, y: 100 })
    })
    fixture.frames.run(1)
    const a = bodyElement(container, 'a')
    a.style.display = 'none'
    act(() => fixture.api.remeasure('a'))
    expect(fixture.api.world.has('a')).toBe(false)
    a.style.display = ''
    act(() => fixture.api.remeasure('a'))
    expect(fixture.api.get('a')).toMatchObject({ x: 100, y: 100 })
  })

  it('places only the first body of a hook: a new element starts where layout puts it', () => {
    const board = (shown: boolean) => (
      <Board>
        <Shown shown={shown} initialPosition={saved} />
      </Board>
    )
    const { rerender } = render(board(false))
    rerender(board(true))
    expect(fixture.api.get('late')).toMatchObject(saved)
    fixture.frames.run(1)
    rerender(board(false))
    rerender(board(true))
    expect(fixture.api.get('late')).toMatchObject({ x: 20, y: 0 })
  })

  it('places the body under StrictMode, whose remount comes before any frame', () => {
    const { container } = render(
      <StrictMode>
        <Board>
          <Card id="a" initialPosition={saved} />
        </Board>
      </StrictMode>,
    )
    expect(fixture.api.get('a')).toMatchObject(saved)
    fixture.frames.run(1)
    expect(bodyElement(container, 'a').style.translate).toBe('300px 40px')
  })
})

describe('options and props removed after mount', () => {
  /** The physical fields `useAABBBody` sends to the world. */
  const physical = [
    'type',
    'response',
    'mass',
    'restitution',
    'layer',
    'mask',
    'pushable',
    'damping',
  ] as const

  function physicalFields(id: string) {
    const body = fixture.api.get(id)
    return Object.fromEntries(physical.map((field) => [field, body[field]]))
  }

  it('puts back the default of every physical option removed by a re-render', () => {
    const given: AABBBodyOptions = {
      type: 'kinematic',
      response: 'bounce',
      mass: 7,
      restitution: 0.5,
      layer: 2,
      mask: 3,
      pushable: false,
      damping: 4,
    }
    const board = (options: AABBBodyOptions) => (
      <Board>
        <Card {...options} id="a" />
        <Card id="plain" x={100} />
      </Board>
    )
    const { rerender } = render(board(given))
    rerender(board({}))
    // Every default, mass included: the element's area (50 x 50), as for a card given none.
    expect(physicalFields('a')).toEqual(physicalFields('plain'))
    expect(fixture.api.get('a').mass).toBe(2500)
  })

  it('gives an element without a mass option the mass of its new area when it resizes', () => {
    const board = (width: number) => (
      <Board>
        <Card id="area" width={width} />
        <Card id="fixed" y={100} width={width} mass={7} />
      </Board>
    )
    const { rerender } = render(board(50))
    expect(fixture.api.get('area').mass).toBe(2500)
    rerender(board(100))
    act(() => fixture.api.remeasure())
    fixture.frames.run(1)
    expect(fixture.api.get('area')).toMatchObject({ width: 100, mass: 5000 })
    expect(fixture.api.get('fixed')).toMatchObject({ width: 100, mass: 7 })
  })

  it("puts back the world's default gravity, fixedStep and integrator when the props go", () => {
    const { rerender } = render(<Board />)
    const defaults = fixture.api.world.settings
    rerender(<Board gravity={{ x: 5, y: 900 }} fixedStep={1 / 120} integrator="rk4" />)
    expect(fixture.api.world.settings).toMatchObject({
      gravity: { x: 5, y: 900 },
      fixedStep: 1 / 120,
      integrator: 'rk4',
    })
    rerender(<Board />)
    expect(fixture.api.world.settings).toEqual(defaults)
  })
})
