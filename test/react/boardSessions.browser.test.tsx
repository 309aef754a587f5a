import { act, cleanup, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { useWorld, type WorldApi } from '../../src/react/useWorld.js'
import { displayedProblems } from './support/displayedProblems.js'
import { centerOf, everyFrame, nextFrames } from './support/realPointer.js'
import { realMouse, type RealMouse } from './support/realMouse.js'

/**
 * Random sessions on a real board in Chromium, with the real mouse and keyboard: drags,
 * throws, drags cancelled by Escape, keyboard moves, cards added, removed and resized, the
 * board resized. Every animation frame, what is displayed is checked against the promise:
 * no two cards overlap and no card is outside the board (each by more than half a pixel, the
 * rounding of a CSS transform). FUZZ_SESSIONS runs more sessions than the default three.
 */
const SESSIONS = Number(
  (import.meta as { env?: Record<string, string> }).env?.VITE_FUZZ_SESSIONS ?? 3,
)
const ACTIONS_PER_SESSION = 14
afterEach(cleanup)

/** A seeded generator (Park-Miller), so a failing session can be replayed by its seed. */
function randomFrom(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
  return {
    next,
    int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
    pick: <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  }
}

interface CardSpec {
  id: string
  width: number
  height: number
}

function SessionCard({ spec, left, top }: { spec: CardSpec; left: number; top: number }) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id: spec.id,
    draggable: true,
    throwable: true,
    label: `card ${spec.id}`,
  })
  return (
    <div
      ref={ref}
      data-card={spec.id}
      style={{
        position: 'absolute',
        left,
        top,
        width: spec.width,
        height: spec.height,
        background: '#8ab',
        boxSizing: 'border-box',
      }}
    >
      {spec.id}
    </div>
  )
}

interface BoardControls {
  setSize(width: number, height: number): void
  setCards(update: (cards: CardSpec[]) => CardSpec[]): void
}

function SessionBoard({
  initial,
  onControls,
  onApi,
}: {
  initial: CardSpec[]
  onControls: (controls: BoardControls) => void
  onApi: (api: WorldApi) => void
}) {
  const [size, setSizeState] = useState({ width: 640, height: 420 })
  const [cards, setCards] = useState(initial)
  onControls({ setSize: (width, height) => setSizeState({ width, height }), setCards })
  return (
    <PhysicsWorld
      bounds="container"
      data-testid="board"
      style={{ position: 'relative', width: size.width, height: size.height, outline: '1px solid' }}
    >
      <ApiProbe onApi={onApi} />
      {cards.map((spec, n) => (
        // Laid out in rows of four, 150 x 100 cells: no overlap at the start.
        <SessionCard
          key={spec.id}
          spec={spec}
          left={(n % 4) * 150 + 4}
          top={Math.floor(n / 4) * 100 + 4}
        />
      ))}
    </PhysicsWorld>
  )
}

function ApiProbe({ onApi }: { onApi: (api: WorldApi) => void }) {
  onApi(useWorld())
  return null
}

/**
 * The real mouse kept inside the test's frame (DevTools events outside it never reach the
 * page), moving only when the point changes by a pixel or more (a move to where it is
 * makes no pointermove, which the real mouse waits for).
 */
function pointerOf(mouse: RealMouse) {
  const at = { x: Number.NaN, y: Number.NaN }
  return {
    async moveTo(x: number, y: number) {
      const inX = Math.min(Math.max(x, 1), innerWidth - 2)
      const inY = Math.min(Math.max(y, 1), innerHeight - 2)
      if (Math.abs(inX - at.x) < 1 && Math.abs(inY - at.y) < 1) return
      at.x = inX
      at.y = inY
      await mouse.move(inX, inY)
    },
    press: () => mouse.press(at.x, at.y),
    release: () => mouse.release(at.x, at.y),
  }
}

async function runSession(seed: number) {
  const random = randomFrom(seed)
  const initial: CardSpec[] = Array.from({ length: random.int(4, 7) }, (_, n) => ({
    id: `c${n}`,
    width: random.int(40, 130),
    height: random.int(30, 90),
  }))
  let controls: BoardControls | undefined
  let api: WorldApi | undefined
  const { getByTestId } = render(
    <SessionBoard initial={initial} onControls={(c) => (controls = c)} onApi={(a) => (api = a)} />,
  )
  const board = getByTestId('board')
  await nextFrames(3)
  let action = 'start'
  const log: string[] = []
  const problems: string[] = []
  // A change the test makes to the board or a card (React commits it at once) is seen by
  // the board through a ResizeObserver or a layout check, then resolved at the board's next
  // fixed step: the frame after the change shows what was never painted (this callback runs
  // before the observer's), and the next may run no fixed step (frames are not exactly 1/60
  // s apart). Those two frames are not checked; every frame after them is.
  let uncheckedFrames = 0
  const change = (update: () => void) => {
    uncheckedFrames = 2
    act(update)
  }
  const stop = everyFrame(() => {
    if (uncheckedFrames > 0) {
      uncheckedFrames--
      return
    }
    if (problems.length > 0) return
    for (const problem of displayedProblems(board)) {
      const world = api!.world
      const bodies = world.ids().map((id) => {
        const { x, y, width, height } = world.get(id)
        return `${id} (${x.toFixed(2)}, ${y.toFixed(2)}, ${width}x${height})`
      })
      problems.push(`after ${action}: ${problem}; the world: ${bodies.join(', ')}`)
    }
  })
  const pointer = pointerOf(await realMouse())
  let added = initial.length
  const cardElements = () => [...board.querySelectorAll<HTMLElement>('[data-card]')]
  try {
    for (let n = 0; n < ACTIONS_PER_SESSION && problems.length === 0; n++) {
      const kind = random.pick([
        'drag',
        'drag',
        'throw',
        'escape',
        'keys',
        'board',
        'add',
        'remove',
        'grow',
      ] as const)
      const element = random.pick(cardElements())
      const id = element?.dataset.card ?? '-'
      const frame = board.getBoundingClientRect()
      const target = {
        // Anywhere over the board and up to 60 px beyond its edges.
        x: frame.left - 60 + random.next() * (frame.width + 120),
        y: frame.top - 60 + random.next() * (frame.height + 120),
      }
      action = `${kind} ${id} (action ${n} of seed ${seed})`
      log.push(action)
      if (kind === 'drag' || kind === 'throw' || kind === 'escape') {
        if (!element) continue
        const from = centerOf(element)
        await pointer.moveTo(from.x, from.y)
        await pointer.press()
        const steps = kind === 'throw' ? 2 : random.int(3, 10)
        for (let s = 1; s <= steps; s++) {
          await pointer.moveTo(
            from.x + ((target.x - from.x) * s) / steps,
            from.y + ((target.y - from.y) * s) / steps,
          )
          if (kind !== 'throw') await nextFrames(1)
        }
        if (kind === 'escape') await userEvent.keyboard('{Escape}')
        await pointer.release()
      } else if (kind === 'keys') {
        if (!element) continue
        element.focus()
        const key = random.pick(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'])
        const shift = random.next() < 0.3
        await userEvent.keyboard(shift ? `{Shift>}{${key}}{/Shift}` : `{${key}}{${key}}{${key}}`)
      } else if (kind === 'board') {
        // Any size the cards fit in comfortably (their area is at most a third of it).
        change(() => controls!.setSize(random.int(460, 720), random.int(300, 460)))
      } else if (kind === 'add') {
        const spec = { id: `c${added++}`, width: random.int(40, 110), height: random.int(30, 80) }
        change(() => controls!.setCards((cards) => (cards.length < 8 ? [...cards, spec] : cards)))
      } else if (kind === 'remove') {
        change(() =>
          controls!.setCards((cards) =>
            cards.length > 2 ? cards.filter((card) => card.id !== id) : cards,
          ),
        )
      } else {
        const width = random.int(40, 140)
        const height = random.int(30, 100)
        change(() =>
          controls!.setCards((cards) =>
            cards.map((card) => (card.id === id ? { ...card, width, height } : card)),
          ),
        )
      }
      await nextFrames(random.int(2, 20))
    }
    action = `the end of seed ${seed}`
    // The board comes to rest: every throw and push settles.
    for (let frame = 0; frame < 600 && !api!.world.isIdle(); frame++) await nextFrames(1)
    await nextFrames(2)
  } finally {
    stop()
    cleanup()
  }
  expect(problems, log.join('\n')).toEqual([])
}

describe('random sessions on a board, every frame checked', () => {
  for (let session = 0; session < SESSIONS; session++) {
    const seed = 1000 + session * 7919
    it(`keeps every card on the board and apart (seed ${seed})`, async () => {
      await runSession(seed)
    }, 120_000)
  }
})
