// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Card } from './support/components.js'
import { debugOverlayLoaded } from './support/debugOverlayLoaded.js'
import { setupManualBoard } from './support/manualBoard.js'

const fixture = setupManualBoard({ debug: true, gravity: { x: 0, y: 900 } })
const { Board } = fixture

/** A 50 px card falling onto a 300 x 20 floor whose top is at y = 100. */
function FallingCard({ cardVisible = true }: { cardVisible?: boolean }) {
  return (
    <Board>
      {cardVisible && <Card id="a" />}
      <Card id="floor" type="static" y={100} width={300} height={20} />
    </Board>
  )
}

function numbers(element: Element, names: string[]): number[] {
  return names.map((name) => Number(element.getAttribute(name)))
}

describe('DebugOverlay swept rays', () => {
  it('draws each frame’s motion of a falling body from its previous place to its current one', async () => {
    const { container } = render(<FallingCard />)
    await debugOverlayLoaded(container)
    fixture.frames.run(3)
    const ray = container.querySelector('[data-aabb-debug-ray="a"]')!
    expect(ray.getAttribute('visibility')).toBe('visible')
    const before = fixture.api.get('a')
    expect(numbers(ray, ['x2', 'y2'])).toEqual([before.x, before.y])
    fixture.frames.run(1)
    const after = fixture.api.get('a')
    expect(after.y).toBeGreaterThan(before.y)
    // The same element, moved: its start is where the body was one frame ago.
    expect(container.querySelector('[data-aabb-debug-ray="a"]')).toBe(ray)
    expect(numbers(ray, ['x1', 'y1', 'x2', 'y2'])).toEqual([before.x, before.y, after.x, after.y])
    // Falling freely, nothing is hit.
    const dot = container.querySelector('[data-aabb-debug-impact="a"]')!
    expect(dot.getAttribute('visibility')).toBe('hidden')
    // Static bodies have no ray.
    expect(container.querySelector('[data-aabb-debug-ray="floor"]')).toBeNull()
  })

  it('marks the time of impact when the body lands, and hides the ray once it rests', async () => {
    const { container } = render(<FallingCard />)
    await debugOverlayLoaded(container)
    fixture.frames.run(1)
    const dot = container.querySelector('[data-aabb-debug-impact="a"]')!
    let landedAt: number[] | undefined
    for (let frame = 0; frame < 120 && !landedAt; frame++) {
      fixture.frames.run(1)
      if (dot.getAttribute('visibility') === 'visible') landedAt = numbers(dot, ['cx', 'cy'])
    }
    // The card's top-left touches the floor at y = 100 - 50 (article 003's touch point).
    expect(landedAt).toBeDefined()
    expect(landedAt![0]).toBe(0)
    expect(landedAt![1]).toBeCloseTo(50, 6)
    const time = Number(dot.getAttribute('data-aabb-debug-impact-time'))
    expect(time).toBeGreaterThan(0)
    expect(time).toBeLessThanOrEqual(1)
    fixture.frames.run(5)
    expect(fixture.api.get('a').y).toBeCloseTo(50, 6)
    const ray = container.querySelector('[data-aabb-debug-ray="a"]')!
    expect(ray.getAttribute('visibility')).toBe('hidden')
    expect(dot.getAttribute('visibility')).toBe('hidden')
  })

  it('drops the ray of a removed body', async () => {
    const { container, rerender } = render(<FallingCard />)
    await debugOverlayLoaded(container)
    fixture.frames.run(2)
    expect(container.querySelector('[data-aabb-debug-ray="a"]')).not.toBeNull()
    rerender(<FallingCard cardVisible={false} />)
    fixture.frames.run(1)
    expect(container.querySelector('[data-aabb-debug-ray="a"]')).toBeNull()
    expect(container.querySelector('[data-aabb-debug-impact="a"]')).toBeNull()
  })
})

describe('DebugOverlay broadphase cells', () => {
  /** The `M x y` points of a path, in order. */
  function moves(path: Element): number[][] {
    return [...(path.getAttribute('d') ?? '').matchAll(/M(-?[\d.e+-]+) (-?[\d.e+-]+)/g)].map(
      (match) => [Number(match[1]), Number(match[2])],
    )
  }

  it('draws the grid with the automatic cell size and follows the moving body', async () => {
    const { container } = render(<FallingCard />)
    await debugOverlayLoaded(container)
    fixture.frames.run(3)
    const cells = container.querySelector('[data-aabb-debug-cells]')!
    // The largest box, the 300 px floor (and a hair: see uniformGrid.ts).
    expect(Number(cells.getAttribute('data-aabb-debug-cell-size'))).toBeCloseTo(300, 5)
    expect(cells.getAttribute('data-aabb-debug-cell-count')).toBe('1x1')
    // The grid starts at the bodies' top-left-most corner: the falling card's top.
    const first = fixture.api.get('a').y
    expect(first).toBeGreaterThan(0)
    expect(moves(cells)[0]).toEqual([0, first])
    fixture.frames.run(2)
    const later = fixture.api.get('a').y
    expect(later).toBeGreaterThan(first)
    expect(moves(cells)[0]).toEqual([0, later])
    // One vertical line per column edge and one horizontal line per row edge.
    expect(moves(cells)).toHaveLength(4)
  })

  it('grows more cells for more, smaller boxes', async () => {
    const { container } = render(
      <Board paused>
        {Array.from({ length: 8 }, (_, index) => (
          <Card key={index} id={`c${index}`} x={index * 60} width={20} height={20} />
        ))}
      </Board>,
    )
    await debugOverlayLoaded(container)
    fixture.frames.run(1)
    const cells = container.querySelector('[data-aabb-debug-cells]')!
    // Cells of the largest box, 20 px (and a hair), over a 440 x 20 span: 22 columns (the
    // last reaching past x 440), 1 row.
    const cellSize = Number(cells.getAttribute('data-aabb-debug-cell-size'))
    expect(cellSize).toBeCloseTo(20, 5)
    expect(cells.getAttribute('data-aabb-debug-cell-count')).toBe('22x1')
    // The lines stop at the boxes' extent (x 0 to 440, y 0 to 20), not at the last cell's
    // far edge: one at each column's left edge, one on the extent's right edge, and the
    // extent's top and bottom.
    const d = cells.getAttribute('d') ?? ''
    const verticals = [...d.matchAll(/M(-?[\d.]+) 0V(-?[\d.]+)/g)]
    expect(verticals.map((match) => Number(match[1]))).toEqual([
      ...Array.from({ length: 22 }, (_, column) => column * cellSize),
      440,
    ])
    expect(verticals.every((match) => Number(match[2]) === 20)).toBe(true)
    expect([...d.matchAll(/M0 (-?[\d.]+)H(-?[\d.]+)/g)].map((match) => match.slice(1))).toEqual([
      ['0', '440'],
      ['20', '440'],
    ])
  })
})
