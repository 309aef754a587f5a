import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BodyElement } from '../../src/dom/elementBox.js'
import { appendSvgElement } from '../../src/dom/svgElement.js'
import { boundsWallIds } from '../../src/board/boundsWalls.js'
import { createPhysicsStore } from '../../src/board/createPhysicsStore.js'
import { PhysicsWorld, type PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { bodyElement } from './support/bodyElement.js'
import { WorldProbe } from './support/components.js'
import { createManualFrames, type ManualFrames } from './support/manualFrames.js'
import { centerOf, firePointer, nextFrames } from './support/realPointer.js'

let api: WorldApi
/** Errors thrown by listeners and observers during the test: uncaught, reported to the window. */
let uncaught: unknown[]

function recordUncaught(event: ErrorEvent): void {
  uncaught.push(event.error ?? event.message)
}

beforeEach(() => {
  uncaught = []
  window.addEventListener('error', recordUncaught)
})

afterEach(() => {
  window.removeEventListener('error', recordUncaught)
  cleanup()
})

interface ShapeProps {
  id: string
  x: number
  y: number
}

/** A draggable 20 x 10 rect at `(x, y)` in an SVG world's units. */
function SvgShape({ id, x, y }: ShapeProps) {
  const { ref } = useAABBBody<SVGRectElement>({ id, draggable: true })
  return <rect ref={ref} x={x} y={y} width={20} height={10} />
}

/** A draggable 20 x 10 px box at `(x, y)` in an HTML world. */
function HtmlShape({ id, x, y }: ShapeProps) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, draggable: true })
  return <div ref={ref} style={{ position: 'absolute', left: x, top: y, width: 20, height: 10 }} />
}

/**
 * A world of 200 x 100 units as one kind of container. Both kinds hold the same shapes at
 * the same world coordinates; only the pixels a unit takes on screen differ.
 */
interface WorldKind {
  name: string
  /** The container's props (`as` and its size). */
  props: PhysicsWorldProps
  Shape: (props: ShapeProps) => ReactNode
  /** Screen pixels per world unit: a pointer move of `d` px drags a body `d / scale` units. */
  scale: number
  /** Creates the container (200 x 100 units) in `parent`, with a 20 x 10 body at (10, 10). */
  create(parent: HTMLElement): { container: HTMLElement | SVGSVGElement; body: BodyElement }
}

const kinds: WorldKind[] = [
  {
    name: 'an SVG world',
    // 2 px a unit.
    props: {
      as: 'svg',
      viewBox: '0 0 200 100',
      width: 400,
      height: 200,
      style: { display: 'block' },
    },
    Shape: SvgShape,
    scale: 2,
    create(parent) {
      const container = appendSvgElement(parent, 'svg', {
        viewBox: '0 0 200 100',
        width: 400,
        height: 200,
      })
      const body = appendSvgElement(container, 'rect', { x: 10, y: 10, width: 20, height: 10 })
      return { container, body }
    },
  },
  {
    name: 'an HTML world',
    props: { as: 'div', style: { position: 'relative', width: 200, height: 100 } },
    Shape: HtmlShape,
    scale: 1,
    create(parent) {
      const container = parent.appendChild(document.createElement('div'))
      container.style.cssText = 'position: relative; width: 200px; height: 100px'
      const body = container.appendChild(document.createElement('div'))
      body.style.cssText = 'position: absolute; left: 10px; top: 10px; width: 20px; height: 10px'
      return { container, body }
    },
  },
]

/**
 * A tab panel (`display: none` while `hidden`, `scaleY(0)` while `collapsed`, as an entrance
 * animation starts) holding a world of `kind` with walls at its edges and two shapes; its
 * frames run by hand when `frames` is given.
 */
function Tab({
  kind,
  hidden,
  collapsed = false,
  frames,
}: {
  kind: WorldKind
  hidden: boolean
  collapsed?: boolean
  frames?: ManualFrames
}) {
  const { Shape } = kind
  return (
    <div
      style={{ display: hidden ? 'none' : 'block', transform: collapsed ? 'scaleY(0)' : 'none' }}
    >
      <PhysicsWorld
        {...(frames && { scheduler: frames.scheduler, now: frames.now })}
        {...kind.props}
        bounds="container"
        gravity={{ x: 0, y: 0 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Shape id="s1" x={10} y={10} />
        <Shape id="s2" x={60} y={10} />
      </PhysicsWorld>
    </div>
  )
}

/** The walls of a 200 x 100 world: what `bounds="container"` puts around its edges. */
function expectWallsAtEdges(): void {
  expect(api.get(boundsWallIds.right).x).toBeCloseTo(200, 3)
  expect(api.get(boundsWallIds.bottom).y).toBeCloseTo(100, 3)
}

describe.each(kinds)('$name in a display: none tab panel', (kind) => {
  it('mounts without measuring, and its shapes and walls enter the world once the panel shows', async () => {
    const { rerender } = render(<Tab kind={kind} hidden />)
    await nextFrames(2)
    expect(api.world.ids()).toEqual([])
    rerender(<Tab kind={kind} hidden={false} />)
    await nextFrames(3)
    expect(api.get('s1')).toMatchObject({ x: 10, y: 10, width: 20, height: 10 })
    expect(api.get('s2')).toMatchObject({ x: 60, y: 10, width: 20, height: 10 })
    expectWallsAtEdges()
    expect(uncaught).toEqual([])
  })

  it('hidden again, its shapes leave the world (the walls stay) and come back where they were', async () => {
    const { rerender } = render(<Tab kind={kind} hidden={false} />)
    api.move('s1', { x: 30, y: 40 })
    await nextFrames(2)
    rerender(<Tab kind={kind} hidden />)
    await nextFrames(3)
    expect(api.world.has('s1')).toBe(false)
    expect(api.world.has('s2')).toBe(false)
    expectWallsAtEdges()
    rerender(<Tab kind={kind} hidden={false} />)
    await nextFrames(3)
    expect(api.get('s1')).toMatchObject({ x: 30, y: 40 })
    expect(api.get('s2')).toMatchObject({ x: 60, y: 10 })
    expect(uncaught).toEqual([])
  })

  it('remeasure(id) and remeasure() take the shapes out and keep the walls', () => {
    const { rerender } = render(<Tab kind={kind} hidden={false} />)
    // Before any ResizeObserver callback: only the explicit remeasure sees the panel hidden.
    rerender(<Tab kind={kind} hidden />)
    expect(() => api.remeasure('s1')).not.toThrow()
    expect(api.world.has('s1')).toBe(false)
    expect(api.world.has('s2')).toBe(true)
    expect(() => api.remeasure()).not.toThrow()
    expect(api.world.has('s2')).toBe(false)
    expectWallsAtEdges()
  })

  it('a press on a shape of a just-hidden world starts no drag', () => {
    const { container, rerender } = render(<Tab kind={kind} hidden={false} />)
    const s1 = bodyElement(container, 's1')
    const { x, y } = centerOf(s1)
    rerender(<Tab kind={kind} hidden />)
    firePointer(s1, 'pointerdown', x, y)
    firePointer(s1, 'pointermove', x + 20, y)
    expect(uncaught).toEqual([])
    expect(s1.hasAttribute('data-dragging')).toBe(false)
    firePointer(s1, 'pointerup', x + 20, y)
  })
})

describe.each(kinds)('$name collapsed by a scale(0) transform', (kind) => {
  it('mounts without measuring (no NaN), and its shapes enter the world on remeasure once it grows', async () => {
    const { rerender } = render(<Tab kind={kind} hidden={false} collapsed />)
    await nextFrames(2)
    expect(uncaught).toEqual([])
    expect(api.world.ids()).toEqual([])
    rerender(<Tab kind={kind} hidden={false} />)
    api.remeasure()
    await nextFrames(3)
    expect(api.get('s1')).toMatchObject({ x: 10, y: 10, width: 20, height: 10 })
    expect(api.get('s2')).toMatchObject({ x: 60, y: 10, width: 20, height: 10 })
    expectWallsAtEdges()
    expect(uncaught).toEqual([])
  })
})

describe.each(kinds)('$name hidden during a drag', (kind) => {
  /**
   * The tab in a scroll container; frames run by hand, so a frame can run before any
   * observer. Its padding keeps the world off the viewport's origin, where the map of an
   * empty box (the identity) would happen to be the right one.
   */
  function ScrollingTab({ hidden, frames }: { hidden: boolean; frames: ManualFrames }) {
    return (
      <div data-testid="scroller" style={{ height: 250, overflow: 'auto', padding: 20 }}>
        <Tab kind={kind} hidden={hidden} frames={frames} />
        <div style={{ height: 1000 }} />
      </div>
    )
  }

  it('a scroll keeps the last mapping, the drag ends as the shape leaves the world, and it drags again once shown', async () => {
    // Where s1 (at 10, 10) is after a pointer move of (20, 10) px.
    const dragged = { x: 10 + 20 / kind.scale, y: 10 + 10 / kind.scale }
    const frames = createManualFrames()
    const { container, rerender } = render(<ScrollingTab hidden={false} frames={frames} />)
    const scroller = container.querySelector<HTMLElement>('[data-testid="scroller"]')!
    const s1 = bodyElement(container, 's1')
    const start = centerOf(s1)
    firePointer(s1, 'pointerdown', start.x, start.y)
    firePointer(s1, 'pointermove', start.x + 20, start.y + 10)
    frames.run(2)
    expect(s1.hasAttribute('data-dragging')).toBe(true)
    expect(api.get('s1').x).toBeCloseTo(dragged.x, 3)
    expect(api.get('s1').y).toBeCloseTo(dragged.y, 3)

    rerender(<ScrollingTab hidden frames={frames} />)
    scroller.scrollTop = 40
    // Chromium delivers the ResizeObserver callback (which ends the drag) before this
    // scroll's event: dispatched now, as a scroll that comes first would be, it reaches the drag.
    expect(s1.hasAttribute('data-dragging')).toBe(true)
    scroller.dispatchEvent(new Event('scroll'))
    frames.run(1)
    expect(uncaught).toEqual([])
    expect(api.get('s1').x).toBeCloseTo(dragged.x, 3)
    expect(api.get('s1').y).toBeCloseTo(dragged.y, 3)
    await nextFrames(3)
    expect(s1.hasAttribute('data-dragging')).toBe(false)
    expect(api.world.has('s1')).toBe(false)
    firePointer(s1, 'pointerup', start.x + 20, start.y + 10)

    scroller.scrollTop = 0
    rerender(<ScrollingTab hidden={false} frames={frames} />)
    await nextFrames(3)
    expect(api.get('s1').x).toBeCloseTo(dragged.x, 3)
    expect(api.get('s1').y).toBeCloseTo(dragged.y, 3)
    const again = centerOf(s1)
    firePointer(s1, 'pointerdown', again.x, again.y)
    firePointer(s1, 'pointermove', again.x + 20, again.y)
    frames.run(2)
    expect(api.get('s1').x).toBeCloseTo(dragged.x + 20 / kind.scale, 3)
    firePointer(s1, 'pointerup', again.x + 20, again.y)
    expect(uncaught).toEqual([])
  })
})

describe.each(kinds)('the engine of $name that is not rendered', (kind) => {
  /** The container of `kind` with one body element, in a `display: none` panel. */
  function hiddenWorld() {
    const panel = document.body.appendChild(document.createElement('div'))
    panel.style.display = 'none'
    const { container, body } = kind.create(panel)
    const store = createPhysicsStore({
      containerKind: kind.props.as === 'svg' ? 'svg' : 'html',
      bounds: 'container',
    })
    store.engine.registerBody('r', body, {
      current: { draggable: true },
    })
    return { panel, container, store }
  }

  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('attachContainer measures nothing, maps nothing and places no wall until the container shows', async () => {
    const { panel, container, store } = hiddenWorld()
    const { engine, world } = store
    expect(() => engine.attachContainer(container)).not.toThrow()
    expect(engine.measureClientToWorld()).toBeNull()
    expect(engine.beginDrag('r')).toBeNull()
    expect(() => engine.setBounds('container')).not.toThrow()
    expect(() => engine.remeasure()).not.toThrow()
    expect(world.ids()).toEqual([])

    panel.style.display = 'block'
    await nextFrames(3)
    expect(world.get('r')).toMatchObject({ x: 10, y: 10, width: 20, height: 10 })
    expect(world.get(boundsWallIds.right).x).toBeCloseTo(200, 3)
    expect(engine.measureClientToWorld()?.a).toBeCloseTo(1 / kind.scale, 6)
    engine.detachContainer()
  })

  it('once the container is hidden, measureClientToWorld and beginDrag give null and setBounds keeps the walls', () => {
    const { panel, container, store } = hiddenWorld()
    const { engine, world } = store
    panel.style.display = 'block'
    engine.attachContainer(container)
    expect(world.has('r')).toBe(true)
    panel.style.display = 'none'
    expect(engine.measureClientToWorld()).toBeNull()
    expect(engine.beginDrag('r')).toBeNull()
    expect(store.state.getState().dragging).toBeNull()
    engine.setBounds('container')
    expect(world.get(boundsWallIds.right).x).toBeCloseTo(200, 3)
    engine.detachContainer()
  })
})
