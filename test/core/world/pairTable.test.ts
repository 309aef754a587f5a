import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ABSENT, PairTable } from '../../../src/core/world/pairTable.js'

/** A Map of "low,high" keys: the model the table must agree with. */
function keyOf(p: number, q: number): string {
  return p < q ? `${p},${q}` : `${q},${p}`
}

describe('PairTable', () => {
  it('finds a pair in either order, and forgets it', () => {
    const table = new PairTable()
    table.add(7, 3, 42)
    expect(table.find(3, 7)).toBe(42)
    expect(table.find(7, 3)).toBe(42)
    expect(table.find(3, 8)).toBe(ABSENT)
    table.delete(7, 3)
    expect(table.find(3, 7)).toBe(ABSENT)
    expect(table.size).toBe(0)
    // Deleting what it does not hold changes nothing.
    table.delete(1, 2)
    expect(table.size).toBe(0)
  })

  it('agrees with a Map through any sequence of adds, deletes and clears', () => {
    // Few slots, so pairs collide, runs form and deletes shift entries back; many
    // operations, so the table grows past its first size.
    const slot = fc.integer({ min: 0, max: 40 })
    const operation = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('add' as const), p: slot, q: slot }), weight: 12 },
      {
        arbitrary: fc.record({ kind: fc.constant('delete' as const), p: slot, q: slot }),
        weight: 8,
      },
      // Rarely: a clear empties everything the other operations built.
      {
        arbitrary: fc.record({ kind: fc.constant('clear' as const), p: slot, q: slot }),
        weight: 1,
      },
    )
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 400 }), (operations) => {
        const table = new PairTable()
        const model = new Map<string, number>()
        const sizes: [number, number][] = []
        operations.forEach(({ kind, p, q }, index) => {
          if (kind === 'clear') {
            table.clear()
            model.clear()
          } else if (kind === 'delete') {
            table.delete(p, q)
            model.delete(keyOf(p, q))
          } else if (!model.has(keyOf(p, q))) {
            table.add(p, q, index)
            model.set(keyOf(p, q), index)
          }
          if (table.size !== model.size) sizes.push([table.size, model.size])
        })
        expect(sizes).toEqual([])
        const wrong: string[] = []
        for (let p = 0; p <= 40; p++) {
          for (let q = p; q <= 40; q++) {
            if (table.find(q, p) !== (model.get(keyOf(p, q)) ?? ABSENT)) wrong.push(keyOf(p, q))
          }
        }
        expect(wrong).toEqual([])
      }),
      { numRuns: 1000 },
    )
  })
})
