/**
 * Growable typed-array buffers that the step reuses from frame to frame: they grow (by
 * doubling) only when a frame needs more room than any frame before, so a world in steady
 * state allocates nothing.
 */

/** A list of indices. */
export class IndexBuffer {
  items = new Int32Array(0)
  count = 0

  push(value: number): void {
    if (this.count === this.items.length) this.reserve(this.count + 1)
    this.items[this.count++] = value
  }

  /** Grows the array to hold `length` indices, for callers that write them directly. */
  reserve(length: number): void {
    this.items = ensureCapacity(this.items, length)
  }
}

/** A list of index pairs `(a[k], b[k])`. */
export class PairBuffer {
  a = new Int32Array(0)
  b = new Int32Array(0)
  count = 0

  push(a: number, b: number): void {
    if (this.count === this.a.length) this.reserve(this.count + 1)
    this.a[this.count] = a
    this.b[this.count] = b
    this.count++
  }

  /** Grows the arrays to hold `length` pairs, for callers that write them directly. */
  reserve(length: number): void {
    this.a = ensureCapacity(this.a, length)
    this.b = ensureCapacity(this.b, length)
  }
}

/** The typed arrays the world grows as bodies and pairs are added. */
type GrowableArray =
  | Float64Array<ArrayBuffer>
  | Int32Array<ArrayBuffer>
  | Int8Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>

/**
 * The least length a buffer grows to. Buffers start empty: a world that never needs one
 * (no contacts, no pushes) never allocates it, and creating a world allocates no backing
 * store for them.
 */
const MIN_GROWN_LENGTH = 16

/**
 * Returns `array` if it holds `length` items, else a larger copy of the same kind (doubling,
 * so growing to n items copies O(n) items in all).
 */
export function ensureCapacity<T extends GrowableArray>(array: T, length: number): T {
  if (array.length >= length) return array
  const Kind = array.constructor as new (length: number) => T
  const next = new Kind(Math.max(length, array.length * 2, MIN_GROWN_LENGTH))
  next.set(array)
  return next
}

/**
 * Counting sort, step 2 of 3: turns `starts[k + 1]`, the count of group k (k < n), into
 * `starts[k + 1]`, where group k + 1 begins (prefix sums; `starts[0]` is 0). Step 3 fills
 * each group `g` at `starts[g]`, advancing it, then calls {@link rewindGroupStarts}.
 */
export function countsToGroupStarts(starts: Int32Array, n: number): void {
  for (let k = 0; k < n; k++) starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number)
}

/**
 * A stable counting sort: writes into `out` the items `k < count` (or `values[k]` when
 * `values` is given) grouped by `keys[k]` (each in `0 .. groupCount`), each group in item
 * order, and into `starts` where each group begins: group g is
 * `out[starts[g] .. starts[g + 1])`. `starts` holds at least `groupCount + 1` entries, `out`
 * at least `count`. Allocates nothing.
 */
export function groupByKey(
  keys: ArrayLike<number>,
  count: number,
  groupCount: number,
  starts: Int32Array,
  out: Int32Array,
  values?: ArrayLike<number>,
): void {
  starts.fill(0, 0, groupCount + 1)
  for (let k = 0; k < count; k++) {
    const next = (keys[k] as number) + 1
    starts[next] = (starts[next] as number) + 1
  }
  countsToGroupStarts(starts, groupCount)
  for (let k = 0; k < count; k++) {
    const group = keys[k] as number
    const at = starts[group] as number
    out[at] = values === undefined ? k : (values[k] as number)
    starts[group] = at + 1
  }
  rewindGroupStarts(starts, groupCount)
}

/**
 * After the fill of a counting sort advanced each `starts[k]` to where group k + 1 begins,
 * moves them back, so group k is `[starts[k], starts[k + 1])` again.
 */
export function rewindGroupStarts(starts: Int32Array, n: number): void {
  for (let k = n; k > 0; k--) starts[k] = starts[k - 1] as number
  starts[0] = 0
}
