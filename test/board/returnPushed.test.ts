import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../src/core/world/createWorld.js'
import type { World } from '../../src/core/world/types.js'
import {
  MAX_RETURN_PASSES,
  returnOnce,
  returnPushed,
  type PushRecord,
} from '../../src/board/returnPushed.js'
import { PROPERTY_TIMEOUT } from '../core/world/helpers.js'

const NONE = new Set<string>()

/** A walled 300 x 300 board with a 40 px dragged body at its center and `cards` around it. */
function board(
  cards: ReadonlyArray<{ x: number; y: number; size: number }>,
  gap: number | undefined,
): World {
  const world = createWorld({ gravity: { x: 0, y: 0 }, ...(gap !== undefined && { gap }) })
  world.add({ id: 'top', x: 0, y: -20, width: 300, height: 20, type: 'static' })
  world.add({ id: 'bottom', x: 0, y: 300, width: 300, height: 20, type: 'static' })
  world.add({ id: 'left', x: -20, y: 0, width: 20, height: 300, type: 'static' })
  world.add({ id: 'right', x: 300, y: 0, width: 20, height: 300, type: 'static' })
  world.add({ id: 'dragged', x: 130, y: 130, width: 40, height: 40, type: 'kinematic' })
  cards.forEach(({ x, y, size }, k) => {
    const box = { x, y, width: size, height: size }
    const spot = world.findFreeSpot(box, box)
    if (spot !== null) world.add({ id: `card${k}`, ...box, ...spot })
  })
  return world
}

/**
 * The return without its shortcuts, the oracle of the differential tests: in each pass,
 * every body the drag still owns (at its `to`, not dragged, not home) is tried
 * (`returnOnce`), walked backwards, in passes while one moves something.
 */
function returnEveryCard(
  world: World,
  pushed: readonly PushRecord[],
  dragged: ReadonlySet<string>,
): void {
  for (let pass = 0; pass < MAX_RETURN_PASSES; pass++) {
    let moved = false
    for (const record of [...pushed].reverse()) {
      const { id, from, to } = record
      if (to.x === from.x && to.y === from.y) continue
      if (!world.has(id) || dragged.has(id)) continue
      const body = world.box(id)
      if (body.x !== to.x || body.y !== to.y) continue
      const result = returnOnce(world, id, from)
      if (result.x === to.x && result.y === to.y) continue
      record.to = { x: result.x, y: result.y }
      moved = true
    }
    if (!moved) return
  }
}

/**
 * A drag's frames as `dragSessions` runs them: the dragged body pushes toward each goal
 * (with the cards of `group`, kinematic, as one group: `world.moveGroup`), the pushed bodies
 * are noted (first push's `from`, last `to` and pusher), then they return. With
 * `everyCard`, the return is {@link returnEveryCard}, without shortcuts.
 */
function drag(
  world: World,
  goals: ReadonlyArray<{ x: number; y: number }>,
  everyCard: boolean,
  group: readonly string[] = [],
) {
  const records = new Map<string, PushRecord>()
  const order: PushRecord[] = []
  const frames: Array<Array<[string, number, number]>> = []
  const members = group.filter((id) => world.has(id))
  for (const id of members) world.update(id, { type: 'kinematic' })
  const ids = ['dragged', ...members]
  for (const goal of goals) {
    const dragged = world.get('dragged')
    const delta = { x: goal.x - dragged.x, y: goal.y - dragged.y }
    const { pushed } =
      members.length === 0
        ? world.move('dragged', goal, { push: true })
        : world.moveGroup(ids, delta, { push: true })
    for (const { id, by, from, to } of pushed) {
      const known = records.get(id)
      if (known) {
        known.to = to
        known.by = by
      } else {
        const record = { id, by, from, to }
        records.set(id, record)
        order.push(record)
      }
    }
    if (everyCard) returnEveryCard(world, order, new Set(ids))
    else returnPushed(world, order, new Set(ids), NONE)
    frames.push(world.ids().map((id) => [id, world.get(id).x, world.get(id).y]))
  }
  return frames
}

/** The goals of a walk from the dragged body's start by `steps`, kept on the board. */
function walk(steps: ReadonlyArray<{ x: number; y: number }>): Array<{ x: number; y: number }> {
  let x = 130
  let y = 130
  return steps.map((step) => {
    x = Math.min(260, Math.max(0, x + step.x))
    y = Math.min(260, Math.max(0, y + step.y))
    return { x, y }
  })
}

/** A card of the differential property tests: a square of 10-50 px on the 300 px board. */
const cardArbitrary = fc.record({
  x: fc.integer({ min: 0, max: 280 }),
  y: fc.integer({ min: 0, max: 280 }),
  size: fc.integer({ min: 10, max: 50 }),
})

/**
 * A step of a drag walk, often along one axis: the dragged body slides along the faces of
 * the cards it pushed, the case the return shortcut is for.
 */
const stepDelta = fc.integer({ min: -30, max: 30 })
const stepArbitrary = fc.oneof(
  fc.record({ x: stepDelta, y: fc.constant(0) }),
  fc.record({ x: fc.constant(0), y: stepDelta }),
  fc.record({ x: stepDelta, y: stepDelta }),
)

describe('returnPushed', () => {
  it('tries a blocked card again in the same frame once what blocked it has returned', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    world.add({ id: 'a', x: 100, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 150, y: 0, width: 50, height: 50 })
    // Listed a then b: walked backwards, b is tried first, while a still blocks its way.
    const records: PushRecord[] = [
      { id: 'a', from: { x: 50, y: 0 }, to: { x: 100, y: 0 } },
      { id: 'b', from: { x: 100, y: 0 }, to: { x: 150, y: 0 } },
    ]
    returnPushed(world, records, NONE, NONE)
    expect(world.box('a')).toMatchObject({ x: 50, y: 0 })
    expect(world.box('b')).toMatchObject({ x: 100, y: 0 })
    expect(records.map(({ to }) => to)).toEqual([
      { x: 50, y: 0 },
      { x: 100, y: 0 },
    ])
  })

  /**
   * Card b's way back goes up-left: a static wall touches its left face, so its return slides
   * up until card c stops it, at y = 80. Card c (or d) returns right after it in the first pass.
   */
  function stoppedShort(cReturns: boolean) {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    world.add({ id: 'wall', x: 50, y: 0, width: 50, height: 200, type: 'static' })
    world.add({ id: 'b', x: 100, y: 100, width: 50, height: 50 })
    world.add({ id: 'c', x: 100, y: 30, width: 50, height: 50 })
    world.add({ id: 'd', x: 300, y: 0, width: 50, height: 50 })
    // Walked backwards: b is tried first, then c or d.
    const records: PushRecord[] = [
      cReturns
        ? { id: 'c', from: { x: 200, y: 30 }, to: { x: 100, y: 30 } }
        : { id: 'd', from: { x: 400, y: 0 }, to: { x: 300, y: 0 } },
      { id: 'b', from: { x: 60, y: 60 }, to: { x: 100, y: 100 } },
    ]
    const tried: string[] = []
    const move = world.move.bind(world)
    world.move = (...args) => {
      tried.push(args[0])
      return move(...args)
    }
    returnPushed(world, records, NONE, NONE)
    return { world, tried }
  }

  it('tries a card whose return stopped short again once a body that stopped it has returned', () => {
    const { world, tried } = stoppedShort(true)
    expect(tried).toEqual(['b', 'c', 'b'])
    // The wall still touches it, but the way up is free now.
    expect(world.box('b')).toMatchObject({ x: 100, y: 60 })
  })

  it('does not try again a card whose return stopped against faces that close every way back', () => {
    const { world, tried } = stoppedShort(false)
    // d's return makes a second pass; b's, stopped by the wall and c, is not tried in it.
    expect(tried).toEqual(['b', 'd'])
    expect(world.box('b')).toMatchObject({ x: 100, y: 80 })
  })

  it.each([
    ['a card that crosses every body', { response: 'cross' as const }, undefined],
    ['a pair a filter lets cross', {}, (a: string) => (a === 'card' ? ('cross' as const) : true)],
  ])(
    'tries a card still touching its pusher when the pair may not stop it: %s',
    (_, card, filter) => {
      const world = createWorld({ gravity: { x: 0, y: 0 }, ...(filter && { filter }) })
      world.add({ id: 'hand', x: 0, y: 0, width: 50, height: 50, type: 'kinematic' })
      world.add({ id: 'card', x: 50, y: 0, width: 50, height: 50, ...card })
      const [pushed] = world.move('hand', { x: 30, y: 0 }, { push: true }).pushed
      expect(pushed).toMatchObject({ id: 'card', by: 'hand', to: { x: 80, y: 0 } })
      // The hand pushed it and touches it, but the card's own move passes through the hand.
      returnPushed(world, [{ ...pushed! }], new Set(['hand']), NONE)
      expect(world.box('card')).toMatchObject({ x: 50, y: 0 })
    },
  )

  it('reads a blocker where it is after a call that threw, not where that call found it', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    world.add({ id: 'a', x: 100, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 50, y: 0, width: 50, height: 50 })
    world.add({ id: 'floor', x: 0, y: 50, width: 300, height: 20, type: 'static' })
    world.add({ id: 'c', x: 0, y: 200, width: 20, height: 20 })
    // a's way back goes through b, b's through the floor; c is home.
    const records: PushRecord[] = [
      { id: 'b', from: { x: 50, y: 100 }, to: { x: 50, y: 0 } },
      { id: 'a', from: { x: 50, y: 0 }, to: { x: 100, y: 0 } },
      { id: 'c', from: { x: 0, y: 200 }, to: { x: 0, y: 200 } },
    ]
    const cFrom = records[2]!.from
    returnPushed(world, records, NONE, NONE)
    expect(records[1]!.blocked?.by.map(({ id }) => id)).toEqual(['b'])
    // c, away now, is tried first, and its move throws.
    cFrom.x = 100
    const move = world.move.bind(world)
    world.move = () => {
      throw new Error('move failed')
    }
    expect(() => returnPushed(world, records, NONE, NONE)).toThrow('move failed')
    world.move = move
    // Something else takes b out of a's way: a returns.
    world.update('b', { x: 200, y: 100 })
    returnPushed(world, records, NONE, NONE)
    expect(world.box('a')).toMatchObject({ x: 50, y: 0 })
  })

  it('does not try a card its pusher still touches on the way back', () => {
    const world = createWorld({ gravity: { x: 0, y: 0 } })
    world.add({ id: 'hand', x: 0, y: 0, width: 50, height: 50, type: 'kinematic' })
    world.add({ id: 'card', x: 50, y: 0, width: 50, height: 50 })
    const [pushed] = world.move('hand', { x: 30, y: 0 }, { push: true }).pushed
    const record: PushRecord = { ...pushed! }
    let tries = 0
    const move = world.move.bind(world)
    world.move = (...args) => {
      tries++
      return move(...args)
    }
    returnPushed(world, [record], new Set(['hand']), NONE)
    expect(tries).toBe(0)
    expect(record.blocked?.by.map(({ id }) => id)).toEqual(['hand'])
    expect(world.box('card')).toMatchObject({ x: 80, y: 0 })
  })

  it(
    'returns every pushed card exactly as far as trying each of them every frame would',
    () => {
      fc.assert(
        fc.property(
          fc.array(cardArbitrary, { minLength: 1, maxLength: 30 }),
          fc.array(stepArbitrary, { minLength: 1, maxLength: 24 }),
          // No gap given (the default), none, and 3 px.
          fc.constantFrom(undefined, 0, 3),
          (cards, steps, gap) => {
            const goals = walk(steps)
            const kept = drag(board(cards, gap), goals, false)
            const tried = drag(board(cards, gap), goals, true)
            expect(kept).toEqual(tried)
          },
        ),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )

  it(
    'returns every card a group drag pushed exactly as far as trying each of them every frame would',
    () => {
      fc.assert(
        fc.property(
          fc.array(cardArbitrary, { minLength: 2, maxLength: 30 }),
          fc.array(stepArbitrary, { minLength: 1, maxLength: 24 }),
          // Which cards move with the dragged body (indices, wrapped to the cards placed).
          fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
          fc.constantFrom(undefined, 0, 3),
          (cards, steps, picks, gap) => {
            const goals = walk(steps)
            const group = picks.map((k) => `card${k % cards.length}`)
            const unique = [...new Set(group)]
            const kept = drag(board(cards, gap), goals, false, unique)
            const tried = drag(board(cards, gap), goals, true, unique)
            expect(kept).toEqual(tried)
          },
        ),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
