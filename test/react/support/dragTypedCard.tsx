import { render } from '@testing-library/react'
import type { BodyType } from '../../../src/core/world/types.js'
import { bodyElement } from './bodyElement.js'
import { Card } from './components.js'
import { firePointer } from './firePointer.js'
import type { ManualBoard } from './manualBoard.js'

/**
 * Renders a dynamic draggable card "card" on `board` and drags it 30 px (so it is kinematic
 * while dragged), one frame run; `retype` renders it again with another type while the
 * drag goes on.
 */
export function dragTypedCard(board: ManualBoard) {
  const { Board } = board
  const cardOf = (type: BodyType) => (
    <Board>
      <Card id="card" type={type} draggable />
    </Board>
  )
  const { container, rerender } = render(cardOf('dynamic'))
  const card = bodyElement(container, 'card')
  firePointer(card, 'pointerdown', 10)
  firePointer(card, 'pointermove', 40)
  board.frames.run(1)
  return { card, retype: (type: BodyType) => rerender(cardOf(type)) }
}
