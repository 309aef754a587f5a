/**
 * Stage 6, before the velocity passes: the room of the bodies that may not be pushed
 * (inverse mass 0). Each such body's velocity is cut to the room the pushable bodies ahead
 * of it leave before a solid ({@link limitToRoom}), so the passes never meet a body of
 * infinite mass pressing a row into a wall.
 * Reads: the step's contacts by body, inverse masses and velocities; the solid candidates
 * and where each body started. Writes: the velocity and impulse time of the bodies it cuts.
 */
import { ensureCapacity } from '../broadphase/buffers.js'
import { pairCode } from '../world/pairCode.js'
import { keepsApart } from '../world/responseCodes.js'
import { X_AXIS, Y_AXIS } from './axes.js'
import type { StepContext, StepScratch } from './context.js'
import { TOUCH_TOLERANCE } from './tolerances.js'

/**
 * Limits the velocity of each body that may not be pushed (inverse mass 0) to the room ahead
 * of it on each axis: the shortest way, through this step's contacts, from the body across
 * the pushable bodies ahead of it to a solid (or to a body that may not be pushed either,
 * which keeps only its own motion away), summing the gaps of the contacts on the way. The
 * bodies in between cannot be pushed into the solid, so the row is as hard as the solid
 * that blocks it: the body closes the row's gaps and stops there, as at a wall. Without
 * it, the passes had no answer (a body of infinite mass pressing a row into a wall) and
 * left it driving one card through the next (issue #23). A solid the body touches itself is
 * its own contact's to stop, and kinematic solids count as still (a row against one never
 * moves further than its gaps). Dijkstra's shortest paths with a queue instead of a heap
 * (label correcting: Bertsekas, "Network Optimization", 1998, ch. 2): the rows such a body
 * meets are short, and no way longer than its motion is followed.
 */
export function limitToRoom(ctx: StepScratch, sim: StepContext, h: number): void {
  const n = sim.dynamicCount
  const inverseMasses = ctx.inverseMass
  for (let k = 0; k < n; k++) {
    if (inverseMasses[k] !== 0) continue
    for (let axis = X_AXIS; axis <= Y_AXIS; axis++) {
      const velocities = axis === X_AXIS ? ctx.velocityX : ctx.velocityY
      const velocity = velocities[k] as number
      if (velocity === 0 || !hasPushableContact(ctx, k)) continue
      const reach = Math.abs(velocity) * h
      const room = roomAhead(ctx, sim, k, axis, velocity > 0 ? 1 : -1, reach, h)
      if (room >= reach) continue
      // The room at an even speed over the whole step, from its start (impulse time 0):
      // the body is moved by its solved velocity alone, which is what the passes see.
      velocities[k] = (velocity > 0 ? room : -room) / h
      ctx.impulseTime[k] = 0
    }
  }
}

/** Whether dynamic body k has a contact with a pushable dynamic body in this step. */
function hasPushableContact(ctx: StepScratch, k: number): boolean {
  const end = ctx.bodyContactStart[k + 1] as number
  for (let e = ctx.bodyContactStart[k] as number; e < end; e++) {
    const c = ctx.bodyContacts[e] as number
    const j = ctx.contactJ[c] as number
    if (j < 0) continue
    const other = j === k ? (ctx.contactI[c] as number) : j
    if (ctx.inverseMass[other] !== 0) return true
  }
  return false
}

/**
 * The room (px, at most `reach`) ahead of body `from` moving along `axis` in direction
 * `sign` (see {@link limitToRoom}): per body on the way, {@link StepScratch.roomDistance}
 * holds the shortest gap sum from `from` to it, stamped with {@link StepScratch.roomSearch}.
 */
function roomAhead(
  ctx: StepScratch,
  sim: StepContext,
  from: number,
  axis: number,
  sign: number,
  reach: number,
  h: number,
): number {
  const n = ctx.inverseMass.length
  ctx.roomDistance = ensureCapacity(ctx.roomDistance, n)
  ctx.roomStamp = ensureCapacity(ctx.roomStamp, n)
  ctx.roomQueued = ensureCapacity(ctx.roomQueued, n)
  ctx.roomQueue = ensureCapacity(ctx.roomQueue, n + 1)
  const distances = ctx.roomDistance
  const stamps = ctx.roomStamp
  const queued = ctx.roomQueued
  const queue = ctx.roomQueue
  const search = ++ctx.roomSearch
  const starts = ctx.bodyContactStart
  const contactsOfBodies = ctx.bodyContacts
  const normals = axis === X_AXIS ? ctx.contactNormalX : ctx.contactNormalY
  const integrated = axis === X_AXIS ? ctx.integratedX : ctx.integratedY
  const size = queue.length
  let head = 0
  let tail = 0
  let room = reach
  distances[from] = 0
  stamps[from] = search
  queue[tail++] = from
  queued[from] = search
  while (head !== tail) {
    const u = queue[head] as number
    head = head + 1 === size ? 0 : head + 1
    queued[u] = 0
    const here = distances[u] as number
    if (u !== from) room = Math.min(room, here + solidGapAhead(sim, u, axis, sign))
    const end = starts[u + 1] as number
    for (let e = starts[u] as number; e < end; e++) {
      const c = contactsOfBodies[e] as number
      const normal = normals[c] as number
      const i = ctx.contactI[c] as number
      const j = ctx.contactJ[c] as number
      // The normal points from j toward i: the other body is ahead of u when it lies on
      // the side `sign` points to.
      if (normal !== (u === i ? -sign : sign)) continue
      // Solids are the candidates' (below), gaps and all.
      if (j < 0) continue
      const slack = ctx.contactSlack[c] as number
      const way = here + (slack > 0 ? slack * h : 0)
      if (way >= room) continue
      const other = u === i ? j : i
      if (ctx.inverseMass[other] === 0) {
        // A body that may not be pushed either: the room is its own motion away.
        const away = (integrated[other] as number) * sign * h
        room = Math.min(room, way + (away > 0 ? away : 0))
        continue
      }
      if (stamps[other] === search && way >= (distances[other] as number)) continue
      distances[other] = way
      stamps[other] = search
      if (queued[other] !== search) {
        queued[other] = search
        queue[tail] = other
        tail = tail + 1 === size ? 0 : tail + 1
      }
    }
  }
  return room
}

/**
 * The gap (px, Infinity for none) between dynamic body k where it started the step and the
 * nearest of its solid candidates that stops it (see `pairCode`) ahead of it along `axis`
 * in direction `sign`: a solid whose span across the axis overlaps the body's. Solids the
 * body already overlaps are the separation's (`separateFromSolids`), not in the way.
 */
function solidGapAhead(sim: StepContext, k: number, axis: number, sign: number): number {
  const { x, y, width, height } = sim.store
  const slot = sim.dynamic[k] as number
  const alongX = axis === X_AXIS
  const low = (alongX ? sim.startX[k] : sim.startY[k]) as number
  const high = low + ((alongX ? sim.width[k] : sim.height[k]) as number)
  const acrossLow = (alongX ? sim.startY[k] : sim.startX[k]) as number
  const acrossHigh = acrossLow + ((alongX ? sim.height[k] : sim.width[k]) as number)
  let gap = Infinity
  const end = sim.candidateStart[k + 1] as number
  for (let c = sim.candidateStart[k] as number; c < end; c++) {
    const solid = sim.solid[sim.candidates.items[c] as number] as number
    const code = pairCode(sim, slot, solid)
    if (!keepsApart(code)) continue
    const solidLow = (alongX ? x[solid] : y[solid]) as number
    const solidHigh = solidLow + ((alongX ? width[solid] : height[solid]) as number)
    const solidAcrossLow = (alongX ? y[solid] : x[solid]) as number
    const solidAcrossHigh = solidAcrossLow + ((alongX ? height[solid] : width[solid]) as number)
    if (Math.min(acrossHigh, solidAcrossHigh) - Math.max(acrossLow, solidAcrossLow) <= 0) continue
    const ahead = sign > 0 ? solidLow - high : low - solidHigh
    if (ahead >= -TOUCH_TOLERANCE && ahead < gap) gap = ahead > 0 ? ahead : 0
  }
  return gap
}
