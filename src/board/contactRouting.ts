import type { BodyId, ContactEvent, World } from '../core/world/types.js'
import type { AABBBodyOptions, BodyContact } from './bodyOptions.js'
import { safely } from './frameLoop.js'

/** World-level contact callbacks (`<PhysicsWorld onContactStart>`). */
export interface WorldContactHandlers {
  /** Two bodies started touching: one `contactStart` event per pair, in the step that found it. */
  onContactStart?: ((event: ContactEvent) => void) | undefined
  /** Two bodies stopped touching (or one of them left the world). */
  onContactEnd?: ((event: ContactEvent) => void) | undefined
}

/**
 * Sends the world's contact events to the world-level handlers and to both bodies' own
 * callbacks, each seeing the normal from its side (it points from the other body toward
 * it). Returns the function that ends the routing (and, with no other listener, the
 * world's contact tracking).
 */
function routeContacts(
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

/** The contact routing of one board: who watches, and the world-level handlers. */
export interface ContactRouting {
  /**
   * The world-level handlers, read through the ref at each event so they can change
   * without re-subscribing.
   */
  setHandlers(handlers: { readonly current: WorldContactHandlers }): void
  /**
   * Routes contact events while at least one caller watches; returns the function that
   * stops watching (idempotent).
   */
  watch(): () => void
}

/**
 * Routes the world's contacts ({@link routeContacts}) only while someone has a handler:
 * the world tracks contacts only while it has a listener, and tracking costs step time.
 * `started` runs when the first watcher comes: a step reports the contacts that already
 * exist (as starts), so a resting world must be woken.
 */
export function createContactRouting(
  world: World,
  bodyOptions: (id: BodyId) => AABBBodyOptions | undefined,
  started: () => void,
): ContactRouting {
  let handlers: { readonly current: WorldContactHandlers } = { current: {} }
  let watchers = 0
  let stopRouting: (() => void) | undefined
  return {
    setHandlers(next) {
      handlers = next
    },
    watch() {
      if (watchers++ === 0) {
        stopRouting = routeContacts(world, () => handlers.current, bodyOptions)
        started()
      }
      let watching = true
      return () => {
        if (!watching) return
        watching = false
        if (--watchers > 0) return
        stopRouting?.()
        stopRouting = undefined
      }
    },
  }
}
