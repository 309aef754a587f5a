// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import fc from 'fast-check'
import { StrictMode, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { BodyType } from '../../src/core/world/types.js'
import { bodyElement } from './support/bodyElement.js'
import { Card } from './support/components.js'
import { firePointer } from './support/firePointer.js'
import { setupManualBoard } from './support/manualBoard.js'

// Random sequences of what an app does to its cards (mount, unmount, change type and
// dragging, drag with the pointer, unmount in the middle of a drag) and of frames, in
// StrictMode or not, checked after each step: the world holds exactly the mounted cards,
// each card's element shows where its body is, and no two cards overlap.

const fixture = setupManualBoard()
const { Board } = fixture

const CARDS = 5
/** Card k's place in the layout: a row of 50 px cards 70 px apart, none overlapping. */
const left = (k: number) => 20 + k * 70

interface CardState {
  shown: boolean
  type: BodyType
  draggable: boolean
}

type Action =
  | { kind: 'toggle'; card: number }
  | { kind: 'type'; card: number; type: BodyType }
  | { kind: 'draggable'; card: number }
  | { kind: 'press'; card: number }
  | { kind: 'drag'; card: number; dx: number }
  | { kind: 'release'; card: number }
  | { kind: 'frames'; count: number }

const card = fc.nat(CARDS - 1)
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('toggle' as const), card }),
  fc.record({
    kind: fc.constant('type' as const),
    card,
    type: fc.constantFrom<BodyType>('dynamic', 'kinematic', 'static'),
  }),
  fc.record({ kind: fc.constant('draggable' as const), card }),
  fc.record({ kind: fc.constant('press' as const), card }),
  fc.record({ kind: fc.constant('drag' as const), card, dx: fc.integer({ min: -150, max: 150 }) }),
  fc.record({ kind: fc.constant('release' as const), card }),
  fc.record({ kind: fc.constant('frames' as const), count: fc.integer({ min: 1, max: 4 }) }),
)

function Cards({ cards, strict }: { cards: CardState[]; strict: boolean }) {
  const board = (
    <Board gravity={{ x: 0, y: 0 }}>
      {cards.map((state, k) =>
        state.shown ? (
          <Card
            key={k}
            id={`card-${k}`}
            x={left(k)}
            y={100}
            type={state.type}
            draggable={state.draggable}
          />
        ) : null,
      )}
    </Board>
  )
  return strict ? <StrictMode>{board}</StrictMode> : (board as ReactNode)
}

/** The offset `translate` shows on an element ('' is none), in px. */
function shownOffset(element: HTMLElement): { x: number; y: number } {
  const [x = '0px', y = '0px'] = element.style.translate.split(' ')
  return { x: Number.parseFloat(x) || 0, y: Number.parseFloat(y) || 0 }
}

describe('random card lifecycles', { timeout: 120_000 }, () => {
  it('keep the world equal to the mounted cards, each element where its body is, and cards apart', () => {
    // Not vacuous: some drags must have moved a card, and some card must have gone mid-drag.
    let movedCards = 0
    let unmountedWhileHeld = 0
    fc.assert(
      fc.property(fc.boolean(), fc.array(action, { maxLength: 20 }), (strict, actions) => {
        const cards: CardState[] = Array.from({ length: CARDS }, () => ({
          shown: true,
          type: 'dynamic',
          draggable: true,
        }))
        const view = render(<Cards cards={cards} strict={strict} />)
        const pointerX = new Map<number, number>()
        const element = (k: number) => bodyElement(view.container, `card-${k}`)
        try {
          for (const act of actions) {
            const state = act.kind === 'frames' ? undefined : cards[act.card]
            switch (act.kind) {
              case 'toggle':
                if (state!.shown && pointerX.has(act.card)) unmountedWhileHeld++
                if (state!.shown) pointerX.delete(act.card)
                state!.shown = !state!.shown
                view.rerender(<Cards cards={cards} strict={strict} />)
                break
              case 'type':
                state!.type = act.type
                view.rerender(<Cards cards={cards} strict={strict} />)
                break
              case 'draggable':
                state!.draggable = !state!.draggable
                view.rerender(<Cards cards={cards} strict={strict} />)
                break
              case 'press':
                if (!state!.shown) break
                pointerX.set(act.card, left(act.card) + 10)
                firePointer(element(act.card), 'pointerdown', left(act.card) + 10, 110)
                break
              case 'drag': {
                if (!state!.shown) break
                const x = (pointerX.get(act.card) ?? left(act.card) + 10) + act.dx
                pointerX.set(act.card, x)
                firePointer(element(act.card), 'pointermove', x, 110)
                break
              }
              case 'release':
                if (!state!.shown) break
                firePointer(element(act.card), 'pointerup', pointerX.get(act.card) ?? 0, 110)
                pointerX.delete(act.card)
                break
              case 'frames':
                fixture.frames.run(act.count)
                break
            }
            const shown = cards.flatMap((each, k) => (each.shown ? [`card-${k}`] : []))
            expect(fixture.api.world.ids().sort()).toEqual(shown)
            if (act.kind !== 'frames') continue
            // After a frame, every element shows its body's place (the fake layout puts a
            // card at its `left`, 100).
            for (const id of shown) {
              const k = Number(id.slice(5))
              const body = fixture.api.get(id)
              const offset = shownOffset(element(k))
              expect(offset.x).toBeCloseTo(body.x - left(k), 6)
              expect(offset.y).toBeCloseTo(body.y - 100, 6)
              if (offset.x !== 0) movedCards++
            }
            // The cards start apart, and drags are swept moves that push: none overlaps.
            const bodies = shown.map((id) => fixture.api.get(id))
            for (const a of bodies) {
              for (const b of bodies) {
                if (a === b) continue
                const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
                const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
                expect(Math.min(overlapX, overlapY), `${a.id} in ${b.id}`).toBeLessThan(0.01)
              }
            }
          }
        } finally {
          view.unmount()
        }
      }),
      { numRuns: 300 },
    )
    expect(movedCards).toBeGreaterThan(0)
    expect(unmountedWhileHeld).toBeGreaterThan(0)
  })
})
