/**
 * The benchmark's seeded scenes (issue 3): N boxes of 8 to 40 px covering 15% of a square
 * arena closed by four static walls, random velocities up to 300 px/s; "pile" adds gravity
 * 980 px/s^2 (the bottom wall is the floor); "overlap" is "boxes" with 15% of the boxes
 * moved onto another box, as cards start when a layout loads (issue #23). Every engine gets
 * the same boxes.
 */

/** mulberry32: a tiny seeded PRNG, so every engine and run sees the same scene. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface SceneBox {
  x: number
  y: number
  width: number
  height: number
  vx: number
  vy: number
}

export interface Scene {
  name: 'boxes' | 'pile' | 'overlap'
  gravity: number
  /** Inner side of the arena; walls lie outside [0, side]. */
  side: number
  wallThickness: number
  boxes: SceneBox[]
  /** Static walls as top-left boxes. */
  walls: Array<{ x: number; y: number; width: number; height: number }>
}

export const COVERAGE = 0.15
export const MAX_SPEED = 300
/** Share of the boxes the "overlap" scene moves onto another box. */
export const OVERLAPPING_SHARE = 0.15

/** Builds a scene; boxes start apart (rejection sampling on a coarse grid). */
export function createScene(name: Scene['name'], count: number, seed = 12345): Scene {
  const random = createRandom(seed + count)
  const sizes: Array<[number, number]> = []
  let area = 0
  for (let i = 0; i < count; i++) {
    const width = 8 + random() * 32
    const height = 8 + random() * 32
    sizes.push([width, height])
    area += width * height
  }
  const side = Math.sqrt(area / COVERAGE)
  const cell = 40
  const columns = Math.ceil(side / cell) + 1
  const grid = new Map<number, number[]>()
  const boxes: SceneBox[] = []
  for (const [width, height] of sizes) {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const x = random() * (side - width)
      const y = random() * (side - height)
      const c0 = Math.floor(x / cell)
      const r0 = Math.floor(y / cell)
      let free = true
      for (let r = r0 - 1; r <= r0 + 1 && free; r++) {
        for (let c = c0 - 1; c <= c0 + 1 && free; c++) {
          for (const other of grid.get(r * columns + c) ?? []) {
            const b = boxes[other] as SceneBox
            if (
              x < b.x + b.width + 1 &&
              b.x < x + width + 1 &&
              y < b.y + b.height + 1 &&
              b.y < y + height + 1
            ) {
              free = false
              break
            }
          }
        }
      }
      if (!free) continue
      const angle = random() * Math.PI * 2
      const speed = random() * MAX_SPEED
      const key = r0 * columns + c0
      const list = grid.get(key) ?? []
      list.push(boxes.length)
      grid.set(key, list)
      boxes.push({ x, y, width, height, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed })
      break
    }
  }
  if (name === 'overlap') overlapSome(boxes, side, createRandom(seed + count + 1))
  const walls = arenaWalls(side, WALL_THICKNESS)
  return {
    name,
    gravity: name === 'pile' ? 980 : 0,
    side,
    wallThickness: WALL_THICKNESS,
    boxes,
    walls,
  }
}

export const WALL_THICKNESS = 20

/**
 * Moves {@link OVERLAPPING_SHARE} of `boxes` (drawn by `random`) so that each overlaps
 * another box: its top-left corner lands within half the other box's size of the other's
 * corner, clamped into the arena `[0, side]`. A second random stream, so every other box
 * stays where the "boxes" scene puts it.
 */
function overlapSome(boxes: SceneBox[], side: number, random: () => number): void {
  for (let i = 0; i < boxes.length; i++) {
    if (random() >= OVERLAPPING_SHARE) continue
    const box = boxes[i] as SceneBox
    const other = boxes[Math.floor(random() * boxes.length)] as SceneBox
    if (other === box) continue
    const x = other.x + (random() - 0.5) * other.width
    const y = other.y + (random() - 0.5) * other.height
    box.x = Math.min(Math.max(x, 0), side - box.width)
    box.y = Math.min(Math.max(y, 0), side - box.height)
  }
}

/** Four static walls of thickness `t` closing the square `[0, side]` from outside. */
export function arenaWalls(side: number, t: number): Scene['walls'] {
  return [
    { x: -t, y: -t, width: side + 2 * t, height: t },
    { x: -t, y: side, width: side + 2 * t, height: t },
    { x: -t, y: 0, width: t, height: side },
    { x: side, y: 0, width: t, height: side },
  ]
}

/**
 * Pairs of boxes overlapping by more than `depth` on both axes (sort and sweep on x).
 * `xs`, `ys` are top-left corners; sizes come from the scene.
 */
export function countOverlaps(
  scene: Scene,
  xs: Float64Array,
  ys: Float64Array,
  depth = 0.5,
): number {
  const n = scene.boxes.length
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (xs[a] as number) - (xs[b] as number),
  )
  let count = 0
  for (let p = 0; p < n; p++) {
    const i = order[p] as number
    const bi = scene.boxes[i] as SceneBox
    const right = (xs[i] as number) + bi.width
    for (let q = p + 1; q < n; q++) {
      const j = order[q] as number
      if ((xs[j] as number) > right - depth) break
      const bj = scene.boxes[j] as SceneBox
      const ox =
        Math.min(right, (xs[j] as number) + bj.width) - Math.max(xs[i] as number, xs[j] as number)
      const oy =
        Math.min((ys[i] as number) + bi.height, (ys[j] as number) + bj.height) -
        Math.max(ys[i] as number, ys[j] as number)
      if (ox > depth && oy > depth) count++
    }
  }
  return count
}

/** The side of the square {@link addCrowd} fills with `n` boxes. */
export function crowdSide(n: number): number {
  return Math.sqrt(n) * 30
}

/**
 * The crowd of bench:drag and bench:drop: `n` resting boxes of 12-26 px (seeded) at a 30 px
 * pitch, filling a square of side {@link crowdSide} from the origin. Returns that side.
 */
export function addCrowd(
  world: { add(box: { x: number; y: number; width: number; height: number }): unknown },
  n: number,
): number {
  const columns = Math.ceil(Math.sqrt(n))
  const random = createRandom(7)
  for (let k = 0; k < n; k++) {
    world.add({
      x: (k % columns) * 30 + 2,
      y: Math.floor(k / columns) * 30 + 2,
      width: 12 + random() * 14,
      height: 12 + random() * 14,
    })
  }
  return crowdSide(n)
}
