// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Card, Caught } from './support/components.js'
import { setupManualBoard } from './support/manualBoard.js'

const fixture = setupManualBoard()
const { Board } = fixture

/**
 * Errors that the library throws while React commits (in a layout effect), not while it
 * renders: React hands them to the nearest error boundary. Not in the React 18 project
 * (vite.config.ts): React 18's development build reports an error a boundary caught once
 * more through a synthetic event, and the test DOM throws it out of `dispatchEvent`, which
 * leaves React 18 unable to render again in that file.
 */
describe('errors thrown while React commits', () => {
  it('refuses two elements with the same id, to the error boundary around the board', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const caught: Error[] = []
    render(
      <Caught onError={(error) => caught.push(error)}>
        <Board>{[<Card key="1" id="twin" />, <Card key="2" id="twin" />]}</Board>
      </Caught>,
    )
    expect(caught.map((error) => error.message)).toEqual([
      'useAABBBody: the id "twin" is already used by another body in this <PhysicsWorld>',
    ])
    expect(fixture.api.world.ids()).toEqual([])
  })
})
