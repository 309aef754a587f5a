import type { Rect, SweepHit, Vec2 } from '../geometry/types.js'
import { ensureCapacity } from '../broadphase/buffers.js'
import type { BodyId, SweptHitRecord } from './types.js'

/**
 * The swept hits (article 003) since the start of the last step: the step's sweeps of
 * dynamic bodies against solids, its speculative contacts between dynamic bodies, and the
 * `move` calls made after it. Kept in reused parallel arrays and cleared when a step
 * starts, so it holds at most a few hits per body and costs a write only when a hit
 * happens. Read by {@link HitLog.forEach} (the debug overlay draws it).
 */
export class HitLog {
  private count = 0
  private readonly body: BodyId[] = []
  private readonly other: BodyId[] = []
  private fields = new Float64Array(7 * 16)
  private readonly record: SweptHitRecord = {
    id: '',
    other: '',
    x: 0,
    y: 0,
    deltaX: 0,
    deltaY: 0,
    time: 0,
    normalX: 0,
    normalY: 0,
  }

  /** Forgets every hit: a new step begins. */
  clear(): void {
    this.count = 0
  }

  /**
   * Records that `id`, swept from `mover`'s top-left by `motion`, hit `other` at `hit.time`
   * with `hit.normal`. It takes the objects the sweep already holds, not their numbers: V8
   * boxes every double passed to a call it does not inline, and the step must not allocate.
   */
  add(id: BodyId, other: BodyId, mover: Rect, motion: Vec2, hit: SweepHit): void {
    const index = this.count++
    this.body[index] = id
    this.other[index] = other
    const fields = (this.fields = ensureCapacity(this.fields, 7 * this.count))
    const at = 7 * index
    fields[at] = mover.x
    fields[at + 1] = mover.y
    fields[at + 2] = motion.x
    fields[at + 3] = motion.y
    fields[at + 4] = hit.time
    fields[at + 5] = hit.normal.x
    fields[at + 6] = hit.normal.y
  }

  /** Calls `visit` for each hit in the order they happened, with one reused record. */
  forEach(visit: (hit: Readonly<SweptHitRecord>) => void): void {
    const record = this.record
    for (let index = 0; index < this.count; index++) {
      const at = 7 * index
      record.id = this.body[index] as BodyId
      record.other = this.other[index] as BodyId
      record.x = this.fields[at] as number
      record.y = this.fields[at + 1] as number
      record.deltaX = this.fields[at + 2] as number
      record.deltaY = this.fields[at + 3] as number
      record.time = this.fields[at + 4] as number
      record.normalX = this.fields[at + 5] as number
      record.normalY = this.fields[at + 6] as number
      visit(record)
    }
  }
}
