/**
 * The world: bodies, broadphase, fixed stepping, swept hits and push-out, `move`, contact
 * events, queries and snapshots. Framework-free; exported from `react-aabb/core`.
 */
export { createWorld } from './createWorld.js'
export type {
  BodyId,
  BodyOptions,
  BodyPatch,
  BodySnapshot,
  BodyType,
  ContactEvent,
  ContactEventType,
  ContactListener,
  OverflowListener,
  ContactSource,
  FreeSpotOptions,
  IntegratorName,
  MoveOptions,
  MoveResult,
  PairFilter,
  PushedBody,
  RaycastHit,
  Size,
  SnapshotContact,
  SweptHitRecord,
  World,
  WorldSettings,
  WorldSnapshot,
} from './types.js'
