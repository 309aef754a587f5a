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

describe('bad resizable', () => {
  const check = (resizable: unknown) => () =>
    validateBodyOptions({ resizable: resizable as AABBBodyOptions['resizable'] }, 'notes')

  it('names the body and the field for an unknown handle direction or a handles that is not an array', () => {
    expect(check({ handles: ['se', 'up'] })).toThrow(
      new RangeError(
        `useAABBBody("notes"): resizable.handles[1] must be one of 'n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw' (got "up")`,
      ),
    )
    expect(check({ handles: 'se' })).toThrow(
      new TypeError(
        'useAABBBody("notes"): resizable.handles must be an array of directions (got "se")',
      ),
    )
    expect(check('yes')).toThrow(
      new TypeError(
        'useAABBBody("notes"): resizable must be a boolean or an object of resize options (got "yes")',
      ),
    )
    expect(check(null)).toThrow(
      'useAABBBody("notes"): resizable must be a boolean or an object of resize options (got null)',
    )
  })

  it('names the field for a negative, NaN or infinite min or max size', () => {
    expect(check({ minWidth: -1 })).toThrow(
      new RangeError(
        'useAABBBody("notes"): resizable.minWidth must be a finite number >= 0 (got -1)',
      ),
    )
    expect(check({ minHeight: Number.NaN })).toThrow(
      'useAABBBody("notes"): resizable.minHeight must be a finite number >= 0 (got NaN)',
    )
    expect(check({ maxWidth: Number.POSITIVE_INFINITY })).toThrow(
      'useAABBBody("notes"): resizable.maxWidth must be a finite number >= 0 (got Infinity)',
    )
    expect(check({ maxHeight: -0.5 })).toThrow(
      'useAABBBody("notes"): resizable.maxHeight must be a finite number >= 0 (got -0.5)',
    )
    expect(check({ minWidth: '10' })).toThrow(
      'useAABBBody("notes"): resizable.minWidth must be a finite number >= 0 (got "10")',
    )
  })

  it('names both fields for a min above its max, and the mode for an unknown mode', () => {
    expect(check({ minWidth: 120, maxWidth: 80 })).toThrow(
      new RangeError(
        'useAABBBody("notes"): resizable.minWidth (120) is above resizable.maxWidth (80)',
      ),
    )
    expect(check({ minHeight: 60, maxHeight: 40 })).toThrow(
      'useAABBBody("notes"): resizable.minHeight (60) is above resizable.maxHeight (40)',
    )
    expect(check({ mode: 'shrink' })).toThrow(
      new RangeError(
        `useAABBBody("notes"): resizable.mode must be one of 'push', 'stop', 'squeeze' (got "shrink")`,
      ),
    )
  })

  it('accepts true, false and every valid option, a min equal to its max included', () => {
    expect(check(true)).not.toThrow()
    expect(check(false)).not.toThrow()
    expect(
      check({
        handles: ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'],
        minWidth: 40,
        maxWidth: 40,
        minHeight: 0,
        maxHeight: 300,
        mode: 'squeeze',
      }),
    ).not.toThrow()
  })

  it('throws from the render of a card with bad resize options, before the card joins the world', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderBoard({ resizable: { minWidth: 50, maxWidth: 10 } })).toThrow(
      'useAABBBody("card"): resizable.minWidth (50) is above resizable.maxWidth (10)',
    )
    expect(document.querySelector('[data-aabb-resize-handle]')).toBeNull()
  })
})
