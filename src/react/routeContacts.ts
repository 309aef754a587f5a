import type { BodyId, ContactEvent, World } from '../core/world/types.js'
import type { AABBBodyOptions, BodyContact } from './bodyOptions.js'
import type { WorldContactHandlers } from './createPhysicsStore.js'
import { safely } from './frameLoop.js'

/**
 * Sends the world's contact events to the world-level handlers and to both bodies' own
 * callbacks, each seeing the normal from its side (it points from the other body toward
 * it). Returns the function that ends the routing (and, with no other listener, the
 * world's contact tracking).
 */
export function routeContacts(
  world: World,
  worldHandlers: () => WorldContactHandlers,
  bodyOptions: (id: BodyId) => AABBBodyOptions | undefined,
): () => void {
  function route(event: ContactEvent, key: 'onContactStart' | 'onContactEnd'): void {
    safely(worldHandlers()[key], event)
    const a = bodyOptions(event.a)?.[key]
    const b = bodyOptions(event.b)?.[key]
    if (a)
      safely<BodyContact>(a, {
        id: event.a,
        other: event.b,
        normal: event.normal,
        source: event.source,
      })
    if (b) {
      safely<BodyContact>(b, {
        id: event.b,
        other: event.a,
        // `|| 0` keeps a zero component +0, so the vector compares equal to a literal.
        normal: { x: -event.normal.x || 0, y: -event.normal.y || 0 },
        source: event.source,
      })
    }
  }
  const stopStarts = world.on('contactStart', (event) => route(event, 'onContactStart'))
  const stopEnds = world.on('contactEnd', (event) => route(event, 'onContactEnd'))
  return () => {
    stopStarts()
    stopEnds()
  }
}
