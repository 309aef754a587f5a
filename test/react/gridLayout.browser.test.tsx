import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { useEffect, type ReactNode } from 'react'
import { PhysicsWorld, type PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'
import { useAfterStep } from '../../src/react/useAfterStep.js'
import { useWorldState } from '../../src/react/useWorldState.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import type { Layout, LayoutChange } from '../../src/board/boardLayout.js'
import type { World } from '../../src/core/world/types.js'
import type { Rect } from '../../src/core/geometry/types.js'
import { Card, Caught, WorldProbe } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { dragBy } from './support/realPointer.js'
import { overlappingPairs } from './support/overlappingPairs.js'

let api: WorldApi
/** What went wrong at any frame: an overlap or a card outside the 600 x 400 board. */
let frameProblems: string[]

afterEach(() => {
  cleanup()
})

const boardSize = { width: 600, height: 400 }

function cardsOf(world: World) {
  return world
    .ids()
    .filter((id) => !id.startsWith('aabb-bounds'))
    .map((id) => world.get(id))
}

/** How far apart two boxes are: the larger of the x and y separations (negative: overlapping). */
function separation(a: Rect, b: Rect): number {
  const dx = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width))
  const dy = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height))
  return Math.max(dx, dy)
}

/** The gap every pair of bodies (walls included) must keep at every frame: the `gap` prop. */
let requiredGap = 0

/**
 * Checks every frame (after its write phase): no overlap, every card inside the board, and
 * every pair of bodies at least {@link requiredGap} apart.
 */
function FrameSampler() {
  useAfterStep((_seconds, world) => {
    const pairs = overlappingPairs(world)
    if (pairs.length > 0) frameProblems.push(`overlap ${pairs.join(' ')}`)
    const bodies = world.ids().map((id) => world.get(id))
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        const [a, b] = [bodies[i]!, bodies[j]!]
        // The four walls meet at the corners: the gap is between a card and anything else.
        const walls = a.type === 'static' && b.type === 'static'
        if (!walls && separation(a, b) < requiredGap - 1e-6) {
          frameProblems.push(`${a.id}/${b.id} ${separation(a, b)} apart`)
        }
      }
    }
    for (const card of cardsOf(world)) {
      const inside =
        card.x >= 0 &&
        card.y >= 0 &&
        card.x + card.width <= boardSize.width &&
        card.y + card.height <= boardSize.height
      if (!inside) frameProblems.push(`${card.id} outside at ${card.x},${card.y}`)
    }
  })
  return null
}

function Board({ children, ...props }: PhysicsWorldProps & { children?: ReactNode }) {
  return (
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      style={{ position: 'relative', ...boardSize, padding: 0 }}
      {...props}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <FrameSampler />
      <IdleProbe />
      {children}
    </PhysicsWorld>
  )
}

function renderBoard(node: ReactNode, gap = 0) {
  frameProblems = []
  requiredGap = gap
  return render(node)
}

/** Whether the board's loop has stopped (the state's `idle`). */
let boardIdle = false

function IdleProbe() {
  const idle = useWorldState((state) => state.idle)
  useEffect(() => {
    boardIdle = idle
  }, [idle])
  return null
}

/**
 * Waits until the board rests after its settles (a settle that moves runs the loop again).
 * The 10 s limit only catches a board that never rests; under load a settle takes longer
 * than vi.waitFor's default second.
 */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50))
  await vi.waitFor(
    () => expect(boardIdle && !document.querySelector('[data-dragging]')).toBe(true),
    { timeout: 10_000 },
  )
}

function positions(world: World): Array<[string, number, number]> {
  return cardsOf(world).map(({ id, x, y }) => [id, x, y])
}

function onGrid(world: World, cell: number): boolean {
  return cardsOf(world).every((card) => card.x % cell === 0 && card.y % cell === 0)
}

describe('snap, in Chromium with the real mouse and keyboard', () => {
  it('a drag follows the pointer on the grid and the drop lands on it, with no overlap at any frame', async () => {
    const { container } = renderBoard(
      <Board snap={20}>
        <Card id="a" x={40} y={40} width={100} height={60} draggable />
        <Card id="b" x={300} y={40} width={100} height={60} draggable />
      </Board>,
    )
    await settled()
    const world = container.querySelector('[data-aabb-world]') as HTMLElement
    const seen: number[] = []
    const stop = setInterval(() => seen.push(api.get('a').x), 5)
    await dragBy(bodyElement(container, 'a'), world, 87, 33, 12)
    clearInterval(stop)
    await settled()
    // Every place the card took during the drag was on the grid.
    expect(seen.every((x) => x % 20 === 0)).toBe(true)
    expect(api.get('a')).toMatchObject({ x: 120, y: 80 })
    expect(onGrid(api.world, 20)).toBe(true)
    expect(frameProblems).toEqual([])
  })

  it('a drag that pushes lands every card on the grid, at the nearest free spot', async () => {
    const { container } = renderBoard(
      <Board snap={20}>
        <Card id="a" x={40} y={40} width={100} height={60} draggable />
        <Card id="b" x={140} y={40} width={90} height={60} draggable />
        <Card id="c" x={240} y={40} width={100} height={60} draggable />
      </Board>,
    )
    await settled()
    const world = container.querySelector('[data-aabb-world]') as HTMLElement
    await dragBy(bodyElement(container, 'a'), world, 57, 0, 10)
    await settled()
    // a pushed b (90 px wide: its far edge off the grid) and b pushed c; all on the grid now.
    expect(onGrid(api.world, 20)).toBe(true)
    expect(overlappingPairs(api.world)).toEqual([])
    expect(api.get('a').x).toBeGreaterThanOrEqual(80)
    expect(frameProblems).toEqual([])
  })

  it('the arrow keys move by one grid cell, and a body option snap overrides the world', async () => {
    const { container } = renderBoard(
      <Board snap={{ x: 30, y: 20 }}>
        <Card id="a" x={60} y={40} width={100} height={60} keyboard />
        <Card id="free" x={300} y={200} width={50} height={50} keyboard snap={false} />
      </Board>,
    )
    await settled()
    bodyElement(container, 'a').focus()
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.keyboard('{ArrowDown}')
    await settled()
    expect(api.get('a')).toMatchObject({ x: 90, y: 60 })
    bodyElement(container, 'free').focus()
    await userEvent.keyboard('{ArrowRight}')
    await settled()
    expect(api.get('free')).toMatchObject({ x: 310, y: 200 })
    expect(frameProblems).toEqual([])
  })

  it('a card off the grid at mount goes to the nearest free grid spot', async () => {
    renderBoard(
      <Board snap={50}>
        <Card id="a" x={0} y={0} width={100} height={100} />
        <Card id="b" x={110} y={20} width={100} height={100} />
      </Board>,
    )
    await settled()
    // (100, 0) is the nearest grid point to (110, 20) and free (touching a).
    expect(api.get('b')).toMatchObject({ x: 100, y: 0 })
    expect(frameProblems).toEqual([])
  })
})

describe('snap on a padded, bordered board, in Chromium', () => {
  // World space starts at the padding box; the grid starts at the content box, 15 px in.
  const inset = 15
  const cell = 50
  const onContentGrid = (value: number) => (value - inset) % cell === 0

  it('drops, key moves and resize ends land on the grid measured from the content box', async () => {
    const { container } = renderBoard(
      <Board
        snap={cell}
        style={{
          position: 'relative',
          ...boardSize,
          boxSizing: 'border-box',
          padding: inset,
          border: '5px solid',
        }}
      >
        <Card id="a" x={15} y={15} width={90} height={40} draggable keyboard resizable />
        <Card id="b" x={415} y={215} width={90} height={40} draggable />
      </Board>,
    )
    await settled()
    expect(positions(api.world)).toEqual([
      ['a', 15, 15],
      ['b', 415, 215],
    ])
    const surface = container.querySelector('[data-aabb-world]')!
    const card = bodyElement(container, 'a')

    const travel = await dragBy(card, surface, 73, 58, 10)
    await settled()
    const dropped = api.get('a')
    expect(onContentGrid(dropped.x) && onContentGrid(dropped.y)).toBe(true)
    // The nearest grid spot to where the pointer left it.
    expect(Math.abs(dropped.x - (15 + travel.x))).toBeLessThanOrEqual(cell / 2)
    expect(Math.abs(dropped.y - (15 + travel.y))).toBeLessThanOrEqual(cell / 2)

    card.focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect.poll(() => api.get('a').x).toBe(dropped.x + cell)
    await userEvent.keyboard('{ArrowDown}')
    await expect.poll(() => api.get('a').y).toBe(dropped.y + cell)
    await settled()

    const handle = card.querySelector('[data-aabb-resize-handle="se"]')!
    await dragBy(handle, surface, 37, 23, 10)
    await settled()
    const a = api.get('a')
    expect(a).toMatchObject({ x: dropped.x + cell, y: dropped.y + cell })
    // The far edges, not the size, are on the grid (no gap here).
    expect(onContentGrid(a.x + a.width) && onContentGrid(a.y + a.height)).toBe(true)
    expect(a.width).toBeGreaterThan(90)
    expect(frameProblems).toEqual([])
  })
})

describe('compact, in Chromium', () => {
  const scattered = (
    <>
      <Card id="a" x={10} y={200} width={100} height={60} draggable />
      <Card id="b" x={50} y={100} width={100} height={60} draggable />
      <Card id="c" x={300} y={300} width={80} height={40} draggable />
    </>
  )

  it('compacts after mount, deterministically, and again after a drop', async () => {
    const { container, unmount } = renderBoard(<Board compact="up">{scattered}</Board>)
    await settled()
    const first = positions(api.world)
    expect(first).toEqual([
      ['a', 10, 60],
      ['b', 50, 0],
      ['c', 300, 0],
    ])
    unmount()
    renderBoard(<Board compact="up">{scattered}</Board>)
    await settled()
    expect(positions(api.world)).toEqual(first)
    cleanup()

    const again = renderBoard(<Board compact="up">{scattered}</Board>)
    await settled()
    const world = again.container.querySelector('[data-aabb-world]') as HTMLElement
    // Drag b out to the right: a, under it, moves up into its place.
    await dragBy(bodyElement(again.container, 'b'), world, 300, 150, 10)
    await settled()
    expect(api.get('a').y).toBe(0)
    expect(overlappingPairs(api.world)).toEqual([])
    expect(frameProblems).toEqual([])
    void container
  })

  it('with snap, compaction keeps every card on the grid', async () => {
    renderBoard(
      <Board compact="left" snap={20}>
        <Card id="a" x={100} y={0} width={90} height={60} />
        <Card id="b" x={300} y={20} width={100} height={60} />
      </Board>,
    )
    await settled()
    expect(positions(api.world)).toEqual([
      ['a', 0, 0],
      ['b', 100, 20],
    ])
    expect(frameProblems).toEqual([])
  })
})

describe('a controlled layout, in Chromium', () => {
  function Controlled({
    layout,
    onLayoutChange,
  }: {
    layout?: Layout
    onLayoutChange?: (layout: Layout, change: LayoutChange) => void
  }) {
    return (
      <Board layout={layout} onLayoutChange={onLayoutChange}>
        <Card id="a" x={0} y={0} width={100} height={60} draggable keyboard />
        <Card id="b" x={200} y={0} width={100} height={60} draggable />
      </Board>
    )
  }

  it('reports once per gesture; passing the layout back causes no motion and no call', async () => {
    const changes: Array<[Layout, LayoutChange]> = []
    const onLayoutChange = (layout: Layout, change: LayoutChange) => changes.push([layout, change])
    const { container, rerender } = renderBoard(<Controlled onLayoutChange={onLayoutChange} />)
    await settled()
    expect(changes.map(([, change]) => change.cause)).toEqual(['settle'])
    bodyElement(container, 'a').focus()
    await userEvent.keyboard('{ArrowDown}')
    await settled()
    expect(changes.length).toBe(2)
    const [received, change] = changes[1]!
    expect(change).toEqual({ cause: 'keyboard' })
    expect(received.a).toEqual({ x: 0, y: 10, width: 100, height: 60 })

    // The round trip, as a new object with the same values: nothing moves, no call.
    rerender(<Controlled layout={structuredClone(received)} onLayoutChange={onLayoutChange} />)
    await settled()
    rerender(<Controlled layout={structuredClone(received)} onLayoutChange={onLayoutChange} />)
    await settled()
    expect(changes.length).toBe(2)
    expect(positions(api.world)).toEqual([
      ['a', 0, 10],
      ['b', 200, 0],
    ])
    expect(frameProblems).toEqual([])
  })

  it('reports a pointer drag once, with cause drag; passing that layout back moves nothing and calls nothing', async () => {
    const changes: Array<[Layout, LayoutChange]> = []
    const onLayoutChange = (layout: Layout, change: LayoutChange) => changes.push([layout, change])
    const { container, rerender } = renderBoard(<Controlled onLayoutChange={onLayoutChange} />)
    await settled()
    expect(changes.map(([, change]) => change.cause)).toEqual(['settle'])
    const surface = container.querySelector('[data-aabb-world]')!
    const travel = await dragBy(bodyElement(container, 'b'), surface, 120, 150, 10)
    await settled()
    expect(changes.map(([, change]) => change.cause)).toEqual(['settle', 'drag'])
    const [received, change] = changes[1]!
    expect(change).toEqual({ cause: 'drag' })
    const b = api.get('b')
    expect(b.x).toBeCloseTo(200 + travel.x, 3)
    expect(b.y).toBeCloseTo(travel.y, 3)
    expect(received).toEqual({
      a: { x: 0, y: 0, width: 100, height: 60 },
      b: { x: b.x, y: b.y, width: 100, height: 60 },
    })

    // A second drag reports once more.
    await dragBy(bodyElement(container, 'a'), surface, 0, 200, 10)
    await settled()
    expect(changes.map(([, change]) => change.cause)).toEqual(['settle', 'drag', 'drag'])
    const latest = changes[2]![0]
    const before = positions(api.world)

    rerender(<Controlled layout={structuredClone(latest)} onLayoutChange={onLayoutChange} />)
    await settled()
    rerender(<Controlled layout={structuredClone(latest)} onLayoutChange={onLayoutChange} />)
    await settled()
    expect(changes.length).toBe(3)
    expect(positions(api.world)).toEqual(before)
    expect(frameProblems).toEqual([])
  })

  it('a new layout moves the bodies; cards swapping places both get there; a blocked entry takes the nearest free spot', async () => {
    const changes: LayoutChange[] = []
    const onLayoutChange = (_: Layout, change: LayoutChange) => changes.push(change)
    const { rerender } = renderBoard(<Controlled onLayoutChange={onLayoutChange} />)
    await settled()
    rerender(
      <Controlled
        layout={{ a: { x: 200, y: 0 }, b: { x: 0, y: 0 } }}
        onLayoutChange={onLayoutChange}
      />,
    )
    await settled()
    expect(positions(api.world)).toEqual([
      ['a', 200, 0],
      ['b', 0, 0],
    ])
    // Taken exactly as given: no call.
    expect(changes.map((change) => change.cause)).toEqual(['settle'])

    rerender(
      <Controlled
        layout={{ a: { x: 200, y: 0 }, b: { x: 250, y: 10 } }}
        onLayoutChange={onLayoutChange}
      />,
    )
    await settled()
    expect(overlappingPairs(api.world)).toEqual([])
    // (300, 10), right of a, and (250, 60), below it, are as near: the smaller y wins.
    expect(api.get('b')).toMatchObject({ x: 300, y: 10 })
    expect(changes.map((change) => change.cause)).toEqual(['settle', 'layout'])
    expect(frameProblems).toEqual([])
  })

  it('a rerender with a bad entry beside a good one throws naming the entry and the field, and applies neither', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const caught: Error[] = []
    const { rerender } = renderBoard(
      <Caught onError={(error) => caught.push(error)}>
        <Controlled layout={{ a: { x: 0, y: 0 }, b: { x: 200, y: 0 } }} />
      </Caught>,
    )
    await settled()
    const update = vi.spyOn(api.world, 'update')
    const move = vi.spyOn(api.world, 'move')
    rerender(
      <Caught onError={(error) => caught.push(error)}>
        <Controlled layout={{ a: { x: 300, y: 200 }, b: { x: 200, y: Number.NaN } }} />
      </Caught>,
    )
    expect(caught.map((error) => error.message)).toEqual([
      '<PhysicsWorld>: layout["b"].y must be a finite number (got NaN)',
    ])
    // The whole layout was checked before any entry was applied: a, whose entry was good,
    // was never moved (no world write) before the board unmounted.
    expect(update).not.toHaveBeenCalled()
    expect(move).not.toHaveBeenCalled()
    quiet.mockRestore()
  })

  it('a layout entry with a size resizes the element', async () => {
    const { container } = renderBoard(
      <Controlled layout={{ a: { x: 0, y: 100, width: 150, height: 80 }, b: { x: 200, y: 0 } }} />,
    )
    await settled()
    expect(api.get('a')).toMatchObject({ x: 0, y: 100, width: 150, height: 80 })
    expect(bodyElement(container, 'a').getBoundingClientRect().width).toBe(150)
  })
})

describe('bad props name the prop, the body and the field', () => {
  it('throws for snap 0 or NaN, an unknown direction and a layout entry that is not finite', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Board snap={0} />)).toThrow(
      '<PhysicsWorld>: snap must be a finite number > 0 (got 0)',
    )
    expect(() => render(<Board snap={{ x: 10, y: NaN }} />)).toThrow(
      '<PhysicsWorld>: snap.y must be a finite number > 0 (got NaN)',
    )
    expect(() => render(<Board compact={'diagonal' as never} />)).toThrow(
      "<PhysicsWorld>: compact must be one of 'up', 'down', 'left', 'right' (got \"diagonal\")",
    )
    expect(() => render(<Board layout={{ chart: { x: 0, y: NaN } }} />)).toThrow(
      '<PhysicsWorld>: layout["chart"].y must be a finite number (got NaN)',
    )
    expect(() => render(<Board layout={{ chart: { x: 0, y: 0, width: -1 } }} />)).toThrow(
      '<PhysicsWorld>: layout["chart"].width must be a finite number >= 0 (got -1)',
    )
    expect(() =>
      render(
        <Board>
          <Card id="a" snap={0} />
        </Board>,
      ),
    ).toThrow('useAABBBody("a"): snap must be a finite number > 0 (got 0)')
    quiet.mockRestore()
  })
})

describe('gap, in Chromium with the real mouse', () => {
  it('a drag that pushes keeps every two cards, and the walls, the gap apart at every frame', async () => {
    const { container } = renderBoard(
      <Board gap={10}>
        <Card id="a" x={10} y={100} width={100} height={60} draggable />
        <Card id="b" x={120} y={100} width={100} height={60} draggable />
        <Card id="c" x={230} y={120} width={100} height={60} draggable />
      </Board>,
      10,
    )
    await settled()
    const world = container.querySelector('[data-aabb-world]') as HTMLElement
    await dragBy(bodyElement(container, 'a'), world, 400, 0, 15)
    await settled()
    // a pushed b and c to the right wall: each 10 px from the next and from the wall.
    expect(api.get('c').x).toBe(600 - 10 - 100)
    expect(api.get('b').x).toBe(600 - 10 - 100 - 10 - 100)
    expect(frameProblems).toEqual([])
  })

  it('throws naming gap for a negative gap', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Board gap={-1} />)).toThrow(
      '<PhysicsWorld>: gap must be a finite number >= 0 (got -1)',
    )
    quiet.mockRestore()
  })
})
