// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { act, StrictMode, useLayoutEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ContactEvent } from '../../src/core/world/types.js'
import { THROWN_CARD_DAMPING, type BodyContact } from '../../src/board/bodyOptions.js'
import type { FrameScheduler } from '../../src/board/frameLoop.js'
import { useWorldState } from '../../src/react/useWorldState.js'
import { Card } from './support/components.js'
import { debugOverlayLoaded } from './support/debugOverlayLoaded.js'
import { setupManualBoard } from './support/manualBoard.js'
import { bodyElement } from './support/bodyElement.js'
import { firePointer } from './support/firePointer.js'
import { dragTypedCard } from './support/dragTypedCard.js'

const fixture = setupManualBoard()
const { Board } = fixture

describe('releasing a drag', () => {
  function drag(element: HTMLElement, steps: number[]): void {
    firePointer(element, 'pointerdown', 10)
    for (const x of steps) {
      firePointer(element, 'pointermove', x)
      fixture.frames.run(1)
    }
    firePointer(element, 'pointerup', steps.at(-1)!)
  }

  it('throws a throwable card with the drag velocity and drops a plain one', () => {
    const { container } = render(
      <Board bounds={{ x: 0, y: 0, width: 800, height: 600 }}>
        <Card id="thrown" throwable damping={2} draggable />
        <Card id="dropped" y={100} draggable />
      </Board>,
    )
    const cards = ['thrown', 'dropped'].map((id) => bodyElement(container, id))
    for (const card of cards) drag(card, [30, 50, 70, 90])
    expect(fixture.api.get('dropped').x).toBe(80)
    fixture.frames.run(120)
    expect(fixture.api.get('dropped').x).toBe(80)
    expect(fixture.api.get('dropped').velocity).toEqual({ x: 0, y: 0 })
    expect(fixture.api.get('thrown').x).toBeGreaterThan(120)
    expect(fixture.api.get('thrown').type).toBe('dynamic')
  })

  it('slows a throwable card with no damping of its own to rest within a second; damping={0} slides on', () => {
    const { container } = render(
      <Board bounds={{ x: 0, y: 0, width: 2000, height: 600 }}>
        <Card id="thrown" throwable draggable />
        <Card id="sliding" y={100} throwable damping={0} draggable />
      </Board>,
    )
    const cards = ['thrown', 'sliding'].map((id) => bodyElement(container, id))
    // 20 px a frame: about 1,200 px/s.
    for (const card of cards) drag(card, [30, 50, 70, 90])
    fixture.frames.run(60)
    const thrown = fixture.api.get('thrown')
    expect(thrown.damping).toBe(THROWN_CARD_DAMPING)
    expect(thrown.velocity).toEqual({ x: 0, y: 0 })
    // It slid on about speed / damping (150 px) from where it was let go.
    expect(thrown.x).toBeGreaterThan(80 + 100)
    expect(thrown.x).toBeLessThan(80 + 200)
    expect(fixture.api.get('sliding').velocity.x).toBeGreaterThan(1000)
  })

  it('names in useWorldState a card still dragged when another drag ends first', () => {
    const dragging: Array<string | null> = []
    function Watcher() {
      dragging.push(useWorldState((state) => state.dragging))
      return null
    }
    const { container } = render(
      <Board bounds={{ x: 0, y: 0, width: 800, height: 600 }}>
        <Watcher />
        <Card id="a" draggable />
        <Card id="b" y={200} draggable />
      </Board>,
    )
    const [a, b] = ['a', 'b'].map((id) => bodyElement(container, id))
    firePointer(a!, 'pointerdown', 10, 10, 1)
    firePointer(a!, 'pointermove', 40, 10, 1)
    firePointer(b!, 'pointerdown', 10, 210, 2)
    firePointer(b!, 'pointermove', 40, 210, 2)
    fixture.frames.run(1)
    firePointer(b!, 'pointerup', 40, 210, 2)
    fixture.frames.run(1)
    expect(dragging.at(-1)).toBe('a')
    expect(a!.hasAttribute('data-dragging')).toBe(true)
    firePointer(a!, 'pointerup', 40, 10, 1)
    fixture.frames.run(1)
    expect(dragging.at(-1)).toBe(null)
  })

  it('ends the drag of a card made static while dragged, and leaves it static after release', () => {
    const { card, retype } = dragTypedCard(fixture)
    expect(fixture.api.get('card')).toMatchObject({ x: 30, type: 'kinematic' })
    retype('static')
    expect(card.hasAttribute('data-dragging')).toBe(false)
    // The pointer goes on moving and is released: the static card stays where it was.
    firePointer(card, 'pointermove', 90)
    fixture.frames.run(1)
    firePointer(card, 'pointerup', 90)
    fixture.frames.run(5)
    expect(fixture.api.get('card')).toMatchObject({ x: 30, type: 'static' })
  })

  it('applies a type other than static changed during a drag when the drag ends', () => {
    const { card, retype } = dragTypedCard(fixture)
    retype('kinematic')
    firePointer(card, 'pointerup', 40)
    expect(fixture.api.get('card').type).toBe('kinematic')
  })
})

describe('body and world callbacks', () => {
  it('reports contact start to both bodies (normal seen from each) and to the world', () => {
    const seen: BodyContact[] = []
    const worldEvents: ContactEvent[] = []
    render(
      <Board gravity={{ x: 900, y: 0 }} onContactStart={(event) => worldEvents.push(event)}>
        <Card id="ball" onContactStart={(contact) => seen.push(contact)} />
        <Card id="wall" type="static" x={100} onContactStart={(contact) => seen.push(contact)} />
      </Board>,
    )
    fixture.frames.run(60)
    expect(fixture.api.get('ball').x).toBeCloseTo(50, 6)
    expect(worldEvents).toHaveLength(1)
    expect(seen).toContainEqual(
      expect.objectContaining({ id: 'ball', other: 'wall', normal: { x: -1, y: 0 } }),
    )
    expect(seen).toContainEqual(
      expect.objectContaining({ id: 'wall', other: 'ball', normal: { x: 1, y: 0 } }),
    )
  })

  it('tracks contacts only while a handler exists; a handler added later sees a fresh start', () => {
    const board = (onContactStart?: (contact: BodyContact) => void) => (
      <Board gravity={{ x: 900, y: 0 }}>
        <Card id="ball" {...(onContactStart && { onContactStart })} />
        <Card id="wall" type="static" x={100} />
      </Board>
    )
    const { rerender } = render(board())
    fixture.frames.run(60)
    expect(fixture.api.get('ball').x).toBeCloseTo(50, 6)
    // The ball rests against the wall. Nobody listened, so nothing was tracked: the first
    // handler gets the contact as new.
    const first = vi.fn()
    rerender(board(first))
    fixture.frames.run(2)
    expect(first).toHaveBeenCalledTimes(1)
    expect(first).toHaveBeenCalledWith(expect.objectContaining({ id: 'ball', other: 'wall' }))
    // The last handler gone, tracking stops and forgets the pair; a new handler starts over.
    rerender(board())
    fixture.frames.run(2)
    const second = vi.fn()
    rerender(board(second))
    fixture.frames.run(2)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('delivers each contact once under StrictMode (effects mounted twice)', () => {
    const seen: BodyContact[] = []
    const worldEvents: ContactEvent[] = []
    render(
      <StrictMode>
        <Board gravity={{ x: 900, y: 0 }} onContactStart={(event) => worldEvents.push(event)}>
          <Card id="ball" onContactStart={(contact) => seen.push(contact)} />
          <Card id="wall" type="static" x={100} />
        </Board>
      </StrictMode>,
    )
    fixture.frames.run(60)
    expect(worldEvents).toHaveLength(1)
    expect(seen).toHaveLength(1)
  })

  it('uses the latest callback without re-registering the body', () => {
    const first = vi.fn()
    const second = vi.fn()
    const board = (onContactStart: () => void) => (
      <Board gravity={{ x: 900, y: 0 }}>
        <Card id="ball" onContactStart={onContactStart} />
        <Card id="wall" type="static" x={100} />
      </Board>
    )
    const { rerender } = render(board(first))
    const addSpy = vi.spyOn(fixture.api.world, 'add')
    rerender(board(second))
    fixture.frames.run(60)
    expect(addSpy).not.toHaveBeenCalled()
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('calls onMoveEnd with the resting rect once the world is idle again', () => {
    const onMoveEnd = vi.fn()
    render(
      <Board>
        <Card id="a" onMoveEnd={onMoveEnd} />
      </Board>,
    )
    fixture.frames.run(10)
    act(() => {
      fixture.api.move('a', { x: 40, y: 30 })
    })
    fixture.frames.run(10)
    expect(onMoveEnd).toHaveBeenCalledTimes(1)
    expect(onMoveEnd).toHaveBeenCalledWith({ x: 40, y: 30, width: 50, height: 50 })
  })

  it('calls onMoveEnd when a card comes to rest while another body goes on moving', () => {
    const onMoveEnd = vi.fn()
    render(
      <Board bounds={{ x: 0, y: 0, width: 800, height: 600 }}>
        <Card id="a" onMoveEnd={onMoveEnd} />
        <Card id="ball" y={300} response="bounce" restitution={1} />
      </Board>,
    )
    fixture.frames.run(10)
    act(() => {
      fixture.api.world.update('ball', { velocity: { x: 400, y: 0 } })
      fixture.api.move('a', { x: 40, y: 30 })
    })
    fixture.frames.run(60)
    expect(fixture.api.get('ball').velocity.x).not.toBe(0)
    expect(onMoveEnd).toHaveBeenCalledTimes(1)
    expect(onMoveEnd).toHaveBeenCalledWith({ x: 40, y: 30, width: 50, height: 50 })
  })

  it('does not call onMoveEnd for a dragged card held still, but once it is dropped', () => {
    const onMoveEnd = vi.fn()
    const { container } = render(
      <Board bounds={{ x: 0, y: 0, width: 800, height: 600 }}>
        <Card id="a" draggable onMoveEnd={onMoveEnd} />
        <Card id="ball" y={300} response="bounce" restitution={1} />
      </Board>,
    )
    fixture.frames.run(10)
    act(() => {
      fixture.api.world.update('ball', { velocity: { x: 400, y: 0 } })
    })
    const card = bodyElement(container, 'a')
    firePointer(card, 'pointerdown', 10)
    firePointer(card, 'pointermove', 60)
    fixture.frames.run(30)
    expect(fixture.api.get('a').x).toBe(50)
    expect(onMoveEnd).not.toHaveBeenCalled()
    firePointer(card, 'pointerup', 60)
    fixture.frames.run(10)
    expect(onMoveEnd).toHaveBeenCalledTimes(1)
    expect(onMoveEnd).toHaveBeenCalledWith({ x: 50, y: 0, width: 50, height: 50 })
  })

  it('keeps onMoveEnd for when a body paused in mid-air has come to rest', () => {
    const onMoveEnd = vi.fn()
    const board = (paused: boolean) => (
      <Board paused={paused} gravity={{ x: 0, y: 900 }}>
        <Card id="a" onMoveEnd={onMoveEnd} />
        <Card id="floor" type="static" y={300} width={800} height={20} />
      </Board>
    )
    const { rerender } = render(board(false))
    fixture.frames.run(5)
    rerender(board(true))
    fixture.frames.run(5)
    expect(fixture.api.get('a').velocity.y).toBeGreaterThan(0)
    expect(onMoveEnd).not.toHaveBeenCalled()
    rerender(board(false))
    fixture.frames.run(300)
    expect(onMoveEnd).toHaveBeenCalledTimes(1)
    expect(onMoveEnd.mock.calls[0]![0]).toMatchObject({ x: 0, width: 50, height: 50 })
    expect((onMoveEnd.mock.calls[0]![0] as { y: number }).y).toBeCloseTo(250, 6)
  })

  it('calls onMoveEnd for a body moved while the world is paused', () => {
    const onMoveEnd = vi.fn()
    render(
      <Board paused>
        <Card id="a" onMoveEnd={onMoveEnd} />
      </Board>,
    )
    act(() => {
      fixture.api.move('a', { x: 40, y: 30 })
    })
    fixture.frames.run(10)
    expect(onMoveEnd).toHaveBeenCalledTimes(1)
    expect(onMoveEnd).toHaveBeenCalledWith({ x: 40, y: 30, width: 50, height: 50 })
  })

  it('settles bodies in one frame with reduced motion', () => {
    const { container } = render(
      <Board reducedMotion="always" gravity={{ x: 0, y: 900 }}>
        <Card id="a" />
        <Card id="floor" type="static" y={300} width={800} height={20} />
      </Board>,
    )
    fixture.frames.run(1)
    expect(fixture.api.get('a').y).toBeCloseTo(250, 6)
    expect(bodyElement(container, 'a').style.translate).toBe('0px 250px')
    expect(fixture.frames.run(5)).toBeLessThanOrEqual(1)
    expect(fixture.frames.pending).toBe(0)
  })

  it('settles with reduced motion from the first frame, even one that runs before passive effects', () => {
    // A frame that comes between the layout effects and the passive ones, as a browser's
    // animation frame may: the sibling's layout effect runs after <PhysicsWorld>'s.
    let time = 0
    let pending: (() => void) | null = null
    const scheduler: FrameScheduler = {
      request(callback) {
        pending = () => callback(time)
        return 1
      },
      cancel() {
        pending = null
      },
    }
    function FrameInLayoutPhase() {
      useLayoutEffect(() => {
        const frame = pending
        pending = null
        time += 1000 / 60
        frame?.()
      }, [])
      return null
    }
    render(
      <>
        <Board
          reducedMotion="always"
          gravity={{ x: 0, y: 900 }}
          scheduler={scheduler}
          now={() => time}
        >
          <Card id="a" />
          <Card id="floor" type="static" y={300} width={800} height={20} />
        </Board>
        <FrameInLayoutPhase />
      </>,
    )
    expect(fixture.api.get('a').y).toBeCloseTo(250, 6)
  })

  it('follows prefers-reduced-motion by default', () => {
    const listeners = new Set<() => void>()
    const query = {
      matches: true,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }
    vi.stubGlobal('matchMedia', (media: string) => {
      expect(media).toBe('(prefers-reduced-motion: reduce)')
      return query
    })
    render(
      <Board gravity={{ x: 0, y: 900 }}>
        <Card id="a" />
        <Card id="floor" type="static" y={300} width={800} height={20} />
      </Board>,
    )
    fixture.frames.run(1)
    expect(fixture.api.get('a').y).toBeCloseTo(250, 6)
    // The user turns reduced motion off: the next move animates over several frames.
    query.matches = false
    act(() => listeners.forEach((listener) => listener()))
    act(() => {
      fixture.api.move('a', { x: 0, y: 0 })
    })
    fixture.frames.run(1)
    expect(fixture.api.get('a').y).toBeGreaterThan(0)
    expect(fixture.api.get('a').y).toBeLessThan(10)
    vi.unstubAllGlobals()
  })

  it('walls the world in with a bounds Rect', () => {
    render(
      <Board bounds={{ x: 0, y: 0, width: 200, height: 100 }} gravity={{ x: 0, y: 900 }}>
        <Card id="a" />
      </Board>,
    )
    fixture.frames.run(120)
    expect(fixture.api.get('a').y).toBeCloseTo(50, 6)
    act(() => {
      fixture.api.move('a', { x: 1000, y: 50 })
    })
    expect(fixture.api.get('a').x).toBeCloseTo(150, 6)
    // The walls are bodies: queries and rays outside the bounds find them.
    expect(fixture.api.queryPoint({ x: 250, y: 20 })).toEqual(['aabb-bounds-right'])
    expect(fixture.api.queryRect({ x: 20, y: 100, width: 10, height: 10 })).toEqual([
      'aabb-bounds-bottom',
    ])
    expect(fixture.api.raycast({ x: 20, y: 20 }, { x: 0, y: -50 }).map((hit) => hit.id)).toEqual([
      'aabb-bounds-top',
    ])
  })

  it('draws the Minkowski difference and penetration vector of an overlapping pair', async () => {
    const { container } = render(
      <Board debug paused>
        <Card id="a" />
        <Card id="b" type="static" x={30} y={10} />
      </Board>,
    )
    await debugOverlayLoaded(container)
    fixture.frames.run(1)
    const difference = container.querySelector('[data-aabb-debug-pair="a|b"]')!
    // Where a's top-left may not go without overlapping b: b grown left and up by a's size.
    expect(
      ['x', 'y', 'width', 'height'].map((name) => Number(difference.getAttribute(name))),
    ).toEqual([-20, -40, 100, 100])
    const push = container.querySelector('[data-aabb-debug-penetration="a|b"]')!
    // The shortest way out is 20 px to the left (article 002's penetration vector).
    expect(['x1', 'y1', 'x2', 'y2'].map((name) => Number(push.getAttribute(name)))).toEqual([
      0, 0, -20, 0,
    ])
  })

  it('draws one debug box per body and follows the bodies', async () => {
    const { container } = render(
      <Board debug gravity={{ x: 0, y: 900 }}>
        <Card id="a" />
        <Card id="b" type="static" x={200} />
      </Board>,
    )
    await debugOverlayLoaded(container)
    fixture.frames.run(10)
    const boxes = container.querySelectorAll('[data-aabb-debug-body]')
    expect([...boxes].map((box) => box.getAttribute('data-aabb-debug-body'))).toEqual(['a', 'b'])
    const a = container.querySelector('[data-aabb-debug-body="a"]')!
    expect(Number(a.getAttribute('y'))).toBeCloseTo(fixture.api.get('a').y, 6)
    expect(Number(a.getAttribute('y'))).toBeGreaterThan(0)
  })
})
