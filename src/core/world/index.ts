/**
 * The world: bodies, broadphase, fixed stepping, swept hits and push-out, `move`, contact
 * events, queries and snapshots. Framework-free; exported from `react-aabb/core`.
 */
export { createWorld } from './createWorld.js'
export { isOnGrid, snapToGrid, type SnapGrid } from './snap.js'
export type {
  BodyId,
  BodyOptions,
  BodyPatch,
  BodyResizeOptions,
  BodySnapshot,
  BodyType,
  CompactDirection,
  CompactMove,
  CompactOptions,
  ContactEvent,
  ContactEventType,
  ContactListener,
  OverflowListener,
  ContactSource,
  FreeSpotOptions,
  GroupMoveResult,
  IntegratorName,
  MoveOptions,
  MoveResult,
  PairFilter,
  PushedBody,
  RaycastHit,
  ResizeMode,
  ResizeResult,
  Size,
  SnapshotContact,
  SqueezedBody,
  SweptHitRecord,
  World,
  WorldSettings,
  WorldSnapshot,
} from './types.js'
