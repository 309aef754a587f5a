import { describe, expect, it } from 'vitest'
import { BodyStore, layersCollide } from '../../../src/core/world/bodyStore.js'
import { defaultBodyFields } from '../../../src/core/world/validate.js'

describe('layersCollide', () => {
  it('lets two bodies collide only when each mask holds a bit of the other layer', () => {
    expect(layersCollide(0b01, 0b10, 0b10, 0b01)).toBe(true)
    expect(layersCollide(0b01, 0b01, 0b10, 0b11)).toBe(false) // a's mask lacks b's layer
    expect(layersCollide(0b01, 0b11, 0b10, 0b10)).toBe(false) // b's mask lacks a's layer
    expect(layersCollide(0, 0xffffffff, 0b1, 0xffffffff)).toBe(false) // no layer at all
  })

  it('is the rule BodyStore.layersMatch applies to stored bodies', () => {
    const store = new BodyStore(2)
    const a = store.insert('a', { ...defaultBodyFields(0, 0, 1, 1), layer: 0b01, mask: 0b10 })
    const b = store.insert('b', { ...defaultBodyFields(1, 0, 1, 1), layer: 0b10, mask: 0b01 })
    const c = store.insert('c', { ...defaultBodyFields(2, 0, 1, 1), layer: 0b10, mask: 0b10 })
    expect(store.layersMatch(a, b)).toBe(true)
    expect(store.layersMatch(a, c)).toBe(false)
  })
})

describe('BodyStore', () => {
  it('keeps insertion order and reuses freed slots', () => {
    const store = new BodyStore(2)
    const a = store.insert('a', defaultBodyFields(0, 0, 1, 1))
    const b = store.insert('b', defaultBodyFields(1, 0, 1, 1))
    const c = store.insert('c', defaultBodyFields(2, 0, 1, 1))
    store.delete(b)
    expect(Array.from(store.order.subarray(0, store.count))).toEqual([a, c])
    expect(store.insert('d', defaultBodyFields(3, 0, 1, 1))).toBe(b)
    expect(store.slot('b')).toBe(-1)
    expect(store.slot('d')).toBe(b)
  })

  it('counts the bodies whose layers may miss another, through writes, removals and reused slots', () => {
    const store = new BodyStore(2)
    const a = store.insert('a', defaultBodyFields(0, 0, 1, 1))
    expect(store.selectiveCount).toBe(0)
    const b = store.insert('b', { ...defaultBodyFields(1, 0, 1, 1), mask: 0b10 })
    store.insert('c', { ...defaultBodyFields(2, 0, 1, 1), layer: 0 })
    expect(store.selectiveCount).toBe(2)
    // An update that keeps it selective counts it once; one that widens its mask uncounts it.
    store.write(b, { ...store.fields(b), mask: 0b11 })
    expect(store.selectiveCount).toBe(2)
    store.write(b, { ...store.fields(b), mask: 0xffffffff })
    expect(store.selectiveCount).toBe(1)
    store.write(a, { ...store.fields(a), mask: 0 })
    store.delete(a)
    expect(store.selectiveCount).toBe(1)
    // The freed slot starts unselective again.
    expect(store.insert('d', defaultBodyFields(3, 0, 1, 1))).toBe(a)
    expect(store.selectiveCount).toBe(1)
  })

  it('refuses to delete a slot twice, which would lose the last body and hand the slot out twice', () => {
    const store = new BodyStore()
    const a = store.insert('a', defaultBodyFields(0, 0, 1, 1))
    store.insert('b', defaultBodyFields(1, 0, 1, 1))
    store.delete(a)
    expect(() => store.delete(a)).toThrow(`BodyStore.delete: slot ${a} holds no body`)
    expect(store.count).toBe(1)
    expect(store.slot('b')).toBeGreaterThanOrEqual(0)
  })
})
