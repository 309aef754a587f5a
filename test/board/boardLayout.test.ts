import { describe, expect, it } from 'vitest'
import { assertCompact, assertLayout, sameLayout } from '../../src/board/boardLayout.js'
import { assertSnap } from '../../src/board/snapOption.js'

const subject = '<PhysicsWorld>:'

describe('sameLayout: what makes a layout passed back free', () => {
  const layout = { a: { x: 0, y: 16, width: 100, height: 60 }, b: { x: 120, y: 16 } }

  it('is true for the same values in new objects, and for sizes given by one side only', () => {
    expect(sameLayout(layout, structuredClone(layout))).toBe(true)
    expect(sameLayout(layout, { a: { x: 0, y: 16 }, b: { x: 120, y: 16, width: 5 } })).toBe(true)
  })

  it('is false for another place, another size, or other ids', () => {
    expect(sameLayout(layout, { ...layout, b: { x: 121, y: 16 } })).toBe(false)
    expect(sameLayout(layout, { ...layout, a: { x: 0, y: 16, width: 101, height: 60 } })).toBe(
      false,
    )
    expect(sameLayout(layout, { a: layout.a })).toBe(false)
    expect(sameLayout(layout, { a: layout.a, c: layout.b })).toBe(false)
  })
})

describe('the checks name the prop, the body and the field', () => {
  it('assertLayout', () => {
    expect(() => assertLayout(subject, 'layout', [])).toThrow(
      '<PhysicsWorld>: layout must be an object of { x, y, width?, height? } by body id (got an array)',
    )
    expect(() => assertLayout(subject, 'layout', { chart: null })).toThrow(
      '<PhysicsWorld>: layout["chart"] must be an object { x, y, width?, height? } (got null)',
    )
    expect(() => assertLayout(subject, 'layout', { chart: { x: Infinity, y: 0 } })).toThrow(
      '<PhysicsWorld>: layout["chart"].x must be a finite number (got Infinity)',
    )
    expect(() => assertLayout(subject, 'layout', { chart: { x: 0, y: 0, height: NaN } })).toThrow(
      '<PhysicsWorld>: layout["chart"].height must be a finite number >= 0 (got NaN)',
    )
    const good = { chart: { x: 0, y: 0, width: 10 } }
    expect(assertLayout(subject, 'layout', good)).toBe(good)
  })

  it('assertSnap and assertCompact', () => {
    expect(() => assertSnap(subject, 'snap', NaN)).toThrow(
      '<PhysicsWorld>: snap must be a finite number > 0 (got NaN)',
    )
    expect(() => assertSnap(subject, 'snap', { x: 0, y: 10 })).toThrow(
      '<PhysicsWorld>: snap.x must be a finite number > 0 (got 0)',
    )
    expect(() => assertSnap(subject, 'snap', '16')).toThrow(
      '<PhysicsWorld>: snap must be a number or an object { x, y } (got "16")',
    )
    expect(assertSnap(subject, 'snap', { x: 8, y: 16 })).toEqual({ x: 8, y: 16 })
    expect(() => assertCompact(subject, 'compact', 'vertical')).toThrow(
      "<PhysicsWorld>: compact must be one of 'up', 'down', 'left', 'right' (got \"vertical\")",
    )
  })
})
