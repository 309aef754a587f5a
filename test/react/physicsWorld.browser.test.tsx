import { cleanup, render } from '@testing-library/react'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import { overlapsInterior } from '../../src/core/geometry/overlaps.js'
import type { Rect } from '../../src/core/geometry/types.js'
import type { World } from '../../src/core/world/types.js'
import { PhysicsWorld, type PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { useAfterStep } from '../../src/react/useAfterStep.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, dragBy, everyFrame, firePointer, nextFrames } from './support/realPointer.js'
import { bodyElement } from './support/bodyElement.js'

let api: WorldApi

afterEach(() => {
  cleanup()
})

/** Records, after every frame, each pair of bodies whose interiors overlap. */
function OverlapWatch({ into }: { into: string[] }) {
  useAfterStep((_seconds, world: World) => {
    const ids = world.ids()
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        if (overlapsInterior(world.get(ids[i]!), world.get(ids[j]!)))
          into.push(`${ids[i]}/${ids[j]}`)
      }
    }
  })
  return null
}

function Board({ children, ...props }: PhysicsWorldProps) {
  return (
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      style={{ position: 'relative', width: 600, height: 300, margin: 24, border: '2px solid' }}
      {...props}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      {children}
    </PhysicsWorld>
  )
}

/**
 * An element's displayed box, shrunk by 0.01 px on each side: written offsets are rounded
 * to 1/1000 px, so faces that touch in the world may show a 0.001 px overlap on screen.
 */
function screenRect(element: Element): Rect {
  const box = element.getBoundingClientRect()
  const inset = 0.01
  return {
    x: box.left + inset,
    y: box.top + inset,
    width: box.width - 2 * inset,
    height: box.height - 2 * inset,
  }
}

describe('the contract example in Chromium', () => {
  it('works as written in the issue: cards in normal flow, dragged and pushed', async () => {
    function ContractCard({ id }: { id: string }) {
      const body = useAABBBody<HTMLDivElement>({ id, draggable: true })
      return (
        // eslint-disable-next-line react-hooks/refs -- the issue's contract spells `body.ref`
        <div ref={body.ref} className="card" style={{ width: 100, height: 60 }}>
          {id}
        </div>
      )
    }
    const overlaps: string[] = []
    const { container } = render(
      <PhysicsWorld gravity={{ x: 0, y: 0 }} bounds="container" style={{ width: 400, height: 300 }}>
        <WorldProbe onApi={(value) => (api = value)} />
        <OverlapWatch into={overlaps} />
        <ContractCard id="a" />
        <ContractCard id="b" />
      </PhysicsWorld>,
    )
    expect(api.get('a')).toMatchObject({ x: 0, y: 0, width: 100, height: 60 })
    expect(api.get('b')).toMatchObject({ x: 0, y: 60, width: 100, height: 60 })
    const a = bodyElement(container, 'a')
    const travel = await dragBy(a, container.querySelector('[data-aabb-world]')!, 0, 150, 15)
    await nextFrames(3)
    expect(overlaps).toEqual([])
    expect(api.get('a').y).toBeCloseTo(travel.y, 3)
    expect(api.get('b').y).toBeCloseTo(travel.y + 60, 3)
    expect(bodyElement(container, 'b').style.translate).toBe(
      `0px ${Math.round(travel.y * 1000) / 1000}px`,
    )
  })

  it('measures the cards, drags one into the other with the mouse, pushes it, and never overlaps', async () => {
    const overlaps: string[] = []
    const { container } = render(
      <Board>
        <OverlapWatch into={overlaps} />
        <Card id="a" x={20} y={100} width={100} height={80} draggable />
        <Card id="b" x={200} y={100} width={100} height={80} draggable />
      </Board>,
    )
    expect(api.get('a')).toMatchObject({ x: 20, y: 100, width: 100, height: 80 })
    expect(api.get('b')).toMatchObject({ x: 200, y: 100, width: 100, height: 80 })
    const a = bodyElement(container, 'a')
    const b = bodyElement(container, 'b')

    const world = container.querySelector('[data-aabb-world]')!
    const displayedOverlaps: string[] = []
    let sawDragging = false
    const stop = everyFrame(() => {
      sawDragging ||= a.hasAttribute('data-dragging')
      if (overlapsInterior(screenRect(a), screenRect(b))) displayedOverlaps.push('a/b')
    })
    const travel = await dragBy(a, world, 300, 0, 30)
    await nextFrames(3)
    stop()

    expect(sawDragging).toBe(true)
    expect(displayedOverlaps).toEqual([])
    expect(a.hasAttribute('data-dragging')).toBe(false)
    expect(overlaps).toEqual([])
    const bodyA = api.get('a')
    const bodyB = api.get('b')
    // a followed the pointer (about 300 px); b was pushed ahead of it, face to face.
    expect(travel.x).toBeGreaterThan(290)
    expect(bodyA.x).toBeCloseTo(20 + travel.x, 3)
    expect(bodyA.y).toBeCloseTo(100 + travel.y, 3)
    expect(bodyB.x).toBeCloseTo(bodyA.x + 100, 0)
    expect(bodyB.y).toBeCloseTo(100, 0)
    // What is displayed is what the world says.
    const origin = world.getBoundingClientRect()
    expect(b.getBoundingClientRect().left - origin.left - 2).toBeCloseTo(bodyB.x, 0)
  })

  it('pushes a chain of cards until the last one is blocked, then stops', async () => {
    const overlaps: string[] = []
    const { container } = render(
      <Board>
        <OverlapWatch into={overlaps} />
        <Card id="a" x={20} y={100} width={100} height={80} draggable />
        <Card id="b" x={160} y={100} width={100} height={80} />
        <Card id="c" x={300} y={100} width={100} height={80} />
        <Card id="pillar" x={480} y={60} width={40} height={200} pushable={false} />
      </Board>,
    )
    const a = bodyElement(container, 'a')
    await dragBy(a, container.querySelector('[data-aabb-world]')!, 400, 0, 40)
    await nextFrames(3)
    expect(overlaps).toEqual([])
    // a pushed b, b pushed c, c met the pillar: the chain stops face to face.
    expect(api.get('pillar').x).toBe(480)
    expect(api.get('c').x).toBeCloseTo(380, 3)
    expect(api.get('b').x).toBeCloseTo(280, 3)
    expect(api.get('a').x).toBeCloseTo(180, 3)
  })

  it('stops a fast drag at the wall instead of passing through it', async () => {
    const drops: Rect[] = []
    const { container } = render(
      <Board>
        <Card
          id="a"
          x={20}
          y={100}
          width={100}
          height={80}
          draggable
          onDragEnd={({ rect, reason }) => reason === 'drop' && drops.push(rect)}
        />
      </Board>,
    )
    const a = bodyElement(container, 'a')
    // One move of 900 px: far past the right wall (480 px away) between two frames.
    const travel = await dragBy(a, container.querySelector('[data-aabb-world]')!, 900, 20, 1)
    await nextFrames(2)
    const body = api.get('a')
    expect(body.x).toBeCloseTo(600 - 100, 0)
    expect(body.y).toBeCloseTo(100 + travel.y, 3)
    // Released where the wall stopped it: the drop reports that place.
    expect(drops).toEqual([{ x: body.x, y: body.y, width: 100, height: 80 }])
  })

  it('undoes the drag when Escape is pressed during it: the card and the card it pushed go back', async () => {
    const log: string[] = []
    const { container } = render(
      <Board>
        <Card
          id="a"
          x={20}
          y={100}
          width={100}
          height={80}
          draggable
          onDragStart={(rect) => log.push(`start ${rect.x},${rect.y}`)}
          onDragEnd={({ rect, reason }) => log.push(`end ${reason} ${rect.x},${rect.y}`)}
        />
        <Card id="b" x={130} y={120} width={60} height={60} />
      </Board>,
    )
    const a = bodyElement(container, 'a')
    const b = bodyElement(container, 'b')
    const bAtStart = b.getBoundingClientRect()
    const start = centerOf(a)
    firePointer(a, 'pointerdown', start.x, start.y)
    firePointer(a, 'pointermove', start.x + 50, start.y + 30)
    await nextFrames(2)
    expect(api.get('a').x).toBeCloseTo(70, 0)
    expect(api.get('b').x).toBeCloseTo(170, 0)
    expect(a.hasAttribute('data-dragging')).toBe(true)
    await userEvent.keyboard('{Escape}')
    firePointer(a, 'pointerup', start.x + 50, start.y + 30)
    await nextFrames(2)
    expect(api.get('a')).toMatchObject({ x: 20, y: 100 })
    expect(api.get('b')).toMatchObject({ x: 130, y: 120 })
    expect(log).toEqual(['start 20,100', 'end cancel 20,100'])
    // The elements are written back too, not only the world.
    expect(b.getBoundingClientRect().x).toBe(bAtStart.x)
    expect(a.hasAttribute('data-dragging')).toBe(false)
  })

  it('keeps a plain click a click (no drag below the activation distance)', async () => {
    let clicks = 0
    const { container } = render(
      <Board>
        <Card id="a" x={20} y={100} width={100} height={80} draggable />
      </Board>,
    )
    const a = bodyElement(container, 'a')
    a.addEventListener('click', () => clicks++)
    // A real press that moves 2 px (below the 4 px activation distance), then releases.
    await dragBy(a, a, 2, 0, 2)
    expect(clicks).toBe(1)
    expect(api.get('a').x).toBe(20)
    expect(a.style.touchAction).toBe('none')
    expect(container.querySelector<HTMLElement>('[data-aabb-world]')!.style.touchAction).toBe('')
  })
})

describe('measuring inside scrolled and scaled containers', () => {
  it('converts pointer moves through an ancestor CSS scale', async () => {
    const { container } = render(
      <div style={{ transform: 'scale(0.5)', transformOrigin: '0 0' }}>
        <Board>
          <Card id="a" x={20} y={100} width={100} height={80} draggable />
        </Board>
      </div>,
    )
    expect(api.get('a')).toMatchObject({ x: 20, y: 100, width: 100, height: 80 })
    const a = bodyElement(container, 'a')
    const travel = await dragBy(a, container.querySelector('[data-aabb-world]')!, 100, 0, 10)
    await nextFrames(2)
    // Screen pixels at half scale count double in the world.
    expect(travel.x).toBeGreaterThan(90)
    expect(api.get('a').x).toBeCloseTo(20 + 2 * travel.x, 3)
    expect(api.get('a').y).toBeCloseTo(100 + 2 * travel.y, 3)
  })

  it('measures cards of a scrolled container in unscrolled coordinates', () => {
    function Tall() {
      return (
        <PhysicsWorld style={{ position: 'relative', width: 300, height: 200, overflow: 'auto' }}>
          <WorldProbe onApi={(value) => (api = value)} />
          <div style={{ height: 1200 }} />
          <Card id="deep" x={10} y={900} width={40} height={40} />
        </PhysicsWorld>
      )
    }
    const { container } = render(<Tall />)
    const world = container.querySelector<HTMLElement>('[data-aabb-world]')!
    world.scrollTop = 700
    act(() => api.remeasure())
    expect(api.get('deep')).toMatchObject({ x: 10, y: 900, width: 40, height: 40 })
  })
})

describe('the debug overlay', () => {
  it('turned on, makes an unpositioned container relative and measures again: cards show where the world has them', async () => {
    function Wrapped({ debug }: { debug: boolean }) {
      return (
        <div style={{ position: 'relative', padding: 50 }}>
          <PhysicsWorld debug={debug} style={{ width: 600, height: 300 }}>
            <WorldProbe onApi={(value) => (api = value)} />
            <Card id="a" x={20} y={20} />
          </PhysicsWorld>
        </div>
      )
    }
    const { container, rerender } = render(<Wrapped debug={false} />)
    await nextFrames(2)
    const world = container.querySelector<HTMLElement>('[data-aabb-world]')!
    const card = bodyElement(container, 'a')
    const shown = () => card.getBoundingClientRect().left - world.getBoundingClientRect().left
    expect(shown()).toBeCloseTo(api.get('a').x, 3)
    rerender(<Wrapped debug />)
    await nextFrames(3)
    expect(world.style.position).toBe('relative')
    expect(shown()).toBeCloseTo(api.get('a').x, 3)
  })
})

describe('elements without a size', () => {
  it('stay out of the world until a ResizeObserver sees them get a size', async () => {
    const { container } = render(
      <Board>
        <Card id="later" x={20} y={20} style={{ display: 'none' }} />
      </Board>,
    )
    expect(api.world.has('later')).toBe(false)
    bodyElement(container, 'later').style.display = 'block'
    await nextFrames(3)
    expect(api.get('later')).toMatchObject({ x: 20, y: 20, width: 50, height: 50 })
  })
})

describe('an SVG world', () => {
  function Shape({ id, x, y }: { id: string; x: number; y: number }) {
    const { ref } = useAABBBody<SVGRectElement>({ id, draggable: true })
    return <rect ref={ref} x={x} y={y} width={20} height={10} transform="rotate(0)" />
  }

  it('measures shapes in the viewBox units and moves them with the transform attribute', async () => {
    const { container } = render(
      <PhysicsWorld
        as="svg"
        viewBox="0 0 200 100"
        width={400}
        height={200}
        bounds="container"
        style={{ display: 'block' }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Shape id="s1" x={10} y={10} />
        <Shape id="s2" x={60} y={10} />
      </PhysicsWorld>,
    )
    expect(api.get('s1')).toMatchObject({ x: 10, y: 10, width: 20, height: 10 })
    const s1 = bodyElement(container, 's1')
    // About 200 screen pixels are 100 user units: s1 pushes s2 about 30 units along.
    const travel = await dragBy(s1, container.querySelector('svg')!, 200, 0, 20)
    await nextFrames(2)
    expect(travel.x).toBeGreaterThan(190)
    const x = 10 + travel.x / 2
    const y = 10 + travel.y / 2
    expect(api.get('s1').x).toBeCloseTo(x, 3)
    expect(api.get('s2').x).toBeCloseTo(x + 20, 3)
    const written = /^translate\(([-\d.]+) ([-\d.]+)\) rotate\(0\)$/.exec(
      s1.getAttribute('transform')!,
    )
    expect(Number(written![1])).toBeCloseTo(x - 10, 2)
    expect(Number(written![2])).toBeCloseTo(y - 10, 2)
  })
})

describe('keyboard', () => {
  it('moves a focused card with the arrow keys and announces the result', async () => {
    const { container } = render(
      <Board>
        <Card id="notes" label="Notes" x={20} y={100} width={100} height={80} keyboard />
        <Card id="chart" aria-label="Chart" x={200} y={100} width={100} height={80} />
      </Board>,
    )
    const notes = bodyElement(container, 'notes')
    const region = document.querySelector('[aria-live="polite"]')!
    notes.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(api.get('notes').x).toBe(30)
    expect(region.textContent).toBe('Notes moved right')
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(api.get('notes').x).toBe(100)
    expect(region.textContent).toBe('Notes blocked on the right by Chart')
    await nextFrames(2)
    expect(notes.style.translate).toBe('80px')
  })
})
