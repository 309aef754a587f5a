import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { centerOf, firePointer, nextFrames } from './support/realPointer.js'

let api: WorldApi

afterEach(() => {
  cleanup()
})

function World({ distance }: { distance: number }) {
  return (
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      style={{ position: 'relative', width: 400, height: 300 }}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <Card
        id="a"
        x={20}
        y={100}
        width={80}
        height={60}
        draggable
        dragActivationDistance={distance}
      />
    </PhysicsWorld>
  )
}

describe('changing dragActivationDistance in Chromium', () => {
  it('keeps a drag in progress, and the next press already uses the new distance', async () => {
    const { container, rerender } = render(<World distance={4} />)
    const card = bodyElement(container, 'a')
    const start = centerOf(card)
    firePointer(card, 'pointerdown', start.x, start.y)
    firePointer(card, 'pointermove', start.x + 10, start.y)
    await nextFrames(2)
    rerender(<World distance={50} />)
    firePointer(card, 'pointermove', start.x + 30, start.y)
    await nextFrames(2)
    expect(card.hasAttribute('data-dragging')).toBe(true)
    firePointer(card, 'pointerup', start.x + 30, start.y)
    await nextFrames(2)
    expect(api.get('a').x).toBeCloseTo(50, 3)

    // The next press moves 30 px: below the new distance, so it is no drag.
    const pressed = centerOf(card)
    firePointer(card, 'pointerdown', pressed.x, pressed.y)
    firePointer(card, 'pointermove', pressed.x + 30, pressed.y)
    await nextFrames(2)
    expect(card.hasAttribute('data-dragging')).toBe(false)
    // Past it, the same press becomes a drag.
    firePointer(card, 'pointermove', pressed.x + 60, pressed.y)
    await nextFrames(2)
    expect(card.hasAttribute('data-dragging')).toBe(true)
    firePointer(card, 'pointerup', pressed.x + 60, pressed.y)
    await nextFrames(2)
    expect(api.get('a').x).toBeCloseTo(110, 3)
  })
})
