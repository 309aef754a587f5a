import type { BodyId, SweptHitRecord, World } from '../core/world/types.js'
import { appendSvgElement } from '../dom/svgElement.js'

/** One dynamic body's ray, its time-of-impact dot, and where its top-left was last frame. */
interface SweptRay {
  line: SVGLineElement
  dot: SVGCircleElement
  fromX: number
  fromY: number
}

/** Where a body first touched something in the last step: its touch point and time. */
interface Impact {
  x: number
  y: number
  time: number
}

/**
 * Draws, for each dynamic body that moved since the last frame, its motion as a ray from
 * its previous top-left to its current one (article 003's ray, drawn at the same corner as
 * the overlay's Minkowski differences), with a dot where the world's sweep found its first
 * hit in the last step (`world.forEachHit`): the time of impact the world really used, not
 * a second guess. A slide bends the real path after that dot; the ray is the frame's net
 * motion.
 */
export class DebugRays {
  private readonly rays = new Map<BodyId, SweptRay>()
  /** The first hit of each body in the last step, gathered anew every frame. */
  private readonly impacts = new Map<BodyId, Impact>()
  private readonly spare: Impact[] = []
  private readonly collect = (hit: Readonly<SweptHitRecord>): void => {
    if (this.impacts.has(hit.id)) return
    const impact = this.spare.pop() ?? { x: 0, y: 0, time: 0 }
    impact.x = hit.x + hit.deltaX * hit.time
    impact.y = hit.y + hit.deltaY * hit.time
    impact.time = hit.time
    this.impacts.set(hit.id, impact)
  }

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
    for (const impact of this.impacts.values()) this.spare.push(impact)
    this.impacts.clear()
    world.forEachHit(this.collect)
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
      const impact = this.impacts.get(id)
      if (impact) {
        ray.dot.setAttribute('cx', String(impact.x))
        ray.dot.setAttribute('cy', String(impact.y))
        ray.dot.setAttribute('data-aabb-debug-impact-time', String(impact.time))
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
    const line = appendSvgElement(this.layer, 'line', {
      'data-aabb-debug-ray': id,
      stroke: '#2a8',
      'vector-effect': 'non-scaling-stroke',
      visibility: 'hidden',
    })
    const dot = appendSvgElement(this.layer, 'circle', {
      'data-aabb-debug-impact': id,
      r: 3,
      fill: '#2a8',
      visibility: 'hidden',
    })
    return { line, dot, fromX: x, fromY: y }
  }
}
