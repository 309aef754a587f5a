import { act, cleanup, render } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { useWorld, type WorldApi } from '../../src/react/useWorld.js'
import { displayedProblems } from './support/displayedProblems.js'
import { everyFrame, nextFrames } from './support/realPointer.js'

/**
 * Issue #23: a card added to a board is never painted outside the board or over another
 * card, not even in the first frame after the commit that adds it. Its place in the page's
 * flow (here its `left`/`top`) may be either; the board must move it before any paint.
 */

afterEach(cleanup)

interface CardSpec {
  id: string
  left: number
  top: number
  width: number
  height: number
}

function PlacedCard({ spec }: { spec: CardSpec }) {
  const { ref } = useAABBBody<HTMLDivElement>({ id: spec.id, draggable: true })
  return (
    <div
      ref={ref}
      data-card={spec.id}
      style={{
        position: 'absolute',
        left: spec.left,
        top: spec.top,
        width: spec.width,
        height: spec.height,
        boxSizing: 'border-box',
      }}
    >
      {spec.id}
    </div>
  )
}

function Probe({ onApi }: { onApi: (api: WorldApi) => void }) {
  onApi(useWorld())
  return null
}

/** Four 120 x 80 cards on a 400 x 300 board: room is left at the right and at the bottom. */
const fourCards: CardSpec[] = [
  { id: 'a', left: 0, top: 0, width: 120, height: 80 },
  { id: 'b', left: 140, top: 0, width: 120, height: 80 },
  { id: 'c', left: 0, top: 100, width: 120, height: 80 },
  { id: 'd', left: 140, top: 100, width: 120, height: 80 },
]

function Board({
  onAdd,
  onApi,
}: {
  onAdd: (add: (spec: CardSpec) => void) => void
  onApi: (api: WorldApi) => void
}) {
  const [cards, setCards] = useState(fourCards)
  onAdd((spec) => setCards((current) => [...current, spec]))
  return (
    <PhysicsWorld
      bounds="container"
      data-testid="board"
      style={{ position: 'relative', width: 400, height: 300 }}
    >
      <Probe onApi={onApi} />
      {cards.map((spec) => (
        <PlacedCard key={spec.id} spec={spec} />
      ))}
    </PhysicsWorld>
  )
}

/**
 * Checks `board` in every frame until the returned function is called, twice a frame: in
 * the frame's animation-frame callbacks, and in a task posted from them, which runs after
 * that frame's rendering update (ResizeObserver callbacks, paint), so it sees what was
 * painted.
 */
function checkEveryFrame(board: HTMLElement, problems: string[]): () => void {
  let frame = 0
  const afterPaint = new MessageChannel()
  afterPaint.port1.onmessage = () => {
    for (const problem of displayedProblems(board))
      problems.push(`painted frame ${frame}: ${problem}`)
  }
  const stop = everyFrame(() => {
    frame++
    for (const problem of displayedProblems(board)) problems.push(`frame ${frame}: ${problem}`)
    afterPaint.port2.postMessage(null)
  })
  return () => {
    stop()
    afterPaint.port1.close()
  }
}

/** Renders the board, lets it come to rest (its frame loop idle), then adds `spec`. */
async function addToRestingBoard(spec: CardSpec) {
  let add: ((spec: CardSpec) => void) | undefined
  let api: WorldApi | undefined
  const { getByTestId } = render(
    <StrictMode>
      <Board onAdd={(a) => (add = a)} onApi={(a) => (api = a)} />
    </StrictMode>,
  )
  const board = getByTestId('board')
  for (let frame = 0; frame < 120 && !api!.world.isIdle(); frame++) await nextFrames(1)
  await nextFrames(3)
  expect(displayedProblems(board)).toEqual([])
  expect(api!.world.isIdle()).toBe(true)
  const problems: string[] = []
  const stop = checkEveryFrame(board, problems)
  try {
    act(() => add!(spec))
    // The commit is done: what the page shows now is what the next paint shows, unless a
    // frame callback changes it first.
    for (const problem of displayedProblems(board)) problems.push(`at the commit: ${problem}`)
    await Promise.resolve()
    for (let frame = 0; frame < 240 && !api!.world.isIdle(); frame++) await nextFrames(1)
    await nextFrames(3)
  } finally {
    stop()
  }
  expect(problems).toEqual([])
  expect(api!.world.isIdle()).toBe(true)
  return { board, api: api! }
}

describe('a card added to a board', () => {
  it('is never shown outside the board when its place in the flow is beyond the edge', async () => {
    // Its natural box (330, 200)-(450, 280) crosses the board's right edge at 400.
    const { api } = await addToRestingBoard({
      id: 'e',
      left: 330,
      top: 200,
      width: 120,
      height: 80,
    })
    const e = api.world.get('e')
    expect(e.x + e.width).toBeLessThanOrEqual(400)
  })

  it('is never shown over another card when its place in the flow is on one', async () => {
    // Its natural box (20, 20)-(140, 100) lies over cards a, b and c.
    const { api } = await addToRestingBoard({ id: 'e', left: 20, top: 20, width: 120, height: 80 })
    // The others stay where they were: the new card takes the free spot nearest its place.
    for (const spec of fourCards) {
      expect(api.world.get(spec.id)).toMatchObject({ x: spec.left, y: spec.top })
    }
  })
})
