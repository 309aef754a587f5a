import { expect } from 'vitest'
import type { Rect, Vec2 } from '../../../src/core/geometry/types.js'
import type { BodySnapshot, ContactEvent, Size, World } from '../../../src/core/world/index.js'

/**
 * Milliseconds for a property test of a few hundred runs: far above its time on an idle
 * machine (under a second), for a machine shared with other test runs.
 */
export const PROPERTY_TIMEOUT = 30_000

/**
 * How deep two boxes overlap: the smaller of the x and y overlaps (<= 0 when apart or
 * touching). Along an axis the overlap of two spans is the least of their sizes and of
 * each far edge less the other's near edge: so a box whose span lies inside the other's
 * overlaps it by exactly its own size, never by `(x + width) - x`, which rounds and varies
 * with `x` (a card inside a wall's span read 85.00000000000001 deep after a move and 85
 * before; another read 73 after sliding along a wall and 72.99999999999997 before).
 */
export function overlapDepth(a: BodySnapshot, b: BodySnapshot): number {
  return Math.min(
    spanOverlap(a.x, a.width, b.x, b.width),
    spanOverlap(a.y, a.height, b.y, b.height),
  )
}

/** The overlap of the spans [aStart, aStart + aSize] and [bStart, bStart + bSize] (<= 0: apart). */
function spanOverlap(aStart: number, aSize: number, bStart: number, bSize: number): number {
  return Math.min(aSize, bSize, aStart + aSize - bStart, bStart + bSize - aStart)
}

/** Asserts that every body of a world has a finite place, size and velocity (no NaN spread). */
export function expectFiniteBodies(world: World): void {
  for (const body of bodiesOf(world)) {
    const numbers = [body.x, body.y, body.width, body.height, body.velocity.x, body.velocity.y]
    expect(numbers.every(Number.isFinite), JSON.stringify(body)).toBe(true)
  }
}

/** Every body of a world, as snapshots. */
export function bodiesOf(world: World): BodySnapshot[] {
  return world.ids().map((id) => world.get(id))
}

/** The deepest overlap between a dynamic body and a static or kinematic one. */
export function deepestSolidOverlap(world: World): number {
  const bodies = bodiesOf(world)
  let deepest = 0
  for (const a of bodies) {
    if (a.type !== 'dynamic') continue
    for (const b of bodies) {
      if (b.type === 'dynamic') continue
      deepest = Math.max(deepest, overlapDepth(a, b))
    }
  }
  return deepest
}

/** The deepest overlap between any two bodies. */
export function deepestOverlap(world: World): number {
  const bodies = bodiesOf(world)
  let deepest = 0
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      deepest = Math.max(deepest, overlapDepth(bodies[i]!, bodies[j]!))
    }
  }
  return deepest
}

/** Records every contactStart and contactEnd event of a world, in order. */
export function recordContacts(world: World): ContactEvent[] {
  const events: ContactEvent[] = []
  world.on('contactStart', (event) => events.push(event))
  world.on('contactEnd', (event) => events.push(event))
  return events
}

/** The four walls {@link placeWalls} sets, by side: their ids are `wall-<side>`. */
export const WALLS = ['left', 'right', 'top', 'bottom'] as const

/**
 * Sets four static walls `wall` px thick around a board of `width` x `height` at the origin
 * (as `bounds="container"` does, 4096 px thick by default), or moves them when they exist.
 */
export function placeWalls(world: World, width: number, height: number, wall = 4096): void {
  const rects = {
    left: { x: -wall, y: -wall, width: wall, height: height + 2 * wall },
    right: { x: width, y: -wall, width: wall, height: height + 2 * wall },
    top: { x: 0, y: -wall, width, height: wall },
    bottom: { x: 0, y: height, width, height: wall },
  }
  for (const side of WALLS) {
    const id = `wall-${side}`
    if (world.has(id)) world.update(id, rects[side])
    else world.add({ id, ...rects[side], type: 'static' })
  }
}

/**
 * Whether the open interiors of two boxes meet (the contract's "overlaps"), with no checks:
 * the oracles try corners at infinite coordinates too.
 */
export function interiorsMeet(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/**
 * The free-spot oracles' choice among candidate top-left corners: those whose box's open
 * interior meets no body's (the contract's "overlaps"), the nearest `near`, ties to the
 * smaller y, then the smaller x.
 */
export function nearestFreeCorner(
  corners: Iterable<Vec2>,
  size: Size,
  near: Vec2,
  bodies: readonly Rect[],
): Vec2 | null {
  let best: (Vec2 & { distance: number }) | null = null
  for (const { x, y } of corners) {
    const box = { x, y, ...size }
    if (bodies.some((body) => interiorsMeet(box, body))) continue
    const distance = Math.hypot(x - near.x, y - near.y)
    if (
      best === null ||
      distance < best.distance ||
      (distance === best.distance && (y < best.y || (y === best.y && x < best.x)))
    ) {
      best = { x, y, distance }
    }
  }
  return best && { x: best.x, y: best.y }
}

/** Every pair's overlap depth (> 0 only) among `bodies`, by `a/b` id. */
export function depths(bodies: readonly BodySnapshot[]): Map<string, number> {
  const out = new Map<string, number>()
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const depth = overlapDepth(bodies[i]!, bodies[j]!)
      if (depth > 0) out.set(`${bodies[i]!.id}/${bodies[j]!.id}`, depth)
    }
  }
  return out
}
