import type { BodyStore } from './bodyStore.js'
import type { ContactEvent, ContactEventType, ContactListener, ContactSource } from './types.js'

/** Where a contact came from, as stored. */
export const FROM_PUSH = 0
export const FROM_SWEEP = 1

const SOURCES: readonly ContactSource[] = ['push', 'sweep']
const START = 0
const STAY = 1
const END = 2
const EVENT_TYPES: readonly ContactEventType[] = ['contactStart', 'contactStay', 'contactEnd']

interface ContactRecord {
  a: number
  b: number
  normalX: number
  normalY: number
  source: number
  /** The step that last saw the pair touch. */
  seen: number
  /** The step whose events started the contact (no stay in that step). */
  started: number
}

/**
 * Which pairs touch, from one step to the next, turned into events: `contactStart` the
 * first step a pair touches, `contactEnd` the first step it does not (or at once when one
 * of the two is removed), `contactStay` in between on request. Each pair is one record
 * (keyed by its two slots), so every start gets exactly one end.
 *
 * Records are pooled; event objects are made only while a listener exists and an event
 * fires. Events are queued during a step and delivered by {@link flush}, so listeners
 * always run after the world is consistent.
 */
export class ContactTracker {
  private readonly records = new Map<number, ContactRecord>()
  /**
   * Pair keys are `low slot * keyScale + high slot`, with `keyScale` the store's capacity,
   * so they stay 32-bit integers while it is at most 46,340 (it doubles: up to 32,768
   * bodies). V8 boxed a larger key, a double, in a new heap number on every lookup: 12
   * bytes per touching pair and step (250 kB per step for 5,000 tiled boxes). When the
   * store grows, the keys are redone.
   */
  private keyScale = 0
  private readonly pool: ContactRecord[] = []
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
    for (const record of this.records.values()) this.pool.push(record)
    this.records.clear()
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
    const store = this.store
    // Stable order: the more movable body is `a` (dynamic, then kinematic, then static),
    // then the older one; the normal is flipped to keep pointing from b toward a.
    const kindP = store.kind[p] as number
    const kindQ = store.kind[q] as number
    const pFirst =
      kindP !== kindQ ? kindP > kindQ : (store.serial[p] as number) < (store.serial[q] as number)
    const a = pFirst ? p : q
    const b = pFirst ? q : p
    const sign = pFirst ? 1 : -1
    if (this.keyScale !== store.capacity) this.rekey()
    const scale = this.keyScale
    const key = a < b ? a * scale + b : b * scale + a
    let record = this.records.get(key)
    if (record === undefined) {
      record = this.pool.pop() ?? { a, b, normalX: 0, normalY: 0, source: 0, seen: 0, started: 0 }
      record.a = a
      record.b = b
      record.seen = -1
      this.records.set(key, record)
    }
    if (record.seen === this.step) {
      if (record.source === FROM_SWEEP || source !== FROM_SWEEP) return
    } else if (record.seen !== this.step - 1) {
      // New this step (not seen in the previous one): report a start once it is filled in.
      record.seen = this.step
      record.started = this.step
      this.fill(record, normalX * sign, normalY * sign, source)
      this.enqueue(START, record)
      return
    }
    record.seen = this.step
    this.fill(record, normalX * sign, normalY * sign, source)
  }

  /** Keys every record for the store's present capacity, keeping their order (events follow it). */
  private rekey(): void {
    const scale = this.store.capacity
    this.keyScale = scale
    if (this.records.size === 0) return
    const records = [...this.records.values()]
    this.records.clear()
    for (const record of records) {
      const { a, b } = record
      this.records.set(a < b ? a * scale + b : b * scale + a, record)
    }
  }

  private fill(record: ContactRecord, normalX: number, normalY: number, source: number): void {
    // Normalise -0 to 0 so events compare equal across runs and JSON.
    record.normalX = normalX + 0
    record.normalY = normalY + 0
    record.source = source
  }

  /** Ends the pairs that did not touch in this step; queues stays for the others. */
  endStep(): void {
    // forEach, not for-of: for-of makes a [key, record] array per pair, every step.
    this.records.forEach(this.endOrStay)
  }

  private readonly endOrStay = (record: ContactRecord, key: number): void => {
    if (record.seen !== this.step) {
      this.enqueue(END, record)
      this.records.delete(key)
      this.pool.push(record)
    } else if (this.reportStay && record.started !== this.step) {
      this.enqueue(STAY, record)
    }
  }

  /** Ends every contact of a slot at once (its body is being removed). */
  endContactsOf(slot: number): void {
    for (const [key, record] of this.records) {
      if (record.a !== slot && record.b !== slot) continue
      this.enqueue(END, record)
      this.records.delete(key)
      this.pool.push(record)
    }
  }

  /** Ends every contact at once (the world is being replaced). */
  endAll(): void {
    for (const record of this.records.values()) {
      this.enqueue(END, record)
      this.pool.push(record)
    }
    this.records.clear()
  }

  private enqueue(type: number, record: ContactRecord): void {
    const index = this.queued++
    this.queuedType[index] = type
    this.queuedA[index] = record.a
    this.queuedB[index] = record.b
    this.queuedNormalX[index] = record.normalX
    this.queuedNormalY[index] = record.normalY
    this.queuedSource[index] = record.source
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
        source: SOURCES[this.queuedSource[index] as number] as ContactSource,
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
