import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, ManualWorld } from './support/components.js'
import { bodyElement } from './support/bodyElement.js'
import { createManualFrames, type ManualFrames } from './support/manualFrames.js'
import { overlappingPairs } from './support/overlappingPairs.js'

let api: WorldApi
let frames: ManualFrames

afterEach(() => {
  cleanup()
})

/** An 800 x 600 board walled by its edges, with hand-run frames. */
function renderBoard(cards: React.ReactNode) {
  frames = createManualFrames()
  const { container } = render(
    <ManualWorld
      frames={frames}
      onApi={(value) => (api = value)}
      gravity={{ x: 0, y: 0 }}
      bounds="container"
    >
      {cards}
    </ManualWorld>,
  )
  frames.run(5)
  const element = (id: string) => bodyElement(container, id)
  const region = document.querySelector('[aria-live="polite"]') as HTMLElement
  return { element, region }
}

describe('an arrow-key step pushes like a pointer drag', () => {
  it('pushes the touching cards ahead, announces them, and writes them in the next frame', async () => {
    const { element, region } = renderBoard(
      <>
        <Card id="notes" label="Notes" x={20} y={100} width={100} height={80} keyboard />
        <Card id="chart" aria-label="Chart" x={120} y={100} width={100} height={80} />
        <Card id="todo" aria-label="Todo" x={220} y={150} width={60} height={60} />
        <Card id="aside" aria-label="Aside" x={20} y={300} width={60} height={60} />
      </>,
    )
    const asideWritten = element('aside').style.translate
    element('notes').focus()
    await userEvent.keyboard('{ArrowRight}')

    // Notes pushed Chart, and Chart pushed Todo (which overlaps its lower half).
    expect(api.get('notes')).toMatchObject({ x: 30, y: 100 })
    expect(api.get('chart')).toMatchObject({ x: 130, y: 100 })
    expect(api.get('todo')).toMatchObject({ x: 230, y: 150 })
    expect(api.get('aside')).toMatchObject({ x: 20, y: 300 })
    expect(overlappingPairs(api.world)).toEqual([])
    expect(region.textContent).toBe('Notes moved right, pushed Chart and Todo')

    // The loop was woken: the next frame writes every body that moved.
    expect(frames.pending).toBe(1)
    frames.run(1)
    expect(element('notes').style.translate).toBe('10px')
    expect(element('chart').style.translate).toBe('10px')
    expect(element('todo').style.translate).toBe('10px')
    expect(element('aside').style.translate).toBe(asideWritten)
    frames.run(30)
    expect(overlappingPairs(api.world)).toEqual([])
    expect(api.get('chart')).toMatchObject({ x: 130, y: 100 })
  })

  it('is blocked by a chain pressed against a wall, and says what blocked it', async () => {
    const { element, region } = renderBoard(
      <>
        <Card id="notes" label="Notes" x={600} y={100} width={100} height={80} keyboard />
        <Card id="chart" aria-label="Chart" x={700} y={100} width={100} height={80} />
      </>,
    )
    element('notes').focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(api.get('notes').x).toBe(600)
    expect(api.get('chart').x).toBe(700)
    expect(region.textContent).toBe('Notes blocked on the right by Chart')
    expect(overlappingPairs(api.world)).toEqual([])
  })

  it('pushes as far as the wall allows, then stops face to face', async () => {
    const { element, region } = renderBoard(
      <>
        <Card id="notes" label="Notes" x={596} y={100} width={100} height={80} keyboard />
        <Card id="chart" aria-label="Chart" x={696} y={100} width={100} height={80} />
      </>,
    )
    element('notes').focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(api.get('chart').x).toBe(700)
    expect(api.get('notes').x).toBe(600)
    expect(region.textContent).toBe(
      'Notes moved right, pushed Chart, then blocked on the right by Chart',
    )
    expect(overlappingPairs(api.world)).toEqual([])
  })

  it('with Shift stops at the first contact and pushes nothing', async () => {
    const { element, region } = renderBoard(
      <>
        <Card id="notes" label="Notes" x={20} y={100} width={100} height={80} keyboard />
        <Card id="chart" aria-label="Chart" x={120} y={100} width={100} height={80} />
      </>,
    )
    element('notes').focus()
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(api.get('notes').x).toBe(20)
    expect(api.get('chart').x).toBe(120)
    expect(region.textContent).toBe('Notes blocked on the right by Chart')
  })

  it('never pushes a card that is not pushable', async () => {
    const { element, region } = renderBoard(
      <>
        <Card id="notes" label="Notes" x={20} y={100} width={100} height={80} keyboard />
        <Card
          id="pillar"
          aria-label="Pillar"
          x={120}
          y={60}
          width={40}
          height={200}
          pushable={false}
        />
      </>,
    )
    element('notes').focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(api.get('notes').x).toBe(20)
    expect(api.get('pillar').x).toBe(120)
    expect(region.textContent).toBe('Notes blocked on the right by Pillar')
  })
})
