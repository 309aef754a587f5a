import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  containsPoint,
  createMinkowskiEdges,
  overlaps,
  rayHitInto,
} from '../../../src/core/geometry/index.js'
import {
  createWorld,
  type BodyOptions,
  type World,
  type WorldSnapshot,
} from '../../../src/core/world/index.js'
import { MAX_MASS, MAX_MOTION, MIN_MASS } from '../../../src/core/world/validate.js'
import { bodiesOf, deepestOverlap, deepestSolidOverlap, expectFiniteBodies } from './helpers.js'

const RUNS = { numRuns: 1000 }

const size = fc.double({ min: 0.5, max: 50, noNaN: true })
const coordinate = fc.double({ min: -200, max: 200, noNaN: true })
const speed = fc.double({ min: -2000, max: 2000, noNaN: true })

const dynamicBody: fc.Arbitrary<BodyOptions> = fc.record({
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  velocity: fc.record({ x: speed, y: speed }),
  mass: fc.double({ min: 0.5, max: 10, noNaN: true }),
  response: fc.constantFrom('slide', 'touch', 'bounce'),
  restitution: fc.double({ min: 0, max: 1, noNaN: true }),
})

const solidBody: fc.Arbitrary<BodyOptions> = fc.record({
  x: coordinate,
  y: coordinate,
  width: fc.double({ min: 0.01, max: 300, noNaN: true }),
  height: fc.double({ min: 0.01, max: 300, noNaN: true }),
  type: fc.constantFrom('static' as const, 'kinematic' as const),
})

const gravity = fc.record({ x: fc.constantFrom(0, 300), y: fc.constantFrom(0, 980) })

/** A world of solids and dynamics; dynamics that start inside a solid are left out. */
function buildWorld(
  settings: { gravity: { x: number; y: number } },
  solids: BodyOptions[],
  dynamics: BodyOptions[],
): World {
  const world = createWorld(settings)
  for (const solid of solids) world.add(solid)
  for (const body of dynamics) {
    const inside = solids.some(
      (s) =>
        body.x < s.x + s.width &&
        s.x < body.x + body.width &&
        body.y < s.y + s.height &&
        s.y < body.y + body.height,
    )
    if (!inside) world.add(body)
  }
  return world
}

// 1,000 runs each: generous timeouts for a loaded 2-core machine.
describe('world properties', { timeout: 30_000 }, () => {
  it('never lets a box tunnel through a wall, whatever its size, speed and the wall thickness', () => {
    fc.assert(
      fc.property(
        size,
        size,
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.constantFrom('slide', 'touch', 'bounce'),
        (width, height, speedX, speedY, thickness, gap, response) => {
          const world = createWorld()
          world.add({
            id: 'wall',
            x: gap + width,
            y: -1e7,
            width: thickness,
            height: 2e7,
            type: 'static',
          })
          world.add({
            id: 'box',
            x: 0,
            y: 0,
            width,
            height,
            velocity: { x: speedX, y: speedY },
            response,
            restitution: 1,
          })
          for (let i = 0; i < 3; i++) {
            world.step(1 / 60)
            const box = world.get('box')
            expect(box.x + box.width).toBeLessThanOrEqual(gap + width + 1e-6)
          }
        },
      ),
      RUNS,
    )
  })

  it('leaves no dynamic body overlapping a solid by more than 0.01 after a step', () => {
    fc.assert(
      fc.property(
        gravity,
        fc.array(solidBody, { minLength: 1, maxLength: 3 }),
        fc.array(dynamicBody, { minLength: 1, maxLength: 5 }),
        (g, solids, dynamics) => {
          const world = buildWorld({ gravity: g }, solids, dynamics)
          for (let i = 0; i < 5; i++) {
            world.step(1 / 60)
            expect(deepestSolidOverlap(world)).toBeLessThanOrEqual(0.01)
          }
        },
      ),
      RUNS,
    )
  })

  it('never leaves an overlap after pushing a chain against a wall', () => {
    const link = fc.record({
      gap: fc.double({ min: 0, max: 30, noNaN: true }),
      width: size,
      height: size,
      y: fc.double({ min: -20, max: 20, noNaN: true }),
    })
    fc.assert(
      fc.property(
        fc.array(link, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: -400, max: 400, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (links, wallGap, goalX, goalY) => {
          const world = createWorld()
          const hand = world.add({ x: 0, y: 0, width: 20, height: 20, type: 'kinematic' })
          let x = 20
          for (const { gap, width, height, y } of links) {
            world.add({ x: x + gap, y, width, height })
            x += gap + width
          }
          world.add({ x: x + wallGap, y: -1000, width: 10, height: 2000, type: 'static' })
          world.add({ x: -1000, y: -1000, width: 10, height: 2000, type: 'static' })
          const before = deepestOverlap(world)
          world.move(hand, { x: goalX, y: goalY }, { push: true })
          expect(deepestOverlap(world)).toBeLessThanOrEqual(Math.max(before, 1e-9))
        },
      ),
      RUNS,
    )
  })

  it('is deterministic: the same inputs give bit-identical states, also after restore', () => {
    fc.assert(
      fc.property(
        gravity,
        fc.array(solidBody, { maxLength: 2 }),
        fc.array(dynamicBody, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (g, solids, dynamics, steps) => {
          const first = buildWorld({ gravity: g }, solids, dynamics)
          const second = buildWorld({ gravity: g }, solids, dynamics)
          for (let i = 0; i < steps; i++) {
            first.step(1 / 60)
            second.step(1 / 60)
          }
          const restored = createWorld()
          restored.restore(JSON.parse(JSON.stringify(first.snapshot())) as WorldSnapshot)
          for (let i = 0; i < steps; i++) {
            first.step(1 / 60)
            second.step(1 / 60)
            restored.step(1 / 60)
          }
          const state = (world: World) =>
            bodiesOf(world).flatMap((b) => [b.x, b.y, b.velocity.x, b.velocity.y])
          // Bit-identical: Object.is tells -0 from 0. JSON has no -0, so after a restore
          // the two zeros are one.
          const bits = (world: World) => state(world).map((v) => (Object.is(v, -0) ? '-0' : v))
          expect(bits(second)).toEqual(bits(first))
          expect(state(restored).map((v) => v + 0)).toEqual(state(first).map((v) => v + 0))
        },
      ),
      RUNS,
    )
  })

  it('balances events: every start gets exactly one end when the pair separates or a body goes', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('step' as const) }),
      fc.record({ kind: fc.constant('remove' as const), index: fc.nat() }),
      fc.record({
        kind: fc.constant('push' as const),
        index: fc.nat(),
        velocity: fc.record({ x: speed, y: speed }),
      }),
    )
    fc.assert(
      fc.property(
        fc.array(solidBody, { maxLength: 2 }),
        fc.array(dynamicBody, { minLength: 2, maxLength: 6 }),
        fc.array(action, { maxLength: 12 }),
        (solids, dynamics, actions) => {
          const world = buildWorld({ gravity: { x: 0, y: 0 } }, solids, dynamics)
          const open = new Set<string>()
          world.on('contactStart', ({ a, b }) => {
            expect(open.has(`${a}|${b}`)).toBe(false)
            open.add(`${a}|${b}`)
          })
          world.on('contactEnd', ({ a, b }) => {
            expect(open.delete(`${a}|${b}`)).toBe(true)
          })
          for (const step of actions) {
            const ids = world.ids()
            if (step.kind === 'step') world.step(1 / 60)
            else if (ids.length > 0) {
              const id = ids[step.index % ids.length]!
              if (step.kind === 'remove') world.remove(id)
              else world.update(id, { velocity: step.velocity })
            }
          }
          for (const id of world.ids()) world.remove(id)
          expect(open.size).toBe(0)
        },
      ),
      RUNS,
    )
  })

  it('answers queries exactly like a brute-force scan', () => {
    const box = fc.record({
      x: coordinate,
      y: coordinate,
      width: fc.double({ min: 0, max: 80, noNaN: true }),
      height: fc.double({ min: 0, max: 80, noNaN: true }),
    })
    const point = fc.record({ x: coordinate, y: coordinate })
    fc.assert(
      fc.property(
        fc.array(box, { maxLength: 12 }),
        box,
        point,
        point,
        (boxes, rect, origin, delta) => {
          const world = createWorld()
          for (const body of boxes) world.add({ ...body, type: 'static' })
          const all = bodiesOf(world)
          expect(world.queryRect(rect)).toEqual(
            all.filter((b) => overlaps(b, rect)).map((b) => b.id),
          )
          expect(world.queryPoint(origin)).toEqual(
            all.filter((b) => containsPoint(b, origin)).map((b) => b.id),
          )
          const hit = { time: 0, normal: { x: 0, y: 0 } }
          const edges = createMinkowskiEdges()
          const expected = all
            .filter((b) => rayHitInto(hit, origin, delta, b, edges))
            .map((b) => ({ id: b.id, time: (rayHitInto(hit, origin, delta, b, edges), hit.time) }))
            .sort((p, q) => p.time - q.time)
          expect(world.raycast(origin, delta).map(({ id, time }) => ({ id, time }))).toEqual(
            expected,
          )
        },
      ),
      RUNS,
    )
  })

  it('lets no NaN or Infinity spread from extreme but valid values', () => {
    // Magnitudes from rounding level to near Number.MAX_VALUE for places and sizes, and to
    // MAX_MOTION for velocities and gravity, of either sign.
    const scaled = (magnitudes: number[]) =>
      fc
        .tuple(fc.constantFrom(...magnitudes), fc.double({ min: -1, max: 1, noNaN: true }))
        .map(([scale, unit]) => scale * unit)
    const extreme = scaled([0, 1e-300, 1e-9, 0.5, 40, 1e6, 1e150, 1e300, 1e307])
    const extremeSize = extreme.map(Math.abs)
    const fast = scaled([0, 1e-300, 1e-9, 0.5, 40, 1e6, 1e100, MAX_MOTION])
    const extremeBody: fc.Arbitrary<BodyOptions> = fc.record({
      x: extreme,
      y: extreme,
      width: extremeSize,
      height: extremeSize,
      velocity: fc.record({ x: fast, y: fast }),
      gravityScale: fast,
      type: fc.constantFrom(
        'dynamic' as const,
        'dynamic' as const,
        'static' as const,
        'kinematic' as const,
      ),
      response: fc.constantFrom('slide', 'touch', 'bounce', 'cross'),
      restitution: fc.double({ min: 0, max: 1, noNaN: true }),
      mass: fc.constantFrom(undefined, MIN_MASS, 1, MAX_MASS),
    })
    fc.assert(
      fc.property(
        fc.record({ x: fast, y: fast }),
        fc.constantFrom('euler' as const, 'rk4' as const),
        fc.array(extremeBody, { minLength: 1, maxLength: 6 }),
        fc.record({ x: extreme, y: extreme }),
        (gravity, integrator, bodies, goal) => {
          const world = createWorld({ gravity, integrator })
          for (const body of bodies) {
            try {
              world.add(body)
            } catch (error) {
              // A box whose far edge is not finite is refused, by name.
              expect(error).toBeInstanceOf(RangeError)
            }
          }
          const ids = world.ids()
          for (let step = 0; step < 4; step++) {
            world.step(1 / 60)
            if (ids.length > 0) world.move(ids[step % ids.length]!, goal, { push: step % 2 === 0 })
            expectFiniteBodies(world)
          }
        },
      ),
      RUNS,
    )
  })
})
