/**
 * Stage 5, support: shock propagation (Erin Catto's, as in Box2D): each contact's level
 * above the solids, the weights of its two bodies and the order the first velocity pass
 * solves them in, bottom-up.
 * Reads: the contacts (`contacts.ts`), gravity, the integrated and start velocities.
 * Writes: the scratch's support levels, contact weights, gravity closing speeds and
 * `contactOrder`; nothing of the store.
 */
import { countsToGroupStarts, ensureCapacity, rewindGroupStarts } from '../broadphase/buffers.js'
import { pairCode } from '../world/pairCode.js'
import { keepsApart } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { MAX_SUPPORT_DEPTH, VELOCITY_TOLERANCE } from './tolerances.js'

/**
 * Whether a solid (static or kinematic body) stands between dynamic bodies `i` and `j`
 * (loaded in {@link a} and {@link b}, their meeting in {@link hit}): its box lies in the gap
 * between their faces across the hit's axis and covers, along the other axis, all the room
 * both bodies take during the step. Either body would then have to pass through the solid
 * to reach the other, and the sweep against solids does not let it.
 */
export function solidBetween(ctx: StepScratch, sim: StepContext, i: number, j: number): boolean {
  const { candidateStart, candidates, solid, store, deltaX, deltaY } = sim
  const nearI = (candidateStart[i] as number) < (candidateStart[i + 1] as number)
  const nearJ = (candidateStart[j] as number) < (candidateStart[j + 1] as number)
  if (!nearI && !nearJ) return false
  const acrossX = ctx.hit.normal.x !== 0
  // The gap between their faces on the hit's axis, and the room they take on the other.
  const gapLow = acrossX
    ? Math.min(ctx.a.x + ctx.a.width, ctx.b.x + ctx.b.width)
    : Math.min(ctx.a.y + ctx.a.height, ctx.b.y + ctx.b.height)
  const gapHigh = acrossX ? Math.max(ctx.a.x, ctx.b.x) : Math.max(ctx.a.y, ctx.b.y)
  const dI = (acrossX ? deltaY[i] : deltaX[i]) as number
  const dJ = (acrossX ? deltaY[j] : deltaX[j]) as number
  const startI = acrossX ? ctx.a.y : ctx.a.x
  const startJ = acrossX ? ctx.b.y : ctx.b.x
  const roomLow = Math.min(startI + Math.min(0, dI), startJ + Math.min(0, dJ))
  const roomHigh = Math.max(
    startI + (acrossX ? ctx.a.height : ctx.a.width) + Math.max(0, dI),
    startJ + (acrossX ? ctx.b.height : ctx.b.width) + Math.max(0, dJ),
  )
  const slotI = sim.dynamic[i] as number
  const slotJ = sim.dynamic[j] as number
  // Both bodies' solid candidates (a loop of two, not an array: the step allocates nothing).
  for (let side = 0; side < 2; side++) {
    const k = side === 0 ? i : j
    const end = candidateStart[k + 1] as number
    for (let c = candidateStart[k] as number; c < end; c++) {
      const slot = solid[candidates.items[c] as number] as number
      const low = (acrossX ? store.x[slot] : store.y[slot]) as number
      const size = (acrossX ? store.width[slot] : store.height[slot]) as number
      const otherLow = (acrossX ? store.y[slot] : store.x[slot]) as number
      const otherSize = (acrossX ? store.height[slot] : store.width[slot]) as number
      const across = low < gapHigh && low + size > gapLow
      if (!across || otherLow > roomLow || otherLow + otherSize < roomHigh) continue
      // Only a solid that stops both bodies keeps them apart.
      if (keepsApart(pairCode(sim, slotI, slot)) && keepsApart(pairCode(sim, slotJ, slot)))
        return true
    }
  }
  return false
}

/**
 * Shock propagation (Guendelman, Bridson and Fedkiw 2003): a body resting on a solid gets
 * level 0, a body resting on a level-n body level n + 1, "resting" meaning a contact whose
 * normal opposes gravity. In a resting contact the lower body, when it has a level, acts as
 * if its mass were infinite (see {@link weigh}), and contacts are solved up the levels, so a
 * stack is solved from the ground up in one pass and does not sink or jitter.
 */
function computeSupport(ctx: StepScratch, sim: StepContext): void {
  const { x: gx, y: gy } = sim.settings.gravity
  const n = sim.dynamicCount
  const levels = (ctx.level = ensureCapacity(ctx.level, n))
  levels.fill(-1, 0, n)
  if (gx === 0 && gy === 0) return
  const count = ctx.contactCount
  // Arrays in locals: see `solveContacts`.
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
  const lowers = (ctx.contactLower = ensureCapacity(ctx.contactLower, count))
  // "lower supports upper" edges, grouped by the lower body (counting sort). A contact's
  // lower body is that of a dynamic pair whose normal is along gravity; the normal points
  // from j toward i, so against gravity means i rests on j.
  const starts = (ctx.supportStart = ensureCapacity(ctx.supportStart, n + 1))
  starts.fill(0, 0, n + 1)
  for (let c = 0; c < count; c++) {
    const j = bodiesJ[c] as number
    let lower = -1
    if (j >= 0) {
      const along = (normalsX[c] as number) * gx + (normalsY[c] as number) * gy
      lower = along < 0 ? j : along > 0 ? (bodiesI[c] as number) : -1
    }
    lowers[c] = lower
    if (lower >= 0) starts[lower + 1] = (starts[lower + 1] as number) + 1
  }
  countsToGroupStarts(starts, n)
  const uppers = (ctx.supported = ensureCapacity(ctx.supported, starts[n] as number))
  for (let c = 0; c < count; c++) {
    const lower = lowers[c] as number
    if (lower < 0) continue
    const upper = lower === bodiesI[c] ? (bodiesJ[c] as number) : (bodiesI[c] as number)
    uppers[starts[lower] as number] = upper
    starts[lower] = (starts[lower] as number) + 1
  }
  rewindGroupStarts(starts, n)
  // Breadth-first from the bodies resting on solids: each level is the shortest chain down.
  const waiting = (ctx.queue = ensureCapacity(ctx.queue, n))
  let tail = 0
  for (let c = 0; c < count; c++) {
    const i = bodiesI[c] as number
    if ((bodiesJ[c] as number) >= 0 || levels[i] === 0) continue
    if ((normalsX[c] as number) * gx + (normalsY[c] as number) * gy < 0) {
      levels[i] = 0
      waiting[tail++] = i
    }
  }
  for (let head = 0; head < tail; head++) {
    const lower = waiting[head] as number
    const next = (levels[lower] as number) + 1
    if (next > MAX_SUPPORT_DEPTH) continue
    const end = starts[lower + 1] as number
    for (let e = starts[lower] as number; e < end; e++) {
      const upper = uppers[e] as number
      if (levels[upper] !== -1) continue
      levels[upper] = next
      waiting[tail++] = upper
    }
  }
}

/**
 * Inverse masses of i and dynamic j for a contact with normal (nx, ny), shock propagation
 * applied, into {@link pairWeights}: in a resting contact (normal along gravity) the lower
 * body takes none of the change when it has a support level, whatever the upper one's.
 * Guendelman et al. order the bodies so that each comes after every body it rests on, so
 * the lower body of a resting contact is always the frozen one; the levels here are the
 * shortest chains down (`computeSupport`), and a body with two ways down gets the shorter.
 * Compared, they split such a pair by mass: a box 40 px wide on one 8 px wide, reaching
 * past it to the box under that by a speculative contact, had the same level, and each
 * push sent the narrow box 5/6 of the way down into its supporter, which sent it all back
 * up, so the pair closed by 1/6 every two velocity passes or push-out rounds, and a column
 * landed 0.0100333 px deep (landing.test.ts). Without the comparison, the bench's pile
 * also has fewer deep overlaps and a cheaper step (bench/RESULTS.md, "Design choices and
 * their measurements").
 */
export function weigh(
  ctx: StepScratch,
  sim: StepContext,
  i: number,
  j: number,
  nx: number,
  ny: number,
): void {
  let weightI = ctx.inverseMass[i] as number
  let weightJ = ctx.inverseMass[j] as number
  const gravity = sim.settings.gravity
  const along = nx * gravity.x + ny * gravity.y
  if (along < 0 && (ctx.level[j] as number) >= 0) weightJ = 0
  else if (along > 0 && (ctx.level[i] as number) >= 0) weightI = 0
  ctx.pairWeights[0] = weightI
  ctx.pairWeights[1] = weightJ
}

/**
 * Counting sort of the contacts by where they go in the solving order: contacts with solids
 * first, then by the supporter's level, the rest last. With shock propagation a stack is
 * then solved bottom-up in a single pass (Guendelman et al.), whatever the insertion order.
 */
function orderContacts(ctx: StepScratch): void {
  const count = ctx.contactCount
  // Arrays in locals: see `solveContacts`.
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const weightsI = ctx.contactWeightI
  const weightsJ = ctx.contactWeightJ
  const levels = ctx.level
  let last = 1
  for (let c = 0; c < count; c++) {
    const j = bodiesJ[c] as number
    if (j >= 0)
      last = Math.max(last, (levels[j] as number) + 2, (levels[bodiesI[c] as number] as number) + 2)
  }
  // Each contact's key, worked out once: 0 for solids, 1 + the supporter's level, or last.
  const keys = (ctx.contactKey = ensureCapacity(ctx.contactKey, count))
  const starts = (ctx.bucketStart = ensureCapacity(ctx.bucketStart, last + 2))
  starts.fill(0, 0, last + 2)
  for (let c = 0; c < count; c++) {
    const j = bodiesJ[c] as number
    const i = bodiesI[c] as number
    let key = last
    if (j < 0) key = 0
    else if (weightsJ[c] === 0 && (levels[j] as number) >= 0) key = 1 + (levels[j] as number)
    else if (weightsI[c] === 0 && (levels[i] as number) >= 0) key = 1 + (levels[i] as number)
    keys[c] = key
    starts[key + 1] = (starts[key + 1] as number) + 1
  }
  for (let key = 1; key <= last + 1; key++) {
    starts[key] = (starts[key] as number) + (starts[key - 1] as number)
  }
  const order = (ctx.contactOrder = ensureCapacity(ctx.contactOrder, count))
  for (let c = 0; c < count; c++) {
    const key = keys[c] as number
    order[starts[key] as number] = c
    starts[key] = (starts[key] as number) + 1
  }
}

/**
 * {@link orderContacts} in a world without gravity, where no body supports another: the
 * contacts with solids first, then the dynamic pairs, each in the order they were listed
 * (what the counting sort gives then, without its passes).
 */
function solidContactsFirst(ctx: StepScratch): void {
  const order = (ctx.contactOrder = ensureCapacity(ctx.contactOrder, ctx.contactCount))
  const solidContacts = ctx.contactCount - ctx.pairContactCount
  for (let o = 0; o < solidContacts; o++) order[o] = ctx.pairContactCount + o
  for (let o = solidContacts; o < ctx.contactCount; o++) order[o] = o - solidContacts
}

/**
 * Each dynamic pair contact's weights (inverse masses, shock propagation applied) and how
 * much this step's gravity added to each contact's approach (see `contactGravityClosing`).
 */
function weighUnderGravity(ctx: StepScratch, sim: StepContext): void {
  for (let c = 0; c < ctx.contactCount; c++) {
    const i = ctx.contactI[c] as number
    const j = ctx.contactJ[c] as number
    const nx = ctx.contactNormalX[c] as number
    const ny = ctx.contactNormalY[c] as number
    // What integration added to the approach: the body's own change along the normal,
    // less the other's when the other can move along it.
    let added =
      ((sim.integratedVelocityX[i] as number) - (sim.startVelocityX[i] as number)) * nx +
      ((sim.integratedVelocityY[i] as number) - (sim.startVelocityY[i] as number)) * ny
    if (j >= 0) {
      weigh(ctx, sim, i, j, nx, ny)
      let weightI = ctx.pairWeights[0] as number
      let weightJ = ctx.pairWeights[1] as number
      // Shock propagation is for resting contacts (Guendelman et al.): a lower body whose
      // velocity at the start of the step closes on the body above it came at it, and is
      // not its supporter in this step. Frozen, a card thrown up under a column drove the
      // card above it, pass after pass, into a card that may not be pushed above that, and
      // went on into it.
      const closingJ =
        (sim.startVelocityX[j] as number) * nx + (sim.startVelocityY[j] as number) * ny
      const closingI = -(
        (sim.startVelocityX[i] as number) * nx +
        (sim.startVelocityY[i] as number) * ny
      )
      if (weightJ === 0 && closingJ > VELOCITY_TOLERANCE) weightJ = ctx.inverseMass[j] as number
      if (weightI === 0 && closingI > VELOCITY_TOLERANCE) weightI = ctx.inverseMass[i] as number
      ctx.contactWeightI[c] = weightI
      ctx.contactWeightJ[c] = weightJ
      if (weightI === 0) added = 0
      if (weightJ > 0) {
        added -=
          ((sim.integratedVelocityX[j] as number) - (sim.startVelocityX[j] as number)) * nx +
          ((sim.integratedVelocityY[j] as number) - (sim.startVelocityY[j] as number)) * ny
      }
    }
    ctx.contactGravityClosing[c] = -added
  }
}

/**
 * The support stage: each contact's level above the solids (shock propagation), then its
 * bodies' weights and the order the first velocity pass solves the contacts in. Without
 * gravity no body rests on another (a drag-and-drop layout): the weights are the inverse
 * masses, which `solveContacts` reads itself, integration added nothing to approaches,
 * and the contacts with solids come first. Under gravity the weights follow the support
 * (a body is as heavy as what it carries) and the order is bottom-up.
 */
export function weighContacts(ctx: StepScratch, sim: StepContext): void {
  computeSupport(ctx, sim)
  const { x: gx, y: gy } = sim.settings.gravity
  ctx.weighedBySupport = gx !== 0 || gy !== 0
  if (!ctx.weighedBySupport) {
    ctx.contactGravityClosing.fill(0, 0, ctx.contactCount)
    solidContactsFirst(ctx)
  } else {
    weighUnderGravity(ctx, sim)
    orderContacts(ctx)
  }
}
