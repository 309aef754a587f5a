/**
 * `npm run bench:drag`: what one `world.move(id, goal, { push: true })` costs when a dragged
 * kinematic box bulldozes a crowd (the drag primitive of a board or node editor), and what
 * the world's step costs in the same frames. N boxes of 12-26 px at a 30 px pitch, at rest,
 * no gravity, walled in; a 60 px kinematic box circles through them, one move and one
 * step per frame. Prints median, p95, p99 and worst ms per move, and the median step, for
 * each N; then the board's whole frame at 1,000 boxes (drag sessions and step): a plain
 * drag, with the return of pushed boxes (`returnPushed`, issue #26), snapped to a grid, a
 * resize by a handle (issue #25), and a group drag of 20 boxes with the return of pushed
 * boxes (issue #26), alternated in the same run. Writes the "Drag benchmark" section of bench/RESULTS.md.
 *
 * No peer is measured: none of the benchmark's peers has a swept move that pushes a chain
 * of bodies. Compare runs of this script on one machine (for a change, run it before and
 * after).
 *
 * Run: `node bench/build.mjs drag && node bench/.out/drag.js` (`npm run bench:drag`). With
 * `--variants=plain,group` (any of the board frame variants), only those board frames run,
 * not the moves per N, and bench/RESULTS.md is left alone: a quick A/B or a profile.
 */
import { createWorld, snapToGrid } from '../src/core/index.js'
import { createDragSessions } from '../src/board/dragSessions.js'
import { generatedLine, writeSection } from './resultsWriter.js'
import { addCrowd, arenaWalls, crowdSide, WALL_THICKNESS } from './scene.js'

const SIZES = [1000, 5000]
/** The board's frame (drag sessions) is compared at this many boxes: plain drag, with return, snapped, resize. */
const RETURN_N = 1000
/** Runs of each variant of the board's frame, alternated (plain, return, snapped, resize, plain, ...) so a change in the machine's load hits all. */
const RETURN_ROUNDS = 3
const FRAMES = 600
const WARM_UP_FRAMES = 100

interface DragResult {
  n: number
  moves: number[]
  steps: number[]
}

/** The median over rounds of each round's quantile `q`. */
function roundsQuantile(runs: number[][], q: number): number {
  return quantile(
    runs.map((run) => quantile(run, q)).sort((a, b) => a - b),
    0.5,
  )
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

/** N resting boxes in a walled square, and a 60 px kinematic box at its center: the scene of every run. */
function crowd(n: number) {
  const world = createWorld({ gravity: { x: 0, y: 0 } })
  const side = crowdSide(n)
  for (const wall of arenaWalls(side, WALL_THICKNESS)) world.add({ ...wall, type: 'static' })
  addCrowd(world, n)
  const center = side / 2
  const radius = side / 3
  const dragged = world.add({ x: center, y: center, width: 60, height: 60, type: 'kinematic' })
  /** Where the dragged box should be at `frame`: on a circle of `radius` around the center. */
  const goalAt = (frame: number) => ({
    x: center + radius * Math.cos(frame / 60),
    y: center + radius * Math.sin(frame / 60),
  })
  return { world, dragged, center, goalAt }
}

function dragThroughCrowd(n: number): DragResult {
  const { world, dragged, goalAt } = crowd(n)
  const moves: number[] = []
  const steps: number[] = []
  for (let frame = 0; frame < FRAMES; frame++) {
    const goal = goalAt(frame)
    const moveStart = performance.now()
    world.move(dragged, goal, { push: true })
    const stepStart = performance.now()
    world.step(1 / 60)
    const stepEnd = performance.now()
    if (frame < WARM_UP_FRAMES) continue
    moves.push(stepStart - moveStart)
    steps.push(stepEnd - stepStart)
  }
  return { n, moves: moves.sort((a, b) => a - b), steps: steps.sort((a, b) => a - b) }
}

/** The board frames compared: a plain drag, a drag with `returnPushed`, a drag snapped to a 30 px grid, and a resize. */
type BoardFrameVariant = 'plain' | 'return' | 'snapped' | 'resize' | 'group'
const VARIANTS: readonly BoardFrameVariant[] = ['plain', 'return', 'snapped', 'resize', 'group']
/** The variants of `--variants=a,b`, or undefined for the whole benchmark. */
function chosenVariants(): BoardFrameVariant[] | undefined {
  const argument = process.argv.find((arg) => arg.startsWith('--variants='))
  if (argument === undefined) return undefined
  const names = argument.slice('--variants='.length).split(',')
  const unknown = names.filter((name) => !(VARIANTS as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new RangeError(
      `--variants: choose among ${VARIANTS.join(', ')} (got ${unknown.join(', ')})`,
    )
  }
  return names as BoardFrameVariant[]
}
const chosen = chosenVariants()
/** Boxes in the group drag: the dragged box and the crowd boxes nearest it. */
const GROUP_SIZE = 20
const GRID = { x: 30, y: 30 }

/**
 * The board's frame, as `frame.ts` runs it: the drag sessions apply the pointer's goal, then
 * the world steps. `'plain'`: one pushing swept move; `'return'`: then every box the drag
 * pushed slides back toward its start without pushing (issue #26); `'snapped'`: the goal is
 * put on a 30 px grid first (issue #25); `'resize'`: the box's south-east handle follows the
 * pointer instead, a swept `'push'` resize from 60 x 60 up to 300 x 300 and back (issue
 * #25); `'group'`: the dragged box leads a selection of {@link GROUP_SIZE} (itself and the
 * crowd boxes nearest it), moved as one by `world.moveGroup` with push, with `returnPushed`
 * (issue #26). Returns the sorted frame times.
 */
function boardFrames(n: number, variant: BoardFrameVariant): number[] {
  const { world, dragged, center, goalAt } = crowd(n)
  const drags = createDragSessions(world, {
    returnPushed: variant === 'return' || variant === 'group',
    ...(variant === 'snapped' && {
      snapGoal: (_id: string, goal: { x: number; y: number }) => {
        const snapped = snapToGrid(goal, GRID)
        goal.x = snapped.x
        goal.y = snapped.y
      },
    }),
  })
  const resize = {
    direction: 'se' as const,
    options: { mode: 'push' as const, minSize: { width: 0, height: 0 } },
  }
  drags.begin(
    dragged,
    undefined,
    variant === 'resize' ? resize : undefined,
    variant === 'group' ? nearest(world, dragged, GROUP_SIZE) : undefined,
  )
  const frames: number[] = []
  for (let frame = 0; frame < FRAMES; frame++) {
    const goal = goalAt(frame)
    const start = performance.now()
    if (variant === 'resize') {
      // The handle swings the corner between 0 and 240 px out on each axis.
      const swing = 120 * (1 - Math.cos(frame / 30))
      drags.aim(dragged, { x: swing, y: swing })
    } else drags.aim(dragged, { x: goal.x - center, y: goal.y - center })
    drags.applyGoals(1 / 60)
    world.step(1 / 60)
    const end = performance.now()
    if (frame >= WARM_UP_FRAMES) frames.push(end - start)
  }
  return frames.sort((a, b) => a - b)
}

/** `id` and the `count - 1` bodies whose centers are nearest its center (walls left out). */
function nearest(world: ReturnType<typeof createWorld>, id: string, count: number): string[] {
  const center = (other: string) => {
    const { x, y, width, height } = world.get(other)
    return { x: x + width / 2, y: y + height / 2 }
  }
  const from = center(id)
  const distance = (other: string) => Math.hypot(center(other).x - from.x, center(other).y - from.y)
  const others = world.ids().filter((other) => other !== id && world.get(other).type === 'dynamic')
  others.sort((p, q) => distance(p) - distance(q))
  return [id, ...others.slice(0, count - 1)]
}

const format = (value: number): string => value.toFixed(2)
if (chosen !== undefined) {
  // A partial run: the chosen board frames only, printed, alternated as in the whole run.
  const runs = new Map<BoardFrameVariant, number[][]>(chosen.map((variant) => [variant, []]))
  for (let round = 0; round < RETURN_ROUNDS; round++) {
    for (const variant of chosen) runs.get(variant)?.push(boardFrames(RETURN_N, variant))
  }
  for (const [variant, variantRuns] of runs) {
    const cells = [0.5, 0.95, 0.99].map((q) => format(roundsQuantile(variantRuns, q)))
    console.log(`${variant}: median ${cells[0]} p95 ${cells[1]} p99 ${cells[2]} ms`)
  }
  process.exit(0)
}
// The first run of each N meets code V8 has not compiled yet: its worst move (2.6-6.5 ms at
// 1,000 boxes, on a different frame each time, with no garbage collection during it) points
// to compilation, not to the move. A second run of every N in the same process shows the
// worst move once the code is warm.
const firstRuns = SIZES.map(dragThroughCrowd)
const warmRuns = SIZES.map(dragThroughCrowd)
const rows = firstRuns.map(({ n, moves, steps }, index) => {
  const warmMoves = (warmRuns[index] as DragResult).moves
  return `| ${n} | ${format(quantile(moves, 0.5))} | ${format(quantile(moves, 0.95))} | ${format(quantile(moves, 0.99))} | ${format(quantile(moves, 1))} | ${format(quantile(warmMoves, 1))} | ${format(quantile(steps, 0.5))} |`
})
const runsOf = new Map<BoardFrameVariant, number[][]>(VARIANTS.map((variant) => [variant, []]))
for (let round = 0; round < RETURN_ROUNDS; round++) {
  for (const variant of VARIANTS) runsOf.get(variant)?.push(boardFrames(RETURN_N, variant))
}
const boardRows = [0.5, 0.95, 0.99].map((q) => {
  const [plain, ...others] = VARIANTS.map((variant) => roundsQuantile(runsOf.get(variant) ?? [], q))
  const cells = others.map(
    (value) => `${format(value)} (${(value / (plain as number)).toFixed(2)}x)`,
  )
  return `| ${q === 0.5 ? 'median' : `p${Math.round(q * 100)}`} | ${format(plain as number)} | ${cells.join(' | ')} |`
})
const section = [
  '## Drag benchmark',
  '',
  generatedLine('npm run bench:drag'),
  '',
  `A 60 px kinematic box circles through N resting boxes (12-26 px at a 30 px pitch, no gravity), one \`world.move(id, goal, { push: true })\` and one \`world.step(1 / 60)\` per frame; ${FRAMES - WARM_UP_FRAMES} frames measured after ${WARM_UP_FRAMES}. Every column is from the first run of each N, but "worst move, warm": the worst move of a second run of each N in the same process, after the first runs of all of them (the first run's worst move is mostly V8 compiling code it meets for the first time). No peer has a pushing swept move, so there is no ratio: compare runs on one machine.`,
  '',
  '| N | move median ms | move p95 ms | move p99 ms | worst move ms | worst move, warm ms | step median ms |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `The board's frame at ${RETURN_N} boxes (the drag sessions of \`src/board\`, then \`world.step\`): a plain drag (the pointer's goal through one pushing move), a drag with \`returnPushed\` (every box the drag pushed slides back toward its start without pushing; over the circle the drag pushes hundreds), a drag snapped to a 30 px grid, a resize of the same box by its south-east handle (a swept 'push' resize swinging from 60 x 60 to 300 x 300 and back), and a group drag of ${GROUP_SIZE} boxes (the dragged box leads a selection of itself and the ${GROUP_SIZE - 1} crowd boxes nearest it, moved as one by \`world.moveGroup\` with push, with \`returnPushed\`; issue #26, target at most 2x the plain drag). ${RETURN_ROUNDS} runs of each, alternated in this process; each cell is the median over runs of that run's quantile, ${FRAMES - WARM_UP_FRAMES} frames measured per run, with its ratio to the plain drag.`,
  '',
  `| frame ms | plain drag | drag with return | snapped drag | resize | group drag of ${GROUP_SIZE} with return |`,
  '|---|---|---|---|---|---|',
  ...boardRows,
  '',
].join('\n')
console.log(section)
await writeSection('## Drag benchmark', section)
