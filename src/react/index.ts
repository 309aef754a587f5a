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
} from '../board/accessibility.js'
export type { AABBBodyOptions, BodyContact, BodyDragEnd } from '../board/bodyOptions.js'
export type { ResizeDirection, ResizeOptions } from '../board/resizeOptions.js'
export { useWorld, type WorldApi } from './useWorld.js'
export { useWorldState, type WorldState } from './useWorldState.js'
export { useAfterStep } from './useAfterStep.js'
export {
  useExternalDraggable,
  type ExternalDraggable,
  type ExternalDraggableOptions,
} from './useExternalDraggable.js'
export type { ExternalDropEvent, TransferEvent } from '../board/externalDrop.js'
// Also its own entry, `react-aabb/debug`, which `<PhysicsWorld debug>` loads lazily.
export { DebugOverlay } from '../debug.js'
export {
  createPhysicsStore,
  type PhysicsEngine,
  type PhysicsState,
  type PhysicsStore,
  type PhysicsStoreOptions,
} from '../board/createPhysicsStore.js'
export type { Bounds, GrowingBounds } from '../board/boundsWalls.js'
export type {
  Layout,
  LayoutCause,
  LayoutChange,
  LayoutChangeHandler,
  LayoutEntry,
} from '../board/boardLayout.js'
export type { Snap } from '../board/snapOption.js'
export type { AutoScrollOptions } from '../dom/autoScrollOptions.js'
export type { OverflowHandler } from '../board/boardOverflow.js'
export type { WorldContactHandlers } from '../board/contactRouting.js'
export type { InitialPlacement } from '../board/elementRegistry.js'
export {
  createFrameLoop,
  type FrameLoop,
  type FrameLoopOptions,
  type FrameScheduler,
} from '../board/frameLoop.js'
export type { BodyElement } from '../dom/elementBox.js'
