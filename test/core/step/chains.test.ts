import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChainPool } from '../../../src/core/step/chains.js'
import { createWorld } from '../../../src/core/world/index.js'

/**
 * The oracle: weighted isotonic regression by its definition, the velocities (in order along
 * the axis) that do not decrease and are closest to the given ones in mass-weighted least
 * squares, found by pooling any two neighbouring runs out of order until none is: slow,
 * and obviously right.
 */
function isotonic(values: number[], masses: number[]): number[] {
  let runs = values.map((value, index) => ({
    momentum: value * masses[index]!,
    mass: masses[index]!,
    size: 1,
  }))
  for (;;) {
    const out = runs.findIndex(
      (run, index) =>
        index + 1 < runs.length &&
        run.momentum / run.mass > runs[index + 1]!.momentum / runs[index + 1]!.mass,
    )
    if (out < 0) break
    const [a, b] = [runs[out]!, runs[out + 1]!]
    runs = [
      ...runs.slice(0, out),
      { momentum: a.momentum + b.momentum, mass: a.mass + b.mass, size: a.size + b.size },
      ...runs.slice(out + 2),
    ]
  }
  return runs.flatMap((run) => Array<number>(run.size).fill(run.momentum / run.mass))
}

/** A chain of bodies 0 .. n-1 along the axis, listed as contacts in a shuffled order and with either body first. */
function chainContacts(order: number[], flips: boolean[], shuffle: number[]) {
  const count = order.length - 1
  const bodyI = new Int32Array(count)
  const bodyJ = new Int32Array(count)
  const normal = new Float64Array(count)
  for (let c = 0; c < count; c++) {
    // Contact c joins the c-th and (c+1)-th bodies along the axis; i on the normal's side of j.
    const left = order[c]!
    const right = order[c + 1]!
    if (flips[c]) {
      bodyI[c] = left
      bodyJ[c] = right
      normal[c] = -1
    } else {
      bodyI[c] = right
      bodyJ[c] = left
      normal[c] = 1
    }
  }
  const listed = Int32Array.from(shuffle.slice(0, count))
  return { bodyI, bodyJ, normal, listed }
}

describe('ChainPool', () => {
  it('gives every chain the isotonic regression of its velocities, however it is listed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }).chain((n) =>
          fc.record({
            velocities: fc.array(fc.double({ min: -500, max: 500, noNaN: true }), {
              minLength: n,
              maxLength: n,
            }),
            masses: fc.array(fc.double({ min: 0.04, max: 25, noNaN: true }), {
              minLength: n,
              maxLength: n,
            }),
            order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
            flips: fc.array(fc.boolean(), { minLength: n - 1, maxLength: n - 1 }),
            shuffle: fc.shuffledSubarray([...Array(n - 1).keys()], {
              minLength: n - 1,
              maxLength: n - 1,
            }),
          }),
        ),
        ({ velocities, masses, order, flips, shuffle }) => {
          const { bodyI, bodyJ, normal, listed } = chainContacts(order, flips, shuffle)
          const velocity = Float64Array.from(velocities)
          const inverseMass = Float64Array.from(masses, (mass) => 1 / mass)
          const impulseTime = new Float64Array(velocities.length).fill(2)
          new ChainPool().pool(
            listed,
            listed.length,
            bodyI,
            bodyJ,
            normal,
            inverseMass,
            velocity,
            impulseTime,
            1e-3,
          )
          const expected = isotonic(
            order.map((k) => velocities[k]!),
            order.map((k) => 1 / inverseMass[k]!),
          )
          const got = order.map((k) => velocity[k]!)
          got.forEach((value, t) => expect(value).toBeCloseTo(expected[t]!, 6))
          // Momentum is kept.
          const before = velocities.reduce((sum, v, k) => sum + v / inverseMass[k]!, 0)
          const after = Array.from(velocity).reduce((sum, v, k) => sum + v / inverseMass[k]!, 0)
          expect(after).toBeCloseTo(before, 4)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('moves a squeezed light box and its heavy neighbours as one, from the earliest impulse', () => {
    // Body 1 (mass 1) between 0 (mass 25, at 100 px/s) and 2 (mass 25, at -100 px/s), along x.
    const velocity = Float64Array.of(100, 0, -100)
    const impulseTime = Float64Array.of(0.5, 2, 0.25)
    const pool = new ChainPool()
    pool.pool(
      Int32Array.of(0, 1),
      2,
      Int32Array.of(1, 2),
      Int32Array.of(0, 1),
      Float64Array.of(1, 1),
      Float64Array.of(1 / 25, 1, 1 / 25),
      velocity,
      impulseTime,
      1e-3,
    )
    expect(Array.from(velocity)).toEqual([0, 0, 0])
    expect(Array.from(impulseTime)).toEqual([0.25, 0.25, 0.25])
    expect(Array.from(pool.changed.items.subarray(0, pool.changed.count)).sort()).toEqual([0, 2])
  })

  it('leaves no contact closing and keeps momentum, however the bodies branch or loop', () => {
    // Any contacts among up to 8 bodies, either way round: a box with two neighbours on one
    // side, loops, even contradictions (which only equal velocities satisfy).
    const contact = fc.record({
      i: fc.integer({ min: 0, max: 7 }),
      j: fc.integer({ min: 0, max: 7 }),
      normal: fc.constantFrom(-1, 1),
    })
    fc.assert(
      fc.property(
        fc.array(contact, { minLength: 1, maxLength: 14 }),
        fc.array(fc.double({ min: -500, max: 500, noNaN: true }), { minLength: 8, maxLength: 8 }),
        fc.array(fc.double({ min: 0.04, max: 25, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (contacts, velocities, masses) => {
          const kept = contacts.filter((c) => c.i !== c.j)
          const velocity = Float64Array.from(velocities)
          const inverseMass = Float64Array.from(masses, (mass) => 1 / mass)
          const pool = new ChainPool()
          pool.pool(
            Int32Array.from(kept.keys()),
            kept.length,
            Int32Array.from(kept, (c) => c.i),
            Int32Array.from(kept, (c) => c.j),
            Float64Array.from(kept, (c) => c.normal),
            inverseMass,
            velocity,
            new Float64Array(8).fill(2),
            1e-3,
          )
          for (const { i, j, normal } of kept) {
            expect(normal * (velocity[i]! - velocity[j]!)).toBeGreaterThanOrEqual(-1e-9)
          }
          const momentum = (values: ArrayLike<number>) =>
            Array.from(values).reduce((sum, v, k) => sum + v * masses[k]!, 0)
          expect(momentum(velocity)).toBeCloseTo(momentum(velocities), 6)
          // Bodies in no contact keep their velocity.
          for (let k = 0; k < 8; k++) {
            if (!kept.some((c) => c.i === k || c.j === k)) expect(velocity[k]).toBe(velocities[k])
          }
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('leaves a run whose momentum overflows to the passes', () => {
    const velocity = Float64Array.of(1e300, 0, -1e300)
    new ChainPool().pool(
      Int32Array.of(0, 1),
      2,
      Int32Array.of(1, 2),
      Int32Array.of(0, 1),
      Float64Array.of(1, 1),
      Float64Array.of(1e-12, 1, 1e-12),
      velocity,
      new Float64Array(3).fill(2),
      1e-3,
    )
    expect(Array.from(velocity)).toEqual([1e300, 0, -1e300])
  })
})

describe('chains in the world', () => {
  it('stops a light box squeezed between two heavy ones with them, at their common velocity', () => {
    // The passes alone ran into their cap here with the three still closing (each pass
    // throws the light box from one heavy box to the other and takes a twenty-sixth).
    const world = createWorld()
    world.add({
      id: 'left',
      x: 0,
      y: 0,
      width: 50,
      height: 50,
      mass: 25,
      velocity: { x: 120, y: 0 },
    })
    world.add({ id: 'light', x: 50, y: 0, width: 10, height: 50, mass: 1 })
    world.add({
      id: 'right',
      x: 60,
      y: 0,
      width: 50,
      height: 50,
      mass: 25,
      velocity: { x: -100, y: 0 },
    })
    world.step(1 / 60)
    const common = (25 * 120 + 25 * -100) / 51
    for (const id of ['left', 'light', 'right']) {
      expect(world.get(id).velocity.x).toBeCloseTo(common, 9)
    }
    expect(world.get('light').x).toBeCloseTo(50 + common / 60, 9)
  })
})
