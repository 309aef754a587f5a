/**
 * Stage 4, contacts: the dynamic bodies loaded for the velocity passes (inverse masses,
 * integrated velocities), and every contact of the step: each dynamic pair, touching or
 * speculative (apart, and kept from closing more than its gap), and each body with the
 * solid candidates it touches (within `REST_DISTANCE`; a solid the body would meet within
 * the step is the sweep's, stage 7), with its axis normal, gap, restitution and response.
 * Reads: the pairs and candidates (`pairs.ts`), the store's boxes, `integratedVelocityX/Y`.
 * Writes: the scratch's contact arrays and body arrays; nothing of the store.
 */
import { penetrationVectorInto, sweepInto } from '../geometry/index.js'
import type { Rect, Vec2 } from '../geometry/types.js'
import { ensureCapacity } from '../broadphase/buffers.js'
import { pairCode } from '../world/pairCode.js'
import { BOUNCE, CROSS, keepsApart, SLIDE } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { NO_IMPULSE } from './velocities.js'
import { loadRect } from '../world/bodyStore.js'
import { REST_DISTANCE } from './tolerances.js'
import { solidBetween } from './support.js'

/**
 * The contact normal of two touching or overlapping boxes, pointing from b toward a,
 * into `out`: the penetration vector's direction when they overlap, else the face they
 * share. Returns false when they are apart or meet only at a corner (no defined normal).
 */
export function contactNormalInto(ctx: StepScratch, out: Vec2, boxA: Rect, boxB: Rect): boolean {
  if (!penetrationVectorInto(ctx.penetration, boxA, boxB, ctx.kernel.edges)) return false
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
 * Lists the contacts of the step, positions being still the start ones: every pair touching
 * now, and every dynamic pair of the broadphase apart now. The latter are speculative
 * contacts (Catto, "Speculative contacts", Box2D v3): the velocity pass lets such a pair
 * close its gap but no more, so two fast dynamic bodies cannot pass through each other,
 * however thin. A pair whose integrated motions meet within the step (article 003's sweep
 * of their relative motion against their Minkowski difference) gets the normal of the face
 * it hits, and the hit is logged; any other pair gets the axis that separates it.
 * Returns the count of contacts listed, for the caller to store: see `collectSolidContacts`.
 */
function collectContacts(ctx: StepScratch, sim: StepContext, h: number): number {
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
      // gives, read from the gaps at hand instead of two loaded rects (bench/RESULTS.md,
      // "Design choices and their measurements"). Near a corner the kernel decides,
      // rounding and all. The axis and
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
          ctx.kernel,
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
  return count
}

/**
 * The contacts of each dynamic body with its solid candidates that it touches or overlaps,
 * after the pair contacts (`collectContacts`); returns the count of all contacts. A function
 * of its own, called after `collectContacts` returns, not a second loop of it nor a call
 * after its loop, and each returns its count rather than store it: V8 compiles a hot loop on
 * stack replacement and keeps that code for later calls, and code after the loop that had
 * not run when it compiled (this loop, a field written after the last item) lacked its type
 * feedback: it deoptimized there step after step (README, "Hot paths").
 */
function collectSolidContacts(ctx: StepScratch, sim: StepContext): number {
  const store = sim.store
  const restitution = store.restitution
  const contactsPerBody = ctx.bodyContactStart
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
  const modes = ctx.contactMode
  const slacks = ctx.contactSlack
  const dynamic = sim.dynamic
  let count = ctx.pairContactCount
  for (let k = 0; k < sim.dynamicCount; k++) {
    const begin = sim.candidateStart[k] as number
    const end = sim.candidateStart[k + 1] as number
    if (begin === end) continue
    const slot = dynamic[k] as number
    loadRect(ctx.a, store, slot)
    for (let c = begin; c < end; c++) {
      const solid = sim.solid[sim.candidates.items[c] as number] as number
      const code = pairCode(sim, slot, solid)
      if (!keepsApart(code)) continue
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
  return count
}

/**
 * The contacts stage: the bodies loaded for the velocity passes, then every contact of
 * the step (touching or speculative) with its normal, gap and restitution.
 */
export function findContacts(ctx: StepScratch, sim: StepContext, h: number): void {
  loadBodies(ctx, sim)
  ctx.pairContactCount = collectContacts(ctx, sim, h)
  ctx.contactCount = collectSolidContacts(ctx, sim)
}
