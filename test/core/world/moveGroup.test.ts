import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { bodiesOf, depths, overlapDepth, placeWalls, PROPERTY_TIMEOUT } from './helpers.js'

/** Three cards in a row: `a` and `b` stacked at the left, `c` right of `b`. */
function stackAndNeighbour(): World {
  const world = createWorld()
  world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
  world.add({ id: 'b', x: 0, y: 60, width: 50, height: 50 })
  world.add({ id: 'c', x: 80, y: 60, width: 50, height: 50 })
  return world
}

describe('world.moveGroup', () => {
  it("moves every member by the delta and pushes what is in any member's way", () => {
    const world = stackAndNeighbour()
    const result = world.moveGroup(['a', 'b'], { x: 80, y: 0 }, { push: true })
    expect(result.delta).toEqual({ x: 80, y: 0 })
    expect(result.reached).toBe(true)
    expect(world.get('a')).toMatchObject({ x: 80, y: 0 })
    expect(world.get('b')).toMatchObject({ x: 80, y: 60 })
    expect(world.get('c')).toMatchObject({ x: 130, y: 60 })
    // b, the member in its way, pushed it.
    expect(result.pushed).toEqual([
      { id: 'c', by: 'b', from: { x: 80, y: 60 }, to: { x: 130, y: 60 } },
    ])
  })

  it('without push, the earliest contact of any member stops the whole group', () => {
    const world = stackAndNeighbour()
    const result = world.moveGroup(['a', 'b'], { x: 80, y: 0 })
    expect(result.delta).toEqual({ x: 30, y: 0 })
    expect(result.reached).toBe(false)
    expect(result.hits).toEqual([{ other: 'c', normal: { x: -1, y: 0 } }])
    expect(world.get('a').x).toBe(30)
    expect(world.get('c').x).toBe(80)
  })

  it('members never push one another: a member ahead is not a body in the way', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 50, y: 0, width: 50, height: 50 })
    const result = world.moveGroup(['a', 'b'], { x: 40, y: 0 })
    expect(result.reached).toBe(true)
    expect(result.pushed).toEqual([])
    expect([world.get('a').x, world.get('b').x]).toEqual([40, 90])
  })

  it('a chain blocked by a wall stops every member at the same displacement', () => {
    const world = stackAndNeighbour()
    world.add({ id: 'wall', x: 150, y: 0, width: 20, height: 200, type: 'static' })
    const result = world.moveGroup(['a', 'b'], { x: 80, y: 0 }, { push: true })
    // c can go 20 px before the wall: b, behind it, 50; a, free, is held back with b.
    expect(result.delta).toEqual({ x: 50, y: 0 })
    expect(world.get('a').x).toBe(50)
    expect(world.get('b').x).toBe(50)
    expect(world.get('c').x).toBe(100)
    expect(result.hits.map((hit) => hit.other)).toContain('c')
  })

  it('a body pushed only in an attempt taken back did not move: drainMoved leaves it out', () => {
    const world = stackAndNeighbour()
    world.update('a', { width: 60 })
    world.add({ id: 'wall', x: 150, y: 60, width: 20, height: 100, type: 'static' })
    // 60 px ahead of a: the first attempt (80 px) pushes it, the second (50 px) does not.
    world.add({ id: 'd', x: 120, y: 0, width: 50, height: 50 })
    world.drainMoved(() => {})
    const result = world.moveGroup(['a', 'b'], { x: 80, y: 0 }, { push: true })
    expect(result.delta).toEqual({ x: 50, y: 0 })
    expect(world.get('d').x).toBe(120)
    const moved: string[] = []
    world.drainMoved((id) => moved.push(id))
    expect(moved.sort()).toEqual(['a', 'b', 'c'])
  })

  it('a chain one member pushes, ahead of another member, is not pressed into it', () => {
    // a pushes c right; b, a member, is ahead of c by 10 px and moves as far as a does.
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'c', x: 50, y: 0, width: 50, height: 50 })
    world.add({ id: 'b', x: 110, y: 0, width: 50, height: 50 })
    const result = world.moveGroup(['a', 'b'], { x: 100, y: 0 }, { push: true })
    expect(result.delta).toEqual({ x: 100, y: 0 })
    expect(world.get('c').x).toBe(150)
    expect(world.get('b').x).toBe(210)
  })

  it('a member jammed in the last move is not taken as jammed when a member ahead holds its chain', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'c', x: 50, y: 0, width: 50, height: 50 })
    world.add({ id: 'wall', x: 100, y: 0, width: 20, height: 50, type: 'static' })
    world.add({ id: 'b', x: 0, y: 100, width: 50, height: 50 })
    // c is against the wall: a gets nothing, so the group stays.
    expect(world.moveGroup(['a', 'b'], { x: 10, y: 0 }, { push: true }).delta).toEqual({
      x: 0,
      y: 0,
    })
    // Now b, a member, holds c where the wall was: b goes first, so a pushes c after it.
    world.remove('wall')
    world.update('b', { x: 100, y: 0 })
    const result = world.moveGroup(['a', 'b'], { x: 10, y: 0 }, { push: true })
    expect(result.delta).toEqual({ x: 10, y: 0 })
    expect([world.get('a').x, world.get('c').x, world.get('b').x]).toEqual([10, 60, 110])
  })

  it('a member whose chain was cut at the longest chain is not taken as jammed when a member ahead moves the rest', () => {
    // a, then a row of 65 touching cards: a's chain ends at the 64th link, so a alone gets nothing.
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    for (let k = 1; k <= 65; k++) {
      world.add({ id: `r${k}`, x: k * 10, y: 0, width: 10, height: k === 60 ? 30 : 10 })
    }
    world.add({ id: 'b', x: 0, y: 200, width: 10, height: 10 })
    expect(world.moveGroup(['a', 'b'], { x: 10, y: 0 }, { push: true }).delta.x).toBe(0)
    // b, left of r60 below r59, pushes r60 to r65 first (a chain of 6): then a's chain has room.
    world.update('b', { x: 590, y: 15 })
    const result = world.moveGroup(['a', 'b'], { x: 10, y: 0 }, { push: true })
    expect(result.delta).toEqual({ x: 10, y: 0 })
    expect([world.get('a').x, world.get('r1').x, world.get('r65').x]).toEqual([10, 20, 660])
  })

  /** Members a and b, b free below; a pushes c, 50 px before a static wall. */
  function pushTowardWall(): World {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 50, height: 50 })
    world.add({ id: 'c', x: 50, y: 0, width: 50, height: 50 })
    world.add({ id: 'wall', x: 150, y: 0, width: 20, height: 50, type: 'static' })
    world.add({ id: 'b', x: 0, y: 100, width: 50, height: 50 })
    return world
  }

  it('the member that cut the last push short bounds the next one only as far as it still holds the group', () => {
    const world = pushTowardWall()
    const push = (x: number) => world.moveGroup(['a', 'b'], { x, y: 0 }, { push: true }).delta.x
    // c has 50 px before the wall: a gets 50 of the 80, and the group with it.
    expect(push(80)).toBe(50)
    // The wall 30 px further: a, pushed alone first, gets 30, and so does the group.
    world.update('wall', { x: 180 })
    expect(push(80)).toBe(30)
    expect([world.get('a').x, world.get('c').x, world.get('b').x]).toEqual([80, 130, 80])
    // a would get 20 more, but a post 10 px ahead of b holds the group at 10.
    world.update('wall', { x: 200 })
    world.add({ id: 'post', x: 140, y: 100, width: 20, height: 50, type: 'static' })
    expect(push(80)).toBe(10)
    // The post gone and the wall far: b, which cut the last push short, gets it all, so does a.
    world.remove('post')
    world.update('wall', { x: 400 })
    expect(push(80)).toBe(80)
    expect([world.get('a').x, world.get('c').x, world.get('b').x]).toEqual([170, 220, 170])
  })

  it('lists each hit once, though the attempt it cut short is tried again shorter and meets it again', () => {
    const world = pushTowardWall()
    const push = (x: number) => world.moveGroup(['a', 'b'], { x, y: 0 }, { push: true })
    const byC = { other: 'c', normal: { x: -1, y: 0 } }
    expect(push(80)).toMatchObject({ delta: { x: 50, y: 0 }, hits: [byC] })
    // Pushed alone first (the member that cut the last push short), then with the group.
    world.update('wall', { x: 180 })
    expect(push(80)).toMatchObject({ delta: { x: 30, y: 0 }, hits: [byC] })
    world.update('wall', { x: 200 })
    world.add({ id: 'post', x: 140, y: 100, width: 20, height: 50, type: 'static' })
    const byPost = { other: 'post', normal: { x: -1, y: 0 } }
    expect(push(80)).toMatchObject({ delta: { x: 10, y: 0 }, hits: [byC, byPost] })
  })

  it('a member that cut the last push short does not bound the next when its chain meets a member ahead', () => {
    const world = pushTowardWall()
    expect(world.moveGroup(['a', 'b'], { x: 80, y: 0 }, { push: true }).delta.x).toBe(50)
    // b, a member, now 20 px ahead of c: alone, a would push c into it after 20 px, but b
    // goes first, so the group goes the whole 30.
    world.remove('wall')
    world.update('b', { x: 170, y: 0 })
    const result = world.moveGroup(['a', 'b'], { x: 30, y: 0 }, { push: true })
    expect(result.delta).toEqual({ x: 30, y: 0 })
    expect([world.get('a').x, world.get('c').x, world.get('b').x]).toEqual([80, 130, 200])
  })

  it('rejects bad input naming the field or body, before anything changes', () => {
    const world = stackAndNeighbour()
    world.add({ id: 'far', x: 1e308, y: 0, width: 50, height: 50 })
    const before = bodiesOf(world)
    expect(() => world.moveGroup([], { x: 1, y: 0 })).toThrow(
      /moveGroup: ids must be a non-empty array/,
    )
    expect(() => world.moveGroup(['a', 'nope'], { x: 1, y: 0 })).toThrow(
      /moveGroup: body "nope" does not exist/,
    )
    expect(() => world.moveGroup(['a', 'a'], { x: 1, y: 0 })).toThrow(
      /moveGroup: body "a" is listed twice/,
    )
    expect(() => world.moveGroup(['a'], { x: NaN, y: 0 })).toThrow(/moveGroup: delta\.x/)
    expect(() => world.moveGroup(['a', 'b'], { x: Infinity, y: 0 })).toThrow(/delta\.x/)
    expect(() => world.moveGroup(['a', 'far'], { x: 1e308, y: 0 })).toThrow(
      /moveGroup: body "far" goal\.x/,
    )
    expect(() => world.moveGroup(['a'], { x: 1, y: 0 }, { push: 1 as unknown as boolean })).toThrow(
      /moveGroup: options\.push must be a boolean/,
    )
    expect(bodiesOf(world)).toEqual(before)
  })

  it(
    'property: random boards, groups and displacements: no overlap, offsets kept, inside the walls, a push along one axis stopped only by a contact',
    () => {
      const size = 400
      const card = fc.record({
        x: fc.integer({ min: 0, max: size - 40 }),
        y: fc.integer({ min: 0, max: size - 40 }),
        width: fc.integer({ min: 10, max: 60 }),
        height: fc.integer({ min: 10, max: 60 }),
      })
      const scene = fc.record({
        cards: fc.array(card, { minLength: 2, maxLength: 14 }),
        group: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        moves: fc.array(
          fc.record({
            x: fc.double({ min: -300, max: 300, noNaN: true }),
            y: fc.double({ min: -300, max: 300, noNaN: true }),
            push: fc.boolean(),
            // Along x only, along y only, or both.
            axes: fc.constantFrom('x', 'y', 'xy'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      })
      fc.assert(
        fc.property(scene, ({ cards, group, moves }) => {
          const world = createWorld()
          placeWalls(world, size, size)
          // Cards that overlap one already placed are left out: the board starts valid.
          const placed: string[] = []
          cards.forEach((rect, k) => {
            const id = `card-${k}`
            const inside = rect.x + rect.width <= size && rect.y + rect.height <= size
            const clear = placed.every(
              (other) => overlapDepth(world.get(other), { ...rect, id } as never) <= 0,
            )
            if (!inside || !clear) return
            world.add({ id, ...rect })
            placed.push(id)
          })
          // No card fits (all drawn past the edge): nothing to move.
          if (placed.length === 0) return
          const members = [...new Set(group.map((n) => placed[n % placed.length]!))]
          const cardIds = new Set(placed)
          for (const { axes, ...drawn } of moves) {
            const move = {
              ...drawn,
              x: axes === 'y' ? 0 : drawn.x,
              y: axes === 'x' ? 0 : drawn.y,
            }
            const starts = members.map((id) => world.get(id))
            const result = world.moveGroup(members, move, { push: move.push })
            // One displacement for all, relative offsets kept to the rounding of one addition.
            members.forEach((id, k) => {
              const body = world.get(id)
              expect(body.x - starts[k]!.x).toBeCloseTo(result.delta.x, 9)
              expect(body.y - starts[k]!.y).toBeCloseTo(result.delta.y, 9)
            })
            for (const [pair, depth] of depths(bodiesOf(world))) {
              const [a, b] = pair.split('/')
              if (!cardIds.has(a!) && !cardIds.has(b!)) continue
              expect(depth, pair).toBeLessThanOrEqual(1e-9)
            }
            for (const id of placed) {
              const body = world.get(id)
              expect(body.x).toBeGreaterThanOrEqual(-1e-9)
              expect(body.y).toBeGreaterThanOrEqual(-1e-9)
              expect(body.x + body.width).toBeLessThanOrEqual(size + 1e-9)
              expect(body.y + body.height).toBeLessThanOrEqual(size + 1e-9)
            }
            if (axes !== 'xy' && move.push && !result.reached) {
              // Limited by a contact, not before one: one more push the same way gets nothing.
              const more = { x: Math.sign(move.x), y: Math.sign(move.y) }
              const again = world.moveGroup(members, more, { push: true })
              expect(Math.abs(again.delta.x) + Math.abs(again.delta.y)).toBeLessThanOrEqual(1e-9)
            }
            if (!move.push) expect(result.pushed).toEqual([])
            for (const { id } of result.pushed) expect(members).not.toContain(id)
            // Each was pushed by a member or by another body the group pushed on.
            const movers = new Set([...members, ...result.pushed.map(({ id }) => id)])
            for (const { id, by } of result.pushed) {
              expect(by).not.toBe(id)
              expect(movers.has(by), `${id} by ${by}`).toBe(true)
            }
          }
        }),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})
