import { createMinkowskiEdges, rayHitInto, type RayHit } from '../geometry/index.js'
import type { Rect, Vec2 } from '../geometry/types.js'
import type { BodyIndex } from '../broadphase/bodyIndex.js'
import { loadRect, type BodyStore } from './bodyStore.js'
import { IndexBuffer } from '../broadphase/buffers.js'
import type { BodyId, RaycastHit } from './types.js'
import { assertRectangle, assertVector } from '../geometry/validate.js'

/** A world's spatial queries: {@link createQueries}. */
export interface WorldQueries {
  queryPoint: (point: Vec2) => BodyId[]
  queryRect: (rect: Rect) => BodyId[]
  raycast: (origin: Vec2, delta: Vec2) => RaycastHit[]
}

/**
 * The spatial queries of one world over its store and grid. Their scratch (the grid's
 * result buffer, a rect, a ray hit) belongs to the world, so a query run from another
 * world's listener never shares it.
 */
export function createQueries(store: BodyStore, index: BodyIndex): WorldQueries {
  const found = new IndexBuffer()
  const box: Rect = { x: 0, y: 0, width: 0, height: 0 }
  const ray: RayHit = { time: 0, normal: { x: 0, y: 0 } }
  const rayEdges = createMinkowskiEdges()

  function idsFound(): BodyId[] {
    const ids: BodyId[] = []
    for (let k = 0; k < found.count; k++) ids.push(store.ids[found.items[k] as number] as BodyId)
    return ids
  }

  return {
    /** Ids of the bodies containing `point`, edges included, in insertion order (via the grid). */
    queryPoint(point) {
      const { x, y } = assertVector('queryPoint:', 'point', point)
      found.count = 0
      index.query(x, y, x, y, found)
      return idsFound()
    },

    /** Ids of the bodies overlapping or touching `rect`, in insertion order (via the grid). */
    queryRect(rect) {
      const { x, y, width, height } = assertRectangle('queryRect:', 'rect', rect)
      found.count = 0
      index.query(x, y, x + width, y + height, found)
      return idsFound()
    },

    /**
     * The bodies the segment `origin + t * delta`, t in [0, 1], enters, sorted by `t` (ties
     * in insertion order): the grid gives the bodies near the segment's bounds, the kernel's
     * slab test (Liang-Barsky) the entry time and face. A body containing the origin is hit
     * at t = 0 with a zero normal.
     */
    raycast(origin, delta) {
      const start = assertVector('raycast:', 'origin', origin)
      const along = assertVector('raycast:', 'delta', delta)
      found.count = 0
      index.query(
        Math.min(start.x, start.x + along.x),
        Math.min(start.y, start.y + along.y),
        Math.max(start.x, start.x + along.x),
        Math.max(start.y, start.y + along.y),
        found,
      )
      const hits: RaycastHit[] = []
      for (let k = 0; k < found.count; k++) {
        const slot = found.items[k] as number
        if (!rayHitInto(ray, start, along, loadRect(box, store, slot), rayEdges)) continue
        hits.push({
          id: store.ids[slot] as BodyId,
          time: ray.time,
          normal: { x: ray.normal.x + 0, y: ray.normal.y + 0 },
          point: { x: start.x + along.x * ray.time, y: start.y + along.y * ray.time },
        })
      }
      // Array.prototype.sort is stable: equal times keep insertion order.
      return hits.sort((p, q) => p.time - q.time)
    },
  }
}
