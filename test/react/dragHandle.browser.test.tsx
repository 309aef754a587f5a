import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { validateBodyOptions, type AABBBodyOptions } from '../../src/board/bodyOptions.js'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { WorldProbe } from './support/components.js'
import { dragBy, nextFrames } from './support/realPointer.js'

let api: WorldApi

afterEach(() => {
  cleanup()
})

/** A 200 x 120 card at (20, 40) with a title bar, a button, a text field and a body text. */
function TitledCard({ onButton, ...options }: AABBBodyOptions & { onButton: () => void }) {
  const { ref } = useAABBBody<HTMLElement>({ id: 'card', draggable: true, ...options })
  return (
    <article
      ref={ref}
      style={{ position: 'absolute', left: 20, top: 40, width: 200, height: 120, margin: 0 }}
    >
      <h3 className="title" style={{ margin: 0, height: 30 }}>
        Notes
      </h3>
      <button type="button" onClick={onButton} style={{ width: 60, height: 24 }}>
        Save
      </button>
      <input aria-label="note" style={{ width: 100, height: 20 }} />
      <p style={{ margin: 0 }}>Some text</p>
    </article>
  )
}

function renderBoard(options: AABBBodyOptions = {}) {
  const onButton = vi.fn()
  const { container } = render(
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      style={{ position: 'relative', width: 600, height: 400 }}
    >
      <WorldProbe onApi={(value) => (api = value)} />
      <TitledCard onButton={onButton} {...options} />
    </PhysicsWorld>,
  )
  const surface = container.querySelector('[data-aabb-world]')!
  const part = (selector: string) => container.querySelector(selector)!
  return { surface, part, onButton }
}

describe('dragHandle and dragCancel with the real mouse', () => {
  it('drags by the handle only: a press on the card outside it moves nothing', async () => {
    const { surface, part } = renderBoard({ dragHandle: '.title' })
    await nextFrames(2)
    await dragBy(part('p'), surface, 100, 50, 8)
    await nextFrames(2)
    expect(api.get('card')).toMatchObject({ x: 20, y: 40 })
    await dragBy(part('article'), surface, 100, 50, 8)
    await nextFrames(2)
    expect(api.get('card')).toMatchObject({ x: 20, y: 40 })

    const travel = await dragBy(part('.title'), surface, 100, 50, 8)
    await nextFrames(2)
    expect(api.get('card').x).toBeCloseTo(20 + travel.x, 3)
    expect(api.get('card').y).toBeCloseTo(40 + travel.y, 3)
  })

  it('never drags from a button or an input; the button is clicked and the input focused', async () => {
    const { surface, part, onButton } = renderBoard()
    await nextFrames(2)
    await dragBy(part('button'), surface, 100, 50, 8)
    await dragBy(part('input'), surface, 100, 50, 8)
    await nextFrames(2)
    expect(api.get('card')).toMatchObject({ x: 20, y: 40 })

    await userEvent.click(part('button'))
    expect(onButton).toHaveBeenCalledTimes(1)
    await userEvent.click(part('input'))
    await userEvent.keyboard('hello')
    expect(part('input')).toHaveProperty('value', 'hello')
    await nextFrames(2)
    expect(api.get('card')).toMatchObject({ x: 20, y: 40 })

    // Elsewhere on the card, the same press drags.
    const travel = await dragBy(part('p'), surface, 100, 50, 8)
    await nextFrames(2)
    expect(api.get('card').x).toBeCloseTo(20 + travel.x, 3)
  })

  it('drags from a button when dragCancel leaves buttons out', async () => {
    const { surface, part, onButton } = renderBoard({ dragCancel: 'input' })
    await nextFrames(2)
    const travel = await dragBy(part('button'), surface, 100, 50, 8)
    await nextFrames(2)
    expect(api.get('card').x).toBeCloseTo(20 + travel.x, 3)
    // The click of the release that ended a drag is not the button's.
    expect(onButton).not.toHaveBeenCalled()
  })
})

describe('bad dragHandle and dragCancel', () => {
  it('names the option and the body for a selector that does not parse, or is not a string', () => {
    expect(() => validateBodyOptions({ dragHandle: '.title[' }, 'notes')).toThrow(
      new SyntaxError(
        'useAABBBody("notes"): dragHandle is not a valid CSS selector (got ".title[")',
      ),
    )
    expect(() => validateBodyOptions({ dragCancel: 'button,' }, 'notes')).toThrow(
      'useAABBBody("notes"): dragCancel is not a valid CSS selector (got "button,")',
    )
    expect(() => validateBodyOptions({ dragHandle: '' }, 'notes')).toThrow(
      'useAABBBody("notes"): dragHandle must be a non-empty CSS selector string (got "")',
    )
    expect(() => validateBodyOptions({ dragCancel: 3 as unknown as string }, 'notes')).toThrow(
      'useAABBBody("notes"): dragCancel must be a CSS selector string (got 3)',
    )
    expect(() =>
      validateBodyOptions({ dragHandle: '.title', dragCancel: '' }, 'notes'),
    ).not.toThrow()
  })
})
