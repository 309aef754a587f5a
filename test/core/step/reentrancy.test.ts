import { describe, expect, it } from 'vitest'
import { createWorld, type PairFilter, type World } from '../../../src/core/world/index.js'

const STEPS = 60
const DT = 1 / 60

/**
 * A crowded, bouncing pile in a walled box: every stage of the step has work to do
 * (pairs, contacts, support, velocities, sweeps against solids, push-out, events).
 */
function pile(seed: number, filter?: PairFilter): World {
  const world = createWorld({ gravity: { x: 0, y: 900 }, ...(filter && { filter }) })
  const side = 400
  world.add({ x: -20, y: 0, width: 20, height: side, type: 'static' })
  world.add({ x: side, y: 0, width: 20, height: side, type: 'static' })
  world.add({ x: 0, y: side, width: side, height: 20, type: 'static' })
  world.add({
    x: 150,
    y: 250,
    width: 100,
    height: 12,
    type: 'kinematic',
    velocity: { x: 30, y: 0 },
  })
  let state = seed
  const random = (): number => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
  for (let n = 0; n < 120; n++) {
    world.add({
      x: (n % 12) * 30 + 5 + random() * 10,
      y: Math.floor(n / 12) * 24 + random() * 10,
      width: 14 + random() * 14,
      height: 14 + random() * 14,
      velocity: { x: (random() - 0.5) * 800, y: (random() - 0.5) * 800 },
      ...(n % 3 === 0 ? { response: 'bounce' as const, restitution: 0.8 } : {}),
    })
  }
  return world
}

function stepAlone(world: World, steps: number): World {
  for (let s = 0; s < steps; s++) world.step(DT)
  return world
}

/** Every body's place and velocity, bit for bit. */
function stateOf(world: World): unknown {
  return world.snapshot().bodies
}

describe('two worlds stepping inside each other', () => {
  it('a pair filter of one world that steps another leaves both as if stepped alone', () => {
    const other = pile(11)
    let innerSteps = 0
    const world = pile(7, () => {
      if (innerSteps < 3 * STEPS) {
        other.step(DT)
        innerSteps++
      }
      return undefined
    })
    stepAlone(world, STEPS)

    expect(innerSteps).toBe(3 * STEPS)
    expect(stateOf(world)).toEqual(stateOf(stepAlone(pile(7), STEPS)))
    expect(stateOf(other)).toEqual(stateOf(stepAlone(pile(11), innerSteps)))
  })

  it('a contact listener of one world that steps another leaves both as if stepped alone', () => {
    const first = pile(7)
    const second = pile(11)
    let secondSteps = 0
    first.on('contactStart', () => {
      if (secondSteps < 2 * STEPS) {
        secondSteps++
        second.step(DT)
      }
    })
    const secondEvents: unknown[] = []
    second.on('contactStart', (event) => secondEvents.push({ ...event }))
    stepAlone(first, STEPS)

    const secondAlone = pile(11)
    const secondAloneEvents: unknown[] = []
    secondAlone.on('contactStart', (event) => secondAloneEvents.push({ ...event }))
    stepAlone(secondAlone, secondSteps)

    expect(secondSteps).toBe(2 * STEPS)
    expect(stateOf(first)).toEqual(stateOf(stepAlone(pile(7), STEPS)))
    expect(stateOf(second)).toEqual(stateOf(secondAlone))
    expect(secondEvents).toEqual(secondAloneEvents)
  })
})
