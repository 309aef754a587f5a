import { RESPONSE_NAMES } from './bodyStore.js'
import type { Simulation } from './simulation.js'

/** {@link pairCode}'s answer for a pair that must not collide. */
export const IGNORE = 255

/**
 * How body `mover` meets body `other`: {@link IGNORE} when their layers and masks do not
 * match or the world's filter returns `false`, else a response code (an index of
 * `RESPONSE_NAMES`): the filter's response when it names one, else the mover's own.
 */
export function pairCode(sim: Simulation, mover: number, other: number): number {
  const store = sim.store
  if (!store.layersMatch(mover, other)) return IGNORE
  const filter = sim.settings.filter
  if (filter !== undefined) {
    const verdict = filter(store.ids[mover] as string, store.ids[other] as string)
    if (verdict === false) return IGNORE
    const code = typeof verdict === 'string' ? RESPONSE_NAMES.indexOf(verdict) : -1
    if (code >= 0) return code
  }
  return store.response[mover] as number
}
