import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendSvgElement } from '../../src/dom/svgElement.js'
import { boundsWallIds } from '../../src/react/boundsWalls.js'
import { createPhysicsStore } from '../../src/react/createPhysicsStore.js'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
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

function Shape({ id, x, y }: { id: string; x: number; y: number }) {
  const { ref } = useAABBBody<SVGRectElement>({ id, draggable: true })
  return <rect ref={ref} x={x} y={y} width={20} height={10} />
}

/**
 * A tab panel (`display: none` while `hidden`) holding an SVG world of 200 x 100 units
 * shown at 400 x 200 px (2 px a unit), with walls at its edges and two shapes; its frames
 * run by hand when `frames` is given.
 */
function Tab({ hidden, frames }: { hidden: boolean; frames?: ManualFrames }) {
  return (
    <div style={{ display: hidden ? 'none' : 'block' }}>
      <PhysicsWorld
        {...(frames && { scheduler: frames.scheduler, now: frames.now })}
        as="svg"
        viewBox="0 0 200 100"
        width={400}
        height={200}
        bounds="container"
        gravity={{ x: 0, y: 0 }}
        style={{ display: 'block' }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Shape id="s1" x={10} y={10} />
        <Shape id="s2" x={60} y={10} />
      </PhysicsWorld>
    </div>
  )
}

/** The walls of a 200 x 100 world: what `bounds="container"` puts around the svg's viewBox. */
function expectWallsAtViewBox(): void {
  expect(api.get(boundsWallIds.right).x).toBeCloseTo(200, 3)
  expect(api.get(boundsWallIds.bottom).y).toBeCloseTo(100, 3)
}

describe('an SVG world in a display: none tab panel', () => {
  it('mounts without measuring, and its shapes and walls enter the world once the panel shows', async () => {
    const { rerender } = render(<Tab hidden />)
    await nextFrames(2)
    expect(api.world.ids()).toEqual([])
    rerender(<Tab hidden={false} />)
    await nextFrames(3)
    expect(api.get('s1')).toMatchObject({ x: 10, y: 10, width: 20, height: 10 })
    expect(api.get('s2')).toMatchObject({ x: 60, y: 10, width: 20, height: 10 })
    expectWallsAtViewBox()
    expect(uncaught).toEqual([])
  })

  it('hidden again, its shapes leave the world (the walls stay) and come back where they were', async () => {
    const { rerender } = render(<Tab hidden={false} />)
    api.move('s1', { x: 30, y: 40 })
    await nextFrames(2)
    rerender(<Tab hidden />)
    await nextFrames(3)
    expect(api.world.has('s1')).toBe(false)
    expect(api.world.has('s2')).toBe(false)
    expectWallsAtViewBox()
    rerender(<Tab hidden={false} />)
    await nextFrames(3)
    expect(api.get('s1')).toMatchObject({ x: 30, y: 40 })
    expect(api.get('s2')).toMatchObject({ x: 60, y: 10 })
    expect(uncaught).toEqual([])
  })

  it('remeasure(id) and remeasure() take the shapes out and keep the walls', () => {
    const { rerender } = render(<Tab hidden={false} />)
    // Before any ResizeObserver callback: only the explicit remeasure sees the panel hidden.
    rerender(<Tab hidden />)
    expect(() => api.remeasure('s1')).not.toThrow()
    expect(api.world.has('s1')).toBe(false)
    expect(api.world.has('s2')).toBe(true)
    expect(() => api.remeasure()).not.toThrow()
    expect(api.world.has('s2')).toBe(false)
    expectWallsAtViewBox()
  })

  it('a press on a shape of a just-hidden world starts no drag', () => {
    const { container, rerender } = render(<Tab hidden={false} />)
    const s1 = bodyElement(container, 's1')
    const { x, y } = centerOf(s1)
    rerender(<Tab hidden />)
    firePointer(s1, 'pointerdown', x, y)
    firePointer(s1, 'pointermove', x + 20, y)
    expect(uncaught).toEqual([])
    expect(s1.hasAttribute('data-dragging')).toBe(false)
    firePointer(s1, 'pointerup', x + 20, y)
  })
})

describe('an SVG world hidden during a drag', () => {
  /** The tab in a scroll container; frames run by hand, so a frame can run before any observer. */
  function ScrollingTab({ hidden, frames }: { hidden: boolean; frames: ManualFrames }) {
    return (
      <div data-testid="scroller" style={{ height: 250, overflow: 'auto' }}>
        <Tab hidden={hidden} frames={frames} />
        <div style={{ height: 1000 }} />
      </div>
    )
  }

  it('a scroll keeps the last mapping, the drag ends as the shape leaves the world, and it drags again once shown', async () => {
    const frames = createManualFrames()
    const { container, rerender } = render(<ScrollingTab hidden={false} frames={frames} />)
    const scroller = container.querySelector<HTMLElement>('[data-testid="scroller"]')!
    const s1 = bodyElement(container, 's1')
    const start = centerOf(s1)
    firePointer(s1, 'pointerdown', start.x, start.y)
    firePointer(s1, 'pointermove', start.x + 20, start.y + 10)
    frames.run(2)
    expect(s1.hasAttribute('data-dragging')).toBe(true)
    expect(api.get('s1').x).toBeCloseTo(20, 3)
    expect(api.get('s1').y).toBeCloseTo(15, 3)

    rerender(<ScrollingTab hidden frames={frames} />)
    scroller.scrollTop = 40
    // Chromium delivers the ResizeObserver callback (which ends the drag) before this
    // scroll's event: dispatched now, as a scroll that comes first would be, it reaches the drag.
    expect(s1.hasAttribute('data-dragging')).toBe(true)
    scroller.dispatchEvent(new Event('scroll'))
    frames.run(1)
    expect(uncaught).toEqual([])
    expect(api.get('s1').x).toBeCloseTo(20, 3)
    expect(api.get('s1').y).toBeCloseTo(15, 3)
    await nextFrames(3)
    expect(s1.hasAttribute('data-dragging')).toBe(false)
    expect(api.world.has('s1')).toBe(false)
    firePointer(s1, 'pointerup', start.x + 20, start.y + 10)

    scroller.scrollTop = 0
    rerender(<ScrollingTab hidden={false} frames={frames} />)
    await nextFrames(3)
    expect(api.get('s1').x).toBeCloseTo(20, 3)
    expect(api.get('s1').y).toBeCloseTo(15, 3)
    const again = centerOf(s1)
    firePointer(s1, 'pointerdown', again.x, again.y)
    firePointer(s1, 'pointermove', again.x + 20, again.y)
    frames.run(2)
    expect(api.get('s1').x).toBeCloseTo(30, 3)
    firePointer(s1, 'pointerup', again.x + 20, again.y)
    expect(uncaught).toEqual([])
  })
})

describe('the engine of an SVG world that is not rendered', () => {
  /** An svg of 200 x 100 units at 400 x 200 px with one rect, in a `display: none` panel. */
  function hiddenSvg() {
    const panel = document.body.appendChild(document.createElement('div'))
    panel.style.display = 'none'
    const svg = appendSvgElement(panel, 'svg', { viewBox: '0 0 200 100', width: 400, height: 200 })
    const rect = appendSvgElement(svg, 'rect', { x: 10, y: 10, width: 20, height: 10 })
    const store = createPhysicsStore({ containerKind: 'svg', bounds: 'container' })
    store.getState().engine.registerBody('r', rect, { current: { draggable: true } })
    return { panel, svg, store }
  }

  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('attachContainer measures nothing, maps nothing and places no wall until the svg shows', async () => {
    const { panel, svg, store } = hiddenSvg()
    const { engine, world } = store.getState()
    expect(() => engine.attachContainer(svg)).not.toThrow()
    expect(engine.measureClientToWorld()).toBeNull()
    expect(engine.beginDrag('r')).toBeNull()
    expect(() => engine.setBounds('container')).not.toThrow()
    expect(() => engine.remeasure()).not.toThrow()
    expect(world.ids()).toEqual([])

    panel.style.display = 'block'
    await nextFrames(3)
    expect(world.get('r')).toMatchObject({ x: 10, y: 10, width: 20, height: 10 })
    expect(world.get(boundsWallIds.right).x).toBeCloseTo(200, 3)
    expect(engine.measureClientToWorld()?.a).toBeCloseTo(0.5, 6)
    engine.detachContainer()
  })

  it('once the svg is hidden, measureClientToWorld and beginDrag give null and setBounds keeps the walls', () => {
    const { panel, svg, store } = hiddenSvg()
    const { engine, world } = store.getState()
    panel.style.display = 'block'
    engine.attachContainer(svg)
    expect(world.has('r')).toBe(true)
    panel.style.display = 'none'
    expect(engine.measureClientToWorld()).toBeNull()
    expect(engine.beginDrag('r')).toBeNull()
    expect(store.getState().dragging).toBeNull()
    engine.setBounds('container')
    expect(world.get(boundsWallIds.right).x).toBeCloseTo(200, 3)
    engine.detachContainer()
  })
})
