import { useRef } from 'react'
import { minkowskiDifference } from '../core/geometry/minkowskiDifference.js'
import { penetrationVector } from '../core/geometry/penetrationVector.js'
import type { BodyId, BodySnapshot, World } from '../core/world/types.js'
import { appendSvgElement } from '../dom/svgElement.js'
import { DebugCells } from './debugCells.js'
import { DebugRays } from './debugRays.js'
import { usePhysicsStore } from './physicsContext.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'

/** Keeps one `<rect>` per body in `layer`, at the body's box, and drops rects of removed bodies. */
function drawBodies(layer: SVGGElement, world: World, rects: Map<BodyId, SVGRectElement>): void {
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
function drawContacts(layer: SVGGElement, world: World): void {
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

/**
 * Draws, after each frame and without React renders: the broadphase grid's cells, faintly;
 * every body's box (static grey, kinematic red, dynamic blue); for touching pairs, their
 * Minkowski difference and penetration vector (articles 000, 002); and for each dynamic
 * body that moved, its motion as a ray from its previous top-left with a dot at the time
 * of impact of a swept hit (article 003). `<PhysicsWorld debug>` renders one; it can also be
 * placed anywhere inside a `<PhysicsWorld>`. In an HTML world it needs the container to
 * be positioned (`<PhysicsWorld debug>` sets `position: relative` when no position is given).
 * @throws Error outside a `<PhysicsWorld>`.
 */
export function DebugOverlay() {
  const store = usePhysicsStore('DebugOverlay')
  const svgWorld = store.getState().containerKind === 'svg'
  const cellsRef = useRef<SVGPathElement>(null)
  const layerRef = useRef<SVGGElement>(null)
  const contactsRef = useRef<SVGGElement>(null)
  const raysRef = useRef<SVGGElement>(null)

  useIsomorphicLayoutEffect(() => {
    const cellsPath = cellsRef.current
    const layer = layerRef.current
    const contacts = contactsRef.current
    const raysLayer = raysRef.current
    if (!cellsPath || !layer || !contacts || !raysLayer) return
    const { engine, world } = store.getState()
    const rects = new Map<BodyId, SVGRectElement>()
    const cells = new DebugCells(cellsPath)
    const rays = new DebugRays(raysLayer)
    const draw = () => {
      cells.draw(world)
      drawBodies(layer, world, rects)
      drawContacts(contacts, world)
      rays.draw(world)
    }
    draw()
    const stop = engine.onAfterStep(draw)
    return () => {
      stop()
      for (const rect of rects.values()) rect.remove()
      contacts.replaceChildren()
      rays.clear()
      cellsPath.removeAttribute('d')
    }
  }, [store])

  const layer = (
    <g data-aabb-debug="" pointerEvents="none" strokeWidth={1}>
      <path
        ref={cellsRef}
        data-aabb-debug-cells=""
        fill="none"
        stroke="#999"
        strokeOpacity={0.25}
        vectorEffect="non-scaling-stroke"
      />
      <g ref={layerRef} />
      <g ref={contactsRef} />
      <g ref={raysRef} />
    </g>
  )
  if (svgWorld) return layer
  return (
    <svg
      aria-hidden="true"
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: 1,
        height: 1,
        overflow: 'visible',
        pointerEvents: 'none',
      }}
    >
      {layer}
    </svg>
  )
}
