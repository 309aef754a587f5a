// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhysicsWorld, type PhysicsWorldProps } from '../../src/react/PhysicsWorld.js'

afterEach(cleanup)

describe('<PhysicsWorld> overflow props', () => {
  it('names the prop for a bad onOverflow or announcement formatter', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const cases: Array<[Partial<PhysicsWorldProps>, string]> = [
      [{ onOverflow: 'x' as never }, '<PhysicsWorld>: onOverflow must be a function (got "x")'],
      [
        { accessibility: { announcements: { onOverflow: 'full' as never } } },
        '<PhysicsWorld>: accessibility.announcements.onOverflow must be a function (got "full")',
      ],
    ]
    for (const [props, message] of cases) {
      expect(() => render(<PhysicsWorld {...props} />), message).toThrow(message)
    }
  })
})
