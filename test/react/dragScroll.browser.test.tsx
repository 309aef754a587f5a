import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, firePointer, nextFrames } from './support/realPointer.js'
import { bodyElement } from './support/bodyElement.js'

let api: WorldApi

afterEach(() => {
  cleanup()
  window.scrollTo(0, 0)
  vi.restoreAllMocks()
})

/** The scroll listeners added to the document and not removed yet. */
function watchScrollListeners(): Set<unknown> {
  const listening = new Set<unknown>()
  const add = document.addEventListener.bind(document)
  const remove = document.removeEventListener.bind(document)
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'scroll') listening.add(listener)
    add(type, listener, options)
  })
  vi.spyOn(document, 'removeEventListener').mockImplementation((type, listener, options) => {
    if (type === 'scroll') listening.delete(listener)
    remove(type, listener, options)
  })
  return listening
}

/** Where a still pointer is held: the client point the test pressed and moved to. */
interface Pointer {
  x: number
  y: number
}

/** Presses the card's center and drags it by (30, 20) client pixels with synthetic pointer events. */
async function grab(card: HTMLElement): Promise<Pointer> {
  const start = centerOf(card)
  const held = { x: start.x + 30, y: start.y + 20 }
  firePointer(card, 'pointerdown', start.x, start.y)
  firePointer(card, 'pointermove', held.x, held.y)
  await nextFrames(2)
  return held
}

function expectUnderPointer(card: HTMLElement, pointer: Pointer): void {
  const center = centerOf(card)
  expect(Math.abs(center.x - pointer.x)).toBeLessThan(0.5)
  expect(Math.abs(center.y - pointer.y)).toBeLessThan(0.5)
}

/**
 * Three ways to scroll the world's content under a still pointer by `by` pixels: the
 * world container itself, an ancestor scroll container, and the page.
 */
const layouts: Array<{
  name: string
  page: (world: ReactNode) => ReactNode
  scroll: (container: HTMLElement, by: number) => void
}> = [
  {
    name: 'the world container',
    page: (world) => world,
    scroll: (container, by) => {
      container.querySelector<HTMLElement>('[data-aabb-world]')!.scrollTop += by
    },
  },
  {
    name: 'an ancestor scroll container',
    page: (world) => (
      <div data-testid="scroller" style={{ height: 250, overflow: 'auto' }}>
        {world}
        <div style={{ height: 1000 }} />
      </div>
    ),
    scroll: (container, by) => {
      container.querySelector<HTMLElement>('[data-testid="scroller"]')!.scrollTop += by
    },
  },
  {
    name: 'the page',
    page: (world) => (
      <>
        {world}
        <div style={{ height: 3000 }} />
      </>
    ),
    scroll: (_container, by) => window.scrollBy(0, by),
  },
]

function ScrollingWorld() {
  return (
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      style={{ position: 'relative', width: 400, height: 300, overflow: 'auto' }}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <div style={{ height: 1200 }} />
      <Card id="a" x={20} y={100} width={80} height={60} draggable />
    </PhysicsWorld>
  )
}

describe.each(layouts)('scrolling $name during a pointer drag', ({ page, scroll }) => {
  it('keeps the card under the still pointer, and stops once the drag ends', async () => {
    const { container } = render(page(<ScrollingWorld />))
    const card = bodyElement(container, 'a')
    const pointer = await grab(card)
    expect(api.get('a')).toMatchObject({ x: 50, y: 120 })
    expect(card.hasAttribute('data-dragging')).toBe(true)

    scroll(container, 40)
    await nextFrames(2)
    expect(api.get('a').x).toBeCloseTo(50, 3)
    expect(Math.abs(api.get('a').y - 160)).toBeLessThan(0.5)
    expectUnderPointer(card, pointer)

    firePointer(card, 'pointerup', pointer.x, pointer.y)
    await nextFrames(2)
    const dropped = api.get('a')
    scroll(container, 60)
    await nextFrames(2)
    expect(api.get('a')).toMatchObject({ x: dropped.x, y: dropped.y })
  })
})

describe('a drag that ends otherwise stops following scrolls', () => {
  it('after Escape the card stays back at its start when the container scrolls', async () => {
    const { container } = render(<ScrollingWorld />)
    const card = bodyElement(container, 'a')
    const listening = watchScrollListeners()
    const pointer = await grab(card)
    expect(listening.size).toBe(1)
    await userEvent.keyboard('{Escape}')
    expect(listening.size).toBe(0)
    firePointer(card, 'pointerup', pointer.x, pointer.y)
    await nextFrames(2)
    expect(api.get('a')).toMatchObject({ x: 20, y: 100 })
    container.querySelector<HTMLElement>('[data-aabb-world]')!.scrollTop = 80
    await nextFrames(2)
    expect(api.get('a')).toMatchObject({ x: 20, y: 100 })
  })

  it('a card unmounted mid-drag leaves nothing that reacts to scrolling', async () => {
    function World({ showCard }: { showCard: boolean }) {
      return (
        <PhysicsWorld
          gravity={{ x: 0, y: 0 }}
          style={{ position: 'relative', width: 400, height: 300, overflow: 'auto' }}
        >
          <WorldProbe onApi={(value) => (api = value)} />
          <div style={{ height: 1200 }} />
          {showCard && <Card id="a" x={20} y={100} width={80} height={60} draggable />}
          <Card id="b" x={200} y={100} width={80} height={60} />
        </PhysicsWorld>
      )
    }
    const listening = watchScrollListeners()
    const { container, rerender } = render(<World showCard />)
    await grab(bodyElement(container, 'a'))
    expect(listening.size).toBe(1)
    rerender(<World showCard={false} />)
    expect(listening.size).toBe(0)
    expect(api.world.has('a')).toBe(false)
    const world = container.querySelector<HTMLElement>('[data-aabb-world]')!
    world.scrollTop = 50
    await nextFrames(2)
    expect(api.world.ids()).not.toContain('a')
    expect(api.get('b')).toMatchObject({ x: 200, y: 100 })
  })
})
