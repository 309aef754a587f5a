import type { Rect } from '../core/geometry/types.js'
import type { BodyId, World } from '../core/world/types.js'
import { massOf } from './bodyOptions.js'
import type { DragSessions } from './dragSessions.js'
import type { ElementRegistry } from './elementRegistry.js'
import { safely } from './frameLoop.js'
import { createMoveEnds } from './moveEnds.js'

/** Most fixed steps a reduced-motion frame runs to bring the world to rest. */
const maxSettleSteps = 600

/**
 * One board's frame: (1) pending measurements, (2) drag goals through the swept `move`,
 * (3) the world's step, (4) one write pass over the bodies that moved, (5) move-end
 * reports and the after-step listeners. It reads no layout: sizes arrive measured (from
 * ResizeObserver callbacks and `remeasure`), and the write pass only writes.
 */
export interface Frame {
  /** Stop stepping; drags, `move` and `stepNow` still work. */
  paused: boolean
  /** Run each frame's world to rest instead of one frame's steps. */
  reducedMotion: boolean
  /** Body `id` was measured at `rect`: its size is applied by the next frame. */
  resized(id: BodyId, rect: Rect): void
  /**
   * The board wrote body `id`'s size onto its element itself (a resize, a `layout`): a
   * measurement still pending was taken before that write, so it is stale and dropped (the
   * element's ResizeObserver reports the written size next).
   */
  sizeWritten(id: BodyId): void
  /** Body `id`'s element must be written by the next frame, moved or not. */
  displaced(id: BodyId): void
  /** Body `id` left: nothing of it is applied, written or reported. */
  forget(id: BodyId): void
  /** Runs one frame of `seconds`; returns whether another frame is needed. */
  run(seconds: number): boolean
  /** The loop stopped: every body that moved is at rest now. */
  idle(): void
  /** Steps by `seconds` now (even while paused), writes and runs the listeners; returns the steps run. */
  stepNow(seconds: number): number
  /** Runs `listener` after every frame's write phase; returns the function that removes it. */
  onAfterStep(listener: (seconds: number) => void): () => void
}

/** Creates the frame of a board over its world, elements and drags. */
export function createFrame(world: World, elements: ElementRegistry, drags: DragSessions): Frame {
  const pendingSizes = new Map<BodyId, Rect>()
  const needsWrite = new Set<BodyId>()
  const moveEnds = createMoveEnds(world, elements, drags)
  const afterStep = new Set<(seconds: number) => void>()
  /** Fixed steps the world has run in this board's frames (the clock of `moveEnds`). */
  let fixedSteps = 0

  function applyPendingSizes(): void {
    for (const [id, size] of pendingSizes) {
      const options = elements.get(id)?.options.current
      // The default mass is the area: a new size changes it.
      if (world.has(id) && options) {
        world.update(id, { width: size.width, height: size.height, mass: massOf(options, size) })
      }
      needsWrite.add(id)
    }
    pendingSizes.clear()
  }

  /** Reduced motion: run fixed steps until the world rests, so only the end state is drawn. */
  function settle(): void {
    const dt = world.settings.fixedStep
    let steps = 0
    do fixedSteps += world.step(dt)
    while (!world.isIdle() && ++steps < maxSettleSteps)
  }

  function writeBody(id: BodyId, x: number, y: number): void {
    const entry = elements.get(id)
    if (!entry) return
    entry.box.write(x, y)
    if (entry.options.current.onMoveEnd) moveEnds.moved(id, fixedSteps)
  }

  function writeMoved(): void {
    world.drainMoved(writeBody)
    for (const id of needsWrite) {
      const entry = elements.get(id)
      if (!entry || !world.has(id)) continue
      const body = world.get(id)
      entry.box.write(body.x, body.y)
      // Drawn: `initialPosition` has placed the hook's body (see InitialPlacement).
      entry.placement.done = true
    }
    needsWrite.clear()
  }

  const frame: Frame = {
    paused: false,
    reducedMotion: false,
    resized(id, rect) {
      pendingSizes.set(id, rect)
    },
    sizeWritten(id) {
      pendingSizes.delete(id)
    },
    displaced(id) {
      needsWrite.add(id)
    },
    forget(id) {
      pendingSizes.delete(id)
      needsWrite.delete(id)
      moveEnds.forget(id)
    },
    run(seconds) {
      applyPendingSizes()
      drags.applyGoals(seconds)
      // A zero-length frame (two callbacks in one clock tick) has nothing to integrate.
      if (!frame.paused && seconds > 0) {
        if (frame.reducedMotion) settle()
        else fixedSteps += world.step(seconds)
      }
      writeMoved()
      if (moveEnds.size > 0) moveEnds.report(false, frame.paused, fixedSteps)
      for (const listener of afterStep) safely(listener, seconds)
      if (drags.size > 0 || pendingSizes.size > 0) return true
      return !frame.paused && !world.isIdle()
    },
    idle() {
      moveEnds.report(true, frame.paused, fixedSteps)
    },
    stepNow(seconds) {
      const steps = world.step(seconds)
      writeMoved()
      for (const listener of afterStep) safely(listener, seconds)
      return steps
    },
    onAfterStep(listener) {
      afterStep.add(listener)
      return () => afterStep.delete(listener)
    },
  }
  return frame
}
