import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { bodyElement } from './support/bodyElement.js'
import { Card, WorldProbe } from './support/components.js'
import { centerOf, nextFrames } from './support/realPointer.js'
import { realMouse, type RealMouse } from './support/realMouse.js'
import { sampleFrames, shownBoxes } from './support/sampleFrames.js'
import { quietRenderErrors } from './support/quietRenderErrors.js'

let api: WorldApi

afterEach(cleanup)

/** CSS px: what a displayed box may be off by (subpixel layout of the transform). */
const TOLERANCE = 0.5

/**
 * A 500 x 300 board walled by its edges: `a` (draggable) at (20, 20), `b` at (140, 20),
 * each 100 x 60.
 */
function renderBoard(returnPushed?: boolean) {
  const { container } = render(
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      {...(returnPushed !== undefined && { returnPushed })}
      style={{ position: 'relative', width: 500, height: 300 }}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <Card id="a" aria-label="A" x={20} y={20} width={100} height={60} draggable />
      <Card id="b" aria-label="B" x={140} y={20} width={100} height={60} />
    </PhysicsWorld>,
  )
  const surface = container.querySelector('[data-aabb-world]')!
  const card = (id: string) => bodyElement(container, id)
  return { surface, card }
}

/** Moves the held mouse from `from` by (`dx`, `dy`) in `steps` moves, a frame after each. */
async function glide(
  mouse: RealMouse,
  from: { x: number; y: number },
  dx: number,
  dy: number,
  steps: number,
): Promise<{ x: number; y: number }> {
  for (let step = 1; step <= steps; step++) {
    await mouse.move(from.x + (dx * step) / steps, from.y + (dy * step) / steps)
    await nextFrames(1)
  }
  return { x: from.x + dx, y: from.y + dy }
}

/** Drags `a` into `b` (80 px past touching), then down off the row, sampling every frame. */
async function dragIntoAndAway(surface: Element, card: (id: string) => HTMLElement) {
  const mouse = await realMouse()
  let pushedTo = 0
  await sampleFrames(surface, [card('a'), card('b')], { width: 500, height: 300 }, async () => {
    const start = centerOf(card('a'))
    await mouse.move(start.x, start.y)
    await mouse.press(start.x, start.y)
    const inside = await glide(mouse, start, 100, 0, 10)
    await nextFrames(2)
    pushedTo = api.get('b').x
    const away = await glide(mouse, inside, 0, 150, 10)
    await nextFrames(3)
    await mouse.release(away.x, away.y)
  })
  return { pushedTo }
}

describe('pushed cards return (returnPushed), with the real mouse, every frame sampled', () => {
  it('a card pushed aside slides back to its start once the dragged card leaves', async () => {
    const { surface, card } = renderBoard()
    await nextFrames(2)
    const shownBefore = shownBoxes(surface, [card('b')])[0]!
    const { pushedTo } = await dragIntoAndAway(surface, card)
    expect(pushedTo).toBeGreaterThan(200)
    expect(api.get('b')).toMatchObject({ x: 140, y: 20 })
    const shownAfter = shownBoxes(surface, [card('b')])[0]!
    expect(Math.abs(shownAfter.left - shownBefore.left)).toBeLessThanOrEqual(TOLERANCE)
    expect(Math.abs(shownAfter.top - shownBefore.top)).toBeLessThanOrEqual(TOLERANCE)
    // The drop left a where the pointer took it, below the row.
    expect(api.get('a').y).toBeGreaterThan(150)
  })

  it('returnPushed={false}: the pushed card stays where the drag pushed it', async () => {
    const { surface, card } = renderBoard(false)
    await nextFrames(2)
    const { pushedTo } = await dragIntoAndAway(surface, card)
    expect(pushedTo).toBeGreaterThan(200)
    expect(api.get('b').x).toBe(pushedTo)
  })

  it('a bad returnPushed throws naming the prop', () => {
    quietRenderErrors()
    expect(() => render(<PhysicsWorld returnPushed={'yes' as unknown as boolean} />)).toThrow(
      /<PhysicsWorld>: returnPushed must be a boolean/,
    )
  })
})
