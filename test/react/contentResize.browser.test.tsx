import { act, cleanup, render } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { WorldProbe } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { everyPaintedFrame, nextFrames } from './support/realPointer.js'
import { shownBoxes } from './support/sampleFrames.js'

// A card whose own content changes its size (text wraps, a panel opens): the board pushes
// its neighbours away before the frame that first shows it grown is painted.

afterEach(cleanup)

let api: WorldApi
let grow: (height: number) => void = () => {}

/** A 120 px wide card at (20, 20) whose height its own state sets; hands its setter out. */
function GrowingCard({ onReady }: { onReady: (setHeight: (height: number) => void) => void }) {
  const [height, setHeight] = useState(60)
  useEffect(() => onReady(setHeight), [onReady])
  const { ref } = useAABBBody<HTMLDivElement>({ id: 'a', draggable: true })
  return (
    <div ref={ref} style={{ position: 'absolute', left: 20, top: 20, width: 120, height }}>
      a
    </div>
  )
}

function Neighbour({ id, top }: { id: string; top: number }) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, draggable: true })
  return (
    <div ref={ref} style={{ position: 'absolute', left: 20, top, width: 120, height: 60 }}>
      {id}
    </div>
  )
}

describe('a card grown by its content', () => {
  it('shows no overlap in any painted frame: its neighbours are pushed before the paint', async () => {
    const { container } = render(
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        style={{ position: 'relative', width: 300, height: 500 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <GrowingCard onReady={(setHeight) => (grow = setHeight)} />
        <Neighbour id="b" top={90} />
        <Neighbour id="c" top={160} />
      </PhysicsWorld>,
    )
    await nextFrames(3)
    const surface = container.querySelector('[data-aabb-world]')!
    const cards = ['a', 'b', 'c'].map((id) => bodyElement(container, id))
    const overlaps: string[] = []
    let frames = 0
    const stop = everyPaintedFrame(() => {
      frames++
      const boxes = shownBoxes(surface, cards)
      for (let i = 0; i < boxes.length; i++) {
        const box = boxes[i]!
        if (box.left < -0.5 || box.top < -0.5 || box.right > 300.5 || box.bottom > 500.5) {
          overlaps.push(`frame ${frames}: ${i} outside`)
        }
        for (let j = i + 1; j < boxes.length; j++) {
          const p = boxes[i]!
          const q = boxes[j]!
          const x = Math.min(p.right, q.right) - Math.max(p.left, q.left)
          const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)
          if (x > 0.5 && y > 0.5) overlaps.push(`frame ${frames}: ${i}/${j} by ${y.toFixed(1)}`)
        }
      }
    })
    try {
      act(() => grow(220))
      await nextFrames(10)
    } finally {
      stop()
    }
    expect(frames).toBeGreaterThan(5)
    expect(api.get('a').height).toBe(220)
    expect(overlaps).toEqual([])
  })
})
