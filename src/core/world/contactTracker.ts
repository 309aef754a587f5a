import type { BodyStore } from './bodyStore.js'
import { ensureCapacity } from '../broadphase/buffers.js'
import { ABSENT, PairTable } from './pairTable.js'
import type {
  ContactEvent,
  ContactEventType,
  ContactListener,
  ContactSource,
  SnapshotContact,
} from './types.js'

/** A pair in contact by slots, as {@link ContactTracker.continueWith} takes it. */
export interface StoredContact {
  a: number
  b: number
  normalX: number
  normalY: number
  /** {@link FROM_PUSH} or {@link FROM_SWEEP}. */
  source: number
}

/**
 * The name of a pair in contact, the same whichever of the two is `a`: a live record's a
 * and b come from the bodies' kinds and ages when the contact began, and may be the other
 * way round from a snapshot's (a body removed and added again), which then ended at
 * `restore` a contact the snapshot has, and ended it again when the pair parted.
 */
export function contactKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`
}

/** Where a contact came from, as stored. */
export const FROM_PUSH = 0
export const FROM_SWEEP = 1

/** The sources by their stored number ({@link FROM_PUSH}, {@link FROM_SWEEP}). */
export const CONTACT_SOURCES: readonly ContactSource[] = Object.freeze(['push', 'sweep'])
const START = 0
const STAY = 1
const END = 2
const EVENT_TYPES: readonly ContactEventType[] = Object.freeze([
  'contactStart',
  'contactStay',
  'contactEnd',
])

/**
 * Which pairs touch, from one step to the next, turned into events: `contactStart` the
 * first step a pair touches, `contactEnd` the first step it does not (or at once when one
 * of the two is removed), `contactStay` in between on request. Each pair is one record
 * (found by its two slots), so every start gets exactly one end.
 *
 * Records live in typed arrays (a record is an index, reused once its pair ends), found
 * through a {@link PairTable}, and listed in the order their pairs started, which is the
 * order events follow. Event objects are made only while a listener exists and an event
 * fires. Events are queued during a step and delivered by {@link flush}, so listeners
 * always run after the world is consistent.
 */
export class ContactTracker {
  private readonly table = new PairTable()
  // Each record's pair (a is the more movable body, see `touch`), its normal from b toward
  // a, its source, the step that last saw it touch, and the step whose events started it
  // (no stay in that step).
  private recordA = new Int32Array(0)
  private recordB = new Int32Array(0)
  private recordNormalX = new Float64Array(0)
  private recordNormalY = new Float64Array(0)
  private recordSource = new Uint8Array(0)
  private recordSeen = new Int32Array(0)
  private recordStarted = new Int32Array(0)
  /** Where the start event of a record that started in this step is in the queue. */
  private recordStartEvent = new Int32Array(0)
  /** Live records in the order their pairs started: `live[0 .. liveCount)`. */
  private live = new Int32Array(0)
  private liveCount = 0
  /** Records whose pair ended, for reuse: `free[0 .. freeCount)`; records past `used` were never used. */
  private free = new Int32Array(0)
  private freeCount = 0
  private used = 0
  private readonly listeners: Record<ContactEventType, Set<ContactListener>> = {
    contactStart: new Set(),
    contactStay: new Set(),
    contactEnd: new Set(),
  }
  private listenerCount = 0
  private step = 0
  // The queue of events to deliver: parallel arrays, reused.
  private queuedType: number[] = []
  private queuedA: number[] = []
  private queuedB: number[] = []
  private queuedNormalX: number[] = []
  private queuedNormalY: number[] = []
  private queuedSource: number[] = []
  private queued = 0
  /** Report `contactStay` for every touching pair each step. */
  reportStay = false

  constructor(private readonly store: BodyStore) {}

  /** Whether contacts are tracked at all: only while someone listens. */
  get enabled(): boolean {
    return this.listenerCount > 0
  }

  /** Subscribes a listener; returns the function that unsubscribes it (idempotent). */
  listen(type: ContactEventType, listener: ContactListener): () => void {
    const set = this.listeners[type]
    if (set.has(listener)) return () => this.unlisten(type, listener)
    set.add(listener)
    this.listenerCount++
    return () => this.unlisten(type, listener)
  }

  private unlisten(type: ContactEventType, listener: ContactListener): void {
    if (!this.listeners[type].delete(listener)) return
    this.listenerCount--
    // Nobody listens: forget the pairs, so a later listener sees fresh starts, never an
    // end without its start.
    if (this.listenerCount === 0) this.reset()
  }

  /** Forgets every pair without events. */
  reset(): void {
    this.table.clear()
    this.liveCount = 0
    this.freeCount = 0
    this.used = 0
    this.queued = 0
  }

  /** Starts a step: pairs not touched again before {@link endStep} end. */
  beginStep(): void {
    this.step++
  }

  /**
   * Records that slots `p` and `q` touch in this step, with the normal pointing from `q`
   * toward `p`. A swept hit wins over a push-out for the source and the normal.
   */
  touch(p: number, q: number, normalX: number, normalY: number, source: number): void {
    let record = this.table.find(p, q)
    if (record === ABSENT) record = this.open(p, q)
    // The normal is flipped when p is the record's b, to keep pointing from b toward a.
    const sign = this.recordA[record] === p ? 1 : -1
    const seen = this.recordSeen[record] as number
    if (seen === this.step) {
      if (this.recordSource[record] === FROM_SWEEP || source !== FROM_SWEEP) return
      this.fill(record, normalX * sign, normalY * sign, source)
      // A start queued in this step reports the swept hit too, as the record now does.
      if (this.recordStarted[record] === this.step) {
        const event = this.recordStartEvent[record] as number
        this.queuedNormalX[event] = this.recordNormalX[record] as number
        this.queuedNormalY[event] = this.recordNormalY[record] as number
        this.queuedSource[event] = source
      }
      return
    } else if (seen !== this.step - 1) {
      // New this step (not seen in the previous one): report a start once it is filled in.
      this.recordSeen[record] = this.step
      this.recordStarted[record] = this.step
      this.fill(record, normalX * sign, normalY * sign, source)
      this.recordStartEvent[record] = this.queued
      this.enqueue(START, record)
      return
    }
    this.recordSeen[record] = this.step
    this.fill(record, normalX * sign, normalY * sign, source)
  }

  /**
   * A record for the pair of slots `p` and `q`, which has none, listed last. Stable order:
   * the more movable body is `a` (dynamic, then kinematic, then static), then the older one.
   */
  private open(p: number, q: number): number {
    const store = this.store
    const kindP = store.kind[p] as number
    const kindQ = store.kind[q] as number
    const pFirst =
      kindP !== kindQ ? kindP > kindQ : (store.serial[p] as number) < (store.serial[q] as number)
    let record: number
    if (this.freeCount > 0) {
      record = this.free[--this.freeCount] as number
    } else {
      record = this.used++
      this.recordA = ensureCapacity(this.recordA, this.used)
      this.recordB = ensureCapacity(this.recordB, this.used)
      this.recordNormalX = ensureCapacity(this.recordNormalX, this.used)
      this.recordNormalY = ensureCapacity(this.recordNormalY, this.used)
      this.recordSource = ensureCapacity(this.recordSource, this.used)
      this.recordSeen = ensureCapacity(this.recordSeen, this.used)
      this.recordStarted = ensureCapacity(this.recordStarted, this.used)
      this.recordStartEvent = ensureCapacity(this.recordStartEvent, this.used)
      this.free = ensureCapacity(this.free, this.used)
    }
    this.recordA[record] = pFirst ? p : q
    this.recordB[record] = pFirst ? q : p
    this.recordSeen[record] = -1
    this.table.add(p, q, record)
    this.live = ensureCapacity(this.live, this.liveCount + 1)
    this.live[this.liveCount++] = record
    return record
  }

  /** Writes a record's normal (from its b toward its a) and source. */
  private fill(record: number, normalX: number, normalY: number, source: number): void {
    // Normalise -0 to 0 so events compare equal across runs and JSON.
    this.recordNormalX[record] = normalX + 0
    this.recordNormalY[record] = normalY + 0
    this.recordSource[record] = source
  }

  /** Ends the pairs that did not touch in this step; queues stays for the others. */
  endStep(): void {
    const step = this.step
    const stays = this.reportStay
    let kept = 0
    for (let index = 0; index < this.liveCount; index++) {
      const record = this.live[index] as number
      if (this.recordSeen[record] !== step) {
        this.close(record)
        continue
      }
      if (stays && this.recordStarted[record] !== step) this.enqueue(STAY, record)
      this.live[kept++] = record
    }
    this.liveCount = kept
  }

  /** Ends every contact of a slot at once (its body is being removed). */
  endContactsOf(slot: number): void {
    let kept = 0
    for (let index = 0; index < this.liveCount; index++) {
      const record = this.live[index] as number
      if (this.recordA[record] === slot || this.recordB[record] === slot) {
        this.close(record)
        continue
      }
      this.live[kept++] = record
    }
    this.liveCount = kept
  }

  /**
   * The pairs in contact, in the order they started, by id: what a snapshot keeps so that a
   * restored world goes on with them (no new start, no end) instead of starting them again.
   */
  list(): SnapshotContact[] {
    const contacts: SnapshotContact[] = []
    const ids = this.store.ids
    for (let index = 0; index < this.liveCount; index++) {
      const record = this.live[index] as number
      contacts.push({
        a: ids[this.recordA[record] as number] as string,
        b: ids[this.recordB[record] as number] as string,
        normal: {
          x: this.recordNormalX[record] as number,
          y: this.recordNormalY[record] as number,
        },
        source: CONTACT_SOURCES[this.recordSource[record] as number] as ContactSource,
      })
    }
    return contacts
  }

  /**
   * Ends every contact at once (the world is being replaced), except those `kept` names by
   * the ids of their a and b: the replacing world has them too.
   */
  endAllBut(kept: ReadonlySet<string>): void {
    const ids = this.store.ids
    for (let index = 0; index < this.liveCount; index++) {
      const record = this.live[index] as number
      const a = ids[this.recordA[record] as number] as string
      const b = ids[this.recordB[record] as number] as string
      if (!kept.has(contactKey(a, b))) {
        this.close(record)
        continue
      }
      // Kept: forgotten silently here, taken up again by `continueWith`.
      this.table.delete(this.recordA[record] as number, this.recordB[record] as number)
      this.free[this.freeCount++] = record
    }
    this.liveCount = 0
  }

  /**
   * Takes `contacts` (slots of the replacing world's bodies) as the pairs touching in the
   * last step, silently: the next step goes on with each, or ends it. Only while contacts
   * are tracked: otherwise nothing is recorded, and a later listener hears starts.
   */
  continueWith(contacts: readonly StoredContact[]): void {
    if (!this.enabled) return
    for (const contact of contacts) {
      const record = this.open(contact.a, contact.b)
      // The snapshot's a and b (the order of its events) win over the rule of `open`, which
      // gives the same for a snapshot the world wrote.
      this.recordA[record] = contact.a
      this.recordB[record] = contact.b
      this.recordSeen[record] = this.step
      this.recordStarted[record] = this.step
      this.fill(record, contact.normalX, contact.normalY, contact.source)
    }
  }

  /** Queues a record's end and frees it; the caller drops it from the live list. */
  private close(record: number): void {
    this.enqueue(END, record)
    this.table.delete(this.recordA[record] as number, this.recordB[record] as number)
    this.free[this.freeCount++] = record
  }

  private enqueue(type: number, record: number): void {
    const index = this.queued++
    this.queuedType[index] = type
    this.queuedA[index] = this.recordA[record] as number
    this.queuedB[index] = this.recordB[record] as number
    this.queuedNormalX[index] = this.recordNormalX[record] as number
    this.queuedNormalY[index] = this.recordNormalY[record] as number
    this.queuedSource[index] = this.recordSource[record] as number
  }

  /**
   * Delivers the queued events in order. Ids are read now, so slots must still belong to
   * the bodies they named when queued (the world defers removals until after a flush).
   * A throwing listener does not stop the others; the first error is rethrown at the end.
   */
  flush(): void {
    let failure: unknown
    let failed = false
    for (let index = 0; index < this.queued; index++) {
      const type = EVENT_TYPES[this.queuedType[index] as number] as ContactEventType
      const set = this.listeners[type]
      if (set.size === 0) continue
      const event: ContactEvent = {
        type,
        a: this.store.ids[this.queuedA[index] as number] as string,
        b: this.store.ids[this.queuedB[index] as number] as string,
        normal: { x: this.queuedNormalX[index] as number, y: this.queuedNormalY[index] as number },
        source: CONTACT_SOURCES[this.queuedSource[index] as number] as ContactSource,
      }
      for (const listener of set) {
        try {
          listener(event)
        } catch (error) {
          if (!failed) failure = error
          failed = true
        }
      }
    }
    this.queued = 0
    if (failed) throw failure
  }

  /** Whether events wait for {@link flush}. */
  get pending(): boolean {
    return this.queued > 0
  }
}
