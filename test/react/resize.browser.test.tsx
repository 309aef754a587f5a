import { cleanup, render } from '@testing-library/react'
import { StrictMode, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { AABBBodyOptions } from '../../src/board/bodyOptions.js'
import type { ResizeOptions } from '../../src/board/resizeOptions.js'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { dragBy, everyFrame, everyPaintedFrame, nextFrames } from './support/realPointer.js'
import { sampleFrames, shownBoxes } from './support/sampleFrames.js'
import { realMouse } from './support/realMouse.js'

let api: WorldApi

afterEach(() => {
  cleanup()
})

/** A 100 x 60 card the page lays out (no position of its own). */
function FlowCard({ id, resizable }: { id: string; resizable: boolean }) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, draggable: true, resizable })
  return (
    <div
      ref={ref}
      className="card"
      aria-label={id.toUpperCase()}
      style={{ width: 100, height: 60 }}
    >
      {id}
    </div>
  )
}

/**
 * A 500 x 200 board walled by its edges: `a` (resizable as `resizable` says) at 20, then
 * `b` at 120 and `c` at 220, each 100 x 60 at y = 20.
 */
function renderRow(resizable: boolean | ResizeOptions, bResizable?: ResizeOptions) {
  const onResizeEnd = vi.fn()
  const changes: string[] = []
  const { container } = render(
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      onLayoutChange={(_, { cause }) => changes.push(cause)}
      style={{ position: 'relative', width: 500, height: 200 }}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <Card
        id="a"
        aria-label="A"
        x={20}
        y={20}
        width={100}
        height={60}
        draggable
        resizable={resizable}
        onResizeEnd={onResizeEnd}
      />
      <Card
        id="b"
        aria-label="B"
        x={120}
        y={20}
        width={100}
        height={60}
        {...(bResizable && { resizable: bResizable })}
      />
      <Card id="c" aria-label="C" x={220} y={20} width={100} height={60} />
    </PhysicsWorld>,
  )
  const surface = container.querySelector('[data-aabb-world]')!
  const card = (id: string) => bodyElement(container, id)
  const handle = (direction = 'se') =>
    card('a').querySelector(`[data-aabb-resize-handle="${direction}"]`)!
  return { surface, card, handle, onResizeEnd, changes }
}

/** Samples every frame of `gesture` on the 500 x 200 board (see {@link sampleFrames}). */
function sampled(surface: Element, cards: HTMLElement[], gesture: () => Promise<unknown>) {
  return sampleFrames(surface, cards, { width: 500, height: 200 }, gesture)
}

describe('resizable cards with the real mouse, every frame sampled', () => {
  it("'push' (the default) grows the card and pushes the row; the left edge stays", async () => {
    const { surface, card, handle, onResizeEnd, changes } = renderRow(true)
    await nextFrames(2)
    // The board's first settle reports once; then each gesture once.
    await expect.poll(() => changes).toEqual(['settle'])
    expect(handle().getBoundingClientRect().width).toBe(24)
    let travel = { x: 0, y: 0 }
    const frames = await sampled(surface, [card('a'), card('b'), card('c')], async () => {
      travel = await dragBy(handle(), surface, 60, 0, 12)
    })
    expect(frames).toBeGreaterThan(5)
    const a = api.get('a')
    expect(a.x).toBe(20)
    expect(a.width).toBeCloseTo(100 + travel.x, 1)
    expect(api.get('b').x).toBeCloseTo(120 + travel.x, 1)
    expect(api.get('c').x).toBeCloseTo(220 + travel.x, 1)
    // The element shows the world's size: CSS width, no React render.
    expect(card('a').getBoundingClientRect().width).toBeCloseTo(a.width, 1)
    expect(onResizeEnd).toHaveBeenCalledTimes(1)
    const end = onResizeEnd.mock.calls[0]![0] as { x: number; width: number }
    expect(end.x).toBe(20)
    expect(end.width).toBeCloseTo(a.width, 1)
    // One layout report for the whole gesture, not one a frame.
    await nextFrames(3)
    expect(changes).toEqual(['settle', 'resize'])
  })

  it("'push' stops where the row meets the board's wall", async () => {
    const { surface, card, handle } = renderRow({ mode: 'push' })
    await nextFrames(2)
    await sampled(surface, [card('a'), card('b'), card('c')], () =>
      dragBy(handle(), surface, 300, 0, 15),
    )
    // c's right edge is at the wall (500): a grew by 180 at most.
    expect(api.get('c').x).toBeCloseTo(400, 1)
    expect(api.get('a').width).toBeCloseTo(280, 1)
  })

  it("'stop' stops at the first contact", async () => {
    const { surface, card, handle } = renderRow({ mode: 'stop', handles: ['se', 's'] })
    await nextFrames(2)
    await sampled(surface, [card('a'), card('b'), card('c')], () =>
      dragBy(handle(), surface, 80, 40, 10),
    )
    const a = api.get('a')
    expect(a.width).toBe(100)
    expect(a.height).toBeGreaterThan(90)
    expect(api.get('b').x).toBe(120)
  })

  it("'squeeze' shrinks the card ahead down to its minWidth, then pushes", async () => {
    const { surface, card, handle } = renderRow({ mode: 'squeeze' }, { minWidth: 40 })
    await nextFrames(2)
    let travel = { x: 0, y: 0 }
    await sampled(surface, [card('a'), card('b'), card('c')], async () => {
      travel = await dragBy(handle(), surface, 90, 0, 12)
    })
    expect(api.get('a').width).toBeCloseTo(100 + travel.x, 1)
    const b = api.get('b')
    expect(b.width).toBe(40)
    // b gave 60 and kept its right edge until then; the other 30 pushed b and c.
    expect(b.x + b.width).toBeCloseTo(220 + travel.x - 60, 1)
    expect(api.get('c').x).toBeCloseTo(220 + travel.x - 60, 1)
    expect(card('b').getBoundingClientRect().width).toBeCloseTo(40, 1)
  })

  it('keeps the size within minWidth and maxHeight, and the opposite edges in place', async () => {
    const { surface, card, handle } = renderRow({
      handles: ['nw', 'se'],
      minWidth: 70,
      maxHeight: 80,
      mode: 'stop',
    })
    await nextFrames(2)
    await sampled(surface, [card('a'), card('b'), card('c')], () =>
      dragBy(handle('se'), surface, -80, 60, 10),
    )
    expect(api.get('a')).toMatchObject({ x: 20, y: 20, width: 70, height: 80 })
    // The north-west handle moves the left and top edges; right (90) and bottom (100) stay.
    await sampled(surface, [card('a'), card('b'), card('c')], () =>
      dragBy(handle('nw'), surface, -50, -50, 10),
    )
    const a = api.get('a')
    expect(a.x + a.width).toBeCloseTo(90, 1)
    expect(a.y + a.height).toBeCloseTo(100, 1)
    expect(a.height).toBe(80)
    // The left edge stopped at the wall.
    expect(a.x).toBeCloseTo(0, 1)
  })

  it('Escape during a resize puts the card and the cards it pushed or squeezed back', async () => {
    const { surface, card, handle, onResizeEnd } = renderRow({ mode: 'squeeze' }, { minWidth: 40 })
    await nextFrames(2)
    const box = handle().getBoundingClientRect()
    const x = box.left + 12
    const y = box.top + 12
    const mouse = await realMouse()
    await sampled(surface, [card('a'), card('b'), card('c')], async () => {
      await mouse.move(x, y)
      await mouse.press(x, y)
      for (const dx of [10, 40, 80, 100]) {
        await mouse.move(x + dx, y)
        await nextFrames(1)
      }
      expect(api.get('b').width).toBe(40)
      expect(api.get('c').x).toBeGreaterThan(220)
      await userEvent.keyboard('{Escape}')
      await mouse.release(x + 100, y)
    })
    expect(api.get('a')).toMatchObject({ x: 20, width: 100, height: 60 })
    expect(api.get('b')).toMatchObject({ x: 120, width: 100 })
    expect(api.get('c')).toMatchObject({ x: 220, width: 100 })
    expect(card('a').getBoundingClientRect().width).toBeCloseTo(100, 1)
    expect(card('b').getBoundingClientRect().width).toBeCloseTo(100, 1)
    expect(onResizeEnd).toHaveBeenCalledTimes(1)
  })

  it('Alt+arrows resize the focused card by the keyboard step and announce it', async () => {
    const { card, onResizeEnd } = renderRow(true)
    await nextFrames(2)
    card('a').focus()
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}')
    // Under load the key may reach the page after the promise settles: poll.
    await expect.poll(() => api.get('a').width).toBe(110)
    expect(api.get('a').x).toBe(20)
    expect(api.get('b').x).toBe(130)
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe(
      'A moved right, pushed B and C',
    )
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await expect.poll(() => api.get('a').height).toBe(50)
    await nextFrames(2)
    expect(card('a').getBoundingClientRect().height).toBeCloseTo(50, 1)
    expect(onResizeEnd).toHaveBeenCalledTimes(2)
    // A plain arrow still moves the card.
    await userEvent.keyboard('{ArrowDown}')
    await expect.poll(() => api.get('a').y).toBe(30)
    expect(api.get('a').height).toBe(50)
  })
})

describe('cards laid out by the page (flex-wrap), not positioned: a resize reflows the others', () => {
  /** A 600 x 300 flex-wrap board of four 100 x 60 cards in the page's flow, `a` resizable. */
  function renderFlow() {
    const { container } = render(
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        style={{
          position: 'relative',
          width: 600,
          height: 300,
          display: 'flex',
          flexWrap: 'wrap',
          alignContent: 'flex-start',
          gap: 8,
        }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        {['a', 'b', 'c', 'd'].map((id) => (
          <FlowCard key={id} id={id} resizable={id === 'a'} />
        ))}
      </PhysicsWorld>,
    )
    const surface = container.querySelector('[data-aabb-world]')!
    const cards = ['a', 'b', 'c', 'd'].map((id) => bodyElement(container, id))
    return { surface, cards }
  }

  /** How far each card is drawn from where the world has it: the same for every card. */
  function drawnOffsets(surface: Element, cards: HTMLElement[]): string[] {
    return shownBoxes(surface, cards).map((box, k) => {
      const body = api.get(cards[k]!.dataset.aabbBody!)
      // To a tenth of a pixel (+ 0 makes -0 0).
      const tenth = (value: number) => Math.round(value * 10) / 10 + 0
      return `${tenth(box.left - body.x)},${tenth(box.top - body.y)}`
    })
  }

  it('draws every card where the world has it in every frame of a handle resize and after Alt+arrows', async () => {
    const { surface, cards } = renderFlow()
    await nextFrames(2)
    const offset = drawnOffsets(surface, cards)[0]!
    const stray: string[] = []
    const stop = everyPaintedFrame(() => {
      const offsets = drawnOffsets(surface, cards)
      if (offsets.some((o) => o !== offset)) stray.push(offsets.join(' '))
    })
    const handle = cards[0]!.querySelector('[data-aabb-resize-handle="se"]')!
    try {
      await sampleFrames(surface, cards, { width: 600, height: 300 }, () =>
        dragBy(handle, surface, 120, 80, 12),
      )
      cards[0]!.focus()
      await userEvent.keyboard('{Alt>}{ArrowRight}{ArrowRight}{ArrowDown}{/Alt}')
      await nextFrames(4)
    } finally {
      stop()
    }
    expect(api.get('a').width).toBeGreaterThan(200)
    expect(stray).toEqual([])
    expect(drawnOffsets(surface, cards)).toEqual(cards.map(() => offset))
  })
})

describe("a handle element of the app's own, the real mouse", () => {
  /** A 100 x 60 card at (20, 20) holding its own 16 px south-east grip. */
  function OwnGripCard({ resizable }: { resizable: boolean }) {
    const { ref } = useAABBBody<HTMLDivElement>({ id: 'a', draggable: true, resizable })
    return (
      <div ref={ref} style={{ position: 'absolute', left: 20, top: 20, width: 100, height: 60 }}>
        <span
          className="own-grip"
          data-aabb-resize-handle="se"
          style={{ position: 'absolute', right: 0, bottom: 0, width: 16, height: 16 }}
        />
      </div>
    )
  }

  function renderOwnGrip(resizable: boolean) {
    return (
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        style={{ position: 'relative', width: 500, height: 200 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <OwnGripCard resizable={resizable} />
        <Card id="b" x={200} y={20} width={100} height={60} />
      </PhysicsWorld>
    )
  }

  it('is used instead of a generated one: no second handle, and dragging it resizes the card', async () => {
    const { container, rerender } = render(renderOwnGrip(true))
    const surface = container.querySelector('[data-aabb-world]')!
    const card = bodyElement(container, 'a')
    await nextFrames(2)
    const handles = card.querySelectorAll('[data-aabb-resize-handle]')
    expect(handles).toHaveLength(1)
    expect(handles[0]!.className).toBe('own-grip')

    let travel = { x: 0, y: 0 }
    await sampleFrames(
      surface,
      [card, bodyElement(container, 'b')],
      { width: 500, height: 200 },
      async () => {
        travel = await dragBy(handles[0]!, surface, 50, 30, 10)
      },
    )
    expect(api.get('a')).toMatchObject({ x: 20, y: 20 })
    expect(api.get('a').width).toBeCloseTo(100 + travel.x, 1)
    expect(api.get('a').height).toBeCloseTo(60 + travel.y, 1)
    expect(card.getBoundingClientRect().width).toBeCloseTo(api.get('a').width, 1)

    // Turning resizing off leaves the app's element where it is (only made handles go).
    rerender(renderOwnGrip(false))
    await nextFrames(2)
    expect(card.querySelectorAll('[data-aabb-resize-handle]')).toHaveLength(1)
    const width = api.get('a').width
    await dragBy(handles[0]!, surface, 40, 0, 8)
    await nextFrames(2)
    expect(api.get('a').width).toBe(width)
  })
})

describe('resizing on a snapping board with a gap, the real mouse, every frame sampled', () => {
  /**
   * A 500 x 300 board with 50 px cells and a 10 px gap: `a` at (50, 50) and `b` at
   * (200, 50) (or `b` as `bProps` says), each two cells wide and one high less the gap (90 x 40).
   */
  function renderGrid(bProps: { x?: number; type?: 'static' } = {}) {
    const changes: string[] = []
    const { container } = render(
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        snap={50}
        gap={10}
        onLayoutChange={(_, { cause }) => changes.push(cause)}
        style={{ position: 'relative', width: 500, height: 300 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Card id="a" aria-label="A" x={50} y={50} width={90} height={40} draggable resizable />
        <Card id="b" x={200} y={50} width={90} height={40} {...bProps} />
      </PhysicsWorld>,
    )
    const surface = container.querySelector('[data-aabb-world]')!
    const card = (id: string) => bodyElement(container, id)
    const handle = card('a').querySelector('[data-aabb-resize-handle="se"]')!
    return { surface, card, handle, changes }
  }

  /**
   * Samples every frame: `a`'s right and bottom edges a gap before a grid line, `a` and `b`
   * a gap apart, and (through {@link sampleFrames}) both inside the 500 x 300 board.
   */
  async function onGridEveryFrame(
    surface: Element,
    a: HTMLElement,
    b: HTMLElement,
    gesture: () => Promise<unknown>,
  ) {
    const problems: string[] = []
    const stop = everyFrame(() => {
      const [boxA, boxB] = shownBoxes(surface, [a, b]) as [
        ReturnType<typeof shownBoxes>[0],
        ReturnType<typeof shownBoxes>[0],
      ]
      for (const edge of [boxA.right + 10, boxA.bottom + 10]) {
        const off = Math.abs(edge - Math.round(edge / 50) * 50)
        if (off > 0.01) problems.push(`a's edge ${edge - 10} is off the grid`)
      }
      const apartX = Math.max(boxB.left - boxA.right, boxA.left - boxB.right)
      const apartY = Math.max(boxB.top - boxA.bottom, boxA.top - boxB.bottom)
      if (Math.max(apartX, apartY) < 10 - 0.01) problems.push(`a and b nearer than the gap`)
    })
    try {
      await sampleFrames(surface, [a, b], { width: 500, height: 300 }, gesture)
    } finally {
      stop()
    }
    expect(problems).toEqual([])
  }

  it('the moving edges follow the pointer snapped, keep the gap, and the end reports cause resize', async () => {
    const { surface, card, handle, changes } = renderGrid()
    await nextFrames(2)
    // The board's first settle reports once; then each gesture once.
    await expect.poll(() => changes).toEqual(['settle'])
    // The right edge asked for is 177, a gap before 187: the nearest line is 200.
    await onGridEveryFrame(surface, card('a'), card('b'), () => dragBy(handle, surface, 37, 23, 10))
    expect(api.get('a')).toMatchObject({ x: 50, y: 50, width: 140, height: 40 })
    expect(api.get('b').x).toBe(200)
    expect(changes).toEqual(['settle', 'resize'])
    // Further: the right edge goes to 240 and pushes b on to the next line, a gap away.
    await onGridEveryFrame(surface, card('a'), card('b'), () => dragBy(handle, surface, 62, 0, 10))
    expect(api.get('a').width).toBe(190)
    expect(api.get('b').x).toBe(250)
    await nextFrames(3)
    // Exactly one report per gesture: the push of b is part of it.
    expect(changes).toEqual(['settle', 'resize', 'resize'])
  })

  it('an edge blocked short of a line goes back to the line inside', async () => {
    // b is static, off the grid at 215: a's right edge stops at 205, a gap before it.
    const { surface, card, handle, changes } = renderGrid({ x: 215, type: 'static' })
    await nextFrames(2)
    // The board's first settle reports once; then each gesture once.
    await expect.poll(() => changes).toEqual(['settle'])
    await onGridEveryFrame(surface, card('a'), card('b'), () => dragBy(handle, surface, 120, 0, 10))
    // The line inside 205 (+ gap) is 200: the right edge ends at 190.
    expect(api.get('a').width).toBe(140)
    expect(api.get('b').x).toBe(215)
    await nextFrames(3)
    expect(changes).toEqual(['settle', 'resize'])
  })

  it('a resize toward the far corner pushes b into the wall and stops a gap inside the board', async () => {
    const { surface, card, handle } = renderGrid({ x: 300 })
    await nextFrames(2)
    // Asked: right edge 470, bottom 290. b stops at the wall (400, a gap from 500), so a's
    // right edge stops at 390; the bottom edge is a gap before the line at 300.
    await onGridEveryFrame(surface, card('a'), card('b'), () =>
      dragBy(handle, surface, 330, 200, 15),
    )
    expect(api.get('a')).toMatchObject({ x: 50, y: 50, width: 340, height: 240 })
    expect(api.get('b').x).toBe(400)
  })

  it('Alt+arrows resize by one cell, keeping the edge a gap before a line', async () => {
    const { card, changes } = renderGrid({ x: 300 })
    await nextFrames(2)
    card('a').focus()
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}')
    await expect.poll(() => api.get('a').width).toBe(140)
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await expect.poll(() => api.get('a').height).toBe(90)
    expect(api.get('a')).toMatchObject({ x: 50, y: 50 })
    await expect.poll(() => changes.at(-1)).toBe('resize')
    await nextFrames(5)
    // A size measured before a key's write never comes back over it (a 'settle' report
    // after the keys meant a stale measurement had shrunk the card for a frame).
    expect(changes.slice(1).every((cause) => cause === 'resize')).toBe(true)
    expect(api.get('a')).toMatchObject({ width: 140, height: 90 })
  })
})

describe('an SVG <rect> card, the real mouse, every frame sampled', () => {
  /** A rect card of `width` x 30 user units at (`x`, 10). */
  function SvgCard({
    id,
    x,
    width = 50,
    ...options
  }: AABBBodyOptions & { id: string; x: number; width?: number }) {
    const { ref } = useAABBBody<SVGRectElement>({ id, ...options })
    return <rect ref={ref} x={x} y={10} width={width} height={30} fill="#8ac" />
  }

  /**
   * A 500 x 200 pixel SVG world showing 250 x 100 user units (2 pixels a unit): `a`
   * (resizable, draggable) at 10, `b` at 70 and `c` at 130, each 50 x 30 units at y = 10.
   */
  function renderSvgRow(children?: ReactNode) {
    const { container } = render(
      <PhysicsWorld
        as="svg"
        viewBox="0 0 250 100"
        width={500}
        height={200}
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        style={{ display: 'block' }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        {children ?? <SvgCard id="a" x={10} draggable resizable />}
        <SvgCard id="b" x={70} />
        <SvgCard id="c" x={130} />
      </PhysicsWorld>,
    )
    const surface = container.querySelector('svg')!
    const card = (id: string) => surface.querySelector<SVGRectElement>(`[data-aabb-body="${id}"]`)!
    return { surface, card }
  }

  /** Expects the handle's screen box to be 24 px across in the card's bottom-right corner. */
  function expectAtCorner(handle: Element, card: Element) {
    const box = handle.getBoundingClientRect()
    const cardBox = card.getBoundingClientRect()
    expect(box.width).toBeCloseTo(24, 1)
    expect(box.height).toBeCloseTo(24, 1)
    expect(box.right).toBeCloseTo(cardBox.right, 1)
    expect(box.bottom).toBeCloseTo(cardBox.bottom, 1)
  }

  it('gets a touch-sized <rect> handle after it that resizes its width attribute, pushes the row and stays at the corner', async () => {
    const { surface, card } = renderSvgRow()
    await nextFrames(2)
    const handles = surface.querySelectorAll('[data-aabb-resize-handle]')
    expect(handles).toHaveLength(1)
    const handle = handles[0]!
    expect(handle.localName).toBe('rect')
    expect(handle.getAttribute('data-aabb-resize-handle')).toBe('se')
    expect(handle.previousElementSibling).toBe(card('a'))
    expectAtCorner(handle, card('a'))

    let travel = { x: 0, y: 0 }
    const frames = await sampleFrames(
      surface,
      [card('a'), card('b'), card('c')],
      { width: 500, height: 200 },
      async () => {
        travel = await dragBy(handle, surface, 60, 20, 12)
      },
    )
    expect(frames).toBeGreaterThan(5)
    // Two screen pixels a unit: the pointer's travel is half as many units.
    const a = api.get('a')
    expect(a).toMatchObject({ x: 10, y: 10 })
    expect(a.width).toBeCloseTo(50 + travel.x / 2, 1)
    expect(a.height).toBeCloseTo(30 + travel.y / 2, 1)
    expect(Number(card('a').getAttribute('width'))).toBeCloseTo(a.width, 3)
    expect(Number(card('a').getAttribute('height'))).toBeCloseTo(a.height, 3)
    // a's right edge went 20 past b's left (70): b, then c, pushed ahead edge to edge.
    expect(a.width).toBeGreaterThan(75)
    expect(api.get('b').x).toBeCloseTo(a.x + a.width, 1)
    expect(api.get('c').x).toBeCloseTo(api.get('b').x + 50, 1)
    expectAtCorner(handle, card('a'))

    // A move of the card takes its handle along (the transform attribute).
    await dragBy(card('a'), surface, 0, 80, 8)
    await nextFrames(2)
    expect(api.get('a').y).toBeGreaterThan(40)
    expectAtCorner(handle, card('a'))

    // Pushed into the wall: the row stops there, nothing leaves the board at any frame.
    await sampleFrames(
      surface,
      [card('a'), card('b'), card('c')],
      { width: 500, height: 200 },
      () => dragBy(handle, surface, 400, 0, 15),
    )
    expect(api.get('c').x + api.get('c').width).toBeLessThanOrEqual(250 + 1e-6)
    expectAtCorner(handle, card('a'))
  })

  it('makes one handle under StrictMode and removes it when the card unmounts', async () => {
    const { surface, card } = renderSvgRow(
      <StrictMode>
        <SvgCard id="a" x={10} draggable resizable />
      </StrictMode>,
    )
    await nextFrames(2)
    expect(surface.querySelectorAll('[data-aabb-resize-handle]')).toHaveLength(1)
    expect(card('a').nextElementSibling?.getAttribute('data-aabb-resize-handle')).toBe('se')
    cleanup()
    expect(document.querySelectorAll('[data-aabb-resize-handle]')).toHaveLength(0)
  })

  it('an <svg> card in an HTML board gets no <rect> beside it; a handle of its own resizes its width attribute', async () => {
    function SvgInHtml({ ownHandle }: { ownHandle: boolean }) {
      const { ref } = useAABBBody<SVGSVGElement>({ id: 'a', draggable: true, resizable: true })
      return (
        <svg ref={ref} width={80} height={60} style={{ position: 'absolute', left: 20, top: 20 }}>
          <rect width="100%" height="100%" fill="#8ac" />
          {ownHandle && <rect data-aabb-resize-handle="se" x={56} y={36} width={24} height={24} />}
        </svg>
      )
    }
    const board = (ownHandle: boolean) => (
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        style={{ position: 'relative', width: 500, height: 200 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <SvgInHtml ownHandle={ownHandle} />
      </PhysicsWorld>
    )
    const { container } = render(board(false))
    await nextFrames(2)
    const surface = container.querySelector('[data-aabb-world]')!
    expect(surface.querySelectorAll('[data-aabb-resize-handle]')).toHaveLength(0)
    cleanup()

    const own = render(board(true))
    await nextFrames(2)
    const ownSurface = own.container.querySelector('[data-aabb-world]')!
    const handles = ownSurface.querySelectorAll('[data-aabb-resize-handle]')
    expect(handles).toHaveLength(1)
    const travel = await dragBy(handles[0]!, ownSurface, 40, 20, 8)
    await nextFrames(2)
    expect(api.get('a').width).toBeCloseTo(80 + travel.x, 1)
    const card = ownSurface.querySelector('svg')!
    expect(Number(card.getAttribute('width'))).toBeCloseTo(80 + travel.x, 1)
  })
})
