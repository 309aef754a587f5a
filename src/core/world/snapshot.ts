import { MAX_BODIES, type BodyFields, type BodyStore } from './bodyStore.js'
import { defaultSettings, mergeSettings } from './settings.js'
import { CONTACT_SOURCES, contactKey } from './contactTracker.js'
import type { BodyId, SnapshotContact, WorldSettings, WorldSnapshot } from './types.js'
import {
  assertNumberInRange,
  assertOneOf,
  assertVector,
  describeValue,
} from '../geometry/validate.js'
import { bodyFieldsFromOptions, bodyLabel } from './validate.js'

/**
 * A JSON-safe copy of a world: settings without the filter, bodies in insertion order, and
 * the pairs in contact.
 */
export function writeSnapshot(
  store: BodyStore,
  settings: WorldSettings,
  nextId: number,
  accumulator: number,
  contacts: SnapshotContact[],
): WorldSnapshot {
  // Everything but the filter, which is a function and not JSON.
  const plain = { ...settings }
  delete plain.filter
  const bodies = []
  for (let index = 0; index < store.count; index++)
    bodies.push(store.snapshot(store.order[index] as number))
  return {
    settings: { ...plain, gravity: { ...plain.gravity } },
    bodies,
    nextId,
    accumulator,
    contacts,
  }
}

/** A snapshot, checked field by field, ready to replace a world's state. */
export interface RestoredState {
  settings: WorldSettings
  bodies: Array<{ id: BodyId; fields: BodyFields }>
  nextId: number
  accumulator: number
  /** The snapshot's contacts, checked, by the ids of their bodies. */
  contacts: Array<{ a: BodyId; b: BodyId; normalX: number; normalY: number; source: number }>
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
  // Checked here, not left to the store: it would throw halfway through the restore.
  if (snapshot.bodies.length > MAX_BODIES) {
    throw new RangeError(
      `restore: snapshot.bodies must hold at most ${MAX_BODIES} bodies (got ${snapshot.bodies.length})`,
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
    const id: unknown = body.id
    if (typeof id !== 'string' || id.length === 0) {
      throw new TypeError(
        `restore: snapshot.bodies[${index}] id must be a non-empty string (got ${describeValue(id)})`,
      )
    }
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
  const contacts = readContacts(snapshot.contacts ?? [], seen)
  return { settings, bodies, nextId, accumulator, contacts }
}

/** The components of a contact's normal: a unit axis vector's, or a corner's 0. */
const AXIS_COMPONENTS: readonly number[] = Object.freeze([-1, 0, 1])

/** Checks a snapshot's contacts: pairs of two of its bodies, with an axis normal and a source. */
function readContacts(contacts: unknown, bodies: ReadonlySet<BodyId>): RestoredState['contacts'] {
  if (!Array.isArray(contacts)) {
    throw new TypeError(
      `restore: snapshot.contacts must be an array (got ${describeValue(contacts)})`,
    )
  }
  const read: RestoredState['contacts'] = []
  const pairs = new Set<string>()
  for (let index = 0; index < contacts.length; index++) {
    const subject = `restore: snapshot.contacts[${index}]`
    const contact = contacts[index] as Partial<SnapshotContact> | undefined
    if (contact === null || typeof contact !== 'object') {
      throw new TypeError(`${subject} must be an object (got ${describeValue(contact)})`)
    }
    for (const end of ['a', 'b'] as const) {
      if (!bodies.has(contact[end] as BodyId)) {
        throw new RangeError(
          `${subject} ${end} must be the id of a body of the snapshot (got ${describeValue(contact[end])})`,
        )
      }
    }
    const a = contact.a as BodyId
    const b = contact.b as BodyId
    if (a === b || pairs.has(contactKey(a, b))) {
      throw new RangeError(
        `${subject} must be a pair of two bodies listed once (got "${a}", "${b}")`,
      )
    }
    pairs.add(contactKey(a, b))
    const normal = assertVector(subject, 'normal', contact.normal)
    // What a contact event can carry: a unit axis vector, or 0, 0 for a corner.
    const axisVector =
      AXIS_COMPONENTS.includes(normal.x) &&
      AXIS_COMPONENTS.includes(normal.y) &&
      Math.abs(normal.x) + Math.abs(normal.y) <= 1
    if (!axisVector) {
      throw new RangeError(
        `${subject} normal must be a unit axis vector or { x: 0, y: 0 } (got { x: ${normal.x}, y: ${normal.y} })`,
      )
    }
    const source = assertOneOf(subject, 'source', contact.source, CONTACT_SOURCES)
    read.push({
      a,
      b,
      normalX: normal.x,
      normalY: normal.y,
      source: CONTACT_SOURCES.indexOf(source),
    })
  }
  return read
}
