import { act, cleanup, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { useWorld, type WorldApi } from '../../src/react/useWorld.js'
import { nextFrames } from './support/realPointer.js'

afterEach(cleanup)

function FlowCard({ id }: { id: string }) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, draggable: true })
  return (
    <div ref={ref} data-card={id} style={{ width: 80, height: 60, flex: 'none' }}>
      {id}
    </div>
  )
}

function Probe({ onApi }: { onApi: (api: WorldApi) => void }) {
  onApi(useWorld())
  return null
}

/** A row of cards laid out by flexbox, as dashboards lay out their cards before any drag. */
function FlowBoard({
  onApi,
  onRemove,
}: {
  onApi: (api: WorldApi) => void
  onRemove: (remove: (id: string) => void) => void
}) {
  const [ids, setIds] = useState(['a', 'b', 'c', 'd'])
  onRemove((id) => setIds((current) => current.filter((other) => other !== id)))
  return (
    <PhysicsWorld
      bounds="container"
      data-testid="board"
      style={{ display: 'flex', gap: 10, width: 600, height: 300, position: 'relative' }}
    >
      <Probe onApi={onApi} />
      {ids.map((id) => (
        <FlowCard key={id} id={id} />
      ))}
    </PhysicsWorld>
  )
}

describe('a layout that moves under the cards', () => {
  it('keeps every card where the world has it when a card before it in the flow leaves', async () => {
    let api: WorldApi | undefined
    let remove: ((id: string) => void) | undefined
    const { container } = render(
      <FlowBoard onApi={(a) => (api = a)} onRemove={(r) => (remove = r)} />,
    )
    await nextFrames(2)
    const shown = (id: string) =>
      container.querySelector(`[data-card="${id}"]`)!.getBoundingClientRect()
    const board = container.querySelector('[data-testid="board"]')!.getBoundingClientRect()
    const before = { c: shown('c').left, d: shown('d').left }
    expect(api!.get('c').x).toBeCloseTo(before.c - board.left, 3)
    // The flow moves c and d 90 px left when a leaves; the world keeps them, and so must the page.
    act(() => remove!('a'))
    await nextFrames(2)
    expect(shown('c').left).toBeCloseTo(before.c, 3)
    expect(shown('d').left).toBeCloseTo(before.d, 3)
    expect(api!.get('c').x).toBeCloseTo(before.c - board.left, 3)
  })
})
