import { describe, expect, it } from 'vitest'
import { createWorld, type World, type WorldSnapshot } from '../../../src/core/world/index.js'
import { MAX_BODIES } from '../../../src/core/world/bodyStore.js'
import { MAX_MASS, MAX_MOTION, MIN_MASS } from '../../../src/core/world/validate.js'
import { expectFiniteBodies } from './helpers.js'

/** Two boxes side by side on x, a touching `b`: stepping once starts their contact. */
function touchingPair(world: World): void {
  world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
  world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10, type: 'static' })
}

/** Every field of every body, and whether each id resolves: what a corrupt store breaks. */
function bodiesAndIds(world: World) {
  return world.ids().map((id) => ({ id, has: world.has(id), x: world.get(id).x }))
}

describe('changes made from inside a contact listener', () => {
  it('add, remove and add again of one id leaves exactly one body with that id', () => {
    const world = createWorld()
    touchingPair(world)
    world.on('contactStart', () => {
      world.add({ id: 'x', x: 100, y: 0, width: 5, height: 5 })
      world.remove('x')
      world.add({ id: 'x', x: 200, y: 0, width: 5, height: 5 })
    })
    world.step(1 / 60)
    expect(world.ids()).toEqual(['a', 'b', 'x'])
    expect(world.get('x').x).toBe(200)
    expect(() => world.add({ id: 'x', x: 0, y: 50, width: 5, height: 5 })).toThrow(
      'add: body "x" already exists',
    )
    // The snapshot round-trips: no duplicate id was written.
    const other = createWorld()
    other.restore(world.snapshot())
    expect(bodiesAndIds(other)).toEqual(bodiesAndIds(world))
  })

  it('resize and moveGroup of a body whose add is queued say so, and work once it entered', () => {
    const world = createWorld()
    touchingPair(world)
    const errors: string[] = []
    world.on('contactStart', () => {
      if (world.has('late')) return
      world.add({ id: 'late', x: 100, y: 100, width: 10, height: 10 })
      for (const call of [
        () => world.resize('late', { x: 100, y: 100, width: 20, height: 10 }),
        () => world.moveGroup(['late'], { x: 1, y: 0 }),
      ]) {
        try {
          call()
        } catch (error) {
          errors.push((error as Error).message)
        }
      }
    })
    world.step(1 / 60)
    expect(errors).toEqual([
      'resize: body "late" was added from inside a listener and enters the world once the listeners of this batch have run; call resize after that',
      'moveGroup: body "late" was added from inside a listener and enters the world once the listeners of this batch have run; call moveGroup after that',
    ])
    expect(world.get('late')).toMatchObject({ x: 100, y: 100, width: 10, height: 10 })
    expect(world.resize('late', { x: 100, y: 100, width: 20, height: 10 }).reached).toBe(true)
    expect(world.get('late').width).toBe(20)
  })

  it('removing a body added in the same batch cancels the add', () => {
    const world = createWorld()
    touchingPair(world)
    world.on('contactStart', () => {
      world.add({ id: 'ghost', x: 100, y: 0, width: 5, height: 5 })
      expect(world.has('ghost')).toBe(true)
      world.remove('ghost')
      expect(world.has('ghost')).toBe(false)
    })
    world.step(1 / 60)
    expect(world.ids()).toEqual(['a', 'b'])
  })

  it('two patches deferred for one body both apply', () => {
    const world = createWorld()
    touchingPair(world)
    world.add({ id: 'c', x: 100, y: 100, width: 10, height: 10, type: 'static' })
    world.on('contactStart', () => {
      world.update('c', { x: 500 })
      world.update('c', { mass: 7 })
    })
    world.step(1 / 60)
    expect(world.get('c')).toMatchObject({ x: 500, mass: 7 })
  })

  it('a deferred patch keeps a move made after it in the same listener', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.add({ id: 'b', x: 10, y: 0, width: 10, height: 10, type: 'static' })
    world.on('contactStart', () => {
      world.update('a', { restitution: 0.5 })
      world.move('a', { x: -50, y: 0 })
    })
    world.step(1 / 60)
    expect(world.get('a')).toMatchObject({ x: -50, restitution: 0.5 })
  })

  it('a patch of a body whose add is still queued changes what is added', () => {
    const world = createWorld()
    touchingPair(world)
    world.on('contactStart', () => {
      world.add({ id: 'late', x: 100, y: 0, width: 5, height: 5 })
      world.update('late', { x: 300, mass: 2 })
    })
    world.step(1 / 60)
    expect(world.get('late')).toMatchObject({ x: 300, mass: 2 })
  })

  it('a deferred patch that no longer fits is dropped, the rest of its batch applies, then the step throws', () => {
    const world = createWorld()
    touchingPair(world)
    world.add({ id: 'floor', x: 0, y: 100, width: 100, height: 10, type: 'static' })
    world.on('contactStart', () => {
      // Each fits the body as it is now; together the right edge passes Number.MAX_VALUE.
      world.update('a', { x: 1e308 })
      world.update('a', { width: 1e308 })
      world.add({ id: 'late', x: 300, y: 0, width: 5, height: 5 })
      world.remove('floor')
    })
    expect(() => world.step(1 / 60)).toThrow(
      'update: body "a" x + width must be a finite number (got Infinity)',
    )
    expect(world.get('a')).toMatchObject({ x: 1e308, width: 10 })
    expect(world.ids()).toEqual(['a', 'b', 'late'])
    expect(world.has('floor')).toBe(false)
    world.step(1 / 60)
    expectFiniteBodies(world)
  })
})

describe('a pair filter that throws', () => {
  function fallingOnFloor(filter: () => boolean) {
    const world = createWorld({ gravity: { x: 0, y: 600 }, filter })
    world.add({ id: 'floor', x: 0, y: 20, width: 100, height: 10, type: 'static' })
    world.add({ id: 'box', x: 0, y: 0, width: 10, height: 20 })
    return world
  }

  it('does not leave the step half done: the step completes, then the error is thrown', () => {
    let calls = 0
    const failing = fallingOnFloor(() => {
      calls++
      throw new Error('filter failed')
    })
    const clean = fallingOnFloor(() => true)
    const starts: string[] = []
    failing.on('contactStart', (event) => starts.push(`${event.a}/${event.b}`))
    expect(() => failing.step(1 / 60)).toThrow('filter failed')
    clean.step(1 / 60)
    expect(calls).toBeGreaterThan(0)
    // The pair kept its default response: the same state as a world whose filter says yes.
    expect(failing.get('box')).toEqual(clean.get('box'))
    expect(starts).toEqual(['box/floor'])
    // The next step runs normally once the filter stops throwing.
    failing.configure({ filter: () => true })
    failing.step(1 / 60)
    clean.step(1 / 60)
    expect(failing.get('box')).toEqual(clean.get('box'))
    expect(starts).toEqual(['box/floor'])
  })

  it('does not leave a move half done: moved bodies are marked, queries see them', () => {
    const world = createWorld({
      filter: () => {
        throw new Error('filter failed')
      },
    })
    world.add({ id: 'card', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.add({ id: 'wall', x: 50, y: 0, width: 10, height: 10, type: 'static' })
    expect(() => world.move('card', { x: 100, y: 0 })).toThrow('filter failed')
    expect(world.get('card').x).toBe(40)
    expect(world.queryPoint({ x: 45, y: 5 })).toEqual(['card'])
    expect(world.queryPoint({ x: 5, y: 5 })).toEqual([])
    const moved: string[] = []
    world.drainMoved((id) => moved.push(id))
    expect(moved).toContain('card')
  })
})

describe('a pair filter that returns an unknown verdict', () => {
  it('keeps the default response, completes the step, then throws a TypeError naming the value and the bodies', () => {
    let verdict: unknown = 'bouce'
    const world = createWorld({
      gravity: { x: 0, y: 600 },
      filter: () => verdict as boolean,
    })
    const clean = createWorld({ gravity: { x: 0, y: 600 } })
    for (const each of [world, clean]) {
      each.add({ id: 'floor', x: 0, y: 20, width: 100, height: 10, type: 'static' })
      each.add({ id: 'box', x: 0, y: 0, width: 10, height: 20 })
    }
    const step = () => world.step(1 / 60)
    expect(step).toThrow(TypeError)
    clean.step(1 / 60)
    expect(world.get('box')).toEqual(clean.get('box'))
    verdict = 42
    expect(step).toThrow(
      `filter: the pair filter must return false, true, undefined or one of 'slide', 'touch', 'bounce', 'cross' (got 42 for bodies "box" and "floor")`,
    )
    for (const accepted of [true, undefined, false, 'bounce']) {
      verdict = accepted
      expect(step).not.toThrow()
    }
  })
})

describe('options and patches that are not objects', () => {
  // Each call's bag of options is checked before anything reads it: `null` and numbers give
  // a TypeError naming the call, the body and the field, and nothing changes.
  const cases: [string, (world: World) => unknown, string][] = [
    [
      'createWorld',
      () => createWorld(null as never),
      'createWorld: settings must be an object (got null)',
    ],
    ['configure', (w) => w.configure(5 as never), 'configure: settings must be an object (got 5)'],
    ['add', (w) => w.add(null as never), 'add: body options must be an object (got null)'],
    [
      'update',
      (w) => w.update('a', 'x' as never),
      'update: body "a" options must be an object (got "x")',
    ],
    [
      'move',
      (w) => w.move('a', { x: 1, y: 0 }, 3 as never),
      'move: body "a" options must be an object (got 3)',
    ],
    [
      'resize',
      (w) => w.resize('a', { x: 0, y: 0, width: 5, height: 5 }, null as never),
      'resize: body "a" options must be an object (got null)',
    ],
    [
      'findFreeSpot',
      (w) => w.findFreeSpot({ width: 5, height: 5 }, { x: 0, y: 0 }, null as never),
      'findFreeSpot: options must be an object (got null)',
    ],
  ]
  it.each(cases)('%s names the call and the field, and changes nothing', (_name, call, message) => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10 })
    const before = world.get('a')
    expect(() => call(world)).toThrow(new TypeError(message))
    expect(world.get('a')).toEqual(before)
    expect(world.ids()).toEqual(['a'])
  })
})

describe('extreme but finite values', () => {
  it('refuses a box whose far edge is not finite, naming the field', () => {
    const world = createWorld()
    expect(() => world.add({ x: 1e308, y: 0, width: 1e308, height: 1 })).toThrow(
      'add: body x + width must be a finite number (got Infinity)',
    )
    world.add({ id: 'box', x: 0, y: 0, width: 1, height: 1 })
    expect(() => world.update('box', { y: 1e308, height: 1e308 })).toThrow(
      'update: body "box" y + height must be a finite number (got Infinity)',
    )
    expect(world.get('box').y).toBe(0)
  })

  it('refuses a move whose distance or far edge at the goal is not finite, naming the field', () => {
    const world = createWorld()
    world.add({ id: 'far', x: -1e308, y: 0, width: 10, height: 10 })
    world.add({ id: 'wall', x: 0, y: -100, width: 10, height: 200, type: 'static' })
    world.add({ id: 'wide', x: 0, y: 500, width: 1e308, height: 10 })
    for (const push of [false, true]) {
      expect(() => world.move('far', { x: 1e308, y: 0 }, { push })).toThrow(
        'move: body "far" goal.x - x must be a finite number (got Infinity)',
      )
      expect(() => world.move('wide', { x: 1e308, y: 500 }, { push })).toThrow(
        'move: body "wide" goal.x + width must be a finite number (got Infinity)',
      )
    }
    expect(world.get('far').x).toBe(-1e308)
    expect(world.get('wide').x).toBe(0)
    expect(world.move('far', { x: -5e307, y: 0 }, { push: true })).toMatchObject({
      x: -5e307,
      reached: true,
    })
  })

  it('a push stops a body at the end of the number line, as a wall would', () => {
    const world = createWorld()
    world.add({ id: 'pusher', x: 0, y: 0, width: 10, height: 10, type: 'kinematic' })
    world.add({ id: 'long', x: 10, y: 0, width: 1e308, height: 10 })
    const result = world.move('pusher', { x: 1.7e308, y: 0 }, { push: true })
    expect(result).toMatchObject({ x: 0, reached: false })
    expect(result.hits.map((hit) => hit.other)).toEqual(['long'])
    expect(world.get('long').x).toBe(10)
    world.step(1 / 60)
    expectFiniteBodies(world)
  })

  it('indexes bodies near both ends of the number line (an extent past Number.MAX_VALUE)', () => {
    const world = createWorld()
    world.add({ id: 'left', x: -9e307, y: 0, width: 10, height: 10 })
    world.add({ id: 'right', x: 9e307, y: 0, width: 10, height: 10 })
    world.add({ id: 'middle', x: 0, y: 0, width: 10, height: 10 })
    expect(world.queryPoint({ x: 5, y: 5 })).toEqual(['middle'])
    expect(world.queryPoint({ x: 9e307, y: 5 })).toEqual(['right'])
    world.step(1 / 60)
    expect(world.get('left').x).toBe(-9e307)
  })

  it(`keeps masses in [${MIN_MASS}, ${MAX_MASS}], so impulses never overflow to NaN`, () => {
    const world = createWorld()
    expect(() => world.add({ x: 0, y: 0, width: 1, height: 1, mass: 1e307 })).toThrow(
      `add: body mass must be a finite number in [${MIN_MASS}, ${MAX_MASS}] (got 1e+307)`,
    )
    expect(() => world.add({ x: 0, y: 0, width: 1, height: 1, mass: 1e-309 })).toThrow(RangeError)
    // The extremes that are allowed, closing fast: finite results.
    world.add({ id: 'heavy', x: 0, y: 0, width: 10, height: 10, mass: MAX_MASS })
    world.add({ id: 'light', x: 12, y: 0, width: 10, height: 10, mass: MIN_MASS })
    world.update('heavy', { velocity: { x: 1e6, y: 0 } })
    world.update('light', { velocity: { x: -1e6, y: 0 } })
    world.step(1 / 60)
    expectFiniteBodies(world)
    // A default mass (the area) is kept in the range too.
    world.add({ id: 'huge', x: 0, y: 100, width: 1e7, height: 1e7 })
    expect(world.get('huge').mass).toBe(MAX_MASS)
    world.add({ id: 'tiny', x: 0, y: -100, width: 1e-7, height: 1e-7 })
    expect(world.get('tiny').mass).toBe(MIN_MASS)
    // A box of zero area weighs 1.
    world.add({ id: 'line', x: 0, y: -200, width: 0, height: 10 })
    expect(world.get('line').mass).toBe(1)
  })
})

describe('extreme speeds and overlaps at the ends of the mass range', () => {
  it(`refuses velocities, gravities and gravity scales beyond ${MAX_MOTION}, naming the field`, () => {
    const world = createWorld()
    expect(() =>
      world.add({ id: 'shot', x: 0, y: 0, width: 1, height: 1, velocity: { x: 0, y: 1e151 } }),
    ).toThrow(
      `add: body "shot" velocity.y must be a finite number in [-${MAX_MOTION}, ${MAX_MOTION}] (got 1e+151)`,
    )
    expect(() => world.add({ x: 0, y: 0, width: 1, height: 1, gravityScale: -1e200 })).toThrow(
      RangeError,
    )
    expect(() => createWorld({ gravity: { x: 3.6e296, y: 0 } })).toThrow(
      `createWorld: settings gravity.x must be a finite number in [-${MAX_MOTION}, ${MAX_MOTION}] (got 3.6e+296)`,
    )
    expect(world.size).toBe(0)
  })

  it('keeps a collision and a push-out finite (shares of the change, not change / total inverse mass)', () => {
    const world = createWorld()
    // The heaviest boxes closing at the highest speed allowed.
    world.add({
      id: 'shot',
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      mass: MAX_MASS,
      velocity: { x: 0, y: MAX_MOTION },
    })
    world.add({ id: 'target', x: 0, y: 20, width: 10, height: 10, mass: MAX_MASS })
    // The lightest boxes overlapping by 9e300: px * weight (1e12) / total overflowed to
    // Infinity, then to NaN.
    world.add({ id: 'wide', x: 0, y: 1e303, width: 1e301, height: 1e301, mass: MIN_MASS })
    world.add({ id: 'wider', x: 0, y: 1e303 + 1e300, width: 1e301, height: 1e301, mass: MIN_MASS })
    world.step(1 / 60)
    expectFiniteBodies(world)
    // Equal masses share the stop: the shot and its target leave at the same speed.
    expect(world.get('shot').velocity.y).toBe(world.get('target').velocity.y)
  })
})

describe('slow free bodies', () => {
  it('a body starting to fall under a weak gravity falls (it is not snapped back)', () => {
    const world = createWorld({ gravity: { x: 0, y: 9.81 }, fixedStep: 1 / 240 })
    world.add({ id: 'feather', x: 0, y: 0, width: 1, height: 1, gravityScale: 0.01 })
    for (let step = 0; step < 2400; step++) world.step(1 / 240)
    // 10 s at 0.0981 units/s^2: about g t^2 / 2 = 4.9.
    expect(world.get('feather').y).toBeCloseTo(4.905, 1)
  })

  it('a body drifting at 0.005 units/s keeps its velocity and is not idle', () => {
    const world = createWorld()
    world.add({ id: 'drift', x: 0, y: 0, width: 1, height: 1, velocity: { x: 0.005, y: 0 } })
    for (let step = 0; step < 60; step++) world.step(1 / 60)
    expect(world.get('drift').velocity.x).toBe(0.005)
    expect(world.get('drift').x).toBeCloseTo(0.005, 6)
    expect(world.isIdle()).toBe(false)
  })

  it('a resting body near another still goes idle (rounding noise is snapped)', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ id: 'floor', x: 0, y: 100, width: 100, height: 10, type: 'static' })
    world.add({ id: 'box', x: 10, y: 60, width: 40, height: 40 })
    for (let step = 0; step < 120 && !world.isIdle(); step++) world.step(1 / 60)
    expect(world.isIdle()).toBe(true)
  })
})

describe('restore of hostile snapshots', () => {
  function snapshotOf(world: World): WorldSnapshot {
    return JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot
  }

  it('refuses a nextId that is not a safe integer, before anything changes', () => {
    const world = createWorld()
    world.add({ id: 'keep', x: 0, y: 0, width: 1, height: 1 })
    for (const nextId of [2 ** 53, 0.5, -1]) {
      const snapshot = { ...snapshotOf(world), nextId }
      expect(() => world.restore(snapshot)).toThrow(
        `restore: snapshot nextId must be a safe integer >= 0 (got ${nextId})`,
      )
    }
    expect(world.ids()).toEqual(['keep'])
  })

  it('refuses a negative or non-finite accumulator, before anything changes', () => {
    const world = createWorld()
    world.add({ id: 'keep', x: 0, y: 0, width: 1, height: 1 })
    expect(() => world.restore({ ...snapshotOf(world), accumulator: -1 })).toThrow(
      'restore: snapshot accumulator must be a finite number >= 0 (got -1)',
    )
    expect(() => world.restore({ ...snapshotOf(world), accumulator: Infinity })).toThrow(RangeError)
    expect(world.ids()).toEqual(['keep'])
  })

  it('refuses a sparse bodies array, before anything changes', () => {
    const world = createWorld({ gravity: { x: 0, y: 5 } })
    world.add({ id: 'keep', x: 0, y: 0, width: 1, height: 1 })
    const snapshot = snapshotOf(world)
    const bodies = [...snapshot.bodies]
    // eslint-disable-next-line no-sparse-arrays -- the hole is what this test is about
    const sparse = { ...snapshot, bodies: [bodies[0]!, , bodies[0]!] } as WorldSnapshot
    sparse.settings = { ...sparse.settings, gravity: { x: 0, y: 99 } }
    expect(() => world.restore(sparse)).toThrow(
      'restore: snapshot.bodies[1] must be an object (got undefined)',
    )
    expect(world.ids()).toEqual(['keep'])
    expect(world.settings.gravity).toEqual({ x: 0, y: 5 })
  })

  it('refuses more bodies than a world holds, and a body without an id, naming where', () => {
    const world = createWorld()
    world.add({ id: 'keep', x: 0, y: 0, width: 1, height: 1 })
    const snapshot = snapshotOf(world)
    const tooMany: WorldSnapshot = {
      ...snapshot,
      bodies: new Array<WorldSnapshot['bodies'][number]>(MAX_BODIES + 1),
    }
    expect(() => world.restore(tooMany)).toThrow(
      `restore: snapshot.bodies must hold at most ${MAX_BODIES} bodies (got ${MAX_BODIES + 1})`,
    )
    const body = snapshot.bodies[0]!
    const anonymous = { ...snapshot, bodies: [body, { ...body, id: '' }] }
    expect(() => world.restore(anonymous)).toThrow(
      'restore: snapshot.bodies[1] id must be a non-empty string (got "")',
    )
    expect(world.ids()).toEqual(['keep'])
  })

  it('refuses a contact normal that no contact can have (not an axis vector or 0, 0)', () => {
    const world = createWorld()
    touchingPair(world)
    // Contacts are tracked while someone listens.
    world.on('contactStart', () => {})
    world.step(1 / 60)
    const snapshot = snapshotOf(world)
    const [contact] = snapshot.contacts ?? []
    expect(snapshot.contacts).toHaveLength(1)
    for (const normal of [
      { x: 1e308, y: 1e308 },
      { x: 0.6, y: 0.8 },
      { x: 2, y: 0 },
      { x: 1, y: -1 },
    ]) {
      const bent = { ...snapshot, contacts: [{ ...contact!, normal }] }
      expect(() => world.restore(bent)).toThrow(
        `restore: snapshot.contacts[0] normal must be a unit axis vector or { x: 0, y: 0 } (got { x: ${normal.x}, y: ${normal.y} })`,
      )
    }
    for (const normal of [
      { x: 0, y: 0 },
      { x: 0, y: -1 },
    ]) {
      world.restore({ ...snapshot, contacts: [{ ...contact!, normal }] })
    }
  })

  it('completes when a contactEnd listener throws, then rethrows', () => {
    const world = createWorld()
    touchingPair(world)
    let failing = false
    world.on('contactEnd', () => {
      if (failing) throw new Error('listener failed')
    })
    world.step(1 / 60)
    failing = true
    expect(() => world.restore(createWorld().snapshot())).toThrow('listener failed')
    expect(world.ids()).toEqual([])
  })

  it('forgets the swept hits of the replaced world', () => {
    const world = createWorld()
    world.add({ id: 'floor', x: 0, y: 100, width: 100, height: 10, type: 'static' })
    world.add({ id: 'ball', x: 0, y: 0, width: 10, height: 10, velocity: { x: 0, y: 6000 } })
    world.step(1 / 60)
    let hits = 0
    world.forEachHit(() => hits++)
    expect(hits).toBeGreaterThan(0)
    world.restore(createWorld().snapshot())
    hits = 0
    world.forEachHit(() => hits++)
    expect(hits).toBe(0)
  })
})
