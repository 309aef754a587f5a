import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { integrateEulerInto } from '../../../src/core/geometry/index.js'
import { DAMPED_REST_TRAVEL } from '../../../src/core/step/tolerances.js'
import { createWorld, type World } from '../../../src/core/world/index.js'
import { PROPERTY_TIMEOUT, deepestOverlap, deepestSolidOverlap } from '../world/helpers.js'

function run(world: World, steps: number): void {
  for (let i = 0; i < steps; i++) world.step(1 / 60)
}

describe('step: integration', () => {
  it('applies gravity with semi-implicit Euler (article 004)', () => {
    const world = createWorld({ gravity: { x: 0, y: 600 }, fixedStep: 0.1, maxFrameTime: 1 })
    const id = world.add({ x: 0, y: 0, width: 1, height: 1 })
    world.step(0.1)
    // v = 60, then y = v * dt = 6
    expect(world.get(id).velocity.y).toBeCloseTo(60)
    expect(world.get(id).y).toBeCloseTo(6)
  })

  it(
    "moves a free body exactly as the kernel's integrateEulerInto does, bit for bit",
    { timeout: PROPERTY_TIMEOUT },
    () => {
      // The step writes the Euler update out (see Simulation.integrate): this holds the two equal.
      const coordinate = fc.double({ min: -1e4, max: 1e4, noNaN: true })
      // Vertical speeds of at least 200 px/s either way: gravity (at most 100 px/s per step
      // here) and damping cannot bring the motion under the rest distance on both axes, which
      // the step would snap back. Horizontal ones are any, 0 included.
      const verticalSpeed = fc
        .tuple(fc.double({ min: 200, max: 1e4, noNaN: true }), fc.boolean())
        .map(([magnitude, negative]) => (negative ? -magnitude : magnitude))
      fc.assert(
        fc.property(
          coordinate,
          coordinate,
          fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          verticalSpeed,
          fc.double({ min: -500, max: 500, noNaN: true }),
          fc.double({ min: 0, max: 5, noNaN: true }),
          fc.double({ min: -2, max: 2, noNaN: true }),
          fc.constantFrom(1 / 60, 1 / 120, 0.1),
          (x, y, vx, vy, gravityY, damping, gravityScale, fixedStep) => {
            const dampingFactor = 1 / (1 + damping * fixedStep)
            const expected = integrateEulerInto(
              { position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } },
              { position: { x, y }, velocity: { x: vx * dampingFactor, y: vy * dampingFactor } },
              { x: (gravityY / 3) * gravityScale, y: gravityY * gravityScale },
              fixedStep,
            )
            const world = createWorld({ gravity: { x: gravityY / 3, y: gravityY }, fixedStep })
            const id = world.add({
              x,
              y,
              width: 2,
              height: 3,
              velocity: { x: vx, y: vy },
              damping,
              gravityScale,
            })
            world.step(fixedStep)
            const body = world.get(id)
            // Bit for bit except the sign of zero (`v + 0` turns -0 into 0): the step moves a
            // body by adding its displacement, so a body at x = -0 that does not move on x ends
            // at -0 + 0 = 0, where the kernel keeps -0 (fast-check found it). Both are 0.
            const signless = (values: number[]) => values.map((value) => value + 0)
            expect(signless([body.x, body.y, body.velocity.x, body.velocity.y])).toEqual(
              signless([
                expected.position.x,
                expected.position.y,
                expected.velocity.x,
                expected.velocity.y,
              ]),
            )
          },
        ),
        { numRuns: 1000 },
      )
    },
  )

  it('integrates exactly with RK4 under constant gravity', () => {
    const world = createWorld({
      gravity: { x: 0, y: 600 },
      integrator: 'rk4',
      fixedStep: 0.1,
      maxFrameTime: 1,
    })
    const id = world.add({ x: 0, y: 0, width: 1, height: 1 })
    world.step(0.1)
    expect(world.get(id).y).toBeCloseTo(0.5 * 600 * 0.01)
  })

  it('damps velocity and scales gravity per body', () => {
    const world = createWorld({ gravity: { x: 0, y: 100 } })
    const damped = world.add({
      x: 0,
      y: 0,
      width: 1,
      height: 1,
      velocity: { x: 60, y: 0 },
      damping: 60,
      gravityScale: 0,
    })
    const floating = world.add({ x: 10, y: 0, width: 1, height: 1, gravityScale: 0 })
    world.step(1 / 60)
    expect(world.get(damped).velocity.x).toBeCloseTo(30)
    expect(world.get(floating).y).toBe(0)
  })

  for (const integrator of ['euler', 'rk4'] as const) {
    it(`${integrator}: a damped body that nothing accelerates comes to rest, short of its full travel by under DAMPED_REST_TRAVEL`, () => {
      // Thrown at 3,000 px/s with damping 8/s: stopped once what is left of its travel is
      // under 0.25 px, after about ln(3000 / 2) / 8 = 0.91 s. Without the stop it moved for 4.7 s (until its steps
      // were below the last bit of its position) and 500 px/s with damping 1 for 33 s.
      const world = createWorld({ gravity: { x: 0, y: 300 }, integrator })
      const id = world.add({
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        velocity: { x: 1800, y: -2400 },
        damping: 8,
        gravityScale: 0,
      })
      let steps = 0
      while (!world.isIdle() && steps < 600) {
        world.step(1 / 60)
        steps++
      }
      expect(steps).toBeLessThanOrEqual(60)
      const body = world.get(id)
      expect(body.velocity).toEqual({ x: 0, y: 0 })
      // Implicit damping: every step keeps 1 / (1 + 8 h) of the speed, so the whole travel is
      // v0 / damping (1800 / 8 = 225 and -2400 / 8 = -300), and the stop cut less than 0.25 px.
      const short = Math.hypot(225 - body.x, -300 - body.y)
      expect(short).toBeGreaterThan(0)
      expect(short).toBeLessThan(DAMPED_REST_TRAVEL)
    })
  }

  it('never stops a damped body that gravity accelerates, however slow (terminal velocity)', () => {
    // Gravity 1 px/s² with damping 8/s: the speed stays under the 2 px/s stop speed for ever,
    // and tends to g (1 + damping h) / damping (damping first, then gravity, each step).
    const world = createWorld({ gravity: { x: 0, y: 1 } })
    const id = world.add({ x: 0, y: 0, width: 10, height: 10, damping: 8 })
    let lastY = 0
    for (let step = 0; step < 120; step++) {
      world.step(1 / 60)
      expect(world.get(id).y).toBeGreaterThan(lastY)
      lastY = world.get(id).y
    }
    expect(world.get(id).velocity.y).toBeCloseTo((1 + 8 / 60) / 8, 5)
  })

  it('never moves static or kinematic bodies', () => {
    const world = createWorld({ gravity: { x: 0, y: 100 } })
    const wall = world.add({
      x: 0,
      y: 0,
      width: 5,
      height: 5,
      type: 'static',
      velocity: { x: 10, y: 0 },
    })
    const card = world.add({
      x: 9,
      y: 0,
      width: 5,
      height: 5,
      type: 'kinematic',
      velocity: { x: 10, y: 0 },
    })
    run(world, 10)
    expect(world.get(wall)).toMatchObject({ x: 0, y: 0 })
    expect(world.get(card)).toMatchObject({ x: 9, y: 0 })
  })
})

describe('step: swept hits against solids (article 003)', () => {
  it('stops a box at 1,000,000 px/s on a wall 0.1 px thick', () => {
    const world = createWorld()
    world.add({ id: 'wall', x: 500, y: -100, width: 0.1, height: 200, type: 'static' })
    const bullet = world.add({ x: 0, y: 0, width: 10, height: 10, velocity: { x: 1e6, y: 0 } })
    world.step(1 / 60)
    expect(world.get(bullet).x).toBe(490)
    expect(world.get(bullet).velocity.x).toBe(0)
  })

  it('slides along a floor by default', () => {
    const world = createWorld()
    world.add({ x: -1000, y: 100, width: 2000, height: 10, type: 'static' })
    const id = world.add({ x: 0, y: 85, width: 10, height: 10, velocity: { x: 60, y: 600 } })
    world.step(1 / 60)
    expect(world.get(id)).toMatchObject({ x: 1, y: 90, velocity: { x: 60, y: 0 } })
  })

  it('stops dead with touch, reflects with bounce, passes with cross', () => {
    const world = createWorld()
    world.add({ x: -1000, y: 100, width: 2000, height: 10, type: 'static' })
    const touch = world.add({
      x: 0,
      y: 85,
      width: 10,
      height: 10,
      velocity: { x: 60, y: 600 },
      response: 'touch',
    })
    const bounce = world.add({
      x: 100,
      y: 85,
      width: 10,
      height: 10,
      velocity: { x: 0, y: 600 },
      response: 'bounce',
      restitution: 0.5,
    })
    const cross = world.add({
      x: 200,
      y: 85,
      width: 10,
      height: 10,
      velocity: { x: 0, y: 600 },
      response: 'cross',
    })
    world.step(1 / 60)
    expect(world.get(touch)).toMatchObject({ x: 0.5, y: 90, velocity: { x: 0, y: 0 } })
    expect(world.get(bounce).velocity.y).toBeCloseTo(-300)
    expect(world.get(bounce).y).toBeCloseTo(87.5)
    expect(world.get(cross)).toMatchObject({ y: 95, velocity: { y: 600 } })
  })

  it('stops a touch body dead on a solid it rests on, its motion along the face too', () => {
    const world = createWorld()
    world.add({ x: -100, y: 10, width: 300, height: 10, type: 'static' })
    const id = world.add({
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      velocity: { x: 60, y: 60 },
      response: 'touch',
    })
    world.step(1 / 60)
    expect(world.get(id)).toMatchObject({ x: 0, y: 0, velocity: { x: 0, y: 0 } })
  })

  it('pushes a body out of the walls it was placed in, together (no ping-pong)', () => {
    const world = createWorld()
    world.add({ id: 'left', x: -100, y: -100, width: 100, height: 300, type: 'static' })
    world.add({ id: 'right', x: 40, y: -100, width: 100, height: 300, type: 'static' })
    const box = world.add({ x: -5, y: 0, width: 38, height: 20 })
    world.step(1 / 60)
    expect(world.get(box).x).toBe(0)
    expect(deepestSolidOverlap(world)).toBe(0)
    // Squeezed from both sides: it leaves along the short way out that clears both.
    const squeezed = createWorld()
    squeezed.add({ x: -100, y: 0, width: 105, height: 10, type: 'static' })
    squeezed.add({ x: 35, y: 0, width: 100, height: 10, type: 'static' })
    const tight = squeezed.add({ x: 0, y: 2, width: 40, height: 10 })
    squeezed.step(1 / 60)
    expect(squeezed.get(tight).y).toBe(10)
    expect(deepestSolidOverlap(squeezed)).toBe(0)
  })

  it('pushes a body out of a solid the negative way on a tie, as the penetration vector does', () => {
    const world = createWorld()
    world.add({ x: 0, y: -100, width: 10, height: 200, type: 'static' })
    // 8 px from either side of the wall: it leaves to the left.
    const box = world.add({ x: 2, y: 0, width: 6, height: 10 })
    world.step(1 / 60)
    expect(world.get(box).x).toBe(-6)
  })

  it('keeps the velocity of a body pushed out of a solid that moves away from it', () => {
    const world = createWorld()
    world.add({ x: -100, y: 10, width: 300, height: 10, type: 'static' })
    const box = world.add({ x: 0, y: 1, width: 10, height: 10, velocity: { x: 0, y: -600 } })
    world.step(1 / 60)
    expect(world.get(box)).toMatchObject({ y: -10, velocity: { x: 0, y: -600 } })
  })

  it('slides along a floor it is inside by a rounding error', () => {
    const world = createWorld()
    world.add({ x: -100, y: 10, width: 300, height: 10, type: 'static' })
    const id = world.add({ x: 0, y: 5e-7, width: 10, height: 10, velocity: { x: 60, y: 0 } })
    world.step(1 / 60)
    expect(world.get(id)).toMatchObject({ x: 1, y: 5e-7, velocity: { x: 60, y: 0 } })
  })

  it('bounces with the speed of the impact, gravity after it slowing the way back (article 004)', () => {
    const world = createWorld({ gravity: { x: 0, y: 600 } })
    // Each box falls 10 px this step: it is at 590 px/s and gravity adds 10 px/s.
    const falling = { width: 10, height: 10, response: 'bounce' as const, restitution: 1 }
    world.add({ x: -100, y: 15, width: 300, height: 10, type: 'static' })
    // Lands halfway through the step: hits at 595 px/s, leaves at 595 less the 5 px/s of
    // gravity in the rest of the step.
    world.add({ id: 'once', x: 0, y: 0, velocity: { x: 0, y: 590 }, ...falling })
    // Hits a wall halfway, then lands halfway through the rest: at 3/4 of the step, it
    // hits at 597.5 px/s and leaves at 597.5 less 2.5.
    world.add({ x: 50, y: -100, width: 10, height: 200, type: 'static' })
    world.add({ id: 'twice', x: 35, y: -2.5, velocity: { x: 600, y: 590 }, ...falling })
    world.step(1 / 60)
    expect(world.get('once').velocity).toEqual({ x: 0, y: -590 })
    expect(world.get('twice').velocity).toEqual({ x: -600, y: -595 })
  })
})

describe('step: push-out between dynamic bodies', () => {
  it('leaves overlaps between dynamic bodies up to 0.01 deep alone, and pushes deeper ones apart', () => {
    const world = createWorld()
    const box = { width: 10, height: 10 }
    world.add({ id: 'a', x: 0, y: 0, ...box })
    world.add({ id: 'b', x: 9.995, y: 0, ...box })
    world.add({ id: 'c', x: 0, y: 20, ...box })
    world.add({ id: 'd', x: 9.98, y: 20, ...box })
    world.step(1 / 60)
    expect([world.get('a').x, world.get('b').x]).toEqual([0, 9.995])
    expect(world.get('c').x).toBeCloseTo(-0.01, 9)
    expect(world.get('d').x).toBeCloseTo(9.99, 9)
  })

  it('separates boxes added overlapping one another in a row within one step', () => {
    const world = createWorld()
    // Each box 5 px into the next: the middle one is pushed both ways at once.
    for (let k = 0; k < 3; k++) world.add({ x: k * 5, y: 0, width: 10, height: 10 })
    world.step(1 / 60)
    expect(deepestOverlap(world)).toBeLessThanOrEqual(0.01)
  })

  it('counts a gap up to 1e-4 (rounding) as touching: a box that close to a floor rests on it', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ x: -100, y: 100, width: 300, height: 10, type: 'static' })
    world.add({ id: 'rounding', x: 0, y: 90 - 5e-5, width: 10, height: 10 })
    world.add({ id: 'hovering', x: 50, y: 90 - 5e-4, width: 10, height: 10 })
    world.step(1 / 60)
    expect(world.get('rounding')).toMatchObject({ y: 90 - 5e-5, velocity: { x: 0, y: 0 } })
    // Further up, it falls onto the floor.
    expect(world.get('hovering').y).toBeCloseTo(90, 9)
    expect(world.get('hovering').velocity).toEqual({ x: 0, y: 0 })
  })

  it('splits a box centred inside another as the penetration vector does: the older one goes -x', () => {
    const world = createWorld()
    // `inner` is 8 px from either side of `outer`: on this tie the kernel moves the pair's
    // first box (`outer`) to -x, so `inner` moving +x leaves it and nothing stops it.
    world.add({ id: 'outer', x: 0, y: 0, width: 10, height: 10, mass: 1 })
    world.add({ id: 'inner', x: 2, y: 1, width: 6, height: 8, mass: 1, velocity: { x: 600, y: 0 } })
    world.step(1 / 60)
    expect(world.get('outer')).toMatchObject({ x: 0, velocity: { x: 0, y: 0 } })
    expect(world.get('inner')).toMatchObject({ x: 12, velocity: { x: 600, y: 0 } })
  })

  it('shares the push by mass (article 002)', () => {
    const world = createWorld()
    const light = world.add({ x: 0, y: 0, width: 10, height: 10, mass: 1 })
    const heavy = world.add({ x: 8, y: 0, width: 10, height: 10, mass: 3 })
    world.step(1 / 60)
    expect(world.get(light).x).toBeCloseTo(-1.5)
    expect(world.get(heavy).x).toBeCloseTo(8.5)
  })

  it('does not push a non-pushable body; a kinematic pushes dynamics out', () => {
    const world = createWorld()
    const fixed = world.add({ x: 0, y: 0, width: 10, height: 10, pushable: false })
    const other = world.add({ x: 8, y: 0, width: 10, height: 10 })
    const card = world.add({ x: 100, y: 0, width: 10, height: 10, type: 'kinematic' })
    const under = world.add({ x: 104, y: 0, width: 10, height: 10 })
    world.step(1 / 60)
    expect(world.get(fixed).x).toBe(0)
    expect(world.get(other).x).toBe(10)
    expect(world.get(card).x).toBe(100)
    expect(world.get(under).x).toBe(110)
  })

  it('stops two non-pushable bodies at each other, head on, chasing, or landing one on the other', () => {
    const world = createWorld()
    const a = world.add({
      x: 0,
      y: 0,
      width: 20,
      height: 20,
      velocity: { x: 300, y: 0 },
      pushable: false,
    })
    const b = world.add({
      x: 100,
      y: 0,
      width: 20,
      height: 20,
      velocity: { x: -300, y: 0 },
      pushable: false,
    })
    // Slower, ahead: the chaser stops at it, and it is not pushed on.
    const ahead = world.add({
      x: 0,
      y: 100,
      width: 20,
      height: 20,
      velocity: { x: 60, y: 0 },
      pushable: false,
    })
    const chaser = world.add({
      x: -60,
      y: 100,
      width: 20,
      height: 20,
      velocity: { x: 600, y: 0 },
      pushable: false,
    })
    run(world, 20)
    expect(world.get(a).x + 20).toBeLessThanOrEqual(world.get(b).x)
    expect(world.get(b).x - world.get(a).x).toBeCloseTo(20, 6)
    expect(world.get(chaser).x + 20).toBeLessThanOrEqual(world.get(ahead).x + 1e-9)
    expect(world.get(ahead).velocity.x).toBe(60)

    const falling = createWorld({ gravity: { x: 0, y: 980 } })
    falling.add({ x: -100, y: 100, width: 300, height: 20, type: 'static' })
    const low = falling.add({ x: 0, y: 0, width: 20, height: 20, pushable: false })
    const high = falling.add({ x: 5, y: -100, width: 20, height: 20, pushable: false })
    run(falling, 120)
    expect(falling.get(low).y).toBeCloseTo(80, 6)
    expect(falling.get(high).y).toBeCloseTo(60, 6)
    expect(falling.isIdle()).toBe(true)
  })

  it('gives a pair of dynamic bodies the stronger response, whichever was added first', () => {
    const ball = { id: 'ball', x: 0, y: 0, width: 10, height: 10 }
    const box = { id: 'box', x: 100, y: -20, width: 50, height: 50 }
    const after = (response: 'bounce' | 'cross', ballFirst: boolean) => {
      const world = createWorld()
      const moving = { ...ball, velocity: { x: 300, y: 0 }, response, restitution: 1 }
      if (ballFirst) world.add(moving)
      world.add(box)
      if (!ballFirst) world.add(moving)
      run(world, 40)
      return { ball: world.get('ball'), box: world.get('box') }
    }
    for (const response of ['bounce', 'cross'] as const) {
      expect(after(response, false)).toEqual(after(response, true))
    }
    // The ball bounces back; a crossing ball passes through and leaves the box alone.
    expect(after('bounce', false).ball.velocity.x).toBeLessThan(0)
    expect(after('cross', false).ball.x).toBe(200)
    expect(after('cross', false).box.x).toBe(100)
  })

  it('takes a body out of a kinematic the way that does not lead into a wall it touches', () => {
    const world = createWorld()
    world.add({ id: 'wall', type: 'static', x: 0, y: -100, width: 10, height: 300 })
    const body = world.add({ x: 10, y: 0, width: 10, height: 10 })
    // Overlapping the body by 2 x 5: out left (2) would enter the wall; down (5) is clear.
    world.add({ type: 'kinematic', x: 18, y: -5, width: 10, height: 10 })
    run(world, 5)
    expect(world.get(body)).toMatchObject({ x: 10, y: 5 })
    expect(world.isIdle()).toBe(true)
  })

  it('passes no push through a thin wall between two boxes, static or kinematic', () => {
    for (const type of ['static', 'kinematic'] as const) {
      const world = createWorld()
      const hits: string[] = []
      world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10, velocity: { x: 600, y: 0 } })
      world.add({ id: 'wall', type, x: 12, y: -50, width: 4, height: 100 })
      world.add({ id: 'b', x: 16, y: 0, width: 10, height: 10 })
      world.step(1 / 60)
      world.forEachHit((hit) => hits.push(`${hit.id}/${hit.other}`))
      expect(world.get('a')).toMatchObject({ x: 2, velocity: { x: 0, y: 0 } })
      expect(world.get('b')).toMatchObject({ x: 16, velocity: { x: 0, y: 0 } })
      expect(hits).toEqual(['a/wall'])
    }
  })

  it('separates two non-pushable bodies added overlapping, sharing the way out', () => {
    const world = createWorld()
    const a = world.add({ x: 0, y: 0, width: 10, height: 10, pushable: false })
    const b = world.add({ x: 6, y: 0, width: 10, height: 10, pushable: false })
    world.step(1 / 60)
    expect(world.get(a).x).toBeCloseTo(-2, 9)
    expect(world.get(b).x).toBeCloseTo(8, 9)
  })

  it('rests a box, and a stack, on a floor with RK4 too: no lift each step, idle, one contact', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 }, integrator: 'rk4' })
    world.add({ id: 'floor', x: -200, y: 400, width: 600, height: 20, type: 'static' })
    const box = world.add({ x: 50, y: 360, width: 40, height: 40 })
    const stack = [0, 1, 2, 3].map((level) =>
      world.add({ x: 200, y: 360 - level * 40, width: 40, height: 40 }),
    )
    const events: string[] = []
    world.on('contactStart', (event) => events.push(`start ${event.a} ${event.b}`))
    world.on('contactEnd', (event) => events.push(`end ${event.a} ${event.b}`))
    run(world, 60)
    expect(world.get(box).y).toBe(360)
    expect(stack.map((id) => world.get(id).y)).toEqual([360, 320, 280, 240])
    expect(world.isIdle()).toBe(true)
    expect(events.filter((event) => event.startsWith('end'))).toEqual([])
  })

  it('lets a bouncing box come to rest on the floor, not hover above it', () => {
    for (const fixedStep of [1 / 60, 1 / 20]) {
      const world = createWorld({ gravity: { x: 0, y: 980 }, fixedStep })
      world.add({ x: 0, y: 500, width: 200, height: 20, type: 'static' })
      const ball = world.add({
        x: 50,
        y: 400,
        width: 20,
        height: 20,
        response: 'bounce',
        restitution: 0.5,
      })
      for (let i = 0; i < 600; i++) world.step(fixedStep)
      expect(world.get(ball).y).toBe(480)
      expect(world.isIdle()).toBe(true)
    }
  })

  it('settles a stack under gravity without jitter, then goes idle', () => {
    const world = createWorld({ gravity: { x: 0, y: 980 } })
    world.add({ x: -200, y: 400, width: 600, height: 20, type: 'static' })
    const ids = [0, 1, 2, 3, 4].map((level) =>
      world.add({ x: level * 3, y: 300 - level * 45, width: 40, height: 40 }),
    )
    run(world, 240)
    const resting = ids.map((id) => world.get(id).y)
    run(world, 60)
    expect(ids.map((id) => world.get(id).y)).toEqual(resting)
    expect(world.isIdle()).toBe(true)
    // Resting overlaps below the solver's slop (0.01) are left alone.
    resting.forEach((y, level) =>
      expect(Math.abs(y - (360 - level * 40))).toBeLessThanOrEqual(0.01 * level),
    )
    expect(deepestOverlap(world)).toBeLessThanOrEqual(0.01)
  })

  it('gives results that do not depend on insertion order', () => {
    const boxes = [
      { id: 'a', x: 0, y: 0, width: 20, height: 20 },
      { id: 'b', x: 15, y: 3, width: 20, height: 20 },
      { id: 'c', x: 30, y: -4, width: 20, height: 20 },
      { id: 'd', x: 10, y: 15, width: 20, height: 20 },
    ]
    const positions = (order: typeof boxes) => {
      const world = createWorld()
      for (const box of order) world.add(box)
      run(world, 5)
      return boxes.map((box) => world.get(box.id)).map(({ x, y }) => [x, y])
    }
    const forward = positions(boxes)
    const backward = positions([...boxes].reverse())
    for (let i = 0; i < boxes.length; i++) {
      expect(backward[i]![0]).toBeCloseTo(forward[i]![0]!, 9)
      expect(backward[i]![1]).toBeCloseTo(forward[i]![1]!, 9)
    }
  })
})

describe('step: filtering', () => {
  it('lets bodies pass when their layers and masks do not match', () => {
    const world = createWorld()
    world.add({ x: 50, y: -50, width: 5, height: 100, type: 'static', layer: 2 })
    const ghost = world.add({
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      velocity: { x: 6000, y: 0 },
      mask: 1,
    })
    const solid = world.add({ x: 0, y: 20, width: 10, height: 10, velocity: { x: 6000, y: 0 } })
    world.step(1 / 60)
    expect(world.get(ghost).x).toBe(100)
    expect(world.get(solid).x).toBe(40)
  })

  it('lets two dynamic bodies pass when their layers do not match, and stops them once they do', () => {
    const world = createWorld()
    world.add({ id: 'a', x: 0, y: 0, width: 10, height: 10, velocity: { x: 600, y: 0 }, layer: 2 })
    world.add({ id: 'b', x: 12, y: 0, width: 10, height: 10, mask: 1 })
    world.step(1 / 60)
    // b's mask lacks a's layer: a passes into b.
    expect(world.get('a').x).toBe(10)
    world.update('b', { mask: 0xffffffff })
    world.update('a', { x: -20, velocity: { x: 1800, y: 0 } })
    world.step(1 / 60)
    // Now every mask has every layer: a meets b (2 px from its start) and pushes it.
    expect(world.get('a').x + 10).toBeLessThanOrEqual(world.get('b').x + 1e-9)
    expect(world.get('b').x).toBeGreaterThan(12)
  })

  it('uses the per-pair filter: ignore a pair or override its response', () => {
    const world = createWorld({
      filter: (a, b) =>
        a === 'ghost' || b === 'ghost' ? false : a === 'bouncy' ? 'bounce' : undefined,
    })
    world.add({ id: 'wall', x: 50, y: -50, width: 5, height: 100, type: 'static', restitution: 1 })
    world.add({ id: 'ghost', x: 0, y: 0, width: 10, height: 10, velocity: { x: 6000, y: 0 } })
    world.add({ id: 'bouncy', x: 0, y: 20, width: 10, height: 10, velocity: { x: 6000, y: 0 } })
    world.step(1 / 60)
    expect(world.get('ghost').x).toBe(100)
    expect(world.get('bouncy').velocity.x).toBe(-6000)
    expect(world.get('bouncy').x).toBe(-20)
  })
})
