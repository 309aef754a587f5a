/** {@link PairTable.find}'s answer for a pair it does not hold. */
export const ABSENT = -1

/** Fewest buckets: a power of two, as the bucket index is the hash masked. */
const MIN_BUCKETS = 64

/**
 * A hash table from an unordered pair of slots to an integer (a record index), kept in
 * typed arrays: open addressing with linear probing, and backward-shift deletion (Knuth,
 * TAOCP vol. 3, algorithm 6.4 R), so no tombstones pile up as pairs come and go each
 * step. It replaces a `Map` of pair keys whose records were objects: at 10,000 boxes
 * with contact listeners, the lookups and the reads of records scattered over the heap
 * were about a seventh of the step (V8 CPU profile).
 */
export class PairTable {
  private low = new Int32Array(MIN_BUCKETS)
  private high = new Int32Array(MIN_BUCKETS)
  private values = new Int32Array(MIN_BUCKETS).fill(ABSENT)
  private mask = MIN_BUCKETS - 1
  /** Pairs held. */
  size = 0

  /** The value stored for the pair of slots `p` and `q` (in either order), or {@link ABSENT}. */
  find(p: number, q: number): number {
    const low = p < q ? p : q
    const high = p < q ? q : p
    const mask = this.mask
    for (let bucket = bucketOf(low, high, mask); ; bucket = (bucket + 1) & mask) {
      const value = this.values[bucket] as number
      if (value === ABSENT) return ABSENT
      if (this.low[bucket] === low && this.high[bucket] === high) return value
    }
  }

  /** Stores `value` (not negative) for the pair of `p` and `q`, which the table must not hold yet. */
  add(p: number, q: number, value: number): void {
    // At most half full, so probes stay short.
    if (2 * (this.size + 1) > this.values.length) this.grow()
    this.place(p < q ? p : q, p < q ? q : p, value)
    this.size++
  }

  /** Forgets the pair of `p` and `q`; a pair it does not hold is a no-op. */
  delete(p: number, q: number): void {
    const low = p < q ? p : q
    const high = p < q ? q : p
    const mask = this.mask
    const { values } = this
    let hole = bucketOf(low, high, mask)
    for (; ; hole = (hole + 1) & mask) {
      if (values[hole] === ABSENT) return
      if (this.low[hole] === low && this.high[hole] === high) break
    }
    this.size--
    // Backward shift: move later entries of the run into the hole when their home bucket
    // allows it, so every entry stays reachable from its home without tombstones.
    for (let next = (hole + 1) & mask; values[next] !== ABSENT; next = (next + 1) & mask) {
      const home = bucketOf(this.low[next] as number, this.high[next] as number, mask)
      // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
      const homeAfterHole = hole <= next ? home > hole && home <= next : home > hole || home <= next
      if (homeAfterHole) continue
      this.low[hole] = this.low[next] as number
      this.high[hole] = this.high[next] as number
      values[hole] = values[next] as number
      hole = next
    }
    values[hole] = ABSENT
  }

  /** Forgets every pair (keeps the room). */
  clear(): void {
    this.values.fill(ABSENT)
    this.size = 0
  }

  private place(low: number, high: number, value: number): void {
    const mask = this.mask
    let bucket = bucketOf(low, high, mask)
    while (this.values[bucket] !== ABSENT) bucket = (bucket + 1) & mask
    this.low[bucket] = low
    this.high[bucket] = high
    this.values[bucket] = value
  }

  private grow(): void {
    const { low, high, values } = this
    const buckets = values.length * 2
    this.low = new Int32Array(buckets)
    this.high = new Int32Array(buckets)
    this.values = new Int32Array(buckets).fill(ABSENT)
    this.mask = buckets - 1
    for (let bucket = 0; bucket < values.length; bucket++) {
      const value = values[bucket] as number
      if (value !== ABSENT) this.place(low[bucket] as number, high[bucket] as number, value)
    }
  }
}

/** The home bucket of a pair: both slots mixed by multiplicative hashing (Knuth's golden ratio constants). */
function bucketOf(low: number, high: number, mask: number): number {
  const hash = Math.imul(low, 0x9e3779b1) ^ Math.imul(high ^ (high >>> 16), 0x85ebca6b)
  return (hash ^ (hash >>> 15)) & mask
}
