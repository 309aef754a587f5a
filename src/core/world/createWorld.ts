import { BodyIndex } from '../broadphase/bodyIndex.js'
import {
  bodySnapshot,
  BodyStore,
  DYNAMIC,
  loadRect,
  MAX_BODIES,
  sameFields,
  type BodyFields,
} from './bodyStore.js'
import { Move } from './move.js'
import { GroupMove } from './moveGroup.js'
import { Resize, resizeRequest } from './resize.js'
import { findFreeSpot, FreeSpotScratch } from './findFreeSpot.js'
import { compact } from './compact.js'
import { LayoutWatch } from './layoutWatch.js'
import { createQueries } from './queries.js'
import { defaultSettings, mergeSettings } from './settings.js'
import { Simulation } from '../step/step.js'
import { contactKey } from './contactTracker.js'
import { readSnapshot, writeSnapshot } from './snapshot.js'
import type { Rect, SweptResponse } from '../geometry/types.js'
import type {
  BodyId,
  BodyOptions,
  BodyPatch,
  BodySnapshot,
  ContactEventType,
  ContactListener,
  GroupMoveResult,
  OverflowListener,
  MoveOptions,
  MoveResult,
  BodyResizeOptions,
  ResizeResult,
  World,
  WorldSettings,
  WorldSnapshot,
} from './types.js'
import {
  assertPositive,
  assertVector,
  assertObject,
  describeValue,
  isFiniteVector,
} from '../geometry/validate.js'
import {
  assertIdString,
  assertMoveFits,
  bodyFieldsFromOptions,
  bodyLabel,
  mergeBodyFields,
} from './validate.js'

const EVENT_TYPES: readonly ContactEventType[] = Object.freeze([
  'contactStart',
  'contactStay',
  'contactEnd',
])

/**
 * The `push` of a move's `options` (`subject` names the call: "move: body "a"");
 * throws a TypeError naming the field unless the options are an object and `push` a boolean.
 */
function pushOption(subject: string, options: MoveOptions | undefined): boolean {
  if (options !== undefined) assertObject(subject, 'options', options)
  const push = options?.push ?? false
  if (typeof push !== 'boolean') {
    throw new TypeError(`${subject} options.push must be a boolean (got ${describeValue(push)})`)
  }
  return push
}

/** Throws a TypeError naming the method unless `visit` is a function (checked whether or not it would be called). */
function assertVisitor(method: string, visit: unknown): void {
  if (typeof visit !== 'function') {
    throw new TypeError(`${method}: visit must be a function (got ${describeValue(visit)})`)
  }
}

/**
 * Creates a world of axis-aligned boxes: static, kinematic and dynamic bodies stepped at a
 * fixed rate, pushed out of one another, swept so nothing tunnels, with contact events
 * and queries. Framework-free: runs in Node and in any browser.
 *
 * Changes made from inside a contact listener (`add`, `remove`, `update`) are applied
 * right after the listeners of the current batch have run; `add` returns the new id at
 * once, and the id works with these methods from then on: `has` is true, `get`, `box` and
 * `response` give the body as it will enter, `update` changes what will be added, `move`
 * sweeps it at once and changes where it will enter, and `remove` cancels the add.
 * `resize` and `moveGroup` take it once it has entered, and throw a RangeError saying so
 * before (`findFreeSpot`'s `ignore` refuses it as unknown until then: it is no obstacle
 * yet). `move` is never deferred, for any body. A deferred patch is checked when `update`
 * is called and merged over the body as it is when applied; one that no longer fits then
 * (two patches whose new `x` and `width` together put the right edge past
 * Number.MAX_VALUE) is dropped, the rest of the batch is applied, and its error is thrown
 * by the `step` (or `remove`) that delivered it.
 * A pair filter that throws does not stop a step or `move` halfway: the pair keeps its
 * default response, and the first error is thrown once it is done.
 *
 * @param settings - Overrides of {@link WorldSettings}; every field has a default.
 * @throws RangeError / TypeError naming the field when a setting is invalid.
 * @example
 * const world = createWorld({ gravity: { x: 0, y: 980 } })
 * world.add({ id: 'floor', x: 0, y: 500, width: 800, height: 20, type: 'static' })
 * const box = world.add({ x: 100, y: 0, width: 40, height: 40 })
 * world.on('contactStart', (event) => console.log(event.a, 'touches', event.b))
 * world.step(1 / 60)
 * world.get(box).y // > 0: it falls
 */
export function createWorld(settings?: Partial<WorldSettings>): World {
  const store = new BodyStore()
  const sim = new Simulation(store, mergeSettings('createWorld', defaultSettings(), settings))
  const index = new BodyIndex(store)
  const queries = createQueries(store, index)
  /** The buffers of `world.findFreeSpot`'s searches. */
  const freeSpotScratch = new FreeSpotScratch()
  /** The box of the body `move` was called for, loaded for {@link assertMoveFits}. */
  const moving: Rect = { x: 0, y: 0, width: 0, height: 0 }
  const mover = new Move(sim, index)
  const groupMover = new GroupMove(sim, mover)
  store.margin = (sim.settings.gap ?? 0) / 2
  const resizer = new Resize(sim, mover)
  const watch = new LayoutWatch(sim, index)
  const overflowListeners = new Set<OverflowListener>()
  sim.contacts.reportStay = sim.settings.contactStay
  /**
   * `owed[0]`: simulated seconds owed to the fixed step (the accumulator). A typed array, not
   * a variable: V8 boxes every double written to a closure variable, and a frame must not
   * allocate.
   */
  const owed = new Float64Array(1)
  let nextId = 0
  /** A change since the last fixed step: the world is not idle until it steps. */
  let changed = false
  let delivering = false
  const deferred: Array<() => void> = []
  /**
   * Bodies added from inside a listener and not applied yet, by id. An entry is replaced
   * when its id is removed and added again, so the insert queued first finds it gone.
   */
  const pendingAdds = new Map<BodyId, { fields: BodyFields }>()
  /**
   * Bodies being removed: from `remove` until their slot is deleted, after the contact ends
   * (and, from inside a listener, after the current batch). A second `remove` of one of them,
   * as when two contacts of one step each remove the same body, must not delete its slot
   * again: that slot may hold another body by then.
   */
  const removing = new Set<BodyId>()

  function slotOf(method: string, id: unknown): number {
    const name = assertIdString(method, id)
    const slot = store.slot(name)
    if (slot >= 0) return slot
    if (pendingAdds.has(name)) {
      throw new RangeError(
        `${method}: body "${name}" was added from inside a listener and enters the world once the listeners of this batch have run; call ${method} after that`,
      )
    }
    throw new RangeError(`${method}: body "${name}" does not exist (unknown or removed id)`)
  }

  function touched(slot: number, wasSolid: boolean): void {
    store.moved[slot] = 1
    if (wasSolid || store.kind[slot] !== DYNAMIC) sim.solidsDirty = true
    index.moved(slot)
    changed = true
    watch.noteChange()
  }

  /** Delivers queued contact events, then applies what listeners deferred (repeatedly). */
  function deliver(): void {
    if (delivering) return
    delivering = true
    let failure: unknown
    let failed = false
    try {
      do {
        try {
          sim.contacts.flush()
        } catch (error) {
          if (!failed) failure = error
          failed = true
        }
        // Only when something was deferred: a step must not allocate the empty batch.
        if (deferred.length > 0) {
          const batch = deferred.splice(0, deferred.length)
          // Each change is applied even when one before it throws (a patch checked when it
          // was made may not fit the body as it is now): a change dropped with the rest of
          // its batch would leave a queued add that `has` sees and `ids` never lists.
          for (const apply of batch) {
            try {
              apply()
            } catch (error) {
              if (!failed) failure = error
              failed = true
            }
          }
        }
      } while (sim.contacts.pending || deferred.length > 0)
    } finally {
      delivering = false
    }
    if (failed) throw failure
  }

  function insert(id: BodyId, fields: BodyFields): void {
    const slot = store.insert(id, fields)
    touched(slot, false)
    watch.noteArrival(slot)
  }

  /** Queues the insert of a body added from inside a listener. */
  function addLater(id: BodyId, fields: BodyFields): void {
    const pending = { fields }
    pendingAdds.set(id, pending)
    deferred.push(() => {
      if (pendingAdds.get(id) !== pending) return
      pendingAdds.delete(id)
      insert(id, pending.fields)
    })
  }

  function erase(slot: number): void {
    const id = store.ids[slot] as BodyId
    const wasSolid = store.kind[slot] !== DYNAMIC
    sim.contacts.endContactsOf(slot)
    // Ends are delivered while the id still names the body; deletion waits for them.
    deferred.push(() => {
      store.delete(slot)
      watch.forget(slot)
      watch.noteChange()
      removing.delete(id)
      if (wasSolid) sim.solidsDirty = true
      index.invalidate()
      changed = true
    })
    deliver()
  }

  /**
   * Writes an update's fields. One that changes nothing is not a change of the layout: a
   * board re-measures an element whose box kept its size (a border restyled, a
   * ResizeObserver callback that only saw the content box change), and taken as a change it
   * put an overflowing card on trial, to flicker again until set aside anew.
   */
  function applyFields(slot: number, fields: BodyFields): void {
    if (sameFields(store.fields(slot), fields)) return
    const wasSolid = store.kind[slot] !== DYNAMIC
    store.write(slot, fields)
    touched(slot, wasSolid)
    watch.noteArrival(slot)
  }

  /**
   * `move` of a body whose add is still queued: lent a slot for the call, it is swept
   * through the world as it is now, exactly as a live body would be (and pushes live bodies
   * at once), then taken out again; the queued add keeps the place it reached. Nothing of
   * the body stays in the store, even when the filter throws.
   */
  function movePending(
    id: BodyId,
    pending: { fields: BodyFields },
    target: { x: number; y: number },
    push: boolean,
  ): MoveResult {
    if (store.count >= MAX_BODIES) {
      throw new RangeError(`move: body "${id}" cannot be moved: its world is full`)
    }
    const move = mover
    move.begin()
    const slot = store.lend(id, pending.fields)
    let x: number
    let y: number
    let reached: boolean
    let pushed: MoveResult['pushed']
    try {
      // The sweep runs on collision extents: the goal of the box's corner, less the margin.
      const goalX = target.x - store.margin
      const goalY = target.y - store.margin
      if (push) move.pushTo(slot, goalX, goalY)
      else move.slideTo(slot, goalX, goalY)
      for (let k = 0; k < move.displaced.count; k++) {
        const moved = move.displaced.items[k] as number
        if (moved !== slot) touched(moved, store.kind[moved] !== DYNAMIC)
      }
      store.noteOwnCorner(slot, target.x, target.y)
      x = store.ownX(slot)
      y = store.ownY(slot)
      reached = store.x[slot] === goalX && store.y[slot] === goalY
      pushed = move.pushedBy(slot)
    } finally {
      store.release(slot)
      // The index may have been rebuilt with the lent slot in it.
      index.invalidate()
    }
    pending.fields = { ...pending.fields, x, y }
    sim.rethrowFilterError()
    return { x, y, reached, hits: move.hits, pushed }
  }

  function freshId(): BodyId {
    let id: BodyId
    do {
      // Past 2^53 `n + 1` is `n` again, and the search for a free id would never end.
      if (nextId >= Number.MAX_SAFE_INTEGER) {
        throw new RangeError('add: no generated id is left (give the body an id)')
      }
      id = `body-${++nextId}`
    } while (store.slot(id) >= 0 || pendingAdds.has(id))
    return id
  }

  const world: World = {
    add(options: BodyOptions): BodyId {
      const given = options !== null && typeof options === 'object' ? options.id : undefined
      if (given !== undefined) assertIdString('add', given)
      const subject = bodyLabel('add', given)
      const fields = bodyFieldsFromOptions(subject, options)
      if (given !== undefined && (store.slot(given) >= 0 || pendingAdds.has(given))) {
        throw new RangeError(`${subject} already exists (ids must be unique)`)
      }
      // Queued adds count: applied later, they would find the world full.
      if (store.count + pendingAdds.size >= MAX_BODIES) {
        throw new RangeError(
          `${subject} cannot be added: a world holds at most ${MAX_BODIES} bodies`,
        )
      }
      const id = given ?? freshId()
      if (delivering) addLater(id, fields)
      else insert(id, fields)
      return id
    },

    remove(id: BodyId): void {
      if (typeof id === 'string') {
        // Removing a body whose add is still queued cancels the add: it never enters.
        if (pendingAdds.delete(id)) return
        // Already being removed (two contacts of one step, each removing the body): done.
        if (removing.has(id)) return
      }
      const slot = slotOf('remove', id)
      removing.add(id)
      if (delivering) deferred.push(() => erase(slot))
      else erase(slot)
    },

    has(id: BodyId): boolean {
      return typeof id === 'string' && (store.slot(id) >= 0 || pendingAdds.has(id))
    },

    get(id: BodyId): BodySnapshot {
      const pending = typeof id === 'string' ? pendingAdds.get(id) : undefined
      if (pending !== undefined) return bodySnapshot(id, pending.fields)
      return store.snapshot(slotOf('get', id))
    },

    box(id: BodyId, into: Rect = { x: 0, y: 0, width: 0, height: 0 }): Rect {
      // Queued adds exist only while listeners run: a drag frame reads hundreds of boxes.
      const pending =
        pendingAdds.size > 0 && typeof id === 'string' ? pendingAdds.get(id) : undefined
      if (pending === undefined) {
        return store.loadOwnRect(into, slotOf('box', id))
      }
      const { x, y, width, height } = pending.fields
      into.x = x
      into.y = y
      into.width = width
      into.height = height
      return into
    },

    response(id: BodyId): SweptResponse {
      const pending =
        pendingAdds.size > 0 && typeof id === 'string' ? pendingAdds.get(id) : undefined
      if (pending !== undefined) return pending.fields.response
      return store.responseName(slotOf('response', id))
    },

    update(id: BodyId, patch: BodyPatch): void {
      const label = bodyLabel('update', id)
      const pending = typeof id === 'string' ? pendingAdds.get(id) : undefined
      if (pending !== undefined) {
        pending.fields = mergeBodyFields(label, pending.fields, patch)
        return
      }
      const slot = slotOf('update', id)
      const fields = mergeBodyFields(label, store.fields(slot), patch)
      if (!delivering) {
        applyFields(slot, fields)
        return
      }
      // Checked now; merged when applied, over the body as it is then, so two deferred
      // patches, or a patch and a move made in between, do not undo one another. The
      // patch is copied: the caller may reuse its objects.
      const later = { ...patch, velocity: patch.velocity && { ...patch.velocity } }
      deferred.push(() => {
        if (store.slot(id) === slot)
          applyFields(slot, mergeBodyFields(label, store.fields(slot), later))
      })
    },

    ids(): BodyId[] {
      const list: BodyId[] = []
      for (let index = 0; index < store.count; index++) {
        list.push(store.ids[store.order[index] as number] as BodyId)
      }
      return list
    },

    get size(): number {
      return store.count
    },

    step(frameSeconds: number): number {
      const frame = assertPositive('step:', 'frameSeconds', frameSeconds)
      if (delivering) throw new Error('step: cannot step from inside a contact listener')
      const { fixedStep, maxSubSteps, maxFrameTime } = sim.settings
      owed[0] = (owed[0] as number) + (frame < maxFrameTime ? frame : maxFrameTime)
      let steps = 0
      let overflowChanged = false
      while (owed[0] >= fixedStep && steps < maxSubSteps) {
        changed = false
        watch.beforeStep()
        sim.stepOnce(fixedStep)
        owed[0] -= fixedStep
        steps++
        if (sim.movedInLastStep > 0) index.invalidate()
        if (watch.afterStep(fixedStep)) {
          overflowChanged = true
          index.invalidate()
        }
        deliver()
      }
      if (overflowChanged) {
        const ids = watch.overflowing
        for (const listener of [...overflowListeners]) listener(ids)
      }
      // Over the sub-step cap: the rest of the frame is dropped, not carried (a tab that was
      // hidden must not replay minutes of simulation).
      if (owed[0] >= fixedStep) owed[0] = 0
      sim.rethrowFilterError()
      return steps
    },

    move(id: BodyId, goal, options?: MoveOptions): MoveResult {
      // Queued adds exist only while listeners run: a drag's move finds the map empty.
      const pending =
        pendingAdds.size > 0 && typeof id === 'string' ? pendingAdds.get(id) : undefined
      const slot = pending === undefined ? slotOf('move', id) : -1
      // The labels of the error are built only for a bad goal: this runs every frame of a drag.
      const target = isFiniteVector(goal) ? goal : assertVector(bodyLabel('move', id), 'goal', goal)
      assertMoveFits(
        id,
        pending === undefined ? loadRect(moving, store, slot) : pending.fields,
        target,
      )
      const push = pushOption(bodyLabel('move', id), options)
      if (pending !== undefined) return movePending(id, pending, target, push)
      const move = mover
      move.begin()
      // The sweep runs on collision extents: the goal of the box's corner, less the margin.
      const margin = store.margin
      const goalX = target.x - margin
      const goalY = target.y - margin
      if (push) {
        move.pushTo(slot, goalX, goalY)
      } else {
        move.slideTo(slot, goalX, goalY)
      }
      for (let k = 0; k < move.displaced.count; k++) {
        const moved = move.displaced.items[k] as number
        touched(moved, store.kind[moved] !== DYNAMIC)
      }
      sim.rethrowFilterError()
      store.noteOwnCorner(slot, target.x, target.y)
      return {
        x: store.ownX(slot),
        y: store.ownY(slot),
        reached: store.x[slot] === goalX && store.y[slot] === goalY,
        hits: move.hits,
        pushed: move.pushedBy(slot),
      }
    },

    moveGroup(ids: readonly BodyId[], delta, options?: MoveOptions): GroupMoveResult {
      if (!Array.isArray(ids) || ids.length === 0) {
        throw new TypeError(
          `moveGroup: ids must be a non-empty array of body ids (got ${describeValue(ids)})`,
        )
      }
      const by = isFiniteVector(delta) ? delta : assertVector('moveGroup:', 'delta', delta)
      const push = pushOption('moveGroup:', options)
      const members = groupMover.members
      members.count = 0
      for (const id of ids as readonly unknown[]) {
        const slot = slotOf('moveGroup', id)
        const name = store.ids[slot] as string
        for (let k = 0; k < members.count; k++) {
          if (members.items[k] === slot) {
            throw new RangeError(`moveGroup: body "${name}" is listed twice in ids`)
          }
        }
        const box = loadRect(moving, store, slot)
        assertMoveFits(name, box, { x: box.x + by.x, y: box.y + by.y }, 'moveGroup')
        members.push(slot)
      }
      mover.begin()
      let pushed: GroupMoveResult['pushed']
      try {
        groupMover.run(by.x, by.y, push)
        // While the group is marked: its members are left out.
        pushed = mover.pushedBy(-1)
      } finally {
        mover.endGroup()
      }
      for (let k = 0; k < mover.displaced.count; k++) {
        // Bodies of an attempt taken back are not listed: the index and the writer skip them.
        const moved = mover.displaced.items[k] as number
        touched(moved, store.kind[moved] !== DYNAMIC)
      }
      sim.rethrowFilterError()
      return {
        delta: { x: groupMover.done.x, y: groupMover.done.y },
        reached: groupMover.reached,
        hits: mover.hits,
        pushed,
      }
    },

    resize(id: BodyId, rect: Rect, options?: BodyResizeOptions): ResizeResult {
      const slot = slotOf('resize', id)
      const own = store.loadOwnRect(moving, slot)
      const request = resizeRequest(id, own, rect, options)
      resizer.run(slot, request)
      touched(slot, store.kind[slot] !== DYNAMIC)
      for (let k = 0; k < mover.displaced.count; k++) {
        const moved = mover.displaced.items[k] as number
        touched(moved, store.kind[moved] !== DYNAMIC)
      }
      for (const squeezed of resizer.squeezed) touched(squeezed, false)
      sim.rethrowFilterError()
      return resizer.result(slot, request.target)
    },

    on(
      type: ContactEventType | 'overflow',
      listener: ContactListener | OverflowListener,
    ): () => void {
      if (type !== 'overflow' && !EVENT_TYPES.includes(type)) {
        throw new RangeError(
          `on: type must be one of 'contactStart', 'contactStay', 'contactEnd', 'overflow' (got ${describeValue(type)})`,
        )
      }
      if (typeof listener !== 'function') {
        throw new TypeError(`on: listener must be a function (got ${describeValue(listener)})`)
      }
      if (type !== 'overflow') return sim.contacts.listen(type, listener as ContactListener)
      // A wrapper per subscription, so subscribing one function twice needs two unsubscribes.
      const entry: OverflowListener = (ids) => (listener as OverflowListener)(ids)
      overflowListeners.add(entry)
      return () => {
        overflowListeners.delete(entry)
      }
    },

    overflowing(): readonly BodyId[] {
      return watch.overflowing
    },

    queryPoint: queries.queryPoint,
    queryRect: queries.queryRect,
    raycast: queries.raycast,
    findFreeSpot: (size, near, options) =>
      findFreeSpot(store, index, size, near, options, freeSpotScratch),
    compact: (direction, ids, options) => compact(world, direction, ids, options),

    isIdle(): boolean {
      return !changed && sim.movedInLastStep === 0 && deferred.length === 0 && !watch.busy
    },

    get settings(): Readonly<WorldSettings> {
      return { ...sim.settings, gravity: { ...sim.settings.gravity } }
    },

    configure(patch: Partial<WorldSettings>): void {
      sim.settings = mergeSettings('configure', sim.settings, patch)
      sim.contacts.reportStay = sim.settings.contactStay
      const margin = (sim.settings.gap ?? 0) / 2
      if (margin !== store.margin) {
        store.setMargin(margin)
        index.invalidate()
      }
      // The filter may change which pairs collide.
      sim.solidsDirty = true
      changed = true
    },

    drainMoved(visit: (id: BodyId, x: number, y: number) => void): void {
      assertVisitor('drainMoved', visit)
      for (let index = 0; index < store.count; index++) {
        const slot = store.order[index] as number
        if (store.moved[slot] === 0) continue
        store.moved[slot] = 0
        visit(store.ids[slot] as BodyId, store.ownX(slot), store.ownY(slot))
      }
    },

    forEachHit(visit): void {
      assertVisitor('forEachHit', visit)
      sim.hits.forEach(visit)
    },

    snapshot(): WorldSnapshot {
      return writeSnapshot(store, sim.settings, nextId, owed[0] as number, sim.contacts.list())
    },

    restore(snapshot: WorldSnapshot): void {
      if (delivering) throw new Error('restore: cannot restore from inside a contact listener')
      const state = readSnapshot(snapshot)
      // Contacts the snapshot has too go on; the others end, while their ids still name bodies.
      sim.contacts.endAllBut(new Set(state.contacts.map(({ a, b }) => contactKey(a, b))))
      // A throwing contactEnd listener must not leave the world half replaced: the restore
      // completes, then the first error is rethrown (as `remove` does).
      let failure: unknown
      let failed = false
      try {
        deliver()
      } catch (error) {
        failure = error
        failed = true
      }
      store.clear()
      sim.hits.clear()
      sim.settings = { ...state.settings, filter: sim.settings.filter }
      sim.contacts.reportStay = sim.settings.contactStay
      store.margin = (sim.settings.gap ?? 0) / 2
      for (const body of state.bodies) store.insert(body.id, body.fields)
      sim.contacts.continueWith(
        state.contacts.map((contact) => ({
          ...contact,
          a: store.slot(contact.a),
          b: store.slot(contact.b),
        })),
      )
      nextId = state.nextId
      owed[0] = state.accumulator
      sim.solidsDirty = true
      sim.movedInLastStep = 0
      index.invalidate()
      changed = true
      if (failed) throw failure
    },
  }
  return world
}
