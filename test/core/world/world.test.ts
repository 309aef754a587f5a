import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../src/core/world/index.js'

describe('createWorld: bodies', () => {
  it('adds bodies with defaults and returns plain snapshots', () => {
    const world = createWorld()
    const id = world.add({ x: 1, y: 2, width: 3, height: 4 })
    expect(id).toBe('body-1')
    expect(world.get(id)).toEqual({
      id,
      x: 1,
      y: 2,
      width: 3,
      height: 4,
      type: 'dynamic',
      velocity: { x: 0, y: 0 },
      mass: 12,
      restitution: 0,
      response: 'slide',
      damping: 0,
      gravityScale: 1,
      layer: 1,
      mask: 0xffffffff,
      pushable: true,
    })
    const snapshot = world.get(id)
    snapshot.velocity.x = 99
    expect(world.get(id).velocity.x).toBe(0)
  })

  it('keeps ids stable, in insertion order, and never reuses a live one', () => {
    const world = createWorld()
    world.add({ id: 'body-2', x: 0, y: 0, width: 1, height: 1 })
    const first = world.add({ x: 0, y: 0, width: 1, height: 1 })
    const second = world.add({ x: 0, y: 0, width: 1, height: 1 })
    expect([first, second]).toEqual(['body-1', 'body-3'])
    world.remove('body-2')
    world.add({ id: 'late', x: 0, y: 0, width: 1, height: 1 })
    expect(world.ids()).toEqual(['body-1', 'body-3', 'late'])
    expect(world.size).toBe(3)
    expect(world.has('body-2')).toBe(false)
    expect(world.has('late')).toBe(true)
  })

  it('updates fields; a new position teleports', () => {
    const world = createWorld()
    const id = world.add({ x: 0, y: 0, width: 10, height: 10 })
    world.update(id, { x: 50, velocity: { x: 1, y: 2 }, type: 'kinematic', layer: 2 })
    expect(world.get(id)).toMatchObject({
      x: 50,
      y: 0,
      velocity: { x: 1, y: 2 },
      type: 'kinematic',
      layer: 2,
    })
  })

  it('stops a body made static, so it does not resume its old motion when made dynamic', () => {
    const world = createWorld({ gravity: { x: 0, y: 600 } })
    const id = world.add({ x: 0, y: 0, width: 10, height: 10, velocity: { x: 30, y: 0 } })
    world.step(1 / 60)
    world.update(id, { type: 'static' })
    expect(world.get(id).velocity).toEqual({ x: 0, y: 0 })
    const at = world.get(id).x
    world.update(id, { type: 'dynamic' })
    world.step(1 / 60)
    expect(world.get(id).x).toBe(at)
    // A velocity given with the change is kept.
    world.update(id, { type: 'static', velocity: { x: 5, y: 0 } })
    expect(world.get(id).velocity).toEqual({ x: 5, y: 0 })
  })

  it('rejects bad input with messages naming the method, body and field', () => {
    const world = createWorld()
    expect(() => world.add({ id: 'box', x: 0, y: 0, width: -3, height: 1 })).toThrow(
      new RangeError('add: body "box" width must be a finite number >= 0 (got -3)'),
    )
    expect(() => world.add({ x: NaN, y: 0, width: 1, height: 1 })).toThrow(
      'add: body x must be a finite number (got NaN)',
    )
    expect(() => world.add({ x: 0, y: 0, width: 1, height: Infinity })).toThrow(RangeError)
    expect(() =>
      world.add({ id: 'v', x: 0, y: 0, width: 1, height: 1, velocity: { x: 1, y: NaN } }),
    ).toThrow('add: body "v" velocity.y must be a finite number (got NaN)')
    expect(() =>
      world.add({ id: 't', x: 0, y: 0, width: 1, height: 1, type: 'rigid' as 'static' }),
    ).toThrow(`add: body "t" type must be one of 'static', 'kinematic', 'dynamic' (got "rigid")`)
    expect(() => world.add({ id: 'm', x: 0, y: 0, width: 1, height: 1, mass: 0 })).toThrow(
      RangeError,
    )
    expect(() => world.add({ id: 'r', x: 0, y: 0, width: 1, height: 1, restitution: 2 })).toThrow(
      'add: body "r" restitution must be a finite number in [0, 1] (got 2)',
    )
    expect(() => world.add({ id: 'l', x: 0, y: 0, width: 1, height: 1, layer: 1.5 })).toThrow(
      RangeError,
    )
    expect(() => world.add(null as never)).toThrow(TypeError)
    expect(() => world.add({ id: '', x: 0, y: 0, width: 1, height: 1 })).toThrow(
      new TypeError('add: id must be a non-empty string (got "")'),
    )
    // Nothing half-made entered.
    expect(world.size).toBe(0)
    world.add({ id: 'box', x: 0, y: 0, width: 1, height: 1 })
    expect(() => world.add({ id: 'box', x: 0, y: 0, width: 1, height: 1 })).toThrow(
      'add: body "box" already exists',
    )
    expect(() => world.update('box', { width: -1 })).toThrow(
      'update: body "box" width must be a finite number >= 0 (got -1)',
    )
    expect(() => world.update('box', { damping: -1 })).toThrow(
      'update: body "box" damping must be a finite number >= 0 (got -1)',
    )
    expect(() => world.update('box', { pushable: 'yes' as never })).toThrow(
      new TypeError('update: body "box" pushable must be a boolean (got "yes")'),
    )
    expect(world.get('box')).toMatchObject({ damping: 0, pushable: true })
    expect(world.get('box').width).toBe(1)
  })

  it('throws a RangeError naming unknown or removed ids', () => {
    const world = createWorld()
    const id = world.add({ x: 0, y: 0, width: 1, height: 1 })
    world.remove(id)
    expect(() => world.get(id)).toThrow(
      new RangeError(`get: body "${id}" does not exist (unknown or removed id)`),
    )
    expect(() => world.remove(id)).toThrow(RangeError)
    expect(() => world.update('nope', { x: 1 })).toThrow('update: body "nope" does not exist')
    expect(() => world.move('nope', { x: 1, y: 1 })).toThrow(RangeError)
    expect(() => world.get(42 as never)).toThrow(TypeError)
  })
})

describe('createWorld: stepping', () => {
  it('runs fixed steps from an accumulator and returns how many ran', () => {
    const world = createWorld({ fixedStep: 0.01 })
    const id = world.add({ x: 0, y: 0, width: 1, height: 1, velocity: { x: 100, y: 0 } })
    expect(world.step(0.005)).toBe(0)
    expect(world.get(id).x).toBe(0)
    expect(world.step(0.015)).toBe(2)
    expect(world.get(id).x).toBeCloseTo(2, 10)
  })

  it('clamps long frames and caps sub-steps, dropping the rest', () => {
    const world = createWorld({ maxFrameTime: 0.1, maxSubSteps: 3 })
    const id = world.add({ x: 0, y: 0, width: 1, height: 1, velocity: { x: 60, y: 0 } })
    expect(world.step(600)).toBe(3)
    expect(world.get(id).x).toBeCloseTo(3, 10)
    // The dropped time is not replayed.
    expect(world.step(1 / 60)).toBe(1)
  })

  it('rejects dt <= 0, NaN and non-numbers', () => {
    const world = createWorld()
    expect(() => world.step(0)).toThrow(
      new RangeError('step: frameSeconds must be a finite number > 0 (got 0)'),
    )
    expect(() => world.step(-1)).toThrow(RangeError)
    expect(() => world.step(NaN)).toThrow(RangeError)
    expect(() => world.step('1' as never)).toThrow(RangeError)
  })

  it('validates settings in createWorld and configure', () => {
    expect(() => createWorld({ fixedStep: 0 })).toThrow(
      'createWorld: settings fixedStep must be a finite number > 0 (got 0)',
    )
    expect(() => createWorld({ gravity: { x: 0, y: NaN } })).toThrow('gravity.y')
    expect(() => createWorld({ maxSubSteps: 1.5 })).toThrow(RangeError)
    // Bounded, so a tiny fixed step cannot make one call run for ever.
    expect(() => createWorld({ maxSubSteps: 1001 })).toThrow(
      'createWorld: settings maxSubSteps must be an integer in [1, 1000] (got 1001)',
    )
    const tiny = createWorld({ fixedStep: 1e-300, maxSubSteps: 1000 })
    tiny.add({ x: 0, y: 0, width: 10, height: 10, velocity: { x: 1, y: 0 } })
    expect(tiny.step(0.25)).toBe(1000)
    expect(() => createWorld({ integrator: 'verlet' as 'euler' })).toThrow(RangeError)
    const world = createWorld()
    expect(() => world.configure({ maxFrameTime: -1 })).toThrow('configure: settings maxFrameTime')
    world.configure({ gravity: { x: 0, y: 10 } })
    expect(world.settings.gravity).toEqual({ x: 0, y: 10 })
    expect(world.settings.fixedStep).toBeCloseTo(1 / 60)
  })

  it('drains moved bodies once, with their positions', () => {
    const world = createWorld()
    const still = world.add({ x: 0, y: 0, width: 1, height: 1 })
    const moving = world.add({ x: 10, y: 0, width: 1, height: 1, velocity: { x: 60, y: 0 } })
    const drain = () => {
      const seen: Array<[string, number, number]> = []
      world.drainMoved((id, x, y) => seen.push([id, x, y]))
      return seen
    }
    expect(drain().map(([id]) => id)).toEqual([still, moving])
    world.step(1 / 60)
    expect(drain()).toEqual([[moving, 11, 0]])
    expect(drain()).toEqual([])
  })

  it('is idle when nothing moved and nothing changed', () => {
    const world = createWorld()
    expect(world.isIdle()).toBe(true)
    const id = world.add({ x: 0, y: 0, width: 1, height: 1, velocity: { x: 10, y: 0 } })
    expect(world.isIdle()).toBe(false)
    world.step(1 / 60)
    expect(world.isIdle()).toBe(false)
    world.update(id, { velocity: { x: 0, y: 0 } })
    expect(world.isIdle()).toBe(false)
    world.step(1 / 60)
    expect(world.isIdle()).toBe(true)
  })
})
