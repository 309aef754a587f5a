import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSelection, type Selection } from '../../src/board/selection.js'

/** A selection over bodies `a`..`e`, of which `e` is not selectable, with every change recorded. */
function selectionOf(bodies = new Set(['a', 'b', 'c', 'd', 'e'])): {
  selection: Selection
  changes: Array<{
    selected: readonly string[]
    added: readonly string[]
    removed: readonly string[]
  }>
} {
  const changes: Array<{
    selected: readonly string[]
    added: readonly string[]
    removed: readonly string[]
  }> = []
  const selection = createSelection({
    refusal: (id) => (!bodies.has(id) ? 'unknown' : id === 'e' ? 'unselectable' : null),
    changed: (selected, added, removed) => changes.push({ selected, added, removed }),
  })
  return { selection, changes }
}

describe('createSelection', () => {
  it('select replaces the selection in the order given; [] clears it', () => {
    const { selection, changes } = selectionOf()
    selection.select(['b', 'a', 'b'])
    expect(selection.ids).toEqual(['b', 'a'])
    expect(Object.isFrozen(selection.ids)).toBe(true)
    selection.select([])
    expect(selection.ids).toEqual([])
    expect(changes.map(({ added, removed }) => [added, removed])).toEqual([
      [['b', 'a'], []],
      [[], ['b', 'a']],
    ])
  })

  it('an unknown or unselectable id is a RangeError naming it, and nothing changes', () => {
    const { selection, changes } = selectionOf()
    selection.select(['a'])
    const before = selection.ids
    expect(() => selection.select(['b', 'nope'])).toThrow(
      new RangeError('select: body "nope" does not exist (unknown or removed id)'),
    )
    expect(() => selection.select(['e'])).toThrow(/select: body "e" is not selectable/)
    expect(() => selection.select('a' as unknown as string[])).toThrow(TypeError)
    expect(() => selection.select([1 as unknown as string])).toThrow(/ids must hold body ids/)
    expect(selection.ids).toBe(before)
    expect(changes).toHaveLength(1)
  })

  it('the same selection again publishes nothing and keeps the same array', () => {
    const { selection, changes } = selectionOf()
    selection.select(['a', 'b'])
    const first = selection.ids
    selection.select(['a', 'b'])
    expect(selection.ids).toBe(first)
    expect(changes).toHaveLength(1)
  })

  it('property: toggle, select and remove keep a set of selectable, present ids in insertion order', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('toggle' as const),
        id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      }),
      fc.record({
        kind: fc.constant('remove' as const),
        id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      }),
      fc.record({
        kind: fc.constant('select' as const),
        ids: fc.subarray(['a', 'b', 'c', 'd']).map((ids) => [...ids].reverse()),
      }),
    )
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (operations) => {
        const bodies = new Set(['a', 'b', 'c', 'd', 'e'])
        const { selection, changes } = selectionOf(bodies)
        // The model: an ordered list.
        let model: string[] = []
        for (const step of operations) {
          const published = changes.length
          const before = selection.ids
          if (step.kind === 'toggle') {
            selection.toggle(step.id)
            if (model.includes(step.id)) model = model.filter((id) => id !== step.id)
            else if (step.id !== 'e' && bodies.has(step.id)) model = [...model, step.id]
          } else if (step.kind === 'remove') {
            // A body leaving the board: it leaves the selection, and cannot be selected again.
            selection.remove(step.id)
            bodies.delete(step.id)
            model = model.filter((id) => id !== step.id)
          } else {
            const unknown = step.ids.find((id) => !bodies.has(id))
            if (unknown) {
              expect(() => selection.select(step.ids)).toThrow(RangeError)
            } else {
              selection.select(step.ids)
              model = [...step.ids]
            }
          }
          expect(selection.ids).toEqual(model)
          // A change publishes once, with the difference; no change keeps the array.
          if (before === selection.ids) expect(changes).toHaveLength(published)
          else {
            const change = changes.at(-1)!
            expect(change.selected).toBe(selection.ids)
            expect([...change.added].sort()).toEqual(
              model.filter((id) => !before.includes(id)).sort(),
            )
            expect([...change.removed].sort()).toEqual(
              before.filter((id) => !model.includes(id)).sort(),
            )
          }
          for (const id of selection.ids) expect(selection.has(id)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })
})
