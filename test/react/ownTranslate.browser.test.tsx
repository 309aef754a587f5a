import { cleanup, render } from '@testing-library/react'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { everyFrame, nextFrames } from './support/realPointer.js'

let api: WorldApi

afterEach(() => {
  cleanup()
})

/** Where `element` shows, relative to the world container's top-left (it has no border). */
function shownInWorld(element: Element): { x: number; y: number } {
  const box = element.getBoundingClientRect()
  const world = element.closest('[data-aabb-world]')!.getBoundingClientRect()
  return { x: box.left - world.left, y: box.top - world.top }
}

describe('a card with its own CSS translate', () => {
  it('shows where the world says it is in every frame, before and after a move', async () => {
    const { container } = render(
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        style={{ position: 'relative', width: 400, height: 300 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Card id="card" style={{ translate: '10px 0px' }} />
      </PhysicsWorld>,
    )
    const card = bodyElement(container, 'card')
    expect(api.get('card')).toMatchObject({ x: 10, y: 0 })
    const misplaced: string[] = []
    /** Compares, in each of the next `count` frames, where the card shows with the world. */
    const watchFrames = async (count: number) => {
      const stop = everyFrame(() => {
        const shown = shownInWorld(card)
        const { x, y } = api.get('card')
        if (Math.abs(shown.x - x) > 1e-3 || Math.abs(shown.y - y) > 1e-3) {
          misplaced.push(`shown at (${shown.x}, ${shown.y}), world at (${x}, ${y})`)
        }
      })
      await nextFrames(count)
      stop()
    }
    // The first frames write the card, and its ResizeObserver measures it again.
    await watchFrames(3)
    act(() => {
      api.move('card', { x: 15, y: 0 })
    })
    // The move changed the world at once; the frame after it writes the card.
    await nextFrames(2)
    await watchFrames(2)
    expect(misplaced).toEqual([])
    expect(shownInWorld(card)).toEqual({ x: 15, y: 0 })
  })
})
