/**
 * Stages 4 and 6: velocities and push-out.
 *
 * Velocities (`solveVelocities`) reads the pairs and candidates, the integrated velocities
 * and the store's boxes; it builds the step's contacts (touching and speculative), their
 * support levels (shock propagation) and pooled chains (`chains.ts`), and solves the
 * velocity passes in `solvedVelocityX/Y`. It writes the store's velocity of every dynamic
 * body, and the position of each body no solid can stop (`storeVelocities`); the others it
 * lists in `sweptBodies` for the sweep.
 *
 * Push-out (`pushApart`) reads the store's boxes and the contacts' normals, and writes the
 * positions of overlapping dynamic pairs, each correction swept against the solids through
 * `sweepDynamic` (articles 000, 002). No velocity.
 */
import { penetrationVectorInto, sweepInto } from '../geometry/index.js'
import type { Rect, Vec2 } from '../geometry/types.js'
import { countsToGroupStarts, ensureCapacity, rewindGroupStarts } from '../broadphase/buffers.js'
import { pairCode } from '../world/pairCode.js'
import { BOUNCE, CROSS, IGNORE, SLIDE, TOUCH } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { loadRect } from '../world/bodyStore.js'
import { sweepDynamic, sweptBoxWithin } from './sweep.js'
import {
  CANCELLATION,
  CHAIN_PASSES,
  DEEP_OVERLAP,
  MAX_SUPPORT_DEPTH,
  PUSH_ITERATIONS,
  PUSH_SLOP,
  REST_DISTANCE,
  TOUCH_TOLERANCE,
  VELOCITY_PASSES,
  VELOCITY_TOLERANCE,
} from './tolerances.js'

/**
 * 1 when the boxes of slots p and q overlap by more than {@link PUSH_SLOP}, else 0: the
 * cheap reject before the kernel's penetration vector. It reads the store directly and uses the
 * kernel's own Minkowski edges (`minkowskiEdgesInto(edges, boxQ, boxP)`, article 002): the
 * penetration's length is the smallest of them, so this keeps exactly the pairs whose
 * penetration vector is longer than the slop. Most pairs of a step only touch (the
 * velocity pass left them so), and they skip the two rect loads and the kernel call.
 */
function overlapBeyondSlop(
  x: Float64Array,
  y: Float64Array,
  width: Float64Array,
  height: Float64Array,
  p: number,
  q: number,
): number {
  const left = (x[q] as number) - ((x[p] as number) + (width[p] as number))
  const right = (x[q] as number) + (width[q] as number) - (x[p] as number)
  const top = (y[q] as number) - ((y[p] as number) + (height[p] as number))
  const bottom = (y[q] as number) + (height[q] as number) - (y[p] as number)
  // A number, not a branch: whether a pair overlaps is a coin toss to the branch predictor.
  return (
    Number(-left > PUSH_SLOP) &
    Number(right > PUSH_SLOP) &
    Number(-top > PUSH_SLOP) &
    Number(bottom > PUSH_SLOP)
  )
}

/**
 * The contact normal of two touching or overlapping boxes, pointing from b toward a,
 * into `out`: the penetration vector's direction when they overlap, else the face they
 * share. Returns false when they are apart or meet only at a corner (no defined normal).
 */
export function contactNormalInto(ctx: StepScratch, out: Vec2, boxA: Rect, boxB: Rect): boolean {
  if (!penetrationVectorInto(ctx.penetration, boxA, boxB)) return false
  if (ctx.penetration.x !== 0 || ctx.penetration.y !== 0) {
    out.x = Math.sign(ctx.penetration.x)
    out.y = Math.sign(ctx.penetration.y)
    return true
  }
  const overlapX = Math.min(boxA.x + boxA.width, boxB.x + boxB.width) - Math.max(boxA.x, boxB.x)
  const overlapY = Math.min(boxA.y + boxA.height, boxB.y + boxB.height) - Math.max(boxA.y, boxB.y)
  out.x = 0
  out.y = 0
  if (overlapY > 0) out.x = boxA.x < boxB.x ? -1 : 1
  else if (overlapX > 0) out.y = boxA.y < boxB.y ? -1 : 1
  else return false
  return true
}

/**
 * {@link contactNormalInto} for the velocity pass: `boxB` is grown by {@link REST_DISTANCE}
 * on every side first (in place: callers pass a scratch rect), so a rounding-level gap
 * counts as touching.
 */
function touchNormalInto(ctx: StepScratch, out: Vec2, boxA: Rect, boxB: Rect): boolean {
  if (
    boxA.x > boxB.x + boxB.width + REST_DISTANCE ||
    boxB.x > boxA.x + boxA.width + REST_DISTANCE ||
    boxA.y > boxB.y + boxB.height + REST_DISTANCE ||
    boxB.y > boxA.y + boxA.height + REST_DISTANCE
  ) {
    return false
  }
  boxB.x -= REST_DISTANCE
  boxB.y -= REST_DISTANCE
  boxB.width += 2 * REST_DISTANCE
  boxB.height += 2 * REST_DISTANCE
  return contactNormalInto(ctx, out, boxA, boxB)
}

/**
 * Writes bounce contact `c`'s restitution: the larger of its bodies' (article 004). Only
 * bounces read it, so other contacts skip the two lookups. It takes only integers and the
 * array, and returns nothing: V8 boxes doubles passed to or returned from a call it does
 * not inline.
 */
function writeRestitution(
  ctx: StepScratch,
  c: number,
  restitution: Float64Array,
  slotA: number,
  slotB: number,
): void {
  ctx.contactRestitution[c] = Math.max(restitution[slotA] as number, restitution[slotB] as number)
}

/** Grows the contact arrays to hold `size` contacts. */
function reserveContacts(ctx: StepScratch, size: number): void {
  if (ctx.contactI.length >= size) return
  ctx.contactI = ensureCapacity(ctx.contactI, size)
  ctx.contactJ = ensureCapacity(ctx.contactJ, size)
  ctx.contactNormalX = ensureCapacity(ctx.contactNormalX, size)
  ctx.contactNormalY = ensureCapacity(ctx.contactNormalY, size)
  ctx.contactMode = ensureCapacity(ctx.contactMode, size)
  ctx.contactRestitution = ensureCapacity(ctx.contactRestitution, size)
  ctx.contactWeightI = ensureCapacity(ctx.contactWeightI, size)
  ctx.contactWeightJ = ensureCapacity(ctx.contactWeightJ, size)
  ctx.contactSlack = ensureCapacity(ctx.contactSlack, size)
  ctx.contactGravityClosing = ensureCapacity(ctx.contactGravityClosing, size)
  ctx.contactPair = ensureCapacity(ctx.contactPair, size)
}

/** Whether dynamic pair `p` of the step met by a swept (speculative) contact, not by touching. */
export function sweptIntoContact(ctx: StepScratch, p: number): boolean {
  const c = ctx.pairContact[p] as number
  return c >= 0 && ctx.contactSlack[c] !== 0
}

/**
 * Lists the contacts of the step, positions being still the start ones: every pair touching
 * now, and every dynamic pair of the broadphase apart now. The latter are speculative
 * contacts (Catto, "Speculative contacts", Box2D v3): the velocity pass lets such a pair
 * close its gap but no more, so two fast dynamic bodies cannot pass through each other,
 * however thin. A pair whose integrated motions meet within the step (article 003's sweep
 * of their relative motion against their Minkowski difference) gets the normal of the face
 * it hits, and the hit is logged; any other pair gets the axis that separates it.
 */
function collectContacts(ctx: StepScratch, sim: StepContext, h: number): void {
  const store = sim.store
  const restitution = store.restitution
  const pairCount = sim.pairs.count
  ctx.pairContact = ensureCapacity(ctx.pairContact, pairCount)
  // Each body's contacts are counted as they are listed: the first step of
  // indexContactsByBody's counting sort.
  const n = sim.dynamicCount
  const contactsPerBody = (ctx.bodyContactStart = ensureCapacity(ctx.bodyContactStart, n + 1))
  contactsPerBody.fill(0, 0, n + 1)
  // At most one contact per pair and one per solid candidate.
  reserveContacts(ctx, pairCount + sim.candidates.count)
  // The arrays in locals, and the count too (see `solveContacts`).
  const pairContacts = ctx.pairContact
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
  const modes = ctx.contactMode
  const slacks = ctx.contactSlack
  const contactPairs = ctx.contactPair
  const { a: pairA, b: pairB } = sim.pairs
  // The start positions and sizes by local index: the store's fields at the bodies' slots
  // (nothing has moved yet), without looking the slots up.
  const { pairCodes, dynamic, deltaX, deltaY, startX: x, startY: y, width, height } = sim
  let count = 0
  for (let p = 0; p < pairCount; p++) {
    pairContacts[p] = -1
    if (pairCodes[p] === CROSS) continue
    const i = pairA[p] as number
    const j = pairB[p] as number
    const xI = x[i] as number
    const yI = y[i] as number
    const xJ = x[j] as number
    const yJ = y[j] as number
    const widthI = width[i] as number
    const heightI = height[i] as number
    const widthJ = width[j] as number
    const heightJ = height[j] as number
    // Gaps between the boxes on each axis (negative: they overlap on that axis): the larger
    // of the gaps on either side, max(p, q) = (p + q + |p - q|) / 2 (within a rounding):
    // V8 compiles Math.max to a branch, which the random sides of pairs mispredict half the
    // time, and picking by index from a typed array stalled on the stores just made.
    const leftX = xJ - xI - widthI
    const rightX = xI - xJ - widthJ
    const gapX = 0.5 * (leftX + rightX + Math.abs(leftX - rightX))
    const topY = yJ - yI - heightI
    const bottomY = yI - yJ - heightJ
    const gapY = 0.5 * (topY + bottomY + Math.abs(topY - bottomY))
    // The contact normal, from j toward i; 0, 0 for none.
    let nx = 0
    let ny = 0
    let slack = 0
    if (gapX <= REST_DISTANCE && gapY <= REST_DISTANCE) {
      // Touching or overlapping (three pairs in four of the benchmark's boxes). When one
      // axis overlaps clearly more than the other, the normal is across the other one,
      // toward the shorter way out: what touchNormalInto's penetration vector (article 002)
      // gives, read from the gaps at hand instead of two loaded rects (2-3% of the step at
      // 10,000 boxes). Near a corner the kernel decides, rounding and all. The axis and
      // the side are worked out as numbers (0 or 1), not branches, for the same reason.
      const acrossX = Number(gapY < gapX - REST_DISTANCE)
      const acrossY = Number(gapX < gapY - REST_DISTANCE)
      if ((acrossX | acrossY) === 1) {
        // Right overlap > left overlap, and bottom overlap > top overlap: the sign is +1.
        const positiveX = Number(xI + widthI - xJ > xJ + widthJ - xI)
        const positiveY = Number(yI + heightI - yJ > yJ + heightJ - yI)
        nx = 2 * acrossX * positiveX - acrossX
        ny = 2 * acrossY * positiveY - acrossY
      } else if (
        touchNormalInto(
          ctx,
          ctx.normal,
          loadRect(ctx.a, store, dynamic[i] as number),
          loadRect(ctx.b, store, dynamic[j] as number),
        )
      ) {
        nx = ctx.normal.x
        ny = ctx.normal.y
      }
      // Else they touch only at a corner: no normal, so nothing to solve, but still a
      // contact, so every pair that may collide has one, and the push-out finds a body's
      // pairs through its contacts (see `pushApart`).
    } else {
      ctx.relativeMotion.x = (deltaX[i] as number) - (deltaX[j] as number)
      ctx.relativeMotion.y = (deltaY[i] as number) - (deltaY[j] as number)
      // The relative motion must cover both gaps to meet: the cheap reject before the sweep.
      const meets =
        Math.abs(ctx.relativeMotion.x) >= gapX &&
        Math.abs(ctx.relativeMotion.y) >= gapY &&
        sweepInto(
          ctx.hit,
          loadRect(ctx.a, store, dynamic[i] as number),
          ctx.relativeMotion,
          loadRect(ctx.b, store, dynamic[j] as number),
          ctx.still,
        )
      if (meets) {
        // Apart on either side of a thin wall, the pair is on course only through it: the
        // sweep against solids stops the one moving, so the pair never meets, and its
        // contact would pass the push through the wall (a box stopped at a 4 px post sent
        // the box behind the post off at half its speed, and logged a hit).
        if (solidBetween(ctx, sim, i, j)) continue
        nx = ctx.hit.normal.x
        ny = ctx.hit.normal.y
        ctx.ownMotion.x = deltaX[i] as number
        ctx.ownMotion.y = deltaY[i] as number
        const ids = store.ids as string[]
        sim.hits.add(
          ids[dynamic[i] as number]!,
          ids[dynamic[j] as number]!,
          ctx.a,
          ctx.ownMotion,
          ctx.hit,
        )
      } else {
        // Not on course to meet, but other contacts may change their velocities during the
        // pass: the contact still keeps them from closing more than their gap, across the
        // axis that separates them (the separating axis theorem for boxes).
        const alongX = Number(gapX >= gapY)
        const alongY = 1 - alongX
        nx = alongX - 2 * alongX * Number(xI < xJ)
        ny = alongY - 2 * alongY * Number(yI < yJ)
      }
      // Not 0: the gap on the normal's axis is positive (the sweep's normal is across the
      // axis the boxes meet on last; the separating axis is the one with the larger gap).
      slack = (nx !== 0 ? gapX : gapY) / h
    }
    const mode = pairCodes[p] === BOUNCE ? BOUNCE : SLIDE
    contactsPerBody[i + 1] = (contactsPerBody[i + 1] as number) + 1
    contactsPerBody[j + 1] = (contactsPerBody[j + 1] as number) + 1
    bodiesI[count] = i
    bodiesJ[count] = j
    normalsX[count] = nx
    normalsY[count] = ny
    modes[count] = mode
    slacks[count] = slack
    contactPairs[count] = p
    pairContacts[p] = count
    // Only a bounce reads its restitution.
    if (mode === BOUNCE) {
      writeRestitution(ctx, count, restitution, dynamic[i] as number, dynamic[j] as number)
    }
    count++
  }
  ctx.pairContactCount = count
  for (let k = 0; k < sim.dynamicCount; k++) {
    const begin = sim.candidateStart[k] as number
    const end = sim.candidateStart[k + 1] as number
    if (begin === end) continue
    const slot = dynamic[k] as number
    loadRect(ctx.a, store, slot)
    for (let c = begin; c < end; c++) {
      const solid = sim.solid[sim.candidates.items[c] as number] as number
      const code = pairCode(sim, slot, solid)
      if (code === IGNORE || code === CROSS) continue
      if (!touchNormalInto(ctx, ctx.normal, ctx.a, loadRect(ctx.b, store, solid))) continue
      // A solid is -1 - its slot; the contact has no slack and no pair.
      contactsPerBody[k + 1] = (contactsPerBody[k + 1] as number) + 1
      bodiesI[count] = k
      bodiesJ[count] = -1 - solid
      normalsX[count] = ctx.normal.x
      normalsY[count] = ctx.normal.y
      modes[count] = code
      slacks[count] = 0
      if (code === BOUNCE) writeRestitution(ctx, count, restitution, slot, solid)
      count++
    }
  }
  ctx.contactCount = count
}

/**
 * Whether a solid (static or kinematic body) stands between dynamic bodies `i` and `j`
 * (loaded in {@link a} and {@link b}, their meeting in {@link hit}): its box lies in the gap
 * between their faces across the hit's axis and covers, along the other axis, all the room
 * both bodies take during the step. Either body would then have to pass through the solid
 * to reach the other, and the sweep against solids does not let it.
 */
function solidBetween(ctx: StepScratch, sim: StepContext, i: number, j: number): boolean {
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
      const codeI = pairCode(sim, slotI, slot)
      const codeJ = pairCode(sim, slotJ, slot)
      if (codeI !== IGNORE && codeI !== CROSS && codeJ !== IGNORE && codeJ !== CROSS) return true
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
 * landed 0.0100333 px deep (landing.test.ts). In the bench's pile of 10,000 boxes, pairs
 * overlapping by more than 0.5 px: 15.3 with the comparison, 9.8 without (9.6 -> 7.8 ms
 * per step).
 */
function weigh(
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
/** {@link impulseTime} of a body that took no impulse in the step. */
const NO_IMPULSE = 2
/**
 * The axes a contact's normal lies on, and what a body changed on, as bits. Normals are
 * axis-aligned and there is no friction, so a change of a body's velocity along x alters
 * only its contacts across x: the passes after the first revisit only those. A corner
 * contact (no normal) never changes a velocity, so no later pass revisits it.
 */
const X_AXIS = 1
const Y_AXIS = 2
const BOTH_AXES = X_AXIS | Y_AXIS

/**
 * Solves contacts `order[0 .. count)` (from last to first when `backwards`) in velocity pass
 * `pass`. Each contact: if the pair approaches faster than it may
 * (0 when touching, gap / step for a speculative contact until it meets), an impulse along
 * the normal stops that approach at its time in the step, a solid taking all of it, two
 * dynamic bodies sharing it by mass (article 002), with restitution for `bounce` pairs
 * (article 004). A touching pair that no longer approaches but would close through its
 * bodies' impulse times moves together from the earlier one. Bodies whose velocity or
 * impulse time changed are listed for the next pass.
 *
 * The loop is here, and the arrays are read through locals, not through the module-level
 * `let`s that hold them (they grow, so they are not `const`): V8 did not lift those reads
 * out of a loop, and with a call per contact reading the `let`s the passes took 0.32 ms
 * per step against 0.27 ms like this (10,000 boxes).
 */
function solveContacts(
  ctx: StepScratch,
  order: Int32Array,
  count: number,
  pass: number,
  backwards: boolean,
): void {
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
  const slacks = ctx.contactSlack
  const modes = ctx.contactMode
  const weightsI = ctx.contactWeightI
  const weightsJ = ctx.contactWeightJ
  const supported = ctx.weighedBySupport
  const velocitiesX = ctx.velocityX
  const velocitiesY = ctx.velocityY
  const impulseTimes = ctx.impulseTime
  const inverseMasses = ctx.inverseMass
  const integratedVelocitiesX = ctx.integratedX
  const integratedVelocitiesY = ctx.integratedY
  const changedIn = ctx.bodyChangedIn
  const changed = ctx.nextChangedBodies.items
  const axesChanged = ctx.changedAxes
  let changedCount = ctx.nextChangedBodies.count
  for (let o = 0; o < count; o++) {
    const c = order[backwards ? count - 1 - o : o] as number
    const i = bodiesI[c] as number
    const j = bodiesJ[c] as number
    const nx = normalsX[c] as number
    const ny = normalsY[c] as number
    const vix = velocitiesX[i] as number
    const viy = velocitiesY[i] as number
    const approach =
      j < 0
        ? vix * nx + viy * ny
        : (vix - (velocitiesX[j] as number)) * nx + (viy - (velocitiesY[j] as number)) * ny
    const slack = slacks[c] as number
    // A speculative contact that has met (its slack made negative) may not close any more.
    const allowed = slack > 0 ? slack : 0
    if (approach + allowed >= 0) {
      // The velocities no longer close, but the displacements may: `storeVelocities` moves
      // a body at its integrated velocity until its impulse time and at its solved one after
      // (all the step for 0 or none). In a column falling as one onto a box at rest, the
      // bottom box stopped at its impact, and the box above at the later time of its own
      // speculative contact with the box at rest, so it fell on into the bottom box and the
      // push-out threw it sideways. A touching pair moves together once either body is hit:
      // if the body on the normal's side would move less along it than the other, the later
      // body takes the earlier time.
      if (slack === 0 && j >= 0) {
        const timeI = impulseTimes[i] as number
        const timeJ = impulseTimes[j] as number
        if (timeI !== timeJ) {
          const beforeI = timeI > 1 ? 0 : timeI
          const beforeJ = timeJ > 1 ? 0 : timeJ
          const moveI =
            ((integratedVelocitiesX[i] as number) * nx +
              (integratedVelocitiesY[i] as number) * ny) *
              beforeI +
            (vix * nx + viy * ny) * (1 - beforeI)
          const moveJ =
            ((integratedVelocitiesX[j] as number) * nx +
              (integratedVelocitiesY[j] as number) * ny) *
              beforeJ +
            ((velocitiesX[j] as number) * nx + (velocitiesY[j] as number) * ny) * (1 - beforeJ)
          if (moveI - moveJ < -VELOCITY_TOLERANCE) {
            const later = timeI > timeJ ? i : j
            impulseTimes[later] = timeI > timeJ ? timeJ : timeI
            // Its other contacts are looked at again in the next pass (the box above it).
            changed[changedCount] = later
            changedCount += Number(changedIn[later] !== pass)
            changedIn[later] = pass
            axesChanged[later] = BOTH_AXES
          }
        }
      }
      continue
    }
    const mode = modes[c] as number
    // Approach speeds below the tolerance are rounding: another pass would not help.
    const listed = -(approach + allowed) > VELOCITY_TOLERANCE
    // The axis of the normal (from its squares, as in indexContactsByBody: x or y is a coin
    // toss to the branch predictor); both for a solid that stops the body dead.
    const axis = j < 0 && mode === TOUCH ? BOTH_AXES : nx * nx * X_AXIS + ny * ny * Y_AXIS
    if (listed) {
      // Both bodies listed for the next pass, once per pass; as listContactsOfChanged lists
      // contacts, without a branch (room reserved by solveVelocities).
      changed[changedCount] = i
      changedCount += Number(changedIn[i] !== pass)
      changedIn[i] = pass
      axesChanged[i] = (axesChanged[i] as number) | axis
      if (j >= 0) {
        changed[changedCount] = j
        changedCount += Number(changedIn[j] !== pass)
        changedIn[j] = pass
        axesChanged[j] = (axesChanged[j] as number) | axis
      }
    }
    if (j < 0 && mode === TOUCH) {
      // A solid with the `touch` response stops the body dead (article 003).
      velocitiesX[i] = 0
      velocitiesY[i] = 0
      continue
    }
    // When in the step the impulse happens: at the impact for a speculative contact; for a
    // touching one, at the start if it was closing from the start, else when the first of
    // its bodies was hit (a push passed down a row, a column landed).
    // The pair's approach at its integrated velocities, before any impulse of the step.
    const integratedApproach =
      ((integratedVelocitiesX[i] as number) - (j >= 0 ? (integratedVelocitiesX[j] as number) : 0)) *
        nx +
      ((integratedVelocitiesY[i] as number) - (j >= 0 ? (integratedVelocitiesY[j] as number) : 0)) *
        ny
    const timeI = impulseTimes[i] as number
    const timeJ = j >= 0 ? (impulseTimes[j] as number) : NO_IMPULSE
    let time: number
    if (slack !== 0) {
      const gap = slack > 0 ? slack : -slack
      // A speculative pair `gap * step` apart, now closing at -approach. It closed at its
      // integrated speed until the later of its bodies' impulses in this step (a body stopped
      // by the one under it), and at -approach after that: timing the whole gap at the final
      // speed put the impact too early, and a box falling onto a box that had just landed
      // froze in mid-air. (Written out here, not in a function: V8 boxes the doubles passed
      // to and returned from a call it does not inline, and the step must not allocate.)
      const changed = Math.max(timeI <= 1 ? timeI : 0, timeJ <= 1 ? timeJ : 0)
      const before = integratedApproach < 0 ? -integratedApproach : 0
      time =
        before * changed >= gap
          ? gap / before
          : Math.min(1, changed + (gap - before * changed) / -approach)
      // Met at `time`: the bodies moved at their integrated velocities until then, which used
      // the gap up, so later passes must not let the pair close again by it (they let a
      // column land a step's fall deep into the box it hit). Negative: met, gap kept.
      slacks[c] = -gap
    } else {
      const first = Math.min(timeI, timeJ)
      // Closing by the integrated velocities: a box falling onto one it already touched, which
      // was stopped later in the step by a box under it; timed at that stop, the falling box
      // fell on into it until then (14 px in a pile of 5,000 boxes), and the push-out threw
      // it sideways. Such a pair meets at the start.
      time = first <= 1 && integratedApproach >= -VELOCITY_TOLERANCE ? first : 0
    }
    // An earlier impulse time changes how the body moves on both axes (see `storeVelocities`).
    if (time < (impulseTimes[i] as number)) {
      impulseTimes[i] = time
      if (listed) axesChanged[i] = BOTH_AXES
    }
    if (j >= 0 && time < (impulseTimes[j] as number)) {
      impulseTimes[j] = time
      if (listed) axesChanged[j] = BOTH_AXES
    }
    // Without restitution the pair stops approaching at the impact; with it, the pair leaves
    // the impact at `restitution` times the impact speed (article 004).
    let target = 0
    if (mode === BOUNCE) {
      ctx.bounceSpeeds[0] = approach
      ctx.bounceSpeeds[1] = time
      bounceTarget(ctx, c)
      target = ctx.bounceSpeeds[0]
    }
    if (j < 0) {
      // A solid takes the whole response: slide (target 0) or bounce (article 004).
      velocitiesX[i] = vix + (target - approach) * nx
      velocitiesY[i] = viy + (target - approach) * ny
      continue
    }
    // A bounce is shared by the real masses: shock propagation's infinite-mass supporter
    // is right for a resting stack, but a supporter that bounces would pump energy into
    // the body above it without losing any itself. Without gravity the weights are the
    // masses too (no contact weights were written).
    const byMass = target > 0 || !supported
    let wI = byMass ? (inverseMasses[i] as number) : (weightsI[c] as number)
    let wJ = byMass ? (inverseMasses[j] as number) : (weightsJ[c] as number)
    if (wI + wJ === 0) {
      // Neither body may be moved by the other (both `pushable: false`, or one of them is
      // and the other holds up a stack): each gives up its own motion toward the other, as
      // a body meeting a wall does, in proportion to it. Skipped, two such bodies passed
      // through each other. (The pair approaches: one of them at least moves toward the other.)
      wI = Math.max(0, -(vix * nx + viy * ny))
      wJ = Math.max(0, (velocitiesX[j] as number) * nx + (velocitiesY[j] as number) * ny)
    }
    const total = wI + wJ
    if (total === 0) continue
    // Each body's share of the change of approach speed, (change) * (w / total), at most the
    // change itself: the impulse (change) / total is up to 5e11 times larger (total down to
    // 2e-12), and overflowed to Infinity, then NaN, for the heaviest bodies closing at 3.6e296.
    const change = target - approach
    const changeI = change * (wI / total)
    const changeJ = change * (wJ / total)
    velocitiesX[i] = vix + changeI * nx
    velocitiesY[i] = viy + changeI * ny
    velocitiesX[j] = (velocitiesX[j] as number) - changeJ * nx
    velocitiesY[j] = (velocitiesY[j] as number) - changeJ * ny
  }
  ctx.nextChangedBodies.count = changedCount
}

/**
 * The approach speed (negative: separating) a bouncing contact leaves with, for an impact
 * at fraction `time` of the step, both read from and the result written to
 * {@link bounceSpeeds}. The velocities already hold this step's gravity, but
 * only the part before the impact hits: that speed bounces, and the gravity after it slows
 * the way back (article 004's bounce, then integration). Reflecting the end-of-step speed
 * instead gave every bounce a step of gravity for free, and a box with restitution 1 on a
 * stack bounced ever higher. Impacts slower than {@link restingSpeed} do not bounce, so
 * resting bodies stay put.
 */
function bounceTarget(ctx: StepScratch, c: number): void {
  const approach = ctx.bounceSpeeds[0] as number
  const time = ctx.bounceSpeeds[1] as number
  const gravityClosing = ctx.contactGravityClosing[c] as number
  const afterImpact = 1 - time
  const impactSpeed = -approach - gravityClosing * afterImpact
  const target = (ctx.contactRestitution[c] as number) * impactSpeed - gravityClosing * afterImpact
  ctx.bounceSpeeds[0] = impactSpeed <= (ctx.restingSpeed[0] as number) ? 0 : Math.max(target, 0)
}

/**
 * Groups the contacts by dynamic body (counting sort, whose counts {@link collectContacts}
 * made), for the passes after the first and the push-out.
 */
function indexContactsByBody(ctx: StepScratch, n: number): void {
  const count = ctx.contactCount
  // Counted by collectContacts as it listed them.
  const starts = ctx.bodyContactStart
  const listedIn = (ctx.contactListedIn = ensureCapacity(ctx.contactListedIn, count))
  listedIn.fill(0, 0, count)
  // Arrays in locals: see `solveContacts`.
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const order = ctx.contactOrder
  countsToGroupStarts(starts, n)
  const contactsOfBodies = (ctx.bodyContacts = ensureCapacity(
    ctx.bodyContacts,
    starts[n] as number,
  ))
  const axes = (ctx.bodyContactAxes = ensureCapacity(ctx.bodyContactAxes, starts[n] as number))
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
  // In solving order, so each body's contacts keep the order of pass 0.
  for (let o = 0; o < count; o++) {
    const c = order[o] as number
    // Normals are axis-aligned units or 0, 0: the squares are the axes' bits.
    const nx = normalsX[c] as number
    const ny = normalsY[c] as number
    const axis = nx * nx * X_AXIS + ny * ny * Y_AXIS
    const i = bodiesI[c] as number
    contactsOfBodies[starts[i] as number] = c
    axes[starts[i] as number] = axis
    starts[i] = (starts[i] as number) + 1
    const j = bodiesJ[c] as number
    if (j < 0) continue
    contactsOfBodies[starts[j] as number] = c
    axes[starts[j] as number] = axis
    starts[j] = (starts[j] as number) + 1
  }
  rewindGroupStarts(starts, n)
}

/** Whether dynamic body k had a contact in this step's velocity pass (touching, or speculative). */
export function hadContact(ctx: StepScratch, k: number): boolean {
  return (ctx.bodyContactStart[k + 1] as number) > (ctx.bodyContactStart[k] as number)
}

/**
 * Lists the contacts of the bodies the previous pass changed, on the axes they changed on,
 * each once, for pass `pass`.
 */
function listContactsOfChanged(ctx: StepScratch, pass: number): void {
  // Every contact is written and the count goes up only for one to list and not listed
  // yet: whether the other body of a contact changed too is a coin toss, a mispredicted
  // branch. The room for it was reserved by solveVelocities (each contact once, and one
  // spare).
  const items = ctx.passContacts.items
  // Arrays in locals: see `solveContacts`.
  const starts = ctx.bodyContactStart
  const contactsOfBodies = ctx.bodyContacts
  const axes = ctx.bodyContactAxes
  const listedIn = ctx.contactListedIn
  const changed = ctx.changedBodies.items
  const changedCount = ctx.changedBodies.count
  const axesChanged = ctx.changedAxes
  let count = 0
  for (let q = 0; q < changedCount; q++) {
    const k = changed[q] as number
    const axesOfBody = axesChanged[k] as number
    axesChanged[k] = 0
    const end = starts[k + 1] as number
    for (let e = starts[k] as number; e < end; e++) {
      const c = contactsOfBodies[e] as number
      const wanted = Number(((axes[e] as number) & axesOfBody) !== 0)
      const listed = listedIn[c] as number
      items[count] = c
      count += wanted & Number(listed !== pass)
      listedIn[c] = listed + (pass - listed) * wanted
    }
  }
  ctx.passContacts.count = count
}

/**
 * Pools the bodies that close on one another along `axis` (see {@link ChainPool}: exact on
 * a chain) among the contacts listed for pass `pass` that may not close at all: between
 * two dynamic bodies that may be pushed, touching or met, sliding (a bounce has a speed of
 * its own to leave with), and weighed by the bodies' masses (not a supporter under shock
 * propagation). The bodies it changed are listed for the next pass, as the pass itself
 * lists them.
 */
function poolChains(ctx: StepScratch, pass: number, axis: number): void {
  const normals = axis === X_AXIS ? ctx.contactNormalX : ctx.contactNormalY
  const listed = ctx.passContacts.items
  const eligible = ctx.chainContacts
  eligible.reserve(ctx.passContacts.count)
  eligible.count = 0
  for (let q = 0; q < ctx.passContacts.count; q++) {
    const c = listed[q] as number
    const i = ctx.contactI[c] as number
    const j = ctx.contactJ[c] as number
    if (j < 0 || normals[c] === 0 || (ctx.contactSlack[c] as number) > 0) continue
    if (ctx.contactMode[c] === BOUNCE || ctx.inverseMass[i] === 0 || ctx.inverseMass[j] === 0)
      continue
    if (
      ctx.weighedBySupport &&
      (ctx.contactWeightI[c] !== ctx.inverseMass[i] || ctx.contactWeightJ[c] !== ctx.inverseMass[j])
    ) {
      continue
    }
    eligible.items[eligible.count++] = c
  }
  if (eligible.count < 2) return
  ctx.chainPool.pool(
    eligible.items,
    eligible.count,
    ctx.contactI,
    ctx.contactJ,
    normals,
    ctx.inverseMass,
    axis === X_AXIS ? ctx.velocityX : ctx.velocityY,
    ctx.impulseTime,
    VELOCITY_TOLERANCE,
  )
  const changed = ctx.chainPool.changed
  const list = ctx.nextChangedBodies
  for (let q = 0; q < changed.count; q++) {
    const k = changed.items[q] as number
    if (ctx.bodyChangedIn[k] !== pass) {
      list.items[list.count++] = k
      ctx.bodyChangedIn[k] = pass
    }
    ctx.changedAxes[k] = (ctx.changedAxes[k] as number) | axis
  }
}

/** After a pass: the bodies it changed become the list the next pass starts from. */
function endPass(ctx: StepScratch): void {
  const swap = ctx.changedBodies
  ctx.changedBodies = ctx.nextChangedBodies
  ctx.nextChangedBodies = swap
  ctx.nextChangedBodies.count = 0
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
      const weightI = ctx.pairWeights[0] as number
      const weightJ = ctx.pairWeights[1] as number
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
 * Velocity pass: every contact of the step ({@link collectContacts}: touching, or
 * speculative) stops the approaching part of the motion that it does not allow
 * ({@link solveContacts}). Passes repeat, each over the contacts of the bodies the previous
 * one changed, until no velocity changes, so a resting stack ends exactly at rest.
 */
export function solveVelocities(ctx: StepScratch, sim: StepContext, h: number): void {
  const n = sim.dynamicCount
  loadBodies(ctx, sim)
  collectContacts(ctx, sim, h)
  computeSupport(ctx, sim)
  const { x: gx, y: gy } = sim.settings.gravity
  ctx.weighedBySupport = gx !== 0 || gy !== 0
  if (!ctx.weighedBySupport) {
    // No body rests on another (a drag-and-drop layout): the weights are the inverse
    // masses, which `solveContacts` reads itself, and integration added nothing to approaches.
    ctx.contactGravityClosing.fill(0, 0, ctx.contactCount)
    solidContactsFirst(ctx)
  } else {
    weighUnderGravity(ctx, sim)
    orderContacts(ctx)
  }
  // Slower impacts than what gravity adds in two steps do not bounce: resting bodies stay put.
  ctx.restingSpeed[0] = 2 * Math.hypot(gx, gy) * sim.settings.fixedStep
  ctx.integratedX = sim.integratedVelocityX
  ctx.integratedY = sim.integratedVelocityY
  indexContactsByBody(ctx, n)
  // Room for the branch-free lists: every body and every contact once, and one spare.
  ctx.changedBodies.reserve(n + 1)
  ctx.nextChangedBodies.reserve(n + 1)
  ctx.passContacts.reserve(ctx.contactCount + 1)
  ctx.nextChangedBodies.count = 0
  // Pass 0 solves every contact in the solving order (bottom-up: shock propagation).
  solveContacts(ctx, ctx.contactOrder, ctx.contactCount, 0, false)
  endPass(ctx)
  // Later passes revisit only the contacts of bodies the previous pass changed: the
  // others were left solved and nothing about them changed. Symmetric Gauss-Seidel: odd
  // passes run backwards, so a push travels along a row of boxes both ways.
  for (let pass = 1; pass < VELOCITY_PASSES && ctx.changedBodies.count > 0; pass++) {
    listContactsOfChanged(ctx, pass)
    if (pass === 1 || pass % CHAIN_PASSES === 0) {
      poolChains(ctx, pass, X_AXIS)
      poolChains(ctx, pass, Y_AXIS)
    }
    solveContacts(ctx, ctx.passContacts.items, ctx.passContacts.count, pass, pass % 2 === 1)
    endPass(ctx)
  }
  storeVelocities(ctx, sim, h)
}

/**
 * The pass's bodies: their inverse masses and velocities by local index, as `integrate`
 * wrote them (no slot indirection in the passes), no pass having changed them yet and no
 * impulse taken yet.
 */
function loadBodies(ctx: StepScratch, sim: StepContext): void {
  const n = sim.dynamicCount
  ctx.inverseMass = sim.inverseMass
  // Whole arrays (their lengths are the same): a native copy, no loop and no view allocated.
  ctx.velocityX = sim.solvedVelocityX
  ctx.velocityY = sim.solvedVelocityY
  ctx.velocityX.set(sim.integratedVelocityX)
  ctx.velocityY.set(sim.integratedVelocityY)
  ctx.bodyChangedIn = ensureCapacity(ctx.bodyChangedIn, n)
  ctx.changedAxes = ensureCapacity(ctx.changedAxes, n)
  ctx.impulseTime = ensureCapacity(ctx.impulseTime, n)
  ctx.bodyChangedIn.fill(-1, 0, n)
  // The last pass of a step may leave axes behind (its bodies were not listed again).
  ctx.changedAxes.fill(0, 0, n)
  ctx.impulseTime.fill(NO_IMPULSE, 0, n)
}

/**
 * The solved velocities back into the store, and each displacement following its
 * impulses: a body whose velocity an impulse changed at fraction `t` of the step moved at
 * its old velocity until then and at the new one after (time of impact, article 003): its
 * displacement is `old * t + new * (1 - t)` times the step, not `new` times the step. So a
 * projectile stops where it meets the box it hits, and the box (and the row behind it)
 * starts moving only then: nothing ends on the wrong side of what it hit. Then the whole
 * displacement follows the change of velocity the solver made.
 *
 * A body with no solid near it whose displacement stays inside its broadphase bounds (most
 * bodies, most steps) is moved here, while its numbers are at hand: nothing can stop it
 * but the dynamic bodies, whose contacts the passes solved. The others are listed in
 * `sim.sweptBodies` for the sweep against solids. (That sweep reads no other dynamic
 * body's position, only where each started and its displacement, so moving these first
 * changes nothing.)
 */
function storeVelocities(ctx: StepScratch, sim: StepContext, h: number): void {
  const { velocityX: storeVelocityX, velocityY: storeVelocityY, x: storeX, y: storeY } = sim.store
  const { dynamic, deltaX, deltaY, integratedVelocityX, integratedVelocityY } = sim
  const { startVelocityX, startVelocityY, candidateStart, width, height } = sim
  const bounds = sim.dynamicBounds
  const swept = sim.sweptBodies.items
  let sweptCount = 0
  const rk4 = sim.settings.integrator === 'rk4'
  // Arrays in locals: see `solveContacts`.
  const velocitiesX = ctx.velocityX
  const velocitiesY = ctx.velocityY
  const impulseTimes = ctx.impulseTime
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = dynamic[k] as number
    const vx = velocitiesX[k] as number
    const vy = velocitiesY[k] as number
    const integratedX = integratedVelocityX[k] as number
    const integratedY = integratedVelocityY[k] as number
    storeVelocityX[slot] = vx
    storeVelocityY[slot] = vy
    let dx = deltaX[k] as number
    let dy = deltaY[k] as number
    const time = impulseTimes[k] as number
    // Most times are 0 (touching from the start) or none, at random: one branch.
    if ((Number(time !== 0) & Number(time <= 1)) === 1) {
      dx += (integratedX - vx) * time * h
      dy += (integratedY - vy) * time * h
    }
    // The displacement follows the solved velocity (exact for Euler; for RK4 under constant
    // gravity the change adds linearly).
    let changeX = vx - integratedX
    let changeY = vy - integratedY
    if (rk4 && time === 0) {
      // Held from the start of the step (a box at rest on another): the part of the change
      // that takes back this step's gain from gravity, g·h, was a force along the whole
      // step, not an impulse at its start. Euler moved the body by all of that gain times h,
      // RK4 (article 004) by half of it (½·g·h²): removed whole, it lifted a resting box by
      // ½·g·h² every step, which fell back the next, for ever (never idle).
      const gainedX = integratedX - (startVelocityX[k] as number)
      const gainedY = integratedY - (startVelocityY[k] as number)
      if (changeX * gainedX < 0)
        changeX += 0.5 * Math.min(Math.abs(changeX), Math.abs(gainedX)) * Math.sign(gainedX)
      if (changeY * gainedY < 0)
        changeY += 0.5 * Math.min(Math.abs(changeY), Math.abs(gainedY)) * Math.sign(gainedY)
    }
    const moveX = followVelocity(dx, changeX * h)
    const moveY = followVelocity(dy, changeY * h)
    deltaX[k] = moveX
    deltaY[k] = moveY
    const x = storeX[slot] as number
    const y = storeY[slot] as number
    // Folded into one number with the "no solid near" test: one branch, as whether a body
    // is free is a coin toss.
    const free =
      Number(candidateStart[k] === candidateStart[k + 1]) &
      sweptBoxWithin(bounds, k, x, y, width[k] as number, height[k] as number, moveX, moveY)
    if (free === 1) {
      storeX[slot] = x + moveX
      storeY[slot] = y + moveY
    } else swept[sweptCount++] = k
  }
  sim.sweptBodies.count = sweptCount
}

/**
 * `displacement + change`, with the leftover of cancellation made 0: a box resting on the
 * floor whose fall the velocity pass stopped was left with a displacement of about 1e-17
 * (`x + v * h - x` is not `v * h` in floating point), and so hit the floor at time 0 in
 * every step of its rest, logging a swept hit each time.
 */
function followVelocity(displacement: number, change: number): number {
  const sum = displacement + change
  return Math.abs(sum) <= CANCELLATION * Math.abs(displacement) ? 0 : sum
}

/**
 * Push-out of overlapping dynamic pairs by their penetration vectors (articles 000, 002),
 * or, for a pair that had a contact in this step (or touched and now overlaps by more than
 * {@link DEEP_OVERLAP}), by its depth along that contact's normal: each pair is split by
 * inverse mass (a non-pushable body, a supporting body under shock propagation, or a body
 * pinned that way by a solid or by a pinned body it rests on, takes none). All pairs are
 * measured from the same positions and the moves applied together (Jacobi iteration; a
 * body's moves on one axis are summed and divided by their count to the power 0.75: between
 * the average, which converged too slowly in a compressed pile, and the sum, which
 * overshoots; tuned on the bench's pile), so the result does not depend on the order of the
 * pairs; rounds repeat until nothing overlaps or {@link PUSH_ITERATIONS} is reached. Each
 * move is swept against the solids, so a push never shoves a body into or through a wall.
 */
export function pushApart(ctx: StepScratch, sim: StepContext): void {
  const store = sim.store
  const n = sim.dynamicCount
  ctx.correctionX = ensureCapacity(ctx.correctionX, n)
  ctx.correctionY = ensureCapacity(ctx.correctionY, n)
  ctx.countX = ensureCapacity(ctx.countX, n)
  ctx.countY = ensureCapacity(ctx.countY, n)
  ctx.pinnedX = ensureCapacity(ctx.pinnedX, n)
  ctx.pinnedY = ensureCapacity(ctx.pinnedY, n)
  ctx.pinnedX.fill(0, 0, n)
  ctx.pinnedY.fill(0, 0, n)
  ctx.restsOnPinnedX = ensureCapacity(ctx.restsOnPinnedX, n)
  ctx.restsOnPinnedY = ensureCapacity(ctx.restsOnPinnedY, n)
  ctx.restsOnPinnedX.fill(0, 0, n)
  ctx.restsOnPinnedY.fill(0, 0, n)
  ctx.pairListedIn = ensureCapacity(ctx.pairListedIn, sim.pairs.count)
  // Room for the lists written without branches: every pair or body once, and one spare.
  ctx.roundPairs.reserve(sim.pairs.count + 1)
  ctx.overlappingPairs.reserve(sim.pairs.count + 1)
  ctx.pushedBodies.reserve(n + 1)
  // Round 0 measures every pair (the sweep phase moved every body); later rounds only the
  // pairs of bodies the previous round moved: the others are as they were, apart. Late
  // rounds thus cost only the few pairs still being separated.
  const pairCount = sim.pairs.count
  const pairCodes = sim.pairCodes
  const firstRound = ctx.roundPairs.items
  let listed = 0
  ctx.pairListedIn.fill(0, 0, pairCount)
  // Every pair but those that cross, listed without a branch as in the rounds below.
  for (let p = 0; p < pairCount; p++) {
    firstRound[listed] = p
    listed += Number(pairCodes[p] !== CROSS)
  }
  ctx.roundPairs.count = listed
  // Arrays in locals (see `solveContacts`); none of them grows during the rounds.
  const pinnedAlongX = ctx.pinnedX
  const pinnedAlongY = ctx.pinnedY
  const restsX = ctx.restsOnPinnedX
  const restsY = ctx.restsOnPinnedY
  const pairContacts = ctx.pairContact
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
  const slacks = ctx.contactSlack
  const correctionsX = ctx.correctionX
  const correctionsY = ctx.correctionY
  const pushCountsX = ctx.countX
  const pushCountsY = ctx.countY
  const { x, y, width, height } = store
  const { startX: startsX, startY: startsY } = sim
  const { a: pairA, b: pairB } = sim.pairs
  const dynamic = sim.dynamic
  const starts = ctx.bodyContactStart
  const contactsOfBodies = ctx.bodyContacts
  const bodiesJ = ctx.contactJ
  const contactPairs = ctx.contactPair
  const listedIn = ctx.pairListedIn
  for (let round = 0; round < PUSH_ITERATIONS && ctx.roundPairs.count > 0; round++) {
    // First the pairs that overlap, listed without a branch (whether a pair overlaps is a
    // coin toss to the predictor); then their pushes. With the other branch-free lists of
    // the push-out, this took it from 2.7 to 2.4 ms per step in a pile of 10,000 boxes.
    const overlapping = ctx.overlappingPairs.items
    const measured = ctx.roundPairs.items
    const measuredCount = ctx.roundPairs.count
    let overlapCount = 0
    for (let r = 0; r < measuredCount; r++) {
      const p = measured[r] as number
      overlapping[overlapCount] = p
      overlapCount += overlapBeyondSlop(
        x,
        y,
        width,
        height,
        dynamic[pairA[p] as number] as number,
        dynamic[pairB[p] as number] as number,
      )
    }
    for (let o = 0; o < overlapCount; o++) {
      const p = overlapping[o] as number
      const i = pairA[p] as number
      const j = pairB[p] as number
      const slotI = dynamic[i] as number
      const slotJ = dynamic[j] as number
      loadRect(ctx.a, store, slotI)
      loadRect(ctx.b, store, slotJ)
      penetrationVectorInto(ctx.penetration, ctx.a, ctx.b)
      let px = ctx.penetration.x
      let py = ctx.penetration.y
      // A pair that collided in this step goes back out the way it came in, along its
      // contact normal: after a fast hit the shortest way out may be across the other body.
      // So does a pair that touched at the start and whose bodies moved deep into each
      // other in this step (DEEP_OVERLAP).
      // A pair with no contact (apart across a solid) has neither normal.
      const c = pairContacts[p] as number
      const speculative = c >= 0 && slacks[c] !== 0
      let nx = speculative ? (normalsX[c] as number) : 0
      let ny = speculative ? (normalsY[c] as number) : 0
      if (c >= 0 && !speculative && Math.abs(px) + Math.abs(py) > DEEP_OVERLAP) {
        const tx = normalsX[c] as number
        const ty = normalsY[c] as number
        // How far the bodies moved apart along that normal in this step (negative: closer).
        const closed =
          ((x[slotI] as number) -
            (startsX[i] as number) -
            (x[slotJ] as number) +
            (startsX[j] as number)) *
            tx +
          ((y[slotI] as number) -
            (startsY[i] as number) -
            (y[slotJ] as number) +
            (startsY[j] as number)) *
            ty
        if (closed < -DEEP_OVERLAP) {
          nx = tx
          ny = ty
        }
      }
      if (nx !== 0) {
        px = nx > 0 ? ctx.b.x + ctx.b.width - ctx.a.x : ctx.b.x - ctx.a.x - ctx.a.width
        py = 0
      } else if (ny !== 0) {
        px = 0
        py = ny > 0 ? ctx.b.y + ctx.b.height - ctx.a.y : ctx.b.y - ctx.a.y - ctx.a.height
      }
      // Math.sign without its branches (the sides of pairs are coin tosses).
      const signX = Number(px > 0) - Number(px < 0)
      const signY = Number(py > 0) - Number(py < 0)
      weigh(ctx, sim, i, j, signX, signY)
      let weightI = ctx.pairWeights[0] as number
      let weightJ = ctx.pairWeights[1] as number
      const pinnedI = signX === 0 ? pinnedAlongY[i] === signY : pinnedAlongX[i] === signX
      const pinnedJ = signX === 0 ? pinnedAlongY[j] === -signY : pinnedAlongX[j] === -signX
      if (pinnedI) weightI = 0
      if (pinnedJ) weightJ = 0
      if (weightI + weightJ === 0) {
        // Two bodies that may not be pushed (`pushable: false`, added overlapping) share
        // the way out equally: nothing else would ever separate them. Pinned ones cannot move.
        if (pinnedI || pinnedJ || ctx.inverseMass[i] !== 0 || ctx.inverseMass[j] !== 0) continue
        weightI = 1
        weightJ = 1
      }
      const total = weightI + weightJ
      // The body pushed away from a pinned partner rests on it from now on (see restsOnPinnedX).
      if (pinnedI !== pinnedJ) {
        const sign = pinnedI ? signX + signY : -(signX + signY)
        const mover = pinnedI ? j : i
        const bit = sign > 0 ? 1 : 2
        if (signX === 0) restsY[mover] = (restsY[mover] as number) | bit
        else restsX[mover] = (restsX[mover] as number) | bit
      }
      // Shares of the push by inverse mass, each at most 1: px * weight / total overflowed
      // to Infinity for the lightest bodies (weight 1e12) overlapping by more than 1e296.
      if (weightI > 0) {
        const share = weightI / total
        ctx.pairPush[0] = px * share
        ctx.pairPush[1] = py * share
        addCorrection(ctx, i)
      }
      if (weightJ > 0) {
        const share = weightJ / total
        ctx.pairPush[0] = -px * share
        ctx.pairPush[1] = -py * share
        addCorrection(ctx, j)
      }
    }
    const nextRound = ctx.roundPairs.items
    let nextCount = 0
    for (let q = 0; q < ctx.pushedBodies.count; q++) {
      const k = ctx.pushedBodies.items[q] as number
      const cx = pushCountsX[k] as number
      const cy = pushCountsY[k] as number
      // count ** 0.75 from a table for the usual counts (written out here, not in a
      // function: V8 boxes the doubles returned from a call it does not inline).
      const divisorX =
        cx < ctx.PUSH_DIVISORS.length ? (ctx.PUSH_DIVISORS[cx] as number) : cx ** 0.75
      const divisorY =
        cy < ctx.PUSH_DIVISORS.length ? (ctx.PUSH_DIVISORS[cy] as number) : cy ** 0.75
      const dx = cx === 0 ? 0 : (correctionsX[k] as number) / divisorX
      const dy = cy === 0 ? 0 : (correctionsY[k] as number) / divisorY
      pushCountsX[k] = 0
      pushCountsY[k] = 0
      const restsAlongX = restsX[k] as number
      const restsAlongY = restsY[k] as number
      if (restsAlongX === 1 || restsAlongX === 2) {
        if (pinnedAlongX[k] === 0) pinnedAlongX[k] = restsAlongX === 1 ? 1 : -1
      }
      if (restsAlongY === 1 || restsAlongY === 2) {
        if (pinnedAlongY[k] === 0) pinnedAlongY[k] = restsAlongY === 1 ? 1 : -1
      }
      restsX[k] = 0
      restsY[k] = 0
      if (dx !== 0 || dy !== 0) {
        // The body's move, read by the sweep; the sums start again from 0 after it.
        correctionsX[k] = dx
        correctionsY[k] = dy
        const slot = dynamic[k] as number
        const x0 = x[slot] as number
        const y0 = y[slot] as number
        sweepDynamic(ctx, sim, k, correctionsX, correctionsY, false)
        // Blocked means short by more than rounding: (x0 + dx) - x0 is not always dx.
        if (Math.abs(dx) - Math.abs((x[slot] as number) - x0) > TOUCH_TOLERANCE) {
          pinnedAlongX[k] = Math.sign(dx)
        }
        if (Math.abs(dy) - Math.abs((y[slot] as number) - y0) > TOUCH_TOLERANCE) {
          pinnedAlongY[k] = Math.sign(dy)
        }
      }
      correctionsX[k] = 0
      correctionsY[k] = 0
      // A body whose pushes cancelled out did not move, but its pairs may still overlap:
      // they are measured again too (one such pair was left 1.8 px deep in a column that
      // landed on a floor, with the pushed bodies pinned only from the next round on).
      // The body's pairs are measured in the next round, each pair once per round. They are
      // found through the body's contacts of the velocity pass (indexContactsByBody): every
      // pair that does not cross has exactly one, so no index of its own is built. A body's
      // contacts with solids come first (solving order): a predictable branch. Whether the
      // pair's other body was pushed too is a coin toss: counted, not branched on (room
      // reserved above). Inline with the arrays in locals: as a function reading the
      // module's `let`s, the push-out took 2.47 ms per step against 2.32 (pile, 10,000).
      const end = starts[k + 1] as number
      for (let e = starts[k] as number; e < end; e++) {
        const c = contactsOfBodies[e] as number
        if ((bodiesJ[c] as number) < 0) continue
        const p = contactPairs[c] as number
        nextRound[nextCount] = p
        nextCount += Number(listedIn[p] !== round + 1)
        listedIn[p] = round + 1
      }
    }
    ctx.roundPairs.count = nextCount
    ctx.pushedBodies.count = 0
  }
}

/** Adds one pair's share of a push, {@link pairPush}, to body k (one axis is zero: penetration vectors are axis-aligned). */
function addCorrection(ctx: StepScratch, k: number): void {
  // Without branches (whether the body was pushed already, and along which axis, are coin
  // tosses; room reserved by pushApart). The push's other axis is 0 or -0, and a sum plus
  // -0 or 0 is the sum (a sum of pushes is never -0), so both sums take both parts.
  const cx = ctx.countX[k] as number
  const cy = ctx.countY[k] as number
  const pushed = ctx.pushedBodies.count
  ctx.pushedBodies.items[pushed] = k
  ctx.pushedBodies.count = pushed + Number((cx | cy) === 0)
  const dx = ctx.pairPush[0] as number
  const alongX = Number(dx !== 0)
  ctx.correctionX[k] = (ctx.correctionX[k] as number) + dx
  ctx.correctionY[k] = (ctx.correctionY[k] as number) + (ctx.pairPush[1] as number)
  ctx.countX[k] = cx + alongX
  ctx.countY[k] = cy + 1 - alongX
}
