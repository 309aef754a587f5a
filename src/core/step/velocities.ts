/**
 * Stage 6, velocities: the velocity passes over the contacts (impulses at their time of
 * impact, restitution for `bounce`, pooled chains from `chains.ts`), repeated over the
 * contacts of the bodies each pass changed until none changes. Before them the bodies that
 * may not be pushed are limited to their room (`room.ts`); after them the velocities become
 * displacements (`displacements.ts`).
 * Reads: the contacts, weights and order of stages 4 and 5.
 * Writes: the solved velocities `velocityX/Y` and impulse times, then, through
 * `followImpulses`, the solved displacements `moveX/Y`.
 */
import { countsToGroupStarts, ensureCapacity, rewindGroupStarts } from '../broadphase/buffers.js'
import { BOUNCE, SLIDE, TOUCH } from '../world/responseCodes.js'
import { BOTH_AXES, X_AXIS, Y_AXIS } from './axes.js'
import type { StepContext, StepScratch } from './context.js'
import { followImpulses } from './displacements.js'
import { limitToRoom } from './room.js'
import { CHAIN_PASSES, VELOCITY_PASSES, VELOCITY_TOLERANCE } from './tolerances.js'

/**
 * {@link StepScratch.impulseTime} of a body that took no impulse in the step. Here, beside
 * the passes that read it in their loop: an imported binding read there (a module
 * namespace's getter under Vitest's transform) made V8 box the impulse times it merges
 * with, per contact.
 */
export const NO_IMPULSE = 2

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
 * The loop is here, with the scratch's arrays read into locals: V8 does not lift reads of
 * an object's fields (the arrays grow, so they are replaced) out of a loop.
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
      // The velocities no longer close, but the displacements may: `followImpulses` moves
      // a body at its integrated velocity until its impulse time and at its solved one after
      // (all the step for 0 or none). In a column falling as one onto a box at rest, the
      // bottom box stopped at its impact, and the box above at the later time of its own
      // speculative contact with the box at rest, so it fell on into the bottom box and the
      // push-out threw it sideways. So when the displacements close by more than the gap:
      // a touching pair moves together once either body is hit, the later body taking the
      // earlier time (a light card thrown twice in a step, by a heavy one and then into the
      // next card, moved from its first impulse at the speed of its last, and crossed the
      // next card, which only started moving late in the step: issue #23); a speculative
      // pair, met or not (a body stopped late in the step by a far contact moved at its
      // integrated velocity until then, through the near ones), meets where its closing
      // uses the gap up (`meetTime`), both bodies move at their solved velocities from
      // then, and the pair may close no more.
      if (j >= 0) {
        const timeI = impulseTimes[i] as number
        const timeJ = impulseTimes[j] as number
        // A touching pair hit at one time within the step moved at its integrated
        // velocities until then, and those may close: checked too.
        const within = slack === 0 && timeI > 0 && timeI <= 1
        if (slack <= 0 ? timeI !== timeJ || within : timeI <= 1 || timeJ <= 1) {
          const beforeI = timeI > 1 ? 0 : timeI
          const beforeJ = timeJ > 1 ? 0 : timeJ
          const integratedI =
            (integratedVelocitiesX[i] as number) * nx + (integratedVelocitiesY[i] as number) * ny
          const integratedJ =
            (integratedVelocitiesX[j] as number) * nx + (integratedVelocitiesY[j] as number) * ny
          const moveI = integratedI * beforeI + (vix * nx + viy * ny) * (1 - beforeI)
          const moveJ =
            integratedJ * beforeJ +
            ((velocitiesX[j] as number) * nx + (velocitiesY[j] as number) * ny) * (1 - beforeJ)
          if (moveJ - moveI > (slack < 0 ? -slack : slack) + VELOCITY_TOLERANCE) {
            // Touching: the later body moves from the earlier one's impulse. Speculative: the
            // pair meets where its closing uses the gap up; both bodies move from then on
            // (a light card driven by a body that may not be pushed met a heavy card 40 px
            // on, but the heavy one, started only by its own later contact with the driver,
            // was met at the step's end, and the light card ended inside it: issue #23).
            let first = timeI > timeJ ? j : i
            let time = timeI > timeJ ? timeJ : timeI
            if (slack === 0 && integratedJ - integratedI > VELOCITY_TOLERANCE) {
              // Touching and closing from the start, by their integrated velocities: the
              // pair moves together from the start (as in the passes' closing branch). A
              // card thrown down onto a falling card, stopped late in the step by its
              // speculative contact with a card at rest beyond it, fell until then through
              // the card between them, which was given the same late time.
              first = -1
              time = 0
            } else if (slack !== 0) {
              meetTime(ctx, i, j, nx, ny, slack < 0 ? -slack : slack)
              time = ctx.meetTime[0] as number
              slacks[c] = slack < 0 ? slack : -slack
              first = -1
            }
            // Each body whose time moves looks at its other contacts again in the next pass
            // (the box above it).
            if (first !== i && time < timeI) {
              impulseTimes[i] = time
              changed[changedCount] = i
              changedCount += Number(changedIn[i] !== pass)
              changedIn[i] = pass
              axesChanged[i] = BOTH_AXES
            }
            if (first !== j && time < timeJ) {
              impulseTimes[j] = time
              changed[changedCount] = j
              changedCount += Number(changedIn[j] !== pass)
              changedIn[j] = pass
              axesChanged[j] = BOTH_AXES
            }
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
      // A solid with the `touch` response stops the body dead (article 003). Touching from
      // the start, it holds the body from the start: `followImpulses` then takes back the
      // step's gain from gravity as a force along the step, not an impulse (RK4).
      velocitiesX[i] = 0
      velocitiesY[i] = 0
      if (slack === 0) impulseTimes[i] = 0
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
      // A speculative pair `gap * step` apart, now closing at -approach after both its
      // bodies' impulses in this step, and as they moved before them (see `meetTime`):
      // timing the whole gap at the final speed put the impact too early, and a box falling
      // onto a box that had just landed froze in mid-air.
      meetTime(ctx, i, j, nx, ny, gap)
      time = ctx.meetTime[0] as number
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
    // An earlier impulse time changes how the body moves on both axes (see `followImpulses`).
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
      // A contact bounces once per step, at its first impact; later passes only stop it
      // closing (Guendelman et al. 2003: a collision pass with restitution, then contact
      // passes without). Bounced in every pass, a light box wedged between a heavy one and a
      // wall was thrown between them faster each pass (38,000 px/s from 600 in one step) and
      // flew through the heavy one.
      modes[c] = SLIDE
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
 * When, as a fraction of the step (at most 1), dynamic body j (or a still solid, for j < 0)
 * has closed `gap` (px per step, the contacts' slack unit) on dynamic body i along the
 * normal (nx, ny), which points from j toward i; into {@link StepScratch.meetTime}. Each
 * body moves as `followImpulses` moves it: at its integrated velocity until its impulse
 * time and at its solved velocity after (all the step with none), so the closing is
 * piecewise linear in time, its rate changing at the earlier and at the later of the two
 * impulse times (Catto's speculative contacts, timed as article 003 times a hit). 1 when
 * the pair does not close that far within the step. Written, not returned: V8 boxes a
 * double returned from a call it does not inline, and the step must not allocate.
 */
function meetTime(
  ctx: StepScratch,
  i: number,
  j: number,
  nx: number,
  ny: number,
  gap: number,
): void {
  const timeI = ctx.impulseTime[i] as number
  const timeJ = j < 0 ? NO_IMPULSE : (ctx.impulseTime[j] as number)
  const beforeI = timeI > 1 ? 0 : timeI
  const beforeJ = timeJ > 1 ? 0 : timeJ
  const integratedI = (ctx.integratedX[i] as number) * nx + (ctx.integratedY[i] as number) * ny
  const solvedI = (ctx.velocityX[i] as number) * nx + (ctx.velocityY[i] as number) * ny
  const integratedJ =
    j < 0 ? 0 : (ctx.integratedX[j] as number) * nx + (ctx.integratedY[j] as number) * ny
  const solvedJ = j < 0 ? 0 : (ctx.velocityX[j] as number) * nx + (ctx.velocityY[j] as number) * ny
  const early = beforeI < beforeJ ? beforeI : beforeJ
  const late = beforeI < beforeJ ? beforeJ : beforeI
  // The closing rates before the earlier impulse, between the two, and after the later one.
  const rateBefore = integratedJ - integratedI
  const rateBetween = beforeI < beforeJ ? integratedJ - solvedI : solvedJ - integratedI
  const rateAfter = solvedJ - solvedI
  const closedByEarly = rateBefore * early
  const closedByLate = closedByEarly + rateBetween * (late - early)
  let time = 1
  if (closedByEarly > gap) time = gap / rateBefore
  else if (closedByLate > gap) time = early + (gap - closedByEarly) / rateBetween
  else if (rateAfter > 0) time = Math.min(1, late + (gap - closedByLate) / rateAfter)
  ctx.meetTime[0] = time
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
  ctx.contactListedIn = ensureCapacity(ctx.contactListedIn, count)
  ctx.contactListedIn.fill(0, 0, count)
  // Counted by collectContacts as it listed them.
  const starts = ctx.bodyContactStart
  countsToGroupStarts(starts, n)
  ctx.bodyContacts = ensureCapacity(ctx.bodyContacts, starts[n] as number)
  ctx.bodyContactAxes = ensureCapacity(ctx.bodyContactAxes, starts[n] as number)
  fileContactsByBody(ctx, count)
  rewindGroupStarts(starts, n)
}

/**
 * The fill of {@link indexContactsByBody}'s counting sort, in solving order, so each body's
 * contacts keep the order of pass 0. Nothing after its loop: see `collectSolidContacts`.
 */
function fileContactsByBody(ctx: StepScratch, count: number): void {
  // Arrays in locals: see `solveContacts`.
  const starts = ctx.bodyContactStart
  const bodiesI = ctx.contactI
  const bodiesJ = ctx.contactJ
  const order = ctx.contactOrder
  const contactsOfBodies = ctx.bodyContacts
  const axes = ctx.bodyContactAxes
  const normalsX = ctx.contactNormalX
  const normalsY = ctx.contactNormalY
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
 * two dynamic bodies, touching or met, sliding (a bounce has a speed of its own to leave
 * with), and weighed by the bodies' masses (not a supporter under shock propagation); and
 * between such a body and a solid. A solid holds a run that closes on it, and a body that
 * may not be pushed drives its run at its own velocity: a heavy body pressing a light one
 * into a wall stops in one pool, and a row driven by a body that may not be pushed moves
 * as one, where the passes took a mass ratio's worth of passes (issue #23). The bodies it
 * changed are listed for the next pass, as the pass itself lists them.
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
    if (normals[c] === 0 || (ctx.contactSlack[c] as number) > 0) continue
    if (ctx.contactMode[c] === BOUNCE) continue
    if (j < 0) {
      // A solid: a run that closes on it is held (see ChainPool).
      eligible.items[eligible.count++] = c
      continue
    }
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
 * Velocity passes: every contact of the step ({@link findContacts}: touching, or
 * speculative), in the order {@link weighContacts} gave them, stops the approaching part of the motion that it does not allow
 * ({@link solveContacts}). Passes repeat, each over the contacts of the bodies the previous
 * one changed, until no velocity changes, so a resting stack ends exactly at rest.
 */
export function solveVelocities(ctx: StepScratch, sim: StepContext, h: number): void {
  const n = sim.dynamicCount
  const { x: gx, y: gy } = sim.settings.gravity
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
  limitToRoom(ctx, sim, h)
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
  followImpulses(ctx, sim, h)
}
