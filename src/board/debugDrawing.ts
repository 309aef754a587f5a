import { minkowskiDifference } from '../core/geometry/minkowskiDifference.js'
import { penetrationVector } from '../core/geometry/penetrationVector.js'
import type { BodyId, BodySnapshot, World } from '../core/world/types.js'
import { appendSvgElement } from '../dom/svgElement.js'

/** Keeps one `<rect>` per body in `layer`, at the body's box, and drops rects of removed bodies. */
export function drawBodies(
  layer: SVGGElement,
  world: World,
  rects: Map<BodyId, SVGRectElement>,
): void {
  const seen = new Set<BodyId>()
  for (const id of world.ids()) {
    const body = world.get(id)
    let rect = rects.get(id)
    if (!rect) {
      rect = appendSvgElement(layer, 'rect', {
        'data-aabb-debug-body': id,
        fill: 'none',
        'vector-effect': 'non-scaling-stroke',
      })
      rects.set(id, rect)
    }
    rect.setAttribute('x', String(body.x))
    rect.setAttribute('y', String(body.y))
    rect.setAttribute('width', String(body.width))
    rect.setAttribute('height', String(body.height))
    rect.setAttribute(
      'stroke',
      body.type === 'static' ? '#888' : body.type === 'kinematic' ? '#d33' : '#27c',
    )
    seen.add(id)
  }
  for (const [id, rect] of rects) {
    if (seen.has(id)) continue
    rect.remove()
    rects.delete(id)
  }
}

/**
 * Redraws, for every pair of bodies that touch or overlap, the teaching picture of
 * articles 000 and 002: the Minkowski difference `a - b`, mirrored and placed at a's
 * top-left (the set of positions of a's top-left where a overlaps b), so "a's corner is
 * inside the box" reads as "the origin is inside the Minkowski difference"; and the
 * penetration vector, the shortest way from that corner out of the box.
 */
export function drawContacts(layer: SVGGElement, world: World): void {
  layer.replaceChildren()
  const seen = new Set<string>()
  for (const id of world.ids()) {
    const a = world.get(id)
    if (a.type === 'static') continue
    for (const otherId of world.queryRect(a)) {
      if (otherId === id || seen.has(`${otherId}|${id}`)) continue
      seen.add(`${id}|${otherId}`)
      drawPair(layer, a, world.get(otherId))
    }
  }
}

function drawPair(layer: SVGGElement, a: BodySnapshot, b: BodySnapshot): void {
  const difference = minkowskiDifference(a, b)
  appendSvgElement(layer, 'rect', {
    'data-aabb-debug-pair': `${a.id}|${b.id}`,
    x: a.x - (difference.x + difference.width),
    y: a.y - (difference.y + difference.height),
    width: difference.width,
    height: difference.height,
    fill: 'none',
    stroke: '#a3c',
    'stroke-dasharray': '4 3',
    'vector-effect': 'non-scaling-stroke',
  })
  const push = penetrationVector(a, b)
  if (!push) return
  appendSvgElement(layer, 'line', {
    'data-aabb-debug-penetration': `${a.id}|${b.id}`,
    x1: a.x,
    y1: a.y,
    x2: a.x + push.x,
    y2: a.y + push.y,
    stroke: '#e60',
    'vector-effect': 'non-scaling-stroke',
  })
}
