// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhysicsWorld, type PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'

afterEach(cleanup)

describe('<PhysicsWorld> overflow props', () => {
  it('names the prop for a bad onOverflow, announcement formatter or bounds.grow', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const cases: Array<[Partial<PhysicsWorldProps>, string]> = [
      [{ onOverflow: 'x' as never }, '<PhysicsWorld>: onOverflow must be a function (got "x")'],
      [
        { accessibility: { announcements: { onOverflow: 'full' as never } } },
        '<PhysicsWorld>: accessibility.announcements.onOverflow must be a function (got "full")',
      ],
      [{ bounds: { grow: 'z' } as never }, `<PhysicsWorld>: bounds.grow must be 'y' (got "z")`],
      [
        { bounds: { grow: 'y', height: 10 } as never },
        '<PhysicsWorld>: bounds { grow } takes no other field',
      ],
      [{ bounds: 5 as never }, `<PhysicsWorld>: bounds must be 'container', { grow: 'y' }`],
    ]
    for (const [props, message] of cases) {
      expect(() => render(<PhysicsWorld {...props} />), message).toThrow(message)
    }
  })
})
