import { createSweepHit, sweepInto } from '../core/geometry/sweep.js'
import type { Rect, Vec2 } from '../core/geometry/types.js'
import type { BodyId, World } from '../core/world/types.js'

const svgNamespace = 'http://www.w3.org/2000/svg'
/** Relative slack on "hit by the end of the motion", for the rounding of the doubled sweep. */
const ARRIVAL_TOLERANCE = 1e-9

/** One dynamic body's ray, its time-of-impact dot, and where its top-left was last frame. */
interface SweptRay {
  line: SVGLineElement
  dot: SVGCircleElement
  fromX: number
  fromY: number
}

const hit = createSweepHit()
const from: Rect = { x: 0, y: 0, width: 0, height: 0 }
const lookAhead: Vec2 = { x: 0, y: 0 }
const still: Vec2 = { x: 0, y: 0 }
const swept: Rect = { x: 0, y: 0, width: 0, height: 0 }

/**
 * Draws, for each dynamic body that moved since the last frame, its motion as a ray from
 * its previous top-left to its current one (article 003's ray, drawn at the same corner as
 * the overlay's Minkowski differences), with a dot at the time of impact when the box,
 * swept along that straight motion, hits another body.
 *
 * The ray is the frame's net motion, so after a slide the dot marks where the straight
 * path first touches, not the bend of the real path. The sweep kernel does not count
 * arriving exactly at the end of the motion as a hit, yet that is how a body that stops
 * against a wall ends its frame; so the box is swept over twice the motion and hits in
 * the first half are kept.
 */
export class DebugRays {
  private readonly rays = new Map<BodyId, SweptRay>()

  constructor(private readonly layer: SVGGElement) {}

  /** Moves every ray to the last frame's motion; adds and drops rays as bodies come and go. */
  draw(world: World): void {
    const rays = this.rays
    for (const [id, ray] of rays) {
      if (world.has(id) && world.get(id).type === 'dynamic') continue
      ray.line.remove()
      ray.dot.remove()
      rays.delete(id)
    }
    for (const id of world.ids()) {
      const body = world.get(id)
      if (body.type !== 'dynamic') continue
      const ray = rays.get(id)
      if (!ray) {
        rays.set(id, this.create(id, body.x, body.y))
        continue
      }
      const dx = body.x - ray.fromX
      const dy = body.y - ray.fromY
      if (dx === 0 && dy === 0) {
        // A frame shorter than the fixed step may run no step: a body with a velocity keeps
        // its last ray rather than flicker; one at rest loses it.
        if (body.velocity.x === 0 && body.velocity.y === 0) {
          ray.line.setAttribute('visibility', 'hidden')
          ray.dot.setAttribute('visibility', 'hidden')
        }
        continue
      }
      ray.line.setAttribute('visibility', 'visible')
      ray.dot.setAttribute('visibility', 'hidden')
      ray.line.setAttribute('x1', String(ray.fromX))
      ray.line.setAttribute('y1', String(ray.fromY))
      ray.line.setAttribute('x2', String(body.x))
      ray.line.setAttribute('y2', String(body.y))
      from.x = ray.fromX
      from.y = ray.fromY
      from.width = body.width
      from.height = body.height
      const time = firstImpact(world, id, from, dx, dy)
      if (time <= 1) {
        ray.dot.setAttribute('cx', String(ray.fromX + dx * time))
        ray.dot.setAttribute('cy', String(ray.fromY + dy * time))
        ray.dot.setAttribute('data-aabb-debug-impact-time', String(time))
        ray.dot.setAttribute('visibility', 'visible')
      }
      ray.fromX = body.x
      ray.fromY = body.y
    }
  }

  /** Removes every ray. */
  clear(): void {
    for (const ray of this.rays.values()) {
      ray.line.remove()
      ray.dot.remove()
    }
    this.rays.clear()
  }

  private create(id: BodyId, x: number, y: number): SweptRay {
    const document = this.layer.ownerDocument
    const line = document.createElementNS(svgNamespace, 'line')
    line.setAttribute('data-aabb-debug-ray', id)
    line.setAttribute('stroke', '#2a8')
    line.setAttribute('vector-effect', 'non-scaling-stroke')
    line.setAttribute('visibility', 'hidden')
    const dot = document.createElementNS(svgNamespace, 'circle')
    dot.setAttribute('data-aabb-debug-impact', id)
    dot.setAttribute('r', '3')
    dot.setAttribute('fill', '#2a8')
    dot.setAttribute('visibility', 'hidden')
    this.layer.append(line, dot)
    return { line, dot, fromX: x, fromY: y }
  }
}

/**
 * The earliest fraction of the motion (dx, dy) at which `box` enters or comes to touch
 * another body (Infinity when none): article 003's swept test against each body near the
 * swept bounds, at its current place, skipping bodies it already overlapped (the ray test
 * does not apply there).
 */
function firstImpact(world: World, id: BodyId, box: Rect, dx: number, dy: number): number {
  swept.x = Math.min(box.x, box.x + dx)
  swept.y = Math.min(box.y, box.y + dy)
  swept.width = box.width + Math.abs(dx)
  swept.height = box.height + Math.abs(dy)
  lookAhead.x = 2 * dx
  lookAhead.y = 2 * dy
  let first = Infinity
  for (const otherId of world.queryRect(swept)) {
    if (otherId === id) continue
    if (!sweepInto(hit, box, lookAhead, world.get(otherId), still) || hit.overlapping) continue
    // Rounding may put an exact arrival at the end a hair past half of the doubled motion.
    const time = 2 * hit.time
    if (time <= 1 + ARRIVAL_TOLERANCE && time < first) first = Math.min(time, 1)
  }
  return first
}
