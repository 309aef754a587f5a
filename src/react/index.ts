/** The React layer of react-aabb: a world provider, body hooks and the debug overlay. */
export { PhysicsWorld, type PhysicsWorldProps } from './PhysicsWorld.js'
export { useAABBBody, type AABBBody } from './useAABBBody.js'
export {
  defaultAnnouncements,
  defaultScreenReaderInstructions,
  type Accessibility,
  type AnnouncedBody,
  type Announcements,
  type KeyMoveAnnouncement,
} from './accessibility.js'
export type { AABBBodyOptions, BodyContact, BodyDragEnd } from './bodyOptions.js'
export { useWorld, type WorldApi } from './useWorld.js'
export { useWorldState, type WorldState } from './useWorldState.js'
export { useAfterStep } from './useAfterStep.js'
export { DebugOverlay } from './DebugOverlay.js'
export {
  createPhysicsStore,
  type Bounds,
  type PhysicsEngine,
  type PhysicsState,
  type PhysicsStore,
  type PhysicsStoreOptions,
  type WorldContactHandlers,
} from './createPhysicsStore.js'
export type { InitialPlacement } from './elementRegistry.js'
export {
  createFrameLoop,
  type FrameLoop,
  type FrameLoopOptions,
  type FrameScheduler,
} from './frameLoop.js'
export type { BodyElement } from '../dom/elementBox.js'
