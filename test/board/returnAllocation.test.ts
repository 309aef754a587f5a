import { describe, expect, it } from 'vitest'
import { createDragSessions } from '../../src/board/dragSessions.js'
import { walledBoard } from './helpers.js'
import { leastHeapGrowthPerCall } from '../support/heapGrowth.js'

// A group drag frame with the return of pushed cards walks every card the drag pushed and
// has not put back (hundreds, in a crowd), each frame: its bookkeeping must make no garbage
// per card, or a collection falls every few frames of the drag (test/support/heapGrowth.ts
// says why V8 makes garbage a refactor does not show).

const ROWS = 20
const CARDS_PER_ROW = 30
/** Each card's width, px: a jammed row is this times {@link CARDS_PER_ROW} long. */
const CARD_WIDTH = 8
/** Frames before the windows: V8 compiles the frame's paths once they have run often enough. */
const WARM_UP_FRAMES = 300
/**
 * Windows measured; the least counts. On a machine loaded by the other test files, V8's
 * compiles of the frame's paths fell in the first five windows in a row (11.4 bytes per card
 * and frame, where the frame itself makes about 4.6 in each of them when run alone).
 */
const WINDOWS = 10
const FRAMES_PER_WINDOW = 60
/**
 * Bytes per pushed card and frame allowed. Before the return kept its working state across
 * frames (its list of the cards it walks grew anew from nothing each frame, 22 bytes a card)
 * this scene made 35; it now makes about 4, nearly all of it the group move's result and
 * the frame's few objects (2.6 kB a frame), none of it per card.
 */
const BUDGET_PER_CARD_FRAME = 10

/**
 * A group of {@link ROWS} hands, one at the left of each row of {@link CARDS_PER_ROW} cards,
 * dragged right as one into the rows until every row is jammed against the right wall: each
 * card pushed, blocked on its way back by the one that pushed it, in every frame after.
 */
function jammedGroupDrag() {
  const world = walledBoard()
  const hands: string[] = []
  for (let row = 0; row < ROWS; row++) {
    const y = row * 12
    hands.push(world.add({ id: `hand${row}`, x: 10, y, width: 20, height: 10 }))
    for (let k = 0; k < CARDS_PER_ROW; k++) {
      world.add({ id: `card${row}-${k}`, x: 40 + k * 11, y, width: CARD_WIDTH, height: 10 })
    }
  }
  const drags = createDragSessions(world)
  drags.begin('hand0', undefined, undefined, hands)
  const frame = () => {
    drags.aim('hand0', { x: 300, y: 0 })
    drags.applyGoals(1 / 60)
  }
  return { world, frame }
}

describe('the return of pushed cards in a group drag frame', () => {
  it('makes no garbage per card it walks', () => {
    const { world, frame } = jammedGroupDrag()
    for (let n = 0; n < WARM_UP_FRAMES; n++) frame()
    // Jammed: every row's last card against the wall, each card touching the next.
    expect(world.get('hand0').x).toBe(400 - CARDS_PER_ROW * CARD_WIDTH - 20)
    expect(world.get(`card0-${CARDS_PER_ROW - 1}`).x).toBe(400 - CARD_WIDTH)
    const least = leastHeapGrowthPerCall(frame, FRAMES_PER_WINDOW, WINDOWS) / (ROWS * CARDS_PER_ROW)
    expect(least).toBeLessThan(BUDGET_PER_CARD_FRAME)
  })
})
