/**
 * `npm run bench:drop`: what the drop preview of a drag from outside or between boards
 * (issue #26) costs per pointer move: one `DropPlacements.spotFor` (the world's
 * `findFreeSpot` inside the board, on its grid when it snaps), as `createDropSession` runs
 * for every pointer move over a board. Two boards of N cards: a kanban column (184 x 44
 * cards stacked 8 px apart, the pointer sweeping up and down the column) and a crowd (12-26
 * px boxes at a 30 px pitch, bench:drag's scene, where a 60 x 40 card finds no room near
 * the pointer), each without a grid and on a 30 px grid. Writes the "Drop preview
 * benchmark" section of bench/RESULTS.md.
 *
 * Run: `node bench/build.mjs dropPreview && node bench/.out/dropPreview.js` (`npm run bench:drop`).
 */
import { createDropPlacements } from '../src/board/externalDrop.js'
import type { Rect, Vec2 } from '../src/core/geometry/types.js'
import { createWorld, type SnapGrid } from '../src/core/index.js'
import { generatedLine, writeSection } from './resultsWriter.js'
import { addCrowd } from './scene.js'

const SIZES = [100, 1000]
const MOVES = 600
const WARM_UP_MOVES = 100

interface Board {
  world: ReturnType<typeof createWorld>
  within: Rect
  card: { width: number; height: number }
  /** Where the pointer carries the card's top-left at move `k`. */
  pointerAt(k: number): Vec2
}

/** N cards of 184 x 44 stacked 8 px apart in a 200 px wide column: a kanban board. */
function column(n: number): Board {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  for (let k = 0; k < n; k++) world.add({ x: 8, y: 8 + k * 52, width: 184, height: 44 })
  const height = 8 + n * 52 + 60
  return {
    world,
    within: { x: 0, y: 0, width: 200, height },
    card: { width: 184, height: 44 },
    pointerAt: (k) => ({ x: 8, y: (height / 2) * (1 + Math.sin(k / 60)) - 22 }),
  }
}

/** N boxes of 12-26 px at a 30 px pitch (bench:drag's crowd), a 60 x 40 card circling over them. */
function crowd(n: number): Board {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  const side = addCrowd(world, n)
  return {
    world,
    within: { x: 0, y: 0, width: side, height: side },
    card: { width: 60, height: 40 },
    pointerAt: (k) => ({
      x: side / 2 + (side / 3) * Math.cos(k / 60),
      y: side / 2 + (side / 3) * Math.sin(k / 60),
    }),
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

/** Milliseconds of each measured pointer move's `spotFor`, sorted. */
function previewMoves(board: Board, grid: SnapGrid | undefined): number[] {
  const drops = createDropPlacements(board.world, {
    grid: () => grid,
    gridOf: () => grid,
    within: () => board.within,
  })
  const times: number[] = []
  for (let k = 0; k < MOVES; k++) {
    const near = board.pointerAt(k)
    const start = performance.now()
    drops.spotFor(board.card, near)
    if (k >= WARM_UP_MOVES) times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)
}

const rows: string[] = []
for (const [name, make] of [
  ['kanban column', column],
  ['crowd', crowd],
] as const) {
  for (const n of SIZES) {
    for (const grid of [undefined, { x: 30, y: 30 }]) {
      const times = previewMoves(make(n), grid)
      const cells = [0.5, 0.95, 1].map((q) => quantile(times, q).toFixed(3))
      rows.push(`| ${name} | ${n} | ${grid ? '30 px' : 'none'} | ${cells.join(' | ')} |`)
    }
  }
}
const section = [
  '## Drop preview benchmark',
  '',
  generatedLine('npm run bench:drop'),
  '',
  `One drop preview per pointer move (\`DropPlacements.spotFor\`: \`findFreeSpot\` inside the board, on its grid when it snaps), ${MOVES - WARM_UP_MOVES} moves measured after ${WARM_UP_MOVES}: a kanban column of N cards of 184 x 44 (the pointer sweeping up and down it), and bench:drag's crowd of N boxes with a 60 x 40 card circling over it (no room near the pointer: the search widens over the board).`,
  '',
  '| board | N | grid | median ms | p95 ms | worst ms |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n')
console.log(section)
await writeSection('## Drop preview benchmark', section)
