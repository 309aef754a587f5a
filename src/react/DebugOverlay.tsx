import { useRef } from 'react'
import { DebugCells } from '../board/debugCells.js'
import { drawBodies, drawContacts } from '../board/debugDrawing.js'
import { DebugRays } from '../board/debugRays.js'
import type { BodyId } from '../core/world/types.js'
import { usePhysicsStore } from './physicsContext.js'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect.js'

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
  const svgWorld = store.state.getState().containerKind === 'svg'
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
    const { engine, world } = store
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
