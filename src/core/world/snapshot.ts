import type { BodyStore } from './bodyStore.js'
import { defaultSettings, mergeSettings } from './settings.js'
import type { BodyId, WorldSettings, WorldSnapshot } from './types.js'
import { assertNumberInRange, describeValue } from '../geometry/validate.js'
import { assertIdString, bodyFieldsFromOptions, bodyLabel, type BodyFields } from './validate.js'

/** A JSON-safe copy of a world: settings without the filter, bodies in insertion order. */
export function writeSnapshot(
  store: BodyStore,
  settings: WorldSettings,
  nextId: number,
  accumulator: number,
): WorldSnapshot {
  // Everything but the filter, which is a function and not JSON.
  const plain = { ...settings }
  delete plain.filter
  const bodies = []
  for (let index = 0; index < store.count; index++)
    bodies.push(store.snapshot(store.order[index] as number))
  return { settings: { ...plain, gravity: { ...plain.gravity } }, bodies, nextId, accumulator }
}

/** A snapshot, checked field by field, ready to replace a world's state. */
export interface RestoredState {
  settings: WorldSettings
  bodies: Array<{ id: BodyId; fields: BodyFields }>
  nextId: number
  accumulator: number
}

/**
 * Checks every part of a snapshot before anything is replaced, so a bad snapshot leaves
 * the world untouched. Messages name the body, e.g.
 * `restore: body "box" width must be a finite number >= 0 (got -1)`.
 */
export function readSnapshot(snapshot: WorldSnapshot): RestoredState {
  if (snapshot === null || typeof snapshot !== 'object') {
    throw new TypeError(`restore: snapshot must be an object (got ${describeValue(snapshot)})`)
  }
  const settings = mergeSettings('restore', defaultSettings(), snapshot.settings)
  if (!Array.isArray(snapshot.bodies)) {
    throw new TypeError(
      `restore: snapshot.bodies must be an array (got ${describeValue(snapshot.bodies)})`,
    )
  }
  const seen = new Set<BodyId>()
  const bodies: RestoredState['bodies'] = []
  // An index loop, not `map`: `map` skips the holes of a sparse array, which must fail here.
  for (let index = 0; index < snapshot.bodies.length; index++) {
    const body = snapshot.bodies[index]
    if (body === null || typeof body !== 'object') {
      throw new TypeError(
        `restore: snapshot.bodies[${index}] must be an object (got ${describeValue(body)})`,
      )
    }
    const id = assertIdString('restore', body.id)
    if (seen.has(id)) throw new RangeError(`restore: body "${id}" appears twice`)
    seen.add(id)
    bodies.push({ id, fields: bodyFieldsFromOptions(bodyLabel('restore', id), body) })
  }
  // A safe integer: generated ids count up from it (`body-<n>`; see `createWorld`).
  const nextId = snapshot.nextId
  if (typeof nextId !== 'number' || !Number.isSafeInteger(nextId) || nextId < 0) {
    throw new RangeError(
      `restore: snapshot nextId must be a safe integer >= 0 (got ${describeValue(nextId)})`,
    )
  }
  const accumulator = assertNumberInRange(
    'restore: snapshot',
    'accumulator',
    snapshot.accumulator ?? 0,
    0,
  )
  return { settings, bodies, nextId, accumulator }
}
