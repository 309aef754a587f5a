import { useLayoutEffect, useRef } from 'react'
import type { BodyId, World } from '../core/world/types.js'
import { usePhysicsStore } from './physicsContext.js'

const svgNamespace = 'http://www.w3.org/2000/svg'

/** Keeps one `<rect>` per body in `layer`, at the body's box, and drops rects of removed bodies. */
function drawBodies(layer: SVGGElement, world: World, rects: Map<BodyId, SVGRectElement>): void {
  const seen = new Set<BodyId>()
  for (const id of world.ids()) {
    const body = world.get(id)
    let rect = rects.get(id)
    if (!rect) {
      rect = layer.ownerDocument.createElementNS(svgNamespace, 'rect')
      rect.setAttribute('data-aabb-debug-body', id)
      rect.setAttribute('fill', 'none')
      rect.setAttribute('vector-effect', 'non-scaling-stroke')
      layer.appendChild(rect)
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
 * Draws every body's box over the world (static grey, kinematic red, dynamic blue), after
 * each frame, without React renders. `<PhysicsWorld debug>` renders one; it can also be
 * placed anywhere inside a `<PhysicsWorld>`. In an HTML world it needs the container to
 * be positioned (`<PhysicsWorld debug>` sets `position: relative` when no position is given).
 * @throws Error outside a `<PhysicsWorld>`.
 */
export function DebugOverlay() {
  const store = usePhysicsStore('DebugOverlay')
  const svgWorld = store.getState().containerKind === 'svg'
  const layerRef = useRef<SVGGElement>(null)

  useLayoutEffect(() => {
    const layer = layerRef.current
    if (!layer) return
    const { engine, world } = store.getState()
    const rects = new Map<BodyId, SVGRectElement>()
    const draw = () => drawBodies(layer, world, rects)
    draw()
    const stop = engine.onAfterStep(draw)
    return () => {
      stop()
      for (const rect of rects.values()) rect.remove()
    }
  }, [store])

  const layer = <g ref={layerRef} data-aabb-debug="" pointerEvents="none" strokeWidth={1} />
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
