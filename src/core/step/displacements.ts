/**
 * Stage 6, after the velocity passes: from the solved velocities to each body's
 * displacement. A body moves at its old velocity until its impulse and at the new one after
 * (time of impact, article 003); the bodies that may not be pushed, and the rows they
 * drive, are cut to what lies ahead of them; the bounds of bodies thrown beyond them grow
 * for another round of contacts (`reach.ts`); then the store takes the velocities, and the
 * bodies no solid can stop take their displacement.
 * Reads: the solved and integrated velocities, impulse times, contacts by body, bounds and
 * solid candidates. Writes: `moveX/Y` (cut where stopped), the velocities of the rows cut,
 * `dynamicBounds`, the store's velocities and free bodies' positions, `deltaX/Y`,
 * `sweptBodies`.
 */
import { ensureCapacity } from '../broadphase/buffers.js'
import { X_AXIS, Y_AXIS } from './axes.js'
import type { StepContext, StepScratch } from './context.js'
import { sweptBoxWithin } from './sweep.js'
import { BROADPHASE_MARGIN, CANCELLATION } from './tolerances.js'

/**
 * Each body's displacement following its impulses, into {@link StepScratch.moveX} and
 * `moveY`: a body whose velocity an impulse changed at fraction `t` of the step moved at
 * its old velocity until then and at the new one after (time of impact, article 003): its
 * displacement is `old * t + new * (1 - t)` times the step, not `new` times the step. So a
 * projectile stops where it meets the box it hits, and the box (and the row behind it)
 * starts moving only then: nothing ends on the wrong side of what it hit. Then the whole
 * displacement follows the change of velocity the solver made.
 */
export function followImpulses(ctx: StepScratch, sim: StepContext, h: number): void {
  const n = sim.dynamicCount
  ctx.moveX = ensureCapacity(ctx.moveX, n)
  ctx.moveY = ensureCapacity(ctx.moveY, n)
  displaceByImpulses(ctx, sim, h)
  stopUnpushableBodies(ctx, n, h)
}

/**
 * The displacements of {@link followImpulses}. Nothing after its loop: see
 * `collectSolidContacts`.
 */
function displaceByImpulses(ctx: StepScratch, sim: StepContext, h: number): void {
  const n = sim.dynamicCount
  const movesX = ctx.moveX
  const movesY = ctx.moveY
  const { deltaX, deltaY, integratedVelocityX, integratedVelocityY } = sim
  const { startVelocityX, startVelocityY } = sim
  const rk4 = sim.settings.integrator === 'rk4'
  // Arrays in locals: see `solveContacts` (`velocities.ts`).
  const velocitiesX = ctx.velocityX
  const velocitiesY = ctx.velocityY
  const impulseTimes = ctx.impulseTime
  for (let k = 0; k < n; k++) {
    const vx = velocitiesX[k] as number
    const vy = velocitiesY[k] as number
    const integratedX = integratedVelocityX[k] as number
    const integratedY = integratedVelocityY[k] as number
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
    movesX[k] = followVelocity(dx, changeX * h)
    movesY[k] = followVelocity(dy, changeY * h)
  }
}

/**
 * Cuts the displacements that {@link followImpulses} gave the bodies that may not be pushed
 * (inverse mass 0) and those ahead of them, so none closes on what is ahead by more than
 * their gap.
 */
function stopUnpushableBodies(ctx: StepScratch, n: number, h: number): void {
  const movesX = ctx.moveX
  const movesY = ctx.moveY
  for (let k = 0; k < n; k++) {
    if (ctx.inverseMass[k] === 0 && (movesX[k] !== 0 || movesY[k] !== 0)) {
      if (movesX[k] !== 0) stopRowAhead(ctx, k, X_AXIS, Math.sign(movesX[k] as number), h)
      if (movesY[k] !== 0) stopRowAhead(ctx, k, Y_AXIS, Math.sign(movesY[k] as number), h)
      stopAtBodiesAhead(ctx, k, h)
    }
  }
}

/**
 * Cuts the displacement of body k, which may not be pushed, to what the dynamic bodies
 * ahead of it leave: along each contact's normal it may close on the other body by the
 * contact's gap (0 touching) plus that body's own displacement, no more. The passes stop
 * at their cap, and a pool holds a row at the gap where it met the wall's run, so the
 * row ahead may move less than `limitToRoom` (`room.ts`) allowed for: the body then stops at the
 * row as at a wall (its velocity stays, to try again in the next step), never in it.
 */
function stopAtBodiesAhead(ctx: StepScratch, k: number, h: number): void {
  const end = ctx.bodyContactStart[k + 1] as number
  for (let e = ctx.bodyContactStart[k] as number; e < end; e++) {
    const c = ctx.bodyContacts[e] as number
    if ((ctx.contactJ[c] as number) >= 0) stopAtContact(ctx, k, c, h)
  }
}

/**
 * Cuts the displacements of the pushable bodies ahead of body k (which may not be pushed)
 * along `axis` in direction `sign` so that none closes on a body ahead of it by more than
 * their contact's gap plus that body's own displacement: the row k drives ends where its
 * front stops, each body at the one ahead as at a wall, and the speed of what is cut is
 * lost. The room `limitToRoom` gave k sums the gaps of the row, but under gravity
 * every body on a floor takes its floor contact's impulse at the start of the step, so a
 * pair that meets moves together from the start and its gap is never used: the passes
 * then have no answer and stop at their cap with a card k drives moving at k's speed into
 * one that the cards ahead hold (issue #23). The bodies ahead are found breadth first
 * through the contacts (as `roomAhead` in `room.ts` walks them); the cuts go from the last found (the
 * front) back to k, and are repeated until none cuts (Bellman-Ford: at most one sweep per
 * body of the row).
 */
function stopRowAhead(ctx: StepScratch, k: number, axis: number, sign: number, h: number): void {
  const n = ctx.inverseMass.length
  const stamps = (ctx.roomStamp = ensureCapacity(ctx.roomStamp, n))
  const row = (ctx.roomQueue = ensureCapacity(ctx.roomQueue, n + 1))
  const search = ++ctx.roomSearch
  const starts = ctx.bodyContactStart
  const contactsOfBodies = ctx.bodyContacts
  const normals = axis === X_AXIS ? ctx.contactNormalX : ctx.contactNormalY
  const moves = axis === X_AXIS ? ctx.moveX : ctx.moveY
  const velocities = axis === X_AXIS ? ctx.velocityX : ctx.velocityY
  let count = 0
  row[count++] = k
  stamps[k] = search
  for (let head = 0; head < count; head++) {
    const u = row[head] as number
    const end = starts[u + 1] as number
    for (let e = starts[u] as number; e < end; e++) {
      const c = contactsOfBodies[e] as number
      const i = ctx.contactI[c] as number
      const j = ctx.contactJ[c] as number
      // The normal points from j toward i: the other body is ahead of u on the side `sign`
      // points to. A body that may not be pushed either ends the row.
      if (j < 0 || normals[c] !== (u === i ? -sign : sign)) continue
      const other = u === i ? j : i
      if (ctx.inverseMass[other] === 0 || stamps[other] === search) continue
      stamps[other] = search
      row[count++] = other
    }
  }
  for (let sweep = 1; sweep < count; sweep++) {
    let cut = false
    for (let q = count - 1; q > 0; q--) {
      const u = row[q] as number
      const moved = moves[u] as number
      const end = starts[u + 1] as number
      for (let e = starts[u] as number; e < end; e++) {
        const c = contactsOfBodies[e] as number
        const j = ctx.contactJ[c] as number
        if (j >= 0 && normals[c] === (u === ctx.contactI[c] ? -sign : sign)) {
          stopAtContact(ctx, u, c, h)
        }
      }
      const move = moves[u] as number
      if (move === moved) continue
      cut = true
      // The speed of the part cut off is lost, down to rest at most (`followImpulses`: the
      // displacement follows the change of velocity).
      const ahead = (velocities[u] as number) * sign
      if (ahead > 0) velocities[u] = sign * Math.max(0, ahead - ((moved - move) * sign) / h)
    }
    if (!cut) return
  }
}

/**
 * Cuts dynamic body k's displacement along the normal of its contact c with another
 * dynamic body so that it closes on that body by the contact's gap (0 touching) plus that
 * body's own displacement, no more.
 */
function stopAtContact(ctx: StepScratch, k: number, c: number, h: number): void {
  const movesX = ctx.moveX
  const movesY = ctx.moveY
  const i = ctx.contactI[c] as number
  const other = i === k ? (ctx.contactJ[c] as number) : i
  // The normal points from j toward i; from the other body toward k, along `side`.
  const side = i === k ? 1 : -1
  const nx = (ctx.contactNormalX[c] as number) * side
  const ny = (ctx.contactNormalY[c] as number) * side
  const slack = ctx.contactSlack[c] as number
  const gap = (slack < 0 ? -slack : slack) * h
  const closing = -(
    ((movesX[k] as number) - (movesX[other] as number)) * nx +
    ((movesY[k] as number) - (movesY[other] as number)) * ny
  )
  if (closing <= gap) return
  movesX[k] = (movesX[k] as number) + (closing - gap) * nx
  movesY[k] = (movesY[k] as number) + (closing - gap) * ny
}

/**
 * Grows the broadphase bounds of every dynamic body whose solved displacement
 * ({@link followImpulses}) leaves them, to cover that displacement too (with
 * {@link BROADPHASE_MARGIN}); returns how many grew. A body the passes threw further than
 * its own velocity would take it (a light card thrown back by a heavy one, a card pushed
 * along a row) may meet bodies that have no contact with it in this step; with its bounds
 * grown, the step finds its contacts again (`reach.ts`), so the passes see every body its
 * motion can meet.
 */
export function growEscapedBounds(ctx: StepScratch, sim: StepContext): number {
  const { startX, startY, width, height } = sim
  const { minX, minY, maxX, maxY } = sim.dynamicBounds
  const movesX = ctx.moveX
  const movesY = ctx.moveY
  // In a local: an imported binding read in the loop (a module namespace's getter under
  // Vitest's transform) allocated.
  const margin = BROADPHASE_MARGIN
  let grown = 0
  for (let k = 0; k < sim.dynamicCount; k++) {
    const dx = movesX[k] as number
    const dy = movesY[k] as number
    // The box swept by the solved displacement.
    const low = (startX[k] as number) + (dx < 0 ? dx : 0)
    const top = (startY[k] as number) + (dy < 0 ? dy : 0)
    const high = (startX[k] as number) + (dx > 0 ? dx : 0) + (width[k] as number)
    const bottom = (startY[k] as number) + (dy > 0 ? dy : 0) + (height[k] as number)
    const inside =
      Number(low >= (minX[k] as number)) &
      Number(top >= (minY[k] as number)) &
      Number(high <= (maxX[k] as number)) &
      Number(bottom <= (maxY[k] as number))
    if (inside === 1) continue
    minX[k] = Math.min(minX[k] as number, low - margin)
    minY[k] = Math.min(minY[k] as number, top - margin)
    maxX[k] = Math.max(maxX[k] as number, high + margin)
    maxY[k] = Math.max(maxY[k] as number, bottom + margin)
    grown++
  }
  return grown
}

/**
 * The solved velocities and displacements ({@link followImpulses}) into the store's
 * velocities and `deltaX/Y`. A body with no solid near it whose displacement stays inside
 * its broadphase bounds (most bodies, most steps) is moved here, while its numbers are at
 * hand: nothing can stop it but the dynamic bodies, whose contacts the passes solved. The
 * others are listed in `sim.sweptBodies` for the sweep against solids. (That sweep reads no
 * other dynamic body's position, only where each started and its displacement, so moving
 * these first changes nothing.)
 */
export function storeVelocities(ctx: StepScratch, sim: StepContext): void {
  const { velocityX: storeVelocityX, velocityY: storeVelocityY, x: storeX, y: storeY } = sim.store
  const { dynamic, deltaX, deltaY, candidateStart, width, height } = sim
  const bounds = sim.dynamicBounds
  const swept = sim.sweptBodies.items
  let sweptCount = 0
  // Arrays in locals: see `solveContacts` (`velocities.ts`).
  const velocitiesX = ctx.velocityX
  const velocitiesY = ctx.velocityY
  const movesX = ctx.moveX
  const movesY = ctx.moveY
  for (let k = 0; k < sim.dynamicCount; k++) {
    const slot = dynamic[k] as number
    storeVelocityX[slot] = velocitiesX[k] as number
    storeVelocityY[slot] = velocitiesY[k] as number
    const moveX = movesX[k] as number
    const moveY = movesY[k] as number
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
