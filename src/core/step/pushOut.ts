/**
 * Stage 8, push-out: dynamic pairs that still overlap are pushed apart by their penetration
 * vectors (articles 000, 002), shared by weight, each correction swept against the solids
 * through `sweepDynamic` so no push carries a body into a wall.
 * Reads: the store's boxes, the contacts' normals and weights.
 * Writes: the store's positions of overlapping dynamic bodies; `pushedPairs`. No velocity.
 */
import { penetrationVectorInto } from '../geometry/index.js'
import { ensureCapacity } from '../broadphase/buffers.js'
import { CROSS } from '../world/responseCodes.js'
import type { StepContext, StepScratch } from './context.js'
import { loadRect } from '../world/bodyStore.js'
import { isHeld } from './crowd.js'
import { sweepDynamic } from './sweep.js'
import {
  DEEP_OVERLAP,
  PUSH_BUDGET_PER_BODY,
  PUSH_ITERATIONS,
  PUSH_SLOP,
  TOUCH_TOLERANCE,
} from './tolerances.js'
import { weigh } from './support.js'

/**
 * 1 when the boxes of slots p and q overlap by more than {@link PUSH_SLOP}, else 0: the
 * cheap reject before the kernel's penetration vector. It reads the store directly and uses the
 * kernel's own Minkowski edges (`minkowskiEdgesInto(edges, boxQ, boxP)`, article 002): the
 * penetration's length is the smallest of them, so this keeps exactly the pairs whose
 * penetration vector is longer than the slop. Most pairs of a step only touch (the
 * velocity pass left them so), and they skip the two rect loads and the kernel call.
 */
export function overlapBeyondSlop(
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
 * Push-out of overlapping dynamic pairs by their penetration vectors (articles 000, 002),
 * or, for a pair that had a speculative contact in this step, or touched at its start and
 * now overlaps by this step's closing under gravity (or by more than {@link DEEP_OVERLAP}),
 * by its depth along that contact's normal: each pair is split by inverse mass (a
 * non-pushable body, a supporting body under shock propagation, or a body pinned that way
 * by a solid or by a pinned body it rests on, takes none; a body wedged between partners,
 * pushed one way and then back, leaves the pushes to its heavier partners). A pair that
 * passed through each other along its contact's normal ({@link crossedPair}) goes back
 * along that normal, though it no longer overlaps. All pairs are
 * measured from the same positions and the moves applied together (Jacobi iteration; a
 * body's moves on one axis are summed and divided by their count to the power 0.75: between
 * the average, which converged too slowly in a compressed pile, and the sum, which
 * overshoots; tuned on the bench's pile; and never beyond the largest push nor short of the
 * smallest, so no body goes further than one of its pairs asks: two pushes the same way
 * would otherwise carry it past both and into the body behind it), so the result does not
 * depend on the order of the pairs; rounds repeat until nothing overlaps,
 * {@link PUSH_ITERATIONS} is reached, or the step's pushes reach
 * {@link PUSH_BUDGET_PER_BODY} per dynamic body (what is left goes on in the next step).
 * Each move is swept against the solids, so a push never shoves a body into or through a
 * wall.
 */
export function pushApart(ctx: StepScratch, sim: StepContext): void {
  const n = sim.dynamicCount
  ctx.correctionX = ensureCapacity(ctx.correctionX, n)
  ctx.correctionY = ensureCapacity(ctx.correctionY, n)
  ctx.countX = ensureCapacity(ctx.countX, n)
  ctx.countY = ensureCapacity(ctx.countY, n)
  ctx.mostPushX = ensureCapacity(ctx.mostPushX, n)
  ctx.leastPushX = ensureCapacity(ctx.leastPushX, n)
  ctx.mostPushY = ensureCapacity(ctx.mostPushY, n)
  ctx.leastPushY = ensureCapacity(ctx.leastPushY, n)
  ctx.lastPushWayX = ensureCapacity(ctx.lastPushWayX, n)
  ctx.lastPushWayY = ensureCapacity(ctx.lastPushWayY, n)
  ctx.wedgedX = ensureCapacity(ctx.wedgedX, n)
  ctx.wedgedY = ensureCapacity(ctx.wedgedY, n)
  ctx.lastPushWayX.fill(0, 0, n)
  ctx.lastPushWayY.fill(0, 0, n)
  ctx.wedgedX.fill(0, 0, n)
  ctx.wedgedY.fill(0, 0, n)
  ctx.pinnedX = ensureCapacity(ctx.pinnedX, n)
  ctx.pinnedY = ensureCapacity(ctx.pinnedY, n)
  ctx.pinnedX.fill(0, 0, n)
  ctx.pinnedY.fill(0, 0, n)
  ctx.walledX = ensureCapacity(ctx.walledX, n)
  ctx.walledY = ensureCapacity(ctx.walledY, n)
  ctx.walledX.fill(0, 0, n)
  ctx.walledY.fill(0, 0, n)
  ctx.restsOnPinnedX = ensureCapacity(ctx.restsOnPinnedX, n)
  ctx.restsOnPinnedY = ensureCapacity(ctx.restsOnPinnedY, n)
  ctx.restsOnPinnedX.fill(0, 0, n)
  ctx.restsOnPinnedY.fill(0, 0, n)
  ctx.pairListedIn = ensureCapacity(ctx.pairListedIn, sim.pairs.count)
  // Room for the lists written without branches: every pair or body once, and one spare.
  ctx.roundPairs.reserve(sim.pairs.count + 1)
  ctx.overlappingPairs.reserve(sim.pairs.count + 1)
  ctx.overlapWay = ensureCapacity(ctx.overlapWay, sim.pairs.count + 1)
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
  // The step's pushes so far, against its budget (none in a step that holds a crowd, see
  // PUSH_BUDGET_PER_BODY): a round starts only below it.
  const budget = sim.heldCount > 0 ? Infinity : PUSH_BUDGET_PER_BODY * n
  let pushes = 0
  // Each round's loops are functions of their own, not loops of this one: V8 compiles a
  // hot loop on stack replacement and keeps that code for later calls, and the first
  // loop's code, compiled before the others had run, lacked their type feedback and
  // deoptimized in them step after step, leaving whole rounds to the interpreter.
  for (
    let round = 0;
    round < PUSH_ITERATIONS && ctx.roundPairs.count > 0 && pushes < budget;
    round++
  ) {
    const overlapCount = appendCrossedPairs(ctx, sim, round, listOverlapping(ctx, sim))
    pushes += overlapCount
    pushPairs(ctx, sim, overlapCount)
    ctx.roundPairs.count = moveBodies(ctx, sim, round)
    restOnWalledPartners(ctx, sim, overlapCount)
    ctx.pushedBodies.count = 0
  }
  sim.pushedPairs = pushes
}

/**
 * The pairs of the round's list (`roundPairs`) that overlap beyond {@link PUSH_SLOP}, into
 * `overlappingPairs`; returns their count.
 */
function listOverlapping(ctx: StepScratch, sim: StepContext): number {
  const { x, y, width, height } = sim.store
  const { a: pairA, b: pairB } = sim.pairs
  const dynamic = sim.dynamic
  // The pairs that overlap, listed without a branch (whether a pair overlaps is a coin
  // toss to the predictor); pushPairs pushes them. Measured with the push-out's other
  // branch-free lists (bench/RESULTS.md, "Design choices and their measurements").
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
  return overlapCount
}

/**
 * Pushes the round's overlapping pairs apart (see {@link pushApart}): each pair's share of
 * its push is added to its bodies' corrections ({@link addCorrection}), applied by
 * {@link moveBodies}.
 */
function pushPairs(ctx: StepScratch, sim: StepContext, overlapCount: number): void {
  const overlapping = ctx.overlappingPairs.items
  const { a: pairA, b: pairB } = sim.pairs
  for (let o = 0; o < overlapCount; o++) {
    const p = overlapping[o] as number
    const i = pairA[p] as number
    const j = pairB[p] as number
    choosePushWay(ctx, sim, p)
    const shared = sharePush(ctx, sim, i, j)
    if (shared || !walledApart(ctx, i, j)) {
      recordPushWay(ctx, o, shared)
      continue
    }
    // A solid stops each body that way: the pair leaves by its way out across the other
    // axis, toward that axis's nearer side (layout contract, clause 1: every way out is
    // tried). A card that slid into a wall's corner over a card the floor stopped overlapped
    // it by 1 px across, its shortest way out, toward the walls on both sides, and fell on
    // through it. Bodies pinned only by what they rest on keep their axis: the rounds move
    // the column they rest in.
    const acrossX = ctx.pushWay[1] !== 0
    const forward = acrossX ? ctx.b.x + ctx.b.width - ctx.a.x : ctx.b.y + ctx.b.height - ctx.a.y
    const back = acrossX ? ctx.b.x - ctx.a.x - ctx.a.width : ctx.b.y - ctx.a.y - ctx.a.height
    const way = forward < -back ? forward : back
    ctx.pushWay[0] = acrossX ? way : 0
    ctx.pushWay[1] = acrossX ? 0 : way
    recordPushWay(ctx, o, sharePush(ctx, sim, i, j))
  }
}

/**
 * Records in {@link StepScratch.overlapWay} the way the push {@link StepScratch.pushWay}
 * sent body i of the round's overlapping pair `o` (a sign on one axis: pushes are
 * axis-aligned), or 0 when it was not `shared`.
 */
function recordPushWay(ctx: StepScratch, o: number, shared: boolean): void {
  const px = ctx.pushWay[0] as number
  const py = ctx.pushWay[1] as number
  const way = Number(px > 0) - Number(px < 0) + 2 * (Number(py > 0) - Number(py < 0))
  ctx.overlapWay[o] = shared ? way : 0
}

/**
 * After a round's moves: a body the round pushed away from a partner that a solid has
 * stopped that way in this step rests on it, and is pinned that way, as a body pushed off
 * a partner pinned before the round is (see `sharePush`). A solid that stops the partner's
 * own share in the round pins it only after the pair was shared: a card pushed out of the
 * card the ceiling stopped in that round was not pinned, so the light card under it went
 * back and forth between it and a heavy card below, overlapping one or the other for all
 * the rounds, and the heavy card never moved down.
 */
function restOnWalledPartners(ctx: StepScratch, sim: StepContext, overlapCount: number): void {
  const { a: pairA, b: pairB } = sim.pairs
  for (let o = 0; o < overlapCount; o++) {
    const way = ctx.overlapWay[o] as number
    if (way === 0) continue
    const p = ctx.overlappingPairs.items[o] as number
    const i = pairA[p] as number
    const j = pairB[p] as number
    const alongX = way === 1 || way === -1
    const sign = alongX ? way : way / 2
    const walled = alongX ? ctx.walledX : ctx.walledY
    const pinned = alongX ? ctx.pinnedX : ctx.pinnedY
    // Body i went `sign` and j the other way: each rests on the other's side.
    if (walled[i] === sign && pinned[j] === 0) pinned[j] = sign
    if (walled[j] === -sign && pinned[i] === 0) pinned[i] = -sign
  }
}

/**
 * Body i's way out of body j for overlapping pair p, into {@link StepScratch.pushWay}, with
 * the pair's boxes loaded in `ctx.a` and `ctx.b`: its shortest way out (the penetration
 * vector, articles 000 and 002), or the way back along the normal of its contact in this
 * step, as below. A function of its own that takes no doubles, so that `pushPairs` stays
 * small enough to compile whole: V8 boxes the doubles passed to a call it does not inline,
 * and the step must not allocate.
 */
function choosePushWay(ctx: StepScratch, sim: StepContext, p: number): void {
  const store = sim.store
  const { x, y } = store
  const i = sim.pairs.a[p] as number
  const j = sim.pairs.b[p] as number
  const slotI = sim.dynamic[i] as number
  const slotJ = sim.dynamic[j] as number
  loadRect(ctx.a, store, slotI)
  loadRect(ctx.b, store, slotJ)
  penetrationVectorInto(ctx.penetration, ctx.a, ctx.b, ctx.kernel.edges)
  let px = ctx.penetration.x
  let py = ctx.penetration.y
  // A pair that collided in this step goes back out the way it came in, along its
  // contact normal: after a fast hit the shortest way out may be across the other body.
  // So does a pair that touched at the start and whose bodies moved into each other in
  // this step under gravity (or an older overlap they moved deeper than DEEP_OVERLAP).
  // A pair with no contact (apart across a solid) has neither normal.
  const c = ctx.pairContact[p] as number
  const normalX = c >= 0 ? (ctx.contactNormalX[c] as number) : 0
  const normalY = c >= 0 ? (ctx.contactNormalY[c] as number) : 0
  // A pair that crossed (appendCrossedPairs) no longer overlaps: it goes back along its
  // normal too.
  const speculative = c >= 0 && (ctx.contactSlack[c] !== 0 || (px === 0 && py === 0))
  let nx = speculative ? normalX : 0
  let ny = speculative ? normalY : 0
  if (c >= 0 && !speculative && px * normalX + py * normalY < 0) {
    // The shortest way out is across the other body, against the normal: taken, it
    // would complete a pass-through (a card pushed back by the card a wall stopped, left
    // 1 px in the light card behind it, sent that card on through it).
    nx = normalX
    ny = normalY
  } else if (c >= 0 && !speculative && (normalX !== 0 ? px === 0 : py === 0)) {
    // The shortest way out is across the normal's axis (along it, it is the normal's way
    // or the branch above's). How far the bodies moved apart along the normal in this
    // step (negative: closer):
    const closed =
      ((x[slotI] as number) -
        (sim.startX[i] as number) -
        (x[slotJ] as number) +
        (sim.startX[j] as number)) *
        normalX +
      ((y[slotI] as number) -
        (sim.startY[i] as number) -
        (y[slotJ] as number) +
        (sim.startY[j] as number)) *
        normalY
    // The overlap along the normal's axis now, and whether this step's closing made all
    // of it (the pair touched there at the start, within the slop): under gravity such an
    // overlap goes back the way it came, however shallow. A card landing with a wide card
    // on it, both stopped by the floor after the velocity passes planned them, overlapped
    // it by 1 px on both axes; the shortest way out went sideways and shoved the wide card
    // onto the card beside it. Without gravity no card rests on another, so the floor never
    // stops one after the passes planned the cards on it: such pairs keep the shortest way.
    const along =
      normalX !== 0
        ? Math.min(ctx.a.x + ctx.a.width, ctx.b.x + ctx.b.width) - Math.max(ctx.a.x, ctx.b.x)
        : Math.min(ctx.a.y + ctx.a.height, ctx.b.y + ctx.b.height) - Math.max(ctx.a.y, ctx.b.y)
    const deep = Math.abs(px) + Math.abs(py) > DEEP_OVERLAP && closed < -DEEP_OVERLAP
    const madeNow = ctx.weighedBySupport && closed < -PUSH_SLOP && along + closed <= PUSH_SLOP
    if (deep || madeNow) {
      nx = normalX
      ny = normalY
    }
  }
  if (nx !== 0) {
    px = nx > 0 ? ctx.b.x + ctx.b.width - ctx.a.x : ctx.b.x - ctx.a.x - ctx.a.width
    py = 0
  } else if (ny !== 0) {
    px = 0
    py = ny > 0 ? ctx.b.y + ctx.b.height - ctx.a.y : ctx.b.y - ctx.a.y - ctx.a.height
  }
  ctx.pushWay[0] = px
  ctx.pushWay[1] = py
}

/**
 * Whether a solid stopped a push of body i along the push {@link StepScratch.pushWay}, body
 * i's way out of body j, and one of body j the other way ({@link StepScratch.walledX}).
 */
function walledApart(ctx: StepScratch, i: number, j: number): boolean {
  // The push from its scratch, not passed: V8 boxes the doubles passed to a call it does
  // not inline, and the step must not allocate.
  const px = ctx.pushWay[0] as number
  const py = ctx.pushWay[1] as number
  const signX = Number(px > 0) - Number(px < 0)
  const signY = Number(py > 0) - Number(py < 0)
  return signX === 0
    ? ctx.walledY[i] === signY && ctx.walledY[j] === -signY
    : ctx.walledX[i] === signX && ctx.walledX[j] === -signX
}

/**
 * Splits the push {@link StepScratch.pushWay} (body i's way out of body j, along one axis)
 * between the pair's bodies by weight and adds each share to its body's correction
 * ({@link addCorrection}). Returns false, adding nothing, when neither body may move that
 * way (see {@link pushPairs}).
 */
function sharePush(ctx: StepScratch, sim: StepContext, i: number, j: number): boolean {
  const px = ctx.pushWay[0] as number
  const py = ctx.pushWay[1] as number
  const pinnedAlongX = ctx.pinnedX
  const pinnedAlongY = ctx.pinnedY
  // Math.sign without its branches (the sides of pairs are coin tosses).
  const signX = Number(px > 0) - Number(px < 0)
  const signY = Number(py > 0) - Number(py < 0)
  weigh(ctx, sim, i, j, signX, signY)
  let weightI = ctx.pairWeights[0] as number
  let weightJ = ctx.pairWeights[1] as number
  // A body the crowd stage holds is pinned every way: a wall for this step (crowd.ts).
  let pinnedI =
    (signX === 0 ? pinnedAlongY[i] === signY : pinnedAlongX[i] === signX) || isHeld(sim, i)
  let pinnedJ =
    (signX === 0 ? pinnedAlongY[j] === -signY : pinnedAlongX[j] === -signX) || isHeld(sim, j)
  // A body that one round moved one way and a later round the other is wedged between
  // partners on both sides: from then on in this step, a partner heavier than it (by the
  // weights above) and not wedged itself takes its pair's push along that axis. A light
  // card between two heavy ones took nearly all of each push, out of one and into the
  // other, round after round; the heavy ones moved 1/301 of it, and after all the rounds it
  // was still 4.3 px deep. Between equal weights each takes half and the rounds converge,
  // so the rule is left out there: it would only slow a packed board of equal cards.
  const wedgedI = (signX === 0 ? ctx.wedgedY[i] : ctx.wedgedX[i]) === 1
  const wedgedJ = (signX === 0 ? ctx.wedgedY[j] : ctx.wedgedX[j]) === 1
  if (wedgedI && !wedgedJ && weightI > weightJ) weightI = 0
  if (wedgedJ && !wedgedI && weightJ > weightI) weightJ = 0
  if (pinnedI) weightI = 0
  if (pinnedJ) weightJ = 0
  // Whether neither body had a weight of its own, and the rules below chose who moves.
  const unweighed = weightI + weightJ === 0
  if (unweighed) {
    // A body that may not be pushed (`pushable: false`) stops at what it meets: a body a
    // solid pins that way is a wall to it, so it takes the whole way out (it walked
    // through a card resting against a wall); two such bodies that are not pinned
    // (added overlapping) share the way out equally: nothing else would ever separate
    // them. Pinned ones cannot move. One that did not come at the other, which came at
    // it, met nothing: it holds its place as a wall does (a card thrown up under the
    // card below it lifted it 10 px, the card between them weighed as its supporter).
    if (!pinnedJ && cameAtOnly(ctx, sim, j, i, -signX, -signY)) pinnedI = true
    else if (!pinnedI && cameAtOnly(ctx, sim, i, j, signX, signY)) pinnedJ = true
    weightI = Number(!pinnedI && ctx.inverseMass[i] === 0)
    weightJ = Number(!pinnedJ && ctx.inverseMass[j] === 0)
    if (weightI + weightJ === 0) {
      // Neither may be pushed by the other, as shock propagation weighs them (`weigh`: a
      // supporter takes no push), and one is pinned: the other moves, supporter or not. A
      // card thrown up under one the ceiling then stopped held it up, weighed as its
      // supporter from the start of the step, and stayed 0.5 px inside it.
      weightI = Number(!pinnedI)
      weightJ = Number(!pinnedJ)
      if (weightI + weightJ === 0) return false
    }
  }
  const total = weightI + weightJ
  // The body pushed away from a pinned partner, or from one that may not be pushed, rests
  // on it from now on (see restsOnPinnedX): a light card between a body that may not be
  // pushed and a heavy card went back and forth between them every round, overlapping
  // one or the other for ever, instead of passing the push on to the heavy card.
  // Between bodies with no weight of their own, the one that does not move is fixed: a
  // column of cards that may not be pushed, landed in one step, then rises one card per
  // round from the card the floor pinned, instead of each pair splitting its way out for
  // all the rounds (a pile of 1-5 px cards ended a step 0.85 px deep).
  const fixedI = unweighed ? weightI === 0 : pinnedI || ctx.inverseMass[i] === 0
  const fixedJ = unweighed ? weightJ === 0 : pinnedJ || ctx.inverseMass[j] === 0
  if (fixedI !== fixedJ) {
    const sign = fixedI ? signX + signY : -(signX + signY)
    const mover = fixedI ? j : i
    const bit = sign > 0 ? 1 : 2
    if (signX === 0) ctx.restsOnPinnedY[mover] = (ctx.restsOnPinnedY[mover] as number) | bit
    else ctx.restsOnPinnedX[mover] = (ctx.restsOnPinnedX[mover] as number) | bit
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
  return true
}

/**
 * Whether, in this step, body `mover` came at body `held` (moved more than
 * {@link PUSH_SLOP} against the way (signX, signY), one of them 0, that leads from `held`
 * to `mover`'s side) and `held`, a body that may not be pushed, did not come at it (moved
 * no more than that toward `mover`).
 */
function cameAtOnly(
  ctx: StepScratch,
  sim: StepContext,
  mover: number,
  held: number,
  signX: number,
  signY: number,
): boolean {
  if (ctx.inverseMass[held] !== 0 || ctx.inverseMass[mover] === 0) return false
  const { x, y } = sim.store
  const slotMover = sim.dynamic[mover] as number
  const slotHeld = sim.dynamic[held] as number
  const moverTowardHeld = -(
    ((x[slotMover] as number) - (sim.startX[mover] as number)) * signX +
    ((y[slotMover] as number) - (sim.startY[mover] as number)) * signY
  )
  const heldTowardMover =
    ((x[slotHeld] as number) - (sim.startX[held] as number)) * signX +
    ((y[slotHeld] as number) - (sim.startY[held] as number)) * signY
  return moverTowardHeld > PUSH_SLOP && heldTowardMover <= PUSH_SLOP
}

/**
 * Moves each body the round pushed by its summed corrections, swept against the solids,
 * and pins it where a solid stopped it; lists the pairs of the moved bodies for the next
 * round (in `roundPairs`, each once) and returns their count.
 */
function moveBodies(ctx: StepScratch, sim: StepContext, round: number): number {
  // Arrays in locals, as in pushPairs.
  const pinnedAlongX = ctx.pinnedX
  const pinnedAlongY = ctx.pinnedY
  const restsX = ctx.restsOnPinnedX
  const restsY = ctx.restsOnPinnedY
  const correctionsX = ctx.correctionX
  const correctionsY = ctx.correctionY
  const pushCountsX = ctx.countX
  const pushCountsY = ctx.countY
  const { x, y } = sim.store
  const dynamic = sim.dynamic
  const starts = ctx.bodyContactStart
  const contactsOfBodies = ctx.bodyContacts
  const bodiesJ = ctx.contactJ
  const contactPairs = ctx.contactPair
  const listedIn = ctx.pairListedIn
  const nextRound = ctx.roundPairs.items
  let nextCount = 0
  for (let q = 0; q < ctx.pushedBodies.count; q++) {
    const k = ctx.pushedBodies.items[q] as number
    const cx = pushCountsX[k] as number
    const cy = pushCountsY[k] as number
    // count ** 0.75 from a table for the usual counts (written out here, not in a
    // function: V8 boxes the doubles returned from a call it does not inline).
    const divisorX = cx < ctx.PUSH_DIVISORS.length ? (ctx.PUSH_DIVISORS[cx] as number) : cx ** 0.75
    const divisorY = cy < ctx.PUSH_DIVISORS.length ? (ctx.PUSH_DIVISORS[cy] as number) : cy ** 0.75
    const sumX = (correctionsX[k] as number) / divisorX
    const sumY = (correctionsY[k] as number) / divisorY
    // Within the pushes' range (see pushApart): the move no pair asks to go beyond.
    const dx =
      cx === 0
        ? 0
        : Math.min(Math.max(sumX, ctx.leastPushX[k] as number), ctx.mostPushX[k] as number)
    const dy =
      cy === 0
        ? 0
        : Math.min(Math.max(sumY, ctx.leastPushY[k] as number), ctx.mostPushY[k] as number)
    pushCountsX[k] = 0
    pushCountsY[k] = 0
    // A move against the body's move before it on that axis: it is wedged (see sharePush).
    const wayX = Number(dx > 0) - Number(dx < 0)
    const wayY = Number(dy > 0) - Number(dy < 0)
    if (wayX !== 0) {
      if (ctx.lastPushWayX[k] === -wayX) ctx.wedgedX[k] = 1
      ctx.lastPushWayX[k] = wayX
    }
    if (wayY !== 0) {
      if (ctx.lastPushWayY[k] === -wayY) ctx.wedgedY[k] = 1
      ctx.lastPushWayY[k] = wayY
    }
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
      // Blocked means short by more than rounding: (x0 + dx) - x0 is not always dx. A push
      // shorter than the tolerance (the share of a body 1e8 times heavier than its
      // partner) is blocked when it went less than half its way: unpinned, such a body
      // against a wall never took its partner's whole push, and a light box squeezed
      // between it and a body that may not be pushed was left overlapping for ever.
      const movedX = Math.abs((x[slot] as number) - x0)
      const movedY = Math.abs((y[slot] as number) - y0)
      // Walled: a solid took more than rounding off the push, or stopped a push shorter
      // than the tolerance (walledApart). A push the sweep did not touch is never
      // blocked: -1.2e-14 px, the rounding of pushes that cancel out, left a card where
      // it was, pinned it, and a column of cards that may not be pushed stayed 2.4 px
      // deep in the card it landed on. Only walled by its 3e-9 px share, a card at the
      // ceiling, 1 px into a card 3e8 times lighter on the floor, was never taken out
      // across the other axis, and slid on through it.
      const stopped = ctx.sweepStopped
      const walledAlongX =
        Math.abs(dx) - movedX > TOUCH_TOLERANCE || (stopped && movedX < 0.5 * Math.abs(dx))
      const walledAlongY =
        Math.abs(dy) - movedY > TOUCH_TOLERANCE || (stopped && movedY < 0.5 * Math.abs(dy))
      if (walledAlongX) {
        pinnedAlongX[k] = Math.sign(dx)
        ctx.walledX[k] = Math.sign(dx)
      }
      if (walledAlongY) {
        pinnedAlongY[k] = Math.sign(dy)
        ctx.walledY[k] = Math.sign(dy)
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
    // reserved above). Inline, with the arrays in locals (V8 does not lift field reads
    // out of the loop).
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
  return nextCount
}

/**
 * 1 when the pair of contact c (two dynamic bodies) passed through each other along the
 * contact's normal and so no longer overlaps, else 0: their spans across the normal overlap
 * by more than {@link PUSH_SLOP}, and along it the body on the normal's side ended beyond
 * the other's far face. The velocity passes keep a pair from closing by more than its gap
 * only for the motions they planned; the sweep against solids stops a body short of its
 * plan (the passes have no speculative contacts with solids), and a card behind one that a
 * wall stopped went on through it; and a push-out round that splits a push between a card
 * and one a wall then stops can leave them crossed too.
 */
function crossedPair(ctx: StepScratch, sim: StepContext, c: number): number {
  const { x, y, width, height } = sim.store
  const slotI = sim.dynamic[ctx.contactI[c] as number] as number
  const slotJ = sim.dynamic[ctx.contactJ[c] as number] as number
  const nx = ctx.contactNormalX[c] as number
  const ny = ctx.contactNormalY[c] as number
  const alongX = nx !== 0
  const lowI = (alongX ? x[slotI] : y[slotI]) as number
  const lowJ = (alongX ? x[slotJ] : y[slotJ]) as number
  const sizeI = (alongX ? width[slotI] : height[slotI]) as number
  const sizeJ = (alongX ? width[slotJ] : height[slotJ]) as number
  // How far body i is on the normal's side of body j (negative: into it or beyond it).
  const ahead = nx + ny > 0 ? lowI - lowJ - sizeJ : lowJ - lowI - sizeI
  if (ahead >= -PUSH_SLOP) return 0
  const acrossI = (alongX ? y[slotI] : x[slotI]) as number
  const acrossJ = (alongX ? y[slotJ] : x[slotJ]) as number
  const across =
    Math.min(
      acrossI + ((alongX ? height[slotI] : width[slotI]) as number),
      acrossJ + ((alongX ? height[slotJ] : width[slotJ]) as number),
    ) - Math.max(acrossI, acrossJ)
  if (across <= PUSH_SLOP) return 0
  return 1 - overlapBeyondSlop(x, y, width, height, slotI, slotJ)
}

/**
 * Appends to the round's overlapping pairs (after their first `count`) the pairs that
 * crossed ({@link crossedPair}), to be pushed back along their normals; returns the new
 * count. The first round looks at the pairs of the bodies the sweep against solids moved
 * (`sweptBodies`: the others moved as the passes planned), once each; later rounds at the
 * pairs they measure.
 */
function appendCrossedPairs(
  ctx: StepScratch,
  sim: StepContext,
  round: number,
  count: number,
): number {
  const overlapping = ctx.overlappingPairs.items
  if (round > 0) {
    for (let r = 0; r < ctx.roundPairs.count; r++) {
      const p = ctx.roundPairs.items[r] as number
      const c = ctx.pairContact[p] as number
      if (c >= 0 && crossedPair(ctx, sim, c) === 1) overlapping[count++] = p
    }
    return count
  }
  const swept = sim.sweptBodies
  for (let q = 0; q < swept.count; q++) {
    const k = swept.items[q] as number
    const end = ctx.bodyContactStart[k + 1] as number
    for (let e = ctx.bodyContactStart[k] as number; e < end; e++) {
      const c = ctx.bodyContacts[e] as number
      if ((ctx.contactJ[c] as number) < 0) continue
      const p = ctx.contactPair[c] as number
      if (ctx.pairListedIn[p] === -1 || crossedPair(ctx, sim, c) === 0) continue
      ctx.pairListedIn[p] = -1
      overlapping[count++] = p
    }
  }
  return count
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
  const dy = ctx.pairPush[1] as number
  const alongX = Number(dx !== 0)
  if (alongX === 1) {
    ctx.mostPushX[k] = cx === 0 ? dx : Math.max(ctx.mostPushX[k] as number, dx)
    ctx.leastPushX[k] = cx === 0 ? dx : Math.min(ctx.leastPushX[k] as number, dx)
  } else {
    ctx.mostPushY[k] = cy === 0 ? dy : Math.max(ctx.mostPushY[k] as number, dy)
    ctx.leastPushY[k] = cy === 0 ? dy : Math.min(ctx.leastPushY[k] as number, dy)
  }
  ctx.correctionX[k] = (ctx.correctionX[k] as number) + dx
  ctx.correctionY[k] = (ctx.correctionY[k] as number) + dy
  ctx.countX[k] = cx + alongX
  ctx.countY[k] = cy + 1 - alongX
}
