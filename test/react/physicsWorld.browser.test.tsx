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
import { centerOf, mouse, nextFrames } from './support/realPointer.js'

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

function screenRect(element: Element): Rect {
  const box = element.getBoundingClientRect()
  return { x: box.left, y: box.top, width: box.width, height: box.height }
}

describe('the contract example in Chromium', () => {
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
    const a = container.querySelector('[data-aabb-body="a"]')!
    const b = container.querySelector('[data-aabb-body="b"]')!

    const start = centerOf(a)
    await mouse.down(start.x, start.y)
    for (let dx = 10; dx <= 300; dx += 10) {
      await mouse.move(start.x + dx, start.y)
      await nextFrames(1)
      if (dx >= 10) expect(a.hasAttribute('data-dragging')).toBe(true)
      expect(overlapsInterior(screenRect(a), screenRect(b))).toBe(false)
    }
    await mouse.up(start.x + 300, start.y)
    await nextFrames(3)

    expect(a.hasAttribute('data-dragging')).toBe(false)
    expect(overlaps).toEqual([])
    const bodyA = api.get('a')
    const bodyB = api.get('b')
    // a followed the pointer 300 px; b was pushed ahead of it, face to face.
    expect(bodyA.x).toBeCloseTo(320, 0)
    expect(bodyB.x).toBeCloseTo(bodyA.x + 100, 0)
    expect(bodyB.y).toBeCloseTo(100, 0)
    // What is displayed is what the world says.
    const world = container.querySelector('[data-aabb-world]')!
    const origin = world.getBoundingClientRect()
    expect(b.getBoundingClientRect().left - origin.left - 2).toBeCloseTo(bodyB.x, 0)
  })

  it('stops a fast drag at the wall instead of passing through it', async () => {
    const { container } = render(
      <Board>
        <Card id="a" x={20} y={100} width={100} height={80} draggable />
      </Board>,
    )
    const a = container.querySelector('[data-aabb-body="a"]')!
    const start = centerOf(a)
    await mouse.down(start.x, start.y)
    await mouse.move(start.x + 5, start.y)
    // One move of 3,000 px: far past the right wall in a single frame.
    await mouse.move(start.x + 3000, start.y + 20)
    await nextFrames(2)
    await mouse.up(start.x + 3000, start.y + 20)
    await nextFrames(2)
    const body = api.get('a')
    expect(body.x).toBeCloseTo(600 - 100, 0)
    expect(body.y).toBeCloseTo(120, 0)
  })

  it('returns the card to its start when Escape is pressed during a drag', async () => {
    const { container } = render(
      <Board>
        <Card id="a" x={20} y={100} width={100} height={80} draggable />
      </Board>,
    )
    const a = container.querySelector('[data-aabb-body="a"]')!
    const start = centerOf(a)
    await mouse.down(start.x, start.y)
    await mouse.move(start.x + 50, start.y + 30)
    await nextFrames(2)
    expect(api.get('a').x).toBeCloseTo(70, 0)
    await userEvent.keyboard('{Escape}')
    await mouse.up(start.x + 50, start.y + 30)
    await nextFrames(2)
    expect(api.get('a')).toMatchObject({ x: 20, y: 100 })
    expect(a.hasAttribute('data-dragging')).toBe(false)
  })

  it('keeps a plain click a click (no drag below the activation distance)', async () => {
    let clicks = 0
    const { container } = render(
      <Board>
        <Card id="a" x={20} y={100} width={100} height={80} draggable />
      </Board>,
    )
    const a = container.querySelector<HTMLElement>('[data-aabb-body="a"]')!
    a.addEventListener('click', () => clicks++)
    const start = centerOf(a)
    await mouse.down(start.x, start.y)
    await mouse.move(start.x + 2, start.y)
    await mouse.up(start.x + 2, start.y)
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
    const a = container.querySelector('[data-aabb-body="a"]')!
    const start = centerOf(a)
    await mouse.down(start.x, start.y)
    await mouse.move(start.x + 10, start.y)
    await mouse.move(start.x + 100, start.y)
    await nextFrames(2)
    await mouse.up(start.x + 100, start.y)
    await nextFrames(2)
    // 100 screen pixels at half scale are 200 world pixels.
    expect(api.get('a').x).toBeCloseTo(220, 0)
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
    const s1 = container.querySelector('[data-aabb-body="s1"]')!
    const start = centerOf(s1)
    await mouse.down(start.x, start.y)
    await mouse.move(start.x + 10, start.y)
    // 200 screen pixels are 100 user units: s1 pushes s2 30 units along.
    await mouse.move(start.x + 200, start.y)
    await nextFrames(2)
    await mouse.up(start.x + 200, start.y)
    await nextFrames(2)
    expect(api.get('s1').x).toBeCloseTo(110, 0)
    expect(api.get('s2').x).toBeCloseTo(130, 0)
    expect(s1.getAttribute('transform')).toBe('translate(100 0) rotate(0)')
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
    const notes = container.querySelector<HTMLElement>('[data-aabb-body="notes"]')!
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
